/**
 * Area B: what a batch answers (the SDK's RecordBatchResponse: deletes, patches, puts and posts, each an
 * Array<RecordResponse>) and what it leaves when one of its operations is refused. Every field of every
 * answered record is compared: a deleted record as it was, a written one as a GET then answers it.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Batch = { deletes: DnsRecord[]; patches: DnsRecord[]; puts: DnsRecord[]; posts: DnsRecord[] };

describe("dns records: batch answers", () => {
  clauseTest(
    ["B.batch.results", "B.batch.order-atomic", "B.patch.partial", "B.put.overwrite"],
    "deletes answer the records as they were; patches, puts and posts as a GET answers them, in the order sent",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("bt");
      const d1 = await records.create({ type: "TXT", name: `d1.${u}`, content: '"gone one"', comment: "Del" });
      const d2 = await records.create({ type: "A", name: `d2.${u}`, content: "198.51.100.90", tags: ["k:v"] });
      const p1 = await records.create({ type: "A", name: `p1.${u}`, content: "198.51.100.91", ttl: 300 });
      const p2 = await records.create({ type: "TXT", name: `p2.${u}`, content: '"patch me"', comment: "keep me" });
      const t1 = await records.create({ type: "A", name: `t1.${u}`, content: "198.51.100.92", comment: "old" });
      const res = await records.batch({
        deletes: [{ id: d2.id }, { id: d1.id }],
        patches: [
          { id: p2.id, ttl: 120 },
          { id: p1.id, proxied: true, comment: "Now Proxied" },
        ],
        puts: [{ id: t1.id, type: "AAAA", name: `t1b.${u}`, content: "2001:DB8:0:0::92", ttl: 600 }],
        posts: [
          { type: "TXT", name: `n1.${u}`, content: "new one" },
          { type: "MX", name: `n2.${u}`, content: "Mail.Example.NET", priority: 5, tags: ["Team:Mail"] },
        ],
      });
      expect(res.status, "POST dns_records/batch {deletes, patches, puts, posts}: status [B.batch.order-atomic]").toBe(
        200,
      );
      const out = res.json.result as Batch;
      expect(
        out.deletes,
        "batch: result.deletes are the deleted records as they were, in the order sent [B.batch.results]",
      ).toEqual([d2, d1]);
      for (const d of [d1, d2]) expectFailure(await records.get(d.id), 404, 81044);

      expect(
        out.patches.map((r) => r.id),
        "batch: result.patches in the order sent [B.batch.results]",
      ).toEqual([p2.id, p1.id]);
      const [q2, q1] = out.patches as [DnsRecord, DnsRecord];
      expect(q2, "batch patch {ttl: 120}: every other field of the record is kept [B.patch.partial]").toEqual({
        ...p2,
        ttl: 120,
        modified_on: q2.modified_on,
      });
      const { comment_modified_on: _c, ...q1Rest } = q1 as DnsRecord & { comment_modified_on?: string };
      expect(
        q1Rest,
        "batch patch {proxied: true, comment}: proxied, ttl 1 (Auto), the comment; every other field kept [B.patch.partial]",
      ).toEqual({ ...p1, proxied: true, ttl: 1, comment: "Now Proxied", modified_on: q1.modified_on });

      const [u1] = out.puts as [DnsRecord];
      expect(out.puts.length, "batch: result.puts holds the one put [B.batch.results]").toBe(1);
      expect(
        {
          id: u1.id,
          type: u1.type,
          name: u1.name,
          content: u1.content,
          ttl: u1.ttl,
          proxied: u1.proxied,
          comment: u1.comment,
          tags: u1.tags,
          created_on: u1.created_on,
        },
        "batch put: the record overwritten (new type, name, canonical AAAA content; comment and tags gone), id and created_on kept [B.put.overwrite]",
      ).toEqual({
        id: t1.id,
        type: "AAAA",
        name: await records.fqdn(`t1b.${u}`),
        content: "2001:db8::92",
        ttl: 600,
        proxied: false,
        comment: null,
        tags: [],
        created_on: t1.created_on,
      });

      expect(out.posts.length, "batch: result.posts holds both posts [B.batch.results]").toBe(2);
      const [n1, n2] = out.posts as [DnsRecord, DnsRecord];
      expect(
        [n1.type, n1.name, n1.content, n2.type, n2.name, n2.content, n2.priority, n2.tags],
        "batch posts: in the order sent, names completed, TXT quoted, MX content lowercased with its priority and tags [B.batch.results]",
      ).toEqual([
        "TXT",
        await records.fqdn(`n1.${u}`),
        '"new one"',
        "MX",
        await records.fqdn(`n2.${u}`),
        "mail.example.net",
        5,
        ["Team:Mail"],
      ]);
      for (const r of [q2, q1, u1, n1, n2]) {
        expect(
          records.ok(await records.get(r.id)),
          `GET ${r.id} after the batch: what the batch answered [B.batch.results]`,
        ).toEqual(r);
      }
    },
  );

  clauseTest(
    ["B.batch.order-atomic", "B.validation.no-change", "B.record.not-found"],
    "a batch whose patch, put or delete names a record it deleted first, or an unknown id, is refused whole",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("bf");
      const x = await records.create({ type: "A", name: `x.${u}`, content: "198.51.100.93" });
      const y = await records.create({ type: "A", name: `y.${u}`, content: "198.51.100.94", ttl: 300 });
      const before = await records.state();
      const post = { type: "TXT", name: `z.${u}`, content: "never" };
      for (const body of [
        { deletes: [{ id: x.id }], patches: [{ id: x.id, ttl: 600 }], posts: [post] },
        { deletes: [{ id: x.id }], puts: [{ id: x.id, type: "A", name: `x.${u}`, content: "198.51.100.95" }] },
        { deletes: [{ id: x.id }, { id: x.id }] },
        { patches: [{ id: y.id, ttl: 600 }], deletes: [{ id: "0123456789abcdef0123456789abcdef" }] },
        {
          patches: [
            { id: y.id, ttl: 600 },
            { id: "0123456789abcdef0123456789abcdef", ttl: 600 },
          ],
          posts: [post],
        },
      ]) {
        const res = await records.batch(body);
        expect(
          res.status,
          `POST dns_records/batch ${JSON.stringify(body)}: refused [B.batch.order-atomic]`,
        ).toBeGreaterThanOrEqual(400);
        expectFailure(res, res.status);
        expect(
          await records.state(),
          `after the refused batch ${JSON.stringify(body)}: the zone is unchanged [B.validation.no-change]`,
        ).toBe(before);
      }
      expect(
        records.ok(await records.get(y.id)),
        "GET y after the refused batches: unchanged [B.validation.no-change]",
      ).toEqual(y);
    },
  );
});
