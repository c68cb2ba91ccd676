/**
 * Area B: `shadowed_records_count` of a delegation counts every record at or below its name but the NS records that
 * form it (docs shadowed-records.mdx), NS records of a deeper delegation included: NS sub with a deeper NS
 * deep.sub, an A below both and a TXT below sub answers 3 on sub's NS records and 1 on deep.sub's.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: shadowed_records_count", () => {
  clauseTest(
    ["B.shadow.metadata"],
    "a delegation counts the records below it, a deeper delegation's NS records included, not its own NS records",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = `sub.${uniqueLabel("sc")}`;
      const ns1 = await records.create({ type: "NS", name: sub, content: "ns1.example.net" });
      const ns2 = await records.create({ type: "NS", name: sub, content: "ns2.example.net" });
      const deep = await records.create({ type: "NS", name: `deep.${sub}`, content: "ns3.example.net" });
      await records.create({ type: "A", name: `www.deep.${sub}`, content: "198.51.100.107" });
      await records.create({ type: "TXT", name: `t.${sub}`, content: '"below sub"' });
      const count = async (r: DnsRecord) =>
        (
          records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`))
            .meta as unknown as { shadowed_records_count?: number }
        ).shadowed_records_count;
      for (const ns of [ns1, ns2]) {
        expect(
          await count(ns),
          `GET NS ${sub} (${ns.content})?include_shadow_metadata=true: shadowed_records_count 3 (the deep.${sub} NS, the A below it, the TXT) [B.shadow.metadata]`,
        ).toBe(3);
      }
      expect(
        await count(deep),
        `GET NS deep.${sub}?include_shadow_metadata=true: shadowed_records_count 1 (the A below it) [B.shadow.metadata]`,
      ).toBe(1);
    },
  );
});
