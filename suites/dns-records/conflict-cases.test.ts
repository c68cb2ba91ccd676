/**
 * Area B: the conflict rules (the reference's 81053 "An A, AAAA, or CNAME record with that host already
 * exists.", 81056 for NS, 81058 "An identical record already exists.") hold whatever the case the names
 * and hostname contents are sent in (names are stored lowercased), and on every write: create, PATCH,
 * PUT and batch; a record never conflicts with itself.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: conflicts in any case, on every write", () => {
  clauseTest(
    ["B.conflict.cname", "B.conflict.identical", "B.conflict.ns", "B.name.full-lowercase", "B.validation.no-change"],
    "a name or hostname sent in upper case conflicts as the lower-case one does (81053, 81056, 81058)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const a = uniqueLabel("cc");
      const c = uniqueLabel("cc");
      const n = uniqueLabel("cc");
      await records.create({ type: "A", name: a, content: "198.51.100.130" });
      await records.create({ type: "CNAME", name: c, content: "target.example.net" });
      await records.create({ type: "NS", name: n, content: "ns1.example.net" });
      await records.create({ type: "MX", name: a, content: "mail.example.net", priority: 10 });
      const before = await records.state();
      const A = a.toUpperCase();
      expectFailure(await records.post({ type: "CNAME", name: A, content: "x.example.net" }), 400, 81053);
      expectFailure(
        await records.post({
          type: "CNAME",
          name: `${A}.${(await records.zoneName()).toUpperCase()}`,
          content: "x.example.net",
        }),
        400,
        81053,
      );
      expectFailure(await records.post({ type: "A", name: c.toUpperCase(), content: "198.51.100.131" }), 400, 81053);
      expectFailure(await records.post({ type: "TXT", name: n.toUpperCase(), content: "x" }), 400, 81056);
      expectFailure(await records.post({ type: "A", name: A, content: "198.51.100.130" }), 400, 81058);
      expectFailure(await records.post({ type: "MX", name: A, content: "MAIL.Example.NET", priority: 10 }), 400, 81058);
      expectFailure(await records.post({ type: "CNAME", name: c.toUpperCase(), content: "TARGET.example.net" }), 400);
      expect(await records.state(), "after the refused creates: the zone is unchanged [B.validation.no-change]").toBe(
        before,
      );
    },
  );

  clauseTest(
    [
      "B.conflict.cname",
      "B.conflict.identical",
      "B.patch.partial",
      "B.put.overwrite",
      "B.batch.order-atomic",
      "B.validation.no-change",
    ],
    "PATCH, PUT and batch writes that would conflict are refused (81053 / 81058); a record does not conflict with itself",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const a = uniqueLabel("cw");
      const other = uniqueLabel("cw");
      const addr = await records.create({ type: "A", name: a, content: "198.51.100.132" });
      const second = await records.create({ type: "A", name: a, content: "198.51.100.133" });
      const alias = await records.create({ type: "CNAME", name: other, content: "target.example.net" });
      // Writes that keep the record's own type, name and content do not conflict with the record itself.
      const same = records.ok(await records.patch(alias.id, { ttl: 600 }));
      expect(same.ttl, "PATCH {ttl} of a CNAME: its own name is no conflict [B.conflict.cname]").toBe(600);
      const kept = records.ok(await records.put(addr.id, { type: "A", name: a, content: "198.51.100.132", ttl: 120 }));
      expect(kept.ttl, "PUT of an A with its own content: not an identical record [B.conflict.identical]").toBe(120);
      const before = await records.state();
      expectFailure(await records.patch(alias.id, { name: a.toUpperCase() }), 400, 81053);
      expectFailure(await records.patch(second.id, { type: "CNAME", content: "x.example.net" }), 400, 81053);
      expectFailure(await records.patch(second.id, { content: "198.51.100.132" }), 400, 81058);
      expectFailure(await records.put(alias.id, { type: "CNAME", name: a, content: "target.example.net" }), 400, 81053);
      expectFailure(
        await records.put(second.id, { type: "A", name: a.toUpperCase(), content: "198.51.100.132" }),
        400,
        81058,
      );
      const batch = await records.batch({ posts: [{ type: "CNAME", name: a, content: "y.example.net" }] });
      expectFailure(batch, 400, 81053);
      const twice = await records.batch({
        posts: [
          { type: "TXT", name: other.replace(/^cw/, "cx"), content: "one" },
          { type: "TXT", name: other.replace(/^cw/, "cx").toUpperCase(), content: "one" },
        ],
      });
      expectFailure(twice, 400, 81058);
      expect(await records.state(), "after the refused writes: the zone is unchanged [B.validation.no-change]").toBe(
        before,
      );
    },
  );
});
