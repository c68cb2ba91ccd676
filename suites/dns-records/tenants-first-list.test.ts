/**
 * Area B: the second tenant's first look at its own zone. Run before the file writes anything there, so that on
 * a fresh target its zone is still empty: an implementation that answers a zone without records from another
 * zone's store (a default zone, the first one it has) shows our record here.
 */
import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { checkEnvelope, cleanupAfterAll, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: the second tenant's first list", () => {
  clauseTest(
    ["B.tenant.isolation", "B.list.filter-params"],
    "the second tenant's list of its own zone, before it writes there, holds none of this zone's records",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      skipUnless(ctx, await getTarget(), "tenants");
      const api = records.api;
      const mark = `first list ${uniqueLabel("fl")}`;
      const ours = await records.create({
        type: "A",
        name: uniqueLabel("fl"),
        content: "198.51.100.81",
        comment: mark,
      });
      const theirs = `/zones/${api.otherTenant!.zone_id}/dns_records`;
      for (const q of ["per_page=5000", `comment.exact=${encodeURIComponent(mark)}`, "type=A&per_page=5000"]) {
        const res = await api.request("GET", `${theirs}?${q}`, undefined, { auth: "other-key" });
        const env = checkEnvelope<{ id: string; zone_id: string }[]>(res);
        expect(env.success, `GET ${theirs}?${q} (second tenant's key, its own zone): success true`).toBe(true);
        expect(
          env.result.map((x) => x.id),
          `GET ${theirs}?${q} (second tenant's key): none of our zone's records [B.tenant.isolation]`,
        ).not.toContain(ours.id);
        expect(
          env.result.filter((x) => x.zone_id !== api.otherTenant!.zone_id).map((x) => x.zone_id),
          `GET ${theirs}?${q} (second tenant's key): every record's zone_id is its zone [B.tenant.isolation]`,
        ).toEqual([]);
      }
    },
  );
});
