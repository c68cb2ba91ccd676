import { describe, expect, test } from "vitest";
import { recordMatches } from "./list-filter.ts";
import { parseListQuery } from "./list-params.ts";
import { runList } from "./list-plan.ts";
import type { DnsRecord } from "./record.ts";
import { ZoneIndex } from "./zone-index.ts";

const zone = "example.com";
function rec(id: string, type: string, name: string, content: string, extra: Partial<DnsRecord> = {}): DnsRecord {
  return {
    id,
    zone_id: "z",
    zone_name: zone,
    name,
    type,
    content,
    proxiable: false,
    proxied: false,
    ttl: 1,
    settings: {},
    locked: false,
    meta: { auto_added: false, managed_by_apps: false, managed_by_tunnel: false, source: "primary" },
    comment: null,
    tags: [],
    created_on: "",
    modified_on: "",
    ...extra,
  };
}
const all = [
  rec("1", "TXT", "b.example.com", '"x"', { tags: ["Env:Prod", "keep"], comment: "Hello World" }),
  rec("2", "A", "b.example.com", "8.8.8.8", { proxied: true, ttl: 1 }),
  rec("3", "A", "a.example.com", "8.8.4.4", { ttl: 300, tags: ["env:dev"] }),
  rec("4", "AAAA", "c.example.com", "2a00::1", { ttl: 120, comment: "other" }),
  rec("5", "NS", "sub.example.com", "ns1.other.net"),
  rec("6", "A", "www.sub.example.com", "9.9.9.9"),
];
const q = (s: string) => parseListQuery(new URLSearchParams(s), zone);
const ids = (s: string) => runList(new ZoneIndex(all), q(s)).result.map((r) => r.id);

/**
 * The reference: every live record checked by recordMatches, sorted by the order the choices name
 * (type, name, content, creation; or `order`, then creation; desc reverses), then paged. `live` is
 * the test's own list of the zone's records; ids are numbers given in creation order.
 */
function expectAsScan(z: ZoneIndex, live: Iterable<DnsRecord>, s: string): void {
  const query = q(s);
  const kept = [...live].filter((r) => recordMatches(r, query));
  const rank = (r: DnsRecord) => Number(r.id);
  const key = (r: DnsRecord) => [r.type, r.name, r.content];
  const sign = query.direction === "desc" ? -1 : 1;
  kept.sort((a, b) => {
    if (query.order) {
      const x = a[query.order];
      const y = b[query.order];
      const c = x < y ? -1 : x > y ? 1 : 0;
      return sign * c || rank(a) - rank(b);
    }
    const [ka, kb] = [key(a), key(b)];
    for (let k = 0; k < 3; k++) if (ka[k] !== kb[k]) return sign * (ka[k]! < kb[k]! ? -1 : 1);
    return sign * (rank(a) - rank(b));
  });
  const start = (query.page - 1) * query.perPage;
  const page = runList(z, query);
  expect(
    page.result.map((r) => r.id),
    s,
  ).toEqual(kept.slice(start, start + query.perPage).map((r) => r.id));
  expect(page.result_info, s).toEqual({
    page: query.page,
    per_page: query.perPage,
    count: Math.max(0, Math.min(query.perPage, kept.length - start)),
    total_count: kept.length,
    total_pages: Math.ceil(kept.length / query.perPage),
  });
}

