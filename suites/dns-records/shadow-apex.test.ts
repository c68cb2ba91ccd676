/**
 * Area B: an NS record at the zone apex shadows nothing (docs shadowed-records.mdx; the SDK's shadowing_name:
 * "... each of its ancestor names within the zone, excluding the zone apex"). With an apex NS in the zone, a record
 * below no delegation answers no shadowed_by, a record below a delegation names only that delegation's NS, and the
 * apex NS itself carries neither shadowed_by nor shadowed_records_count.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Meta = { shadowed_by?: string[]; shadowed_records_count?: number };

describe("dns records: the apex NS shadows nothing", () => {
  clauseTest(
    ["B.shadow.metadata", "B.conflict.ns-apex"],
    "with an NS at the apex: shadowed_by names only non-apex delegations; the apex NS has no shadow count",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const s = uniqueLabel("sa");
      const apexNs = await records.create({ type: "NS", name: "@", content: `ns-${s}.example.net` });
      const deleg = await records.create({ type: "NS", name: `sub.${s}`, content: "ns1.example.net" });
      const free = await records.create({ type: "A", name: `free.${s}`, content: "198.51.100.105" });
      const below = await records.create({ type: "A", name: `www.sub.${s}`, content: "198.51.100.106" });
      const metaOf = async (r: DnsRecord) =>
        records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`))
          .meta as unknown as Meta;
      expect(
        (await metaOf(free)).shadowed_by ?? [],
        `GET free.${s}?include_shadow_metadata=true (no delegation above it, an NS at the apex): no shadowed_by [B.shadow.metadata]`,
      ).toEqual([]);
      expect(
        (await metaOf(below)).shadowed_by,
        `GET www.sub.${s}?include_shadow_metadata=true: shadowed_by is the sub.${s} NS only, never the apex NS [B.shadow.metadata]`,
      ).toEqual([deleg.id]);
      const apex = await metaOf(apexNs);
      expect(
        [apex.shadowed_by ?? [], apex.shadowed_records_count ?? 0],
        "GET the apex NS?include_shadow_metadata=true: no shadowed_by, no shadowed_records_count [B.shadow.metadata]",
      ).toEqual([[], 0]);
    },
  );
});
