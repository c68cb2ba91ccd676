import { describe, expect, test } from "vitest";
import { parseListQuery, runListQuery } from "./query.ts";
import type { DnsRecord } from "./record.ts";

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
  rec("1", "TXT", "b.example.com", '"x"', { tags: ["env:prod"], comment: "Hello" }),
  rec("2", "A", "b.example.com", "8.8.8.8", { proxied: true, ttl: 1 }),
  rec("3", "A", "a.example.com", "8.8.4.4", { ttl: 300 }),
  rec("4", "AAAA", "c.example.com", "2a00::1", { ttl: 120 }),
];
const q = (s: string) => parseListQuery(new URLSearchParams(s), zone);
const ids = (s: string) => runListQuery(all, q(s)).result.map((r) => r.id);

describe("list query", () => {
  test("default order type, name, content", () => {
    expect(ids("")).toEqual(["3", "2", "4", "1"]);
  });
  test("filters", () => {
    expect(ids("type=A")).toEqual(["3", "2"]);
    expect(ids("name=b")).toEqual(["2", "1"]);
    expect(ids("name=b.example.com")).toEqual(["2", "1"]);
    expect(ids("name.startswith=a.")).toEqual(["3"]);
    expect(ids("content.contains=8.8")).toEqual(["3", "2"]);
    expect(ids("proxied=true")).toEqual(["2"]);
    expect(ids("tag=env")).toEqual(["1"]);
    expect(ids("tag=env:prod")).toEqual(["1"]);
    expect(ids("tag=env:dev")).toEqual([]);
    expect(ids("comment.contains=ell")).toEqual(["1"]);
    expect(ids("type=AAAA&proxied=true&match=any")).toEqual(["2", "4"]);
    expect(ids("type=AAAA&proxied=true")).toEqual([]);
  });
  test("order and direction", () => {
    expect(ids("order=ttl&direction=desc")).toEqual(["3", "4", "1", "2"]);
    expect(ids("order=name")).toEqual(["3", "1", "2", "4"]);
  });
  test("pagination with result_info; past the end is an empty page", () => {
    expect(runListQuery(all, q("per_page=3&page=2"))).toMatchObject({
      result: [{ id: "1" }],
      result_info: { page: 2, per_page: 3, count: 1, total_count: 4, total_pages: 2 },
    });
    expect(runListQuery(all, q("per_page=3&page=9")).result_info).toEqual({
      page: 9,
      per_page: 3,
      count: 0,
      total_count: 4,
      total_pages: 2,
    });
  });
  test("malformed parameters are refused", () => {
    for (const s of ["page=0", "page=x", "per_page=0", "order=bogus", "direction=up", "match=some", "proxied=yes"]) {
      expect(() => q(s), s).toThrow();
    }
  });
});
