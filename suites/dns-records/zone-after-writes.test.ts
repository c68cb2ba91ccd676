/**
 * Area B: what a zone answers after writes: reads that follow writes see the zone as it is now.
 * - Lists: each test lists first (an implementation may keep an index per filter from then on: proxied /
 *   DNS-only, one content, one tag name, one tag `name:value`, the types present), then creates, PATCHes and
 *   DELETEs records of that filter, and lists again: every list must hold exactly the records that match
 *   now, none deleted, none changed away, none missing. Also a content shared by 34 records (past the small
 *   groups an index may keep unsorted), shrunk to 16, in a zone that holds more records than that content
 *   does. Records are compared as sets (the default order is not pinned).
 * - Conflicts: the rules see a name's records after PATCHes and deletes of some of them: a PATCHed
 *   record's neighbours still conflict, a deleted record no longer does, the others at its name still do;
 *   a record renamed by a PATCH conflicts at its new name and no longer at its old one.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const enc = encodeURIComponent;

/** Lists `query` (one page of up to 1,000) and asserts it holds exactly the records `want` (any order). */
async function expectListed(
  records: Records,
  query: string,
  want: Record<string, DnsRecord>,
  when: string,
  clause: string,
): Promise<void> {
  const byId = new Map(Object.entries(want).map(([k, r]) => [r.id, k]));
  const got = (await records.list(`${query}&per_page=1000`)).result;
  expect(
    got.map((r) => byId.get(r.id) ?? `${r.type} ${r.name} ${r.content} (not expected)`).sort(),
    `GET dns_records?${query} ${when}: exactly the records the filter selects now [${clause}]`,
  ).toEqual(Object.keys(want).sort());
}

function ok(records: Records, res: Awaited<ReturnType<Records["patch"]>>): DnsRecord {
  return records.ok(res);
}