describe("list query", () => {
  test("default order type, name, content; desc reverses it", () => {
    expect(ids("")).toEqual(["3", "2", "6", "4", "5", "1"]);
    expect(ids("direction=desc")).toEqual(["1", "5", "4", "6", "2", "3"]);
  });
  test("type, name, content, proxied filters (case-insensitive)", () => {
    expect(ids("type=A")).toEqual(["3", "2", "6"]);
    expect(ids("type=aaaa")).toEqual(["4"]);
    expect(ids("name=b")).toEqual(["2", "1"]);
    expect(ids("name.exact=B.Example.com")).toEqual(["2", "1"]);
    expect(ids("name.startswith=A.")).toEqual(["3"]);
    expect(ids("name.endswith=SUB.example.com")).toEqual(["6", "5"]);
    expect(ids("name.contains=ww")).toEqual(["6"]);
    expect(ids("content=2A00::1")).toEqual(["4"]);
    expect(ids("content.contains=8.8")).toEqual(["3", "2"]);
    expect(ids("content.startswith=9.")).toEqual(["6"]);
    expect(ids("content.endswith=.4")).toEqual(["3"]);
    expect(ids("proxied=true")).toEqual(["2"]);
    expect(ids("proxied=false&type=A")).toEqual(["3", "6"]);
  });
  test("comment filters: exact/contains/startswith/endswith case-insensitive, present/absent", () => {
    expect(ids("comment=hello world")).toEqual(["1"]);
    expect(ids("comment.contains=WORLD")).toEqual(["1"]);
    expect(ids("comment.startswith=oth")).toEqual(["4"]);
    expect(ids("comment.endswith=LD")).toEqual(["1"]);
    expect(ids("comment.present=")).toEqual(["4", "1"]);
    expect(ids("comment.absent=x")).toEqual(["3", "2", "6", "5"]);
  });
  test("tag filters: present/absent by name, exact/contains/... on name:value; tag_match", () => {
    expect(ids("tag.present=env")).toEqual(["3", "1"]);
    expect(ids("tag.absent=ENV")).toEqual(["2", "6", "4", "5"]);
    expect(ids("tag.exact=env:prod")).toEqual(["1"]);
    expect(ids("tag.contains=env:e")).toEqual(["3"]);
    expect(ids("tag.startswith=ENV:PR")).toEqual(["1"]);
    expect(ids("tag.endswith=env:v")).toEqual(["3"]);
    expect(ids("tag=keep")).toEqual(["1"]);
    expect(ids("tag=env:dev")).toEqual(["3"]);
    expect(ids("tag.exact=env:dev&tag.present=keep")).toEqual([]);
    expect(ids("tag.exact=env:dev&tag.present=keep&tag_match=any")).toEqual(["3", "1"]);
  });
  test("match any|all; search; shadow filters", () => {
    expect(ids("type=AAAA&proxied=true&match=any")).toEqual(["2", "4"]);
    expect(ids("type=AAAA&proxied=true")).toEqual([]);
    expect(ids("type=AAAA&tag.present=keep&match=any")).toEqual(["4", "1"]);
    expect(ids("search=HELLO")).toEqual(["1"]);
    expect(ids("search=9.9")).toEqual(["6"]);
    expect(ids("shadowing_name=www.sub")).toEqual(["5"]);
    expect(ids("shadowed_by_name=sub&include_shadow_metadata=true")).toEqual(["6"]);
  });
  test("order and direction", () => {
    expect(ids("order=ttl&direction=desc")).toEqual(["3", "4", "1", "2", "5", "6"]);
    expect(ids("order=name")).toEqual(["3", "1", "2", "4", "5", "6"]);
  });
  test("pagination with result_info; past the end is an empty page", () => {
    const z = new ZoneIndex(all);
    expect(runList(z, q("per_page=4&page=2"))).toMatchObject({
      result: [{ id: "5" }, { id: "1" }],
      result_info: { page: 2, per_page: 4, count: 2, total_count: 6, total_pages: 2 },
    });
    expect(runList(z, q("per_page=4&page=9")).result_info).toEqual({
      page: 9,
      per_page: 4,
      count: 0,
      total_count: 6,
      total_pages: 2,
    });
  });
  test("unknown, repeated and malformed parameters are refused (9105)", () => {
    for (const s of [
      "page=0",
      "page=x",
      "per_page=0",
      "order=bogus",
      "direction=up",
      "match=some",
      "tag_match=some",
      "proxied=yes",
      "type=BOGUS",
      "name.like=x",
      "comment.regex=x",
      "tag.exact=novalue",
      "tag.present=a:b",
      "colour=red",
      "type=A&type=MX",
      "include_shadow_metadata=1",
      "shadowing_name=@",
      "shadowed_by_name=sub",
    ]) {
      let code = 0;
      try {
        q(s);
      } catch (e) {
        code = (e as { chain: { code: number }[] }).chain[0]!.code;
      }
      expect(code, s).toBe(9105);
    }
  });
  test("a name filter of more than 255 characters is refused (9105); 255 is taken (the OpenAPI's maxLength)", () => {
    const long = `${"a.".repeat(127)}b`; // 255 characters
    expect(q(`name=${long}`).filters, "name of 255 characters: a filter").toHaveLength(1);
    let code = 0;
    try {
      q(`name=${long}c`);
    } catch (e) {
      code = (e as { chain: { code: number; message: string }[] }).chain[0]!.code;
    }
    expect(code, "name of 256 characters: the list query's error code").toBe(9105);
  });
  test("the indexed plan answers as a scan of every record would (random zones and queries)", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const types = ["A", "AAAA", "TXT", "MX", "CNAME"];
    const labels = ["a", "ab", "b", "ba", "c", "www", "www.a"];
    const records: DnsRecord[] = [];
    for (let i = 0; i < 300; i++) {
      records.push(
        rec(String(i), types[rnd(5)]!, `${labels[rnd(7)]}.${zone}`, `c${rnd(6)}`, {
          proxied: rnd(2) === 0,
          ttl: [1, 60, 300][rnd(3)]!,
          tags: rnd(3) === 0 ? [`t${rnd(3)}:v${rnd(2)}`] : [],
          comment: rnd(3) === 0 ? `note ${rnd(3)}` : null,
        }),
      );
    }
    const z = new ZoneIndex(records);
    for (let i = 0; i < 20; i++) z.replace({ ...records[rnd(300)]!, proxied: rnd(2) === 0, content: `c${rnd(6)}` });
    for (let i = 0; i < 20; i++) z.remove(String(rnd(300)));
    const live = z.records();
    const queries = [
      "",
      "type=A",
      "type=TXT&proxied=true",
      "proxied=false",
      "name=ab",
      "name.startswith=w",
      "name.startswith=a&type=MX",
      "content=C3",
      "content=c1&type=A",
      "tag.present=t1",
      "tag.exact=t2:v1&name.startswith=b",
      "type=A&content=c2&match=any",
      "comment.present=1&direction=desc",
      "order=ttl&type=CNAME",
      "order=content&direction=desc&proxied=true",
      "name.startswith=www&direction=desc&per_page=7&page=2",
      "type=AAAA&per_page=5&page=3&direction=desc",
      "tag.present=t1&type=A",
      "tag.present=t0&name.startswith=a&direction=desc",
      "tag.exact=t1:v0&proxied=true",
      "tag.present=t0&tag.exact=t1:v1&tag_match=any",
      "content=c2&proxied=true&per_page=3&page=2",
      "proxied=true&name=www.a",
      "content=c4&tag.present=t2",
    ];
    for (const s of queries) expectAsScan(z, live, s);
  });
  test("content exact and tag filters over large and small buckets, through writes and rollbacks, as a scan", () => {
    // Clauses: docs/choices/dns-records.md "List parameters" (case-insensitive content / tag filters,
    // match, tag_match), "Default list order", "List paging" (a page past the end is empty).
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed >>> 8) % n;
    };
    const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;
    const types = ["A", "MX", "TXT", "CNAME"];
    const labels = ["a", "ab", "b", "ba", "c", "www", "www.a"];
    // c0 / C0 (one lowercased content) and t0:v0 / T0:V0 are common: their buckets pass BUCKET.
    const contents = ["c0", "C0", "c0", "c1", "C1", "c2"];
    const tagPool = ["t0:v0", "T0:V0", "t0:v0", "t0:v1", "t1", "t1:", "t1:v0", "t2:v1:x", "T2:v1:X"];
    let next = 0;
    const live = new Map<string, DnsRecord>();
    const fresh = (id: string): DnsRecord =>
      rec(id, pick(types), `${pick(labels)}.${zone}`, rnd(10) < 7 ? pick(contents) : `u${rnd(50)}`, {
        proxied: rnd(8) === 0,
        ttl: pick([1, 60, 300]),
        tags: Array.from({ length: rnd(4) }, () => pick(tagPool)),
        comment: rnd(4) === 0 ? "note" : null,
      });
    const z = new ZoneIndex();
    const add = () => {
      const r = fresh(String(next++));
      z.add(r);
      live.set(r.id, r);
    };
    const replace = () => {
      const old = pick([...live.values()]);
      const r = { ...fresh(old.id), ...(rnd(2) === 0 ? { name: old.name } : {}) };
      z.replace(r);
      live.set(r.id, r);
    };
    const remove = (id = pick([...live.keys()])) => {
      z.remove(id);
      live.delete(id);
    };
    for (let i = 0; i < 400; i++) add();
    const fixed = [
      "content=c0",
      "content=C0&type=MX",
      "content=c0&direction=desc&per_page=7&page=3",
      "content=c0&page=99",
      "content=c0&proxied=true",
      "content=c1&name.startswith=a",
      "content=c0&name=ab&type=A",
      "content=c0&match=any",
      "content=c0&type=A&match=any",
      "content=c0&content.exact=c1",
      "tag.exact=t0:v0",
      "tag.exact=T0:V0&type=TXT&direction=desc",
      "tag=t0:v0&per_page=5&page=4",
      "tag.exact=t1:",
      "tag=t1",
      "tag.exact=t2:v1:x",
      "tag.exact=t0:v0&tag=t1:v0",
      "tag.exact=t0:v0&tag=t1:v0&tag_match=any",
      "tag.exact=t0:v0&tag.present=t1&direction=desc",
      "tag.exact=t0:v0&proxied=true",
      "proxied=true&tag.present=t0",
      "tag.exact=t0:v0&content=c0",
      "tag.exact=t0:v0&content=c0&match=any",
      "tag.exact=t0:v1&type=A&match=any",
      "tag.contains=t1:",
      "tag.startswith=t0:&per_page=3&page=2",
      "tag.endswith=t0:&type=MX",
      "tag.absent=t0&content=c0",
      "tag.exact=nope:x",
      "content=nothing",
      "content=c0&search=a.",
      "tag.exact=t0:v0&order=name",
      "content=c0&order=ttl&direction=desc",
    ];
    const pool: [string, readonly string[]][] = [
      ["type", types],
      ["proxied", ["true", "false"]],
      ["name", labels],
      ["name.startswith", ["a", "w", "b"]],
      ["content", ["c0", "C0", "c1", "c2", "nothing", "u7"]],
      ["content.exact", ["c0", "c1", "U3"]],
      ["tag.exact", ["t0:v0", "t0:v1", "t1:", "t1:v0", "t2:v1:x", "T0:V0"]],
      ["tag", ["t0:v0", "t1", "t2"]],
      ["tag.present", ["t0", "t1", "t2"]],
      ["tag.absent", ["t1"]],
      ["tag.contains", ["t1:", "t0:v"]],
      ["comment.present", ["1"]],
    ];
    const randomQuery = () => {
      const p = new URLSearchParams();
      for (let k = 1 + rnd(3); k > 0; k--) {
        const [key, values] = pick(pool);
        p.set(key, pick(values));
      }
      if (rnd(4) === 0) p.set("match", "any");
      if (rnd(3) === 0) p.set("tag_match", "any");
      if (rnd(3) === 0) p.set("direction", "desc");
      p.set("per_page", pick(["1", "3", "10", "100"]));
      p.set("page", pick(["1", "2", "5", "40"]));
      return p.toString();
    };
    const check = () => {
      for (const s of fixed) expectAsScan(z, live.values(), s);
      for (let i = 0; i < 60; i++) expectAsScan(z, live.values(), randomQuery());
    };
    const matching = (test: (r: DnsRecord) => boolean) => [...live.values()].filter(test).map((r) => r.id);
    check(); // builds every bucket and facet; the writes below keep them
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 30; i++) [add, replace, () => remove()][rnd(3)]!();
      check();
      // A batch that fails: every write undone by the journal.
      expect(() =>
        z.atomically(() => {
          for (let i = 0; i < 25; i++) {
            const id = pick(z.records()).id;
            [() => z.add(fresh(String(next++))), () => z.replace(fresh(id)), () => z.remove(id)][rnd(3)]!();
          }
          throw new Error("undo");
        }),
      ).toThrow("undo");
      for (const r of live.values()) expect(z.get(r.id)).toBe(r);
      expect(z.size).toBe(live.size);
      check();
    }
    // Shrink the big buckets below BUCKET / 2 (back to arrays), then grow them past BUCKET again.
    for (const id of matching((r) => r.content.toLowerCase() === "c0").slice(3)) remove(id);
    for (const id of matching((r) => r.tags.some((t) => t.toLowerCase() === "t0:v0")).slice(3)) remove(id);
    check();
    for (let i = 0; i < 80; i++) {
      const r = { ...fresh(String(next++)), content: pick(["c0", "C0"]), tags: ["T0:v0"] };
      z.add(r);
      live.set(r.id, r);
    }
    check();
    expect(runList(z, q("content=c0")).result_info.total_count).toBeGreaterThan(80);
    expect(runList(z, q("tag.exact=t0:v0")).result_info.total_count).toBeGreaterThan(80);
  });

  test("a tag term the chosen facet does not answer is still checked (proxied smaller than the tag)", () => {
    // Clause: docs/choices/dns-records.md "List parameters" (filters AND-ed under match=all).
    const records = Array.from({ length: 10 }, (_, i) =>
      rec(String(i), "A", `h${i}.${zone}`, "1.1.1.1", { tags: ["env:x"] }),
    );
    records.push(rec("10", "A", `p.${zone}`, "1.1.1.2", { proxied: true }));
    const z = new ZoneIndex(records);
    for (const s of ["proxied=true&tag.present=env", "proxied=true&tag.exact=env:x", "content=1.1.1.2&tag=env"]) {
      expect(runList(z, q(s)).result, s).toEqual([]);
    }
  });
});
