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
    const rank = new Map(live.map((r) => [r.id, Number(r.id)]));
    for (const s of queries) {
      const query = q(s);
      const kept = live.filter((r) => recordMatches(r, query));
      const key = (r: DnsRecord) => [r.type, r.name, r.content];
      const sign = query.direction === "desc" ? -1 : 1;
      kept.sort((a, b) => {
        if (query.order) {
          const x = a[query.order];
          const y = b[query.order];
          const c = x < y ? -1 : x > y ? 1 : 0;
          return sign * c || rank.get(a.id)! - rank.get(b.id)!;
        }
        const [ka, kb] = [key(a), key(b)];
        for (let k = 0; k < 3; k++) if (ka[k] !== kb[k]) return sign * (ka[k]! < kb[k]! ? -1 : 1);
        return sign * (rank.get(a.id)! - rank.get(b.id)!);
      });
      const start = (query.page - 1) * query.perPage;
      const page = runList(z, query);
      expect(
        page.result.map((r) => r.id),
        s,
      ).toEqual(kept.slice(start, start + query.perPage).map((r) => r.id));
      expect(page.result_info.total_count, s).toBe(kept.length);
    }
  });
});
