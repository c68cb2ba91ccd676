/**
 * Area B: a list longer than the short fixtures of list-paging and list-filters: 300 TXT records under one unique
 * prefix, all with one tag of their own (60 names, 5 contents each, posted in a shuffled order in three batches of
 * 100, beside 10 untagged ones), then 100 of them deleted and 50 renamed, then every record of the first 30 names
 * deleted. After each step the prefix is listed in pages (of 13 at first, of 100 ascending and descending), and the
 * tag in pages of 100: every page must hold what result_info says, the pages together must be exactly the records,
 * each once; `name=` must find exactly the records of each name, and `content=` with the prefix exactly those of
 * each content. Implementations that keep records in pages, chunks or buckets of some size fail here where a short
 * list passes (a record dropped or repeated where a chunk or page ends, a count not lowered by a delete).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const NAMES = 60;
const CONTENTS = 5;
const pad = (i: number) => String(i).padStart(3, "0");
const enc = encodeURIComponent;

/** Lists `query` in pages of `perPage` (one past the end too); checks result_info and returns the ids in order. */
async function pagedIds(records: Records, query: string, perPage: number, total: number): Promise<string[]> {
  const pages = Math.ceil(total / perPage);
  const ids: string[] = [];
  for (let page = 1; page <= pages + 1; page++) {
    const call = `GET dns_records?${query}&per_page=${perPage}&page=${page}`;
    const env = await records.list(`${query}&per_page=${perPage}&page=${page}`);
    const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
    expect(
      env.result_info,
      `${call}: result_info of page ${page} of ${pages} (${total} records) [B.list.pages-partition]`,
    ).toEqual({
      page,
      per_page: perPage,
      count,
      total_count: total,
      total_pages: pages,
    });
    expect(env.result.length, `${call}: result holds result_info.count records [B.list.pages-partition]`).toBe(count);
    ids.push(...env.result.map((r) => r.id));
  }
  return ids;
}

describe("dns records: a long list", () => {
  clauseTest(
    ["B.list.pages-partition", "B.list.pagination", "B.list.filter-params"],
    "300 records under one prefix, then 100 deleted and 50 renamed, then the first 30 names deleted: pages of 13 and 100 cut the list exactly; name= and content= find exactly theirs",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("ll");
      const name = (i: number) => `${u}-n${pad(i)}`;
      // A shuffled order (a permutation of 0..299: 7 is prime to 300), so that records are inserted everywhere.
      const order = Array.from({ length: NAMES * CONTENTS }, (_, k) => (k * 7) % (NAMES * CONTENTS));
      const bodies = order.map((k) => ({
        type: "TXT",
        name: name(k % NAMES),
        content: `c${Math.floor(k / NAMES)}`,
        tags: [u],
      }));
      const made: DnsRecord[] = [];
      for (let b = 0; b < bodies.length; b += 100) {
        const res = await records.batch({ posts: bodies.slice(b, b + 100) });
        const env = checkEnvelope<{ posts: DnsRecord[] }>(res);
        expect(res.status, `POST dns_records/batch (posts ${b}..${b + 99} of 300 TXT): status 200`).toBe(200);
        made.push(...env.result.posts);
      }
      // Ten TXT records beside them, neither tagged nor under the prefix (so that the tag is the smaller set).
      const others = Array.from({ length: 10 }, (_, i) => ({ type: "TXT", name: `${u}-x${i}`, content: "other" }));
      expect((await records.batch({ posts: others })).status, "POST dns_records/batch (10 other TXT): status 200").toBe(
        200,
      );
      const zone = await records.zoneName();
      const prefix = `name.startswith=${enc(`${u}-n`)}`;
      const check = async (live: DnsRecord[], when: string, pageSizes: readonly (readonly [number, string])[]) => {
        const want = live.map((r) => r.id).sort();
        for (const [perPage, dir] of pageSizes) {
          const query = `${prefix}&direction=${dir}`;
          const ids = await pagedIds(records, query, perPage, live.length);
          expect(
            [...ids].sort(),
            `GET dns_records?${query} in pages of ${perPage} (${when}): the pages together hold each of the ${live.length} records under the prefix exactly once [B.list.pages-partition]`,
          ).toEqual(want);
        }
        // The same records by their tag, without a name filter.
        const byTag = await pagedIds(records, `tag.present=${u}`, 100, live.length);
        expect(
          byTag.sort(),
          `GET dns_records?tag.present=${u} in pages of 100 (${when}): each of the ${live.length} records tagged so exactly once [B.list.pages-partition]`,
        ).toEqual(want);
        const byName = new Map<string, string[]>();
        const byContent = new Map<string, string[]>();
        for (const r of live) {
          byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
          byContent.set(r.content, [...(byContent.get(r.content) ?? []), r.id]);
        }
        // Every name at first; then every third, the last included (fewer calls: the lists above see every record).
        const first = live.length === made.length;
        for (let i = first ? 0 : 2; i < NAMES; i += first ? 1 : 3) {
          const full = `${name(i)}.${zone}`;
          const got = (await records.list(`name=${enc(full)}&type=TXT&per_page=100`)).result.map((r) => r.id);
          expect(
            got.sort(),
            `GET dns_records?name=${full}&type=TXT (${when}): exactly the records of that name [B.list.filter-params]`,
          ).toEqual((byName.get(full) ?? []).sort());
        }
        for (const [content, want] of byContent) {
          const q = `content=${enc(content)}&${prefix}`;
          const got = (await records.list(`${q}&per_page=100`)).result.map((r) => r.id);
          expect(
            got.sort(),
            `GET dns_records?${q} (${when}): exactly the records under the prefix with that content [B.list.filter-params]`,
          ).toEqual(want.sort());
        }
      };
      const all = [
        [13, "asc"],
        [100, "asc"],
        [100, "desc"],
      ] as const;
      await check(made, "300 records", all);
      // Delete every third record made; rename 50 others (each to a new name under the prefix, after the others).
      const deletes = made.filter((_, k) => k % 3 === 0);
      const renamed = made.filter((_, k) => k % 3 === 1).slice(0, 50);
      const res = await records.batch({
        deletes: deletes.map((r) => ({ id: r.id })),
        patches: renamed.map((r, k) => ({ id: r.id, name: name(NAMES + k) })),
      });
      const env = checkEnvelope<{ patches: DnsRecord[] }>(res);
      expect(res.status, "POST dns_records/batch (100 deletes, 50 renames): status 200").toBe(200);
      const gone = new Set([...deletes, ...renamed].map((r) => r.id));
      const live = [...made.filter((r) => !gone.has(r.id)), ...env.result.patches];
      await check(live, "after 100 deletes and 50 renames", [
        [100, "asc"],
        [100, "desc"],
      ]);
      // Delete every record of the first 30 names (a long run of neighbours): the rest still lists whole.
      const first = live.filter((r) => r.name < `${name(30)}.${zone}`);
      const del = await records.batch({ deletes: first.map((r) => ({ id: r.id })) });
      expect(del.status, `POST dns_records/batch (${first.length} deletes of the first 30 names): status 200`).toBe(
        200,
      );
      const kept = new Set(first.map((r) => r.id));
      await check(
        live.filter((r) => !kept.has(r.id)),
        `after deleting the ${first.length} records of the first 30 names`,
        [[100, "asc"]],
      );
    },
  );
});
