/**
 * Area B: filters combined under `match=all` (the default) must all hold. Each pair of the filters an
 * implementation is likely to answer from an index (content exact, proxied, tag present / exact, name exact /
 * startswith, type) is asked together, on records where each filter alone selects more than the pair: an
 * implementation that answers one filter from its index and forgets to check the other fails here.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const enc = encodeURIComponent;

describe("dns records: combined list filters", () => {
  clauseTest(
    ["B.list.filters", "B.list.filter-params"],
    "content, proxied, tag, name and type filters two and three at a time: only the records that pass them all; name.startswith with a whole name",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("lc");
      const X = "198.51.100.121";
      const bodies: Record<string, Record<string, unknown>> = {
        a1: { type: "A", name: `${u}-a`, content: X, proxied: true, tags: ["k:1", "z"] },
        a2: { type: "A", name: `${u}-b`, content: X, proxied: false, tags: ["k:2"] },
        a3: { type: "A", name: `${u}-a`, content: "198.51.100.122", proxied: false, tags: ["k:1"] },
        a4: { type: "A", name: `${u}-c`, content: "198.51.100.123", proxied: true },
        a5: { type: "A", name: `${u}-c`, content: "198.51.100.124", proxied: true },
        a6: { type: "A", name: `${u}-d`, content: "198.51.100.125", proxied: true, tags: ["Z"] },
        t1: { type: "TXT", name: `${u}-a`, content: '"same"', tags: ["K:1"] },
        t2: { type: "TXT", name: `${u}-b`, content: '"other"' },
      };
      const res = await records.batch({ posts: Object.values(bodies) });
      expect(res.status, "POST dns_records/batch (8 posts of the fixture): status 200").toBe(200);
      const posts = checkEnvelope<{ posts: DnsRecord[] }>(res).result.posts;
      const keyOf = new Map(Object.keys(bodies).map((k, i) => [posts[i]!.id, k]));
      const base = `name.startswith=${enc(u)}`;
      const cases: [string, string[]][] = [
        [`content=${X}&proxied=true`, ["a1"]],
        [`content=${X}&proxied=false`, ["a2"]],
        [`proxied=false&content=${X}`, ["a2"]],
        ["tag.present=k&proxied=true", ["a1"]],
        ["tag.present=K&proxied=false", ["a2", "a3", "t1"]],
        [`tag=${enc("k:1")}&proxied=false`, ["a3", "t1"]],
        [`tag=${enc("k:1")}&content=${X}`, ["a1"]],
        [`tag.present=k&content=${X}&proxied=false`, ["a2"]],
        [`name=${enc(`${u}-a`)}&proxied=false`, ["a3", "t1"]],
        [`name=${enc(`${u}-a`)}&content=${X}`, ["a1"]],
        [`name=${enc(`${u}-c`)}&proxied=true&type=A`, ["a4", "a5"]],
        [`type=TXT&tag=${enc("k:1")}`, ["t1"]],
        [`type=A&tag.present=k&proxied=false`, ["a2", "a3"]],
        [`tag=${enc("k:1")}&tag.present=z`, ["a1"]],
        [`tag.present=z&tag=${enc("K:1")}&tag_match=all`, ["a1"]],
        [`tag=${enc("k:2")}&tag.present=z&tag_match=any&proxied=true`, ["a1", "a6"]],
        [`tag=${enc("k:2")}&tag.present=z&tag_match=any&type=A&content=${X}`, ["a1", "a2"]],
      ];
      for (const [q, want] of cases) {
        for (const query of [`${base}&${q}`, `${base}&${q}&match=all`]) {
          const got = (await records.list(`${query}&per_page=100`)).result.map((r) => keyOf.get(r.id) ?? r.id);
          expect(
            got.sort(),
            `GET dns_records?${query}: exactly the records that pass every filter [B.list.filters]`,
          ).toEqual(want);
        }
      }
      // name.startswith with a whole name: the records at that name are in (a name starts with itself).
      const zone = await records.zoneName();
      const full = (rel: string) => enc(`${rel}.${zone}`);
      const whole: [string, string[]][] = [
        [`name.startswith=${full(`${u}-a`)}`, ["a1", "a3", "t1"]],
        [`name.startswith=${full(`${u}-a`)}&type=A`, ["a1", "a3"]],
        [`name.startswith=${full(`${u}-c`)}&proxied=true`, ["a4", "a5"]],
      ];
      for (const [query, want] of whole) {
        const got = (await records.list(`${query}&per_page=100`)).result.map((r) => keyOf.get(r.id) ?? r.id);
        expect(
          got.sort(),
          `GET dns_records?${query}: the records at that very name (a name starts with itself) [B.list.filters]`,
        ).toEqual(want);
      }
    },
  );
});
