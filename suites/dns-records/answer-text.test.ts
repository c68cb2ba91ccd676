/**
 * Area B: a record whose strings need escaping in JSON reads back as it was sent, the same on every route.
 * Comments and tag values "do not have any character limitations" but CR and LF (docs record-attributes.mdx:
 * "treated as graphic Unicode characters ... case-sensitive"): quotes, backslashes, control characters, non-ASCII
 * text, characters outside the BMP. A comment the target refuses is allowed (400, nothing created), a 5xx or an
 * answer that is not JSON is not; one it takes is answered exactly as sent (a lone surrogate, which UTF-8 cannot
 * carry, may come back as U+FFFD), and the create answer, GET, the list, GET with include_shadow_metadata, a PATCH
 * and a batch all answer the same record: an implementation that writes some answers by hand and others with a
 * JSON library shows here. Records with `data` (SRV, CAA) are compared the same way on each route.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** Comments that need escapes in JSON (or none, next to characters that do), each alone and among others. */
const COMMENTS: readonly string[] = [
  'say "hi"',
  '"',
  '""',
  "back\\slash",
  "\\",
  "tab\there",
  "\t",
  "\u0001\u001f",
  "bell\u0007 and del\u007f",
  "Ünïcødé ✓ 名前",
  "emoji 😀 beyond the BMP",
  "😀",
  "\u2028\u2029 separators",
  "</script><!-- x -->",
  "lone \ud800 high",
  "\udfff",
  "\ud800",
];

/** `s` with every lone surrogate replaced by U+FFFD (what a UTF-8 transport makes of it). */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** `r` without the fields a shadow-metadata answer may add to (meta). */
function withoutMeta(r: DnsRecord): Record<string, unknown> {
  const { meta: _m, ...rest } = r;
  return rest;
}

/** Checks that GET, the list (by name), GET with shadow metadata answer `r` exactly as `r` (the first answer). */
async function readsAlike(records: Records, r: DnsRecord, what: string): Promise<void> {
  expect(records.ok(await records.get(r.id)), `GET of ${what}: the record as first answered [B.get.one]`).toEqual(r);
  expect(await records.at(r.name), `GET dns_records?name=<its name> for ${what}: the record as first answered`).toEqual(
    [r],
  );
  const shadowed = records.ok(await records.api.request("GET", `${records.path}/${r.id}?include_shadow_metadata=true`));
  expect(
    withoutMeta(shadowed),
    `GET ?include_shadow_metadata=true of ${what}: every field but meta as first answered [B.shadow.metadata]`,
  ).toEqual(withoutMeta(r));
  expect(
    shadowed.meta,
    `GET ?include_shadow_metadata=true of ${what}: meta holds the meta first answered [B.shadow.metadata]`,
  ).toMatchObject(r.meta);
}

describe("dns records: strings that need escaping, the same on every route", () => {
  clauseTest(
    ["B.record.comment-tags-format", "B.record.fields", "B.get.one", "B.shadow.metadata", "B.patch.partial"],
    "comments and tag values with quotes, backslashes, control characters and non-ASCII text read back as sent on create, GET, list, shadow metadata and PATCH",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      let taken = 0;
      for (const comment of COMMENTS) {
        const shown = JSON.stringify(comment);
        const name = uniqueLabel("es");
        const tags = [`note:${comment}`, "plain"];
        const res = await records.post({ type: "TXT", name, content: '"escapes"', comment, tags });
        if (res.status !== 200) {
          expectFailure(res, 400);
          expect(
            await records.at(await records.fqdn(name)),
            `POST with comment ${shown} refused: nothing created [B.validation.no-change]`,
          ).toEqual([]);
          continue;
        }
        taken++;
        const r = records.ok(res);
        const echoed = r.comment === comment ? comment : wellFormed(comment);
        expect(
          { comment: r.comment, tags: [...r.tags].sort() },
          `POST TXT with comment ${shown} and tag note:${shown}: comment and tags as sent (a lone surrogate may be U+FFFD) [B.record.comment-tags-format]`,
        ).toEqual({ comment: echoed, tags: [`note:${echoed}`, "plain"].sort() });
        await readsAlike(records, r, `the TXT record with comment ${shown}`);
        const patched = records.ok(await records.patch(r.id, { ttl: 120 }));
        expect(
          { ...patched, modified_on: r.modified_on },
          `PATCH {ttl: 120} of the record with comment ${shown}: every field as before but ttl and modified_on [B.patch.partial]`,
        ).toEqual({ ...r, ttl: 120 });
        await readsAlike(records, patched, `the patched TXT record with comment ${shown}`);
      }
      expect(
        taken,
        "of the comments with quotes, backslashes and non-ASCII text, at least the printable ones are taken",
      ).toBeGreaterThanOrEqual(5);
    },
  );

  clauseTest(
    ["B.batch.results", "B.srv.data-repeated", "B.type.caa", "B.record.comment-tags-format", "B.shadow.metadata"],
    "batch posts and records with data (SRV, CAA) answer on batch, create, GET, list and shadow metadata the record as GET answers it",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("ed");
      const posts = [
        { type: "TXT", name: `t1.${u}`, content: '"batch"', comment: 'quote " and back\\slash', tags: ['k:\\"'] },
        { type: "TXT", name: `t2.${u}`, content: '"batch"', comment: "Ünï 😀" },
        {
          type: "SRV",
          name: `_sip._tcp.${u}`,
          data: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" },
          comment: "srv",
        },
        { type: "CAA", name: `caa.${u}`, data: { flags: 0, tag: "issue", value: "ca.example.net" } },
      ];
      const res = await records.batch({ posts });
      expect(res.status, `POST dns_records/batch {posts}: 200; body ${res.text.slice(0, 300)}`).toBe(200);
      const answered = res.json.result.posts ?? [];
      expect(answered.length, "POST dns_records/batch: one answer per post [B.batch.results]").toBe(posts.length);
      for (const [i, r] of answered.entries()) {
        const what = `batch post ${i} (${posts[i]!.type})`;
        expect(r.comment, `${what}: comment as sent [B.record.comment-tags-format]`).toBe(posts[i]!.comment ?? null);
        if (posts[i]!.data) {
          expect(r.data, `${what}: data holds what was sent [B.srv.data-repeated]`).toMatchObject(posts[i]!.data!);
        }
        await readsAlike(records, r, what);
      }
      // The same data records created one by one: create answers them as GET and shadow metadata do.
      for (const p of posts.slice(2)) {
        const r = await records.create({ ...p, name: `one.${p.name}` });
        expect(r.data, `POST ${p.type}: data holds what was sent [B.srv.data-repeated]`).toMatchObject(p.data!);
        await readsAlike(records, r, `the ${p.type} record created alone`);
      }
    },
  );

  clauseTest(
    ["B.settings.per-type"],
    "a CNAME takes ipv4_only and ipv6_only (the SDK's CNAMERecord.Settings) as every type does",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [settings, proxied] of [
        [{ ipv4_only: true }, true],
        [{ ipv6_only: true }, false],
        [{ ipv4_only: false, ipv6_only: true, flatten_cname: false }, false],
      ] as const) {
        const r = await records.create({
          type: "CNAME",
          name: uniqueLabel("c6"),
          content: "origin.example.net",
          proxied,
          settings,
        });
        expect(
          r.settings,
          `POST CNAME (proxied ${proxied}) with settings ${JSON.stringify(settings)}: kept [B.settings.per-type]`,
        ).toMatchObject(settings);
        expect(records.ok(await records.get(r.id)), "GET of the CNAME: the record as created [B.get.one]").toEqual(r);
      }
    },
  );
});
