/**
 * Area B: the rules of docs shadowed-records.mdx ("Shadow metadata fields" and its table of record types) that the
 * docs' own examples leave unasked:
 * - glue is an A or AAAA record named as the target of ANY of the NS records that shadow it ("one of the NS
 *   records"); "A CNAME record at the same name as an NS target is not treated as glue";
 * - `shadowed_records_count` only on NS records (the table: No for A, AAAA, CNAME...), omitted when zero;
 * - a delegation shadows the names at or below it, label by label: `mysub.x` is not below `sub.x`;
 * - "records at or below the delegation name, excluding the delegation's own NS records": a DS at the delegation
 *   point (the one type that may share a non-apex NS name) is shadowed by it and counted.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Meta = { shadowed_by?: string[]; is_glue?: boolean; dead_glue?: boolean; shadowed_records_count?: number };
/** The four shadow fields of `meta` only (absent ones left out), so that one comparison pins them all. */
const shadowFields = (m: Meta): Meta => {
  const out: Meta = {};
  if (m.shadowed_by !== undefined) out.shadowed_by = [...m.shadowed_by].sort();
  if (m.is_glue !== undefined) out.is_glue = m.is_glue;
  if (m.dead_glue !== undefined) out.dead_glue = m.dead_glue;
  if (m.shadowed_records_count !== undefined) out.shadowed_records_count = m.shadowed_records_count;
  return out;
};

describe("dns records: shadow metadata rules", () => {
  clauseTest(
    ["B.shadow.metadata"],
    "glue: an AAAA named as the second NS target is glue; a CNAME at an NS target is not; counts only on NS",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = await records.fqdn(`sub.${uniqueLabel("sr")}`);
      const ns1 = await records.create({ type: "NS", name: sub, content: `ns1.${sub}` });
      const ns2 = await records.create({ type: "NS", name: sub, content: `NS2.${sub}.` });
      const aaaa = await records.create({ type: "AAAA", name: `ns2.${sub}`, content: "2001:db8::53" });
      const cname = await records.create({ type: "CNAME", name: `ns1.${sub}`, content: "target.example.net" });
      const meta = async (r: DnsRecord) =>
        shadowFields(
          records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`))
            .meta as unknown as Meta,
        );
      const both = [ns1.id, ns2.id].sort();
      expect(
        await meta(aaaa),
        `GET AAAA ns2.<sub>?include_shadow_metadata=true (named as the target of the second of two NS at <sub>): shadowed_by both NS, is_glue true; no dead_glue, no shadowed_records_count [B.shadow.metadata]`,
      ).toEqual({ shadowed_by: both, is_glue: true });
      expect(
        await meta(cname),
        `GET CNAME ns1.<sub>?include_shadow_metadata=true (at an NS target): shadowed_by both NS only; not glue, no shadowed_records_count [B.shadow.metadata]`,
      ).toEqual({ shadowed_by: both });
      for (const ns of [ns1, ns2]) {
        expect(
          await meta(ns),
          `GET NS <sub> ${ns.content}?include_shadow_metadata=true: shadowed_records_count 2 (the AAAA and the CNAME), nothing else [B.shadow.metadata]`,
        ).toEqual({ shadowed_records_count: 2 });
      }
    },
  );

  clauseTest(
    ["B.shadow.metadata"],
    "a delegation shadows by whole labels: mysub.x is not below sub.x; an NS with nothing below it has no count",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const s = uniqueLabel("sl");
      const ns = await records.create({ type: "NS", name: `sub.${s}`, content: "ns1.example.net" });
      const near = await records.create({ type: "A", name: `mysub.${s}`, content: "198.51.100.108" });
      const nearer = await records.create({ type: "TXT", name: `www.mysub.${s}`, content: '"beside sub"' });
      const meta = async (r: DnsRecord) =>
        shadowFields(
          records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`))
            .meta as unknown as Meta,
        );
      expect(
        await meta(near),
        `GET A mysub.${s}?include_shadow_metadata=true (beside the sub.${s} delegation, not below it): no shadow fields [B.shadow.metadata]`,
      ).toEqual({});
      expect(
        await meta(nearer),
        `GET TXT www.mysub.${s}?include_shadow_metadata=true (not below sub.${s}): no shadow fields [B.shadow.metadata]`,
      ).toEqual({});
      expect(
        await meta(ns),
        `GET NS sub.${s}?include_shadow_metadata=true (no record at or below it but itself): no shadowed_records_count (omitted when zero) [B.shadow.metadata]`,
      ).toEqual({});
    },
  );

  clauseTest(
    ["B.shadow.metadata", "B.ds.delegation-point"],
    "a DS at the delegation point is shadowed by its NS and counted by it (records at or below the delegation name)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const d = uniqueLabel("sd");
      const ns = await records.create({ type: "NS", name: d, content: "ns1.example.net" });
      const data = { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1F987CC6583E92DF0890718C42" };
      const ds = await records.create({ type: "DS", name: d, data });
      const meta = async (r: DnsRecord) =>
        shadowFields(
          records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`))
            .meta as unknown as Meta,
        );
      expect(
        await meta(ds),
        `GET DS ${d}?include_shadow_metadata=true (at the name of a delegation): shadowed_by the NS, nothing else [B.shadow.metadata]`,
      ).toEqual({ shadowed_by: [ns.id] });
      expect(
        await meta(ns),
        `GET NS ${d}?include_shadow_metadata=true: shadowed_records_count 1 (the DS at its name; its own NS not counted) [B.shadow.metadata]`,
      ).toEqual({ shadowed_records_count: 1 });
    },
  );
});
