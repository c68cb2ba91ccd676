/**
 * Area B: shadow metadata only when asked for (the SDK's include_shadow_metadata: "Whether to include shadow metadata
 * in the `meta` field of each record"). A record below an NS delegation answers a meta without shadowed_by, is_glue,
 * dead_glue and shadowed_records_count on every route that is not sent include_shadow_metadata=true: create, GET,
 * list, PATCH, PUT and batch; the same GET with it gives them (so the record is shadowed).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const SHADOW_KEYS = ["shadowed_by", "is_glue", "dead_glue", "shadowed_records_count"];

/** The shadow keys present in `r.meta`. */
const shadowKeys = (r: DnsRecord) => Object.keys(r.meta).filter((k) => SHADOW_KEYS.includes(k));

describe("dns records: shadow metadata not asked for", () => {
  clauseTest(
    ["B.shadow.metadata", "B.record.meta"],
    "without include_shadow_metadata, shadowed records answer no shadow keys in meta (create, GET, list, PATCH, PUT, batch)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = await records.fqdn(`sub.${uniqueLabel("sn")}`);
      const ns = await records.create({ type: "NS", name: sub, content: `ns1.${sub}` });
      const glue = await records.create({ type: "A", name: `ns1.${sub}`, content: "192.0.2.31" });
      const www = await records.create({ type: "A", name: `www.${sub}`, content: "192.0.2.32" });
      const asked = records.ok(
        await records.api.request("GET", `${records.path}/${glue.id}?include_shadow_metadata=true`),
      );
      expect(
        (asked.meta as { shadowed_by?: string[] }).shadowed_by,
        "GET glue?include_shadow_metadata=true: shadowed_by names the NS record (the record is shadowed) [B.shadow.metadata]",
      ).toEqual([ns.id]);
      const answers: [string, DnsRecord][] = [
        ["POST NS", ns],
        ["POST glue A", glue],
        ["POST www A", www],
        ["GET glue", records.ok(await records.get(glue.id))],
        ["PATCH glue", records.ok(await records.patch(glue.id, { comment: "glue" }))],
        ["PUT www", records.ok(await records.put(www.id, { type: "A", name: `www.${sub}`, content: "192.0.2.33" }))],
      ];
      for (const r of (await records.list(`name.endswith=${encodeURIComponent(sub)}&per_page=50`)).result) {
        answers.push([`GET dns_records?name.endswith (${r.name} ${r.type})`, r]);
      }
      const res = await records.batch({
        patches: [{ id: glue.id, comment: "glue2" }],
        puts: [{ id: www.id, type: "A", name: `www.${sub}`, content: "192.0.2.34" }],
        posts: [{ type: "TXT", name: `t.${sub}`, content: '"shadowed"' }],
      });
      const env = checkEnvelope<Record<string, DnsRecord[]>>(res);
      expect(res.status, `POST dns_records/batch: status 200: ${res.text.slice(0, 300)}`).toBe(200);
      for (const kind of ["patches", "puts", "posts"]) {
        for (const r of env.result[kind] ?? []) answers.push([`batch ${kind}`, r]);
      }
      expect(answers.length, "answers checked: the six writes and reads, the list, three batch records").toBe(12);
      for (const [call, r] of answers) {
        expect(
          shadowKeys(r),
          `${call} without include_shadow_metadata: meta has no shadow keys [B.shadow.metadata]`,
        ).toEqual([]);
      }
    },
  );
});
