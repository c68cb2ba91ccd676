/**
 * Area B: the conflict rules see a name's records as they are after PATCHes and deletes of some of them:
 * a PATCHed record's neighbours at its name still conflict, a deleted record no longer does, and the
 * other records at its name still do (81058 identical, 81053 CNAME beside A).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: conflicts after writes at the same name", () => {
  clauseTest(
    ["B.conflict.identical", "B.conflict.cname", "B.patch.partial", "B.delete.result-id"],
    "two A records at one name: after a PATCH of one and the delete of the other, identical and CNAME conflicts hold",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = await records.fqdn(uniqueLabel("zn"));
      const r1 = await records.create({ type: "A", name, content: "198.51.100.81" });
      const r2 = await records.create({ type: "A", name, content: "198.51.100.82" });
      const patched = records.ok(await records.patch(r2.id, { ttl: 600 }));
      expect(patched.ttl, `PATCH dns_records/${r2.id} {ttl: 600}: the answer's ttl [B.patch.partial]`).toBe(600);
      expectFailure(await records.post({ type: "A", name, content: "198.51.100.81" }), 400, 81058);
      expectFailure(await records.post({ type: "CNAME", name, content: "target.example.net" }), 400, 81053);
      const del = await records.delete(r1.id);
      expect(del.status, `DELETE dns_records/${r1.id}: status [B.delete.result-id]`).toBe(200);
      expectFailure(await records.post({ type: "A", name, content: "198.51.100.82" }), 400, 81058);
      expectFailure(await records.post({ type: "CNAME", name, content: "target.example.net" }), 400, 81053);
      const again = await records.post({ type: "A", name, content: "198.51.100.81" });
      expect(
        again.status,
        `POST dns_records A ${name} 198.51.100.81 after that record was deleted: status (no identical record is left) [B.conflict.identical]; body ${again.text.slice(0, 300)}`,
      ).toBe(200);
    },
  );
});