describe("dns records: lists after writes", () => {
  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.patch.partial", "B.delete.result-id"],
    "proxied=true and proxied=false after creates, a PATCH of proxied and a delete",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("zp");
      const base = `name.startswith=${enc(u)}`;
      const p1 = await records.create({ type: "A", name: `${u}-1`, content: "198.51.100.61", proxied: true });
      const d1 = await records.create({ type: "A", name: `${u}-2`, content: "198.51.100.62", proxied: false });
      await expectListed(records, `${base}&proxied=true`, { p1 }, "before the writes", "B.list.filter-params");
      await expectListed(records, `${base}&proxied=false`, { d1 }, "before the writes", "B.list.filter-params");
      const p2 = await records.create({ type: "A", name: `${u}-3`, content: "198.51.100.63", proxied: true });
      const d2 = await records.create({ type: "A", name: `${u}-4`, content: "198.51.100.64", proxied: false });
      const p1off = ok(records, await records.patch(p1.id, { proxied: false }));
      await records.delete(d1.id);
      const when = "after two creates, PATCH proxied:false and a delete";
      await expectListed(records, `${base}&proxied=true`, { p2 }, when, "B.list.filter-params");
      await expectListed(records, `${base}&proxied=false`, { p1off, d2 }, when, "B.list.filter-params");
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive", "B.patch.partial", "B.delete.result-id"],
    "content exact (stored in mixed case, asked in lower case) after creates, a PATCH of content and deletes",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("zc");
      const base = `name.startswith=${enc(u)}`;
      const stored = `"Zone-${u}-Val"`;
      const other = `"Other-${u}-Val"`;
      const q = `${base}&content.exact=${enc(stored.toLowerCase())}`;
      const qOther = `${base}&content=${enc(other.toLowerCase())}`;
      const c1 = await records.create({ type: "TXT", name: `${u}-1`, content: stored });
      const c2 = await records.create({ type: "TXT", name: `${u}-2`, content: stored });
      await expectListed(records, q, { c1, c2 }, "before the writes", "B.list.case-insensitive");
      await expectListed(records, qOther, {}, "before any record has it", "B.list.filter-params");
      const c3 = await records.create({ type: "TXT", name: `${u}-3`, content: stored });
      await expectListed(records, q, { c1, c2, c3 }, "after a third create", "B.list.case-insensitive");
      const c1moved = ok(records, await records.patch(c1.id, { content: other }));
      await expectListed(records, q, { c2, c3 }, "after the first one's content changed", "B.list.filter-params");
      await expectListed(records, qOther, { c1moved }, "after a PATCH gave it that content", "B.list.filter-params");
      await records.delete(c2.id);
      await expectListed(records, q, { c3 }, "after a delete", "B.list.filter-params");
      await records.delete(c3.id);
      await expectListed(records, q, {}, "after the last one is deleted", "B.list.filter-params");
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive", "B.patch.partial", "B.delete.result-id"],
    "tag.present and tag.exact after creates, a PATCH that drops the tags and a delete",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("zt");
      const tag = `Tz${u}`;
      const base = `name.startswith=${enc(u)}`;
      const present = `${base}&tag.present=${enc(tag.toLowerCase())}`;
      const one = `${base}&tag.exact=${enc(`${tag.toLowerCase()}:one`)}`;
      const g1 = await records.create({ type: "TXT", name: `${u}-1`, content: "g1", tags: [`${tag}:One`] });
      const g2 = await records.create({ type: "TXT", name: `${u}-2`, content: "g2", tags: [`${tag}:one`] });
      const g3 = await records.create({ type: "TXT", name: `${u}-3`, content: "g3", tags: [`${tag}:two`] });
      await expectListed(records, present, { g1, g2, g3 }, "before the writes", "B.list.case-insensitive");
      await expectListed(records, one, { g1, g2 }, "before the writes", "B.list.case-insensitive");
      const g4 = await records.create({ type: "TXT", name: `${u}-4`, content: "g4", tags: [`${tag}:ONE`] });
      await expectListed(records, present, { g1, g2, g3, g4 }, "after a create", "B.list.filter-params");
      await expectListed(records, one, { g1, g2, g4 }, "after a create", "B.list.filter-params");
      const g1bare = ok(records, await records.patch(g1.id, { tags: [] }));
      expect(g1bare.tags, `PATCH dns_records/${g1.id} {tags: []}: the answer's tags [B.patch.partial]`).toEqual([]);
      await expectListed(records, present, { g2, g3, g4 }, "after a PATCH dropped a tag", "B.list.filter-params");
      await expectListed(records, one, { g2, g4 }, "after a PATCH dropped a tag", "B.list.filter-params");
      await records.delete(g2.id);
      await expectListed(records, present, { g3, g4 }, "after a delete", "B.list.filter-params");
      await expectListed(records, one, { g4 }, "after a delete", "B.list.filter-params");
    },
  );

  clauseTest(
    ["B.list.filters", "B.delete.result-id"],
    "a list without a type filter still holds a type's other records after one of them is deleted",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("zy");
      const base = `name.startswith=${enc(u)}`;
      const a1 = await records.create({ type: "A", name: `${u}-1`, content: "198.51.100.71" });
      const a2 = await records.create({ type: "A", name: `${u}-2`, content: "198.51.100.72" });
      const t1 = await records.create({ type: "TXT", name: `${u}-3`, content: "t1" });
      await expectListed(records, base, { a1, a2, t1 }, "before the delete", "B.list.filters");
      await records.delete(a1.id);
      await expectListed(records, base, { a2, t1 }, "after one of the two A records is deleted", "B.list.filters");
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.batch.order-atomic", "B.delete.result-id"],
    "content exact shared by 33 records, one more created, then 18 deleted: every list holds exactly the rest",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("zb");
      const content = `"Many-${u}"`;
      const q = `name.startswith=${enc(u)}&content=${enc(content.toLowerCase())}`;
      // 24 records of other contents beside them: the zone holds more records than that content ever does.
      const others = Array.from({ length: 24 }, (_, i) => ({ type: "TXT", name: `${u}-o${i}`, content: `o${i}` }));
      const posts = Array.from({ length: 33 }, (_, i) => ({ type: "TXT", name: `${u}-${i}`, content }));
      const res = await records.batch({ posts: [...posts, ...others] });
      expect(
        res.status,
        "POST dns_records/batch (33 posts of one content, 24 of others): status [B.batch.order-atomic]",
      ).toBe(200);
      const made = (res.json.result as { posts: DnsRecord[] }).posts.slice(0, 33);
      const want: Record<string, DnsRecord> = {};
      made.forEach((r, i) => {
        want[`r${i}`] = r;
      });
      await expectListed(records, q, want, "after 33 creates", "B.list.filter-params");
      want.r33 = await records.create({ type: "TXT", name: `${u}-33`, content });
      await expectListed(records, q, want, "after a 34th create", "B.list.filter-params");
      const gone = Object.keys(want).slice(0, 18);
      const del = await records.batch({ deletes: gone.map((k) => ({ id: want[k]!.id })) });
      expect(del.status, "POST dns_records/batch (18 deletes): status [B.batch.order-atomic]").toBe(200);
      for (const k of gone) delete want[k];
      await expectListed(records, q, want, "after 18 of the 34 are deleted", "B.list.filter-params");
    },
  );
});

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

  clauseTest(
    ["B.conflict.identical", "B.conflict.cname", "B.patch.partial"],
    "a PATCH that renames a record frees its old name (an identical record, a CNAME) and takes the new one",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const [n1, n2, n3, n4] = await Promise.all(["zr", "zr", "zr", "zr"].map((p) => records.fqdn(uniqueLabel(p))));
      const r1 = await records.create({ type: "A", name: n1, content: "198.51.100.91" });
      const r2 = await records.create({ type: "A", name: n3, content: "198.51.100.92" });
      for (const [r, to] of [
        [r1, n2],
        [r2, n4],
      ] as const) {
        const moved = records.ok(await records.patch(r.id, { name: to }));
        expect(moved.name, `PATCH dns_records/${r.id} {name: ${to}}: the answer's name [B.patch.partial]`).toBe(to);
      }
      expectFailure(await records.post({ type: "A", name: n2, content: "198.51.100.91" }), 400, 81058);
      expectFailure(await records.post({ type: "CNAME", name: n2, content: "target.example.net" }), 400, 81053);
      const cname = await records.post({ type: "CNAME", name: n1, content: "target.example.net" });
      expect(
        cname.status,
        `POST dns_records CNAME ${n1} after its A record was renamed away: status (no A left at that name) [B.conflict.cname]; body ${cname.text.slice(0, 300)}`,
      ).toBe(200);
      const same = await records.post({ type: "A", name: n3, content: "198.51.100.92" });
      expect(
        same.status,
        `POST dns_records A ${n3} 198.51.100.92 after that record was renamed away: status (no identical record left) [B.conflict.identical]; body ${same.text.slice(0, 300)}`,
      ).toBe(200);
    },
  );
});
