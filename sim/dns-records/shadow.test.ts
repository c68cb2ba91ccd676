import { describe, expect, test } from "vitest";
import type { DnsRecord } from "./record.ts";
import { SHADOW_COUNT_CAP, shadowMetaOf } from "./shadow.ts";

const zone = "example.com";
let n = 0;
const rec = (type: string, name: string, content: string): DnsRecord =>
  ({ id: `id${++n}`, type, name, content, zone_name: zone }) as unknown as DnsRecord;
const zoneOf = (rs: DnsRecord[]) => ({
  atName: (name: string) => rs.filter((r) => r.name === name),
  unordered: () => rs,
});

describe("shadow metadata (docs shadowed-records.mdx)", () => {
  test("the docs' example: NS count, glue, shadowed record", () => {
    const ns = rec("NS", "sub.example.com", "ns1.sub.example.com.");
    const glue = rec("A", "ns1.sub.example.com", "192.0.2.1");
    const www = rec("A", "www.sub.example.com", "192.0.2.2");
    const apex = rec("NS", zone, "ns.x.net");
    const z = zoneOf([ns, glue, www, apex]);
    expect(shadowMetaOf(z, ns)).toEqual({ shadowed_records_count: 2 });
    expect(shadowMetaOf(z, glue)).toEqual({ shadowed_by: [ns.id], is_glue: true });
    expect(shadowMetaOf(z, www)).toEqual({ shadowed_by: [ns.id] });
    expect(shadowMetaOf(z, apex)).toEqual({});
  });
  test("unreachable glue is dead_glue; a CNAME at an NS target is not glue; a count of 0 is omitted", () => {
    const top = rec("NS", "sub.example.com", "ns1.sub.example.com");
    const deep = rec("NS", "a.sub.example.com", "ns1.a.sub.example.com");
    const glue = rec("AAAA", "ns1.a.sub.example.com", "2001:db8::1");
    const cname = rec("CNAME", "ns1.sub.example.com", "x.net");
    const lone = rec("NS", "lone.example.com", "ns.x.net");
    const z = zoneOf([top, deep, glue, cname, lone]);
    expect(shadowMetaOf(z, glue)).toEqual({ shadowed_by: [deep.id, top.id], is_glue: true, dead_glue: true });
    expect(shadowMetaOf(z, deep)).toEqual({ shadowed_by: [top.id], shadowed_records_count: 1 });
    expect(shadowMetaOf(z, cname)).toEqual({ shadowed_by: [top.id] });
    expect(shadowMetaOf(z, lone)).toEqual({});
  });
  test("the count is capped at 10,000", () => {
    const ns = rec("NS", "big.example.com", "ns.x.net");
    const rs = [
      ns,
      ...Array.from({ length: SHADOW_COUNT_CAP + 5 }, (_, i) => rec("A", `h${i}.big.example.com`, "192.0.2.1")),
    ];
    expect(shadowMetaOf(zoneOf(rs), ns).shadowed_records_count).toBe(SHADOW_COUNT_CAP);
  });
});
