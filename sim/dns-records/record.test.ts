import { expect, test } from "vitest";
import { createCore } from "../core/index.ts";
import { DnsRecordsModel } from "./model.ts";
import { type DnsRecord, present, presentJson } from "./record.ts";

const ZONE = "f".repeat(32);

test("presentJson writes the bytes JSON.stringify(present(r)) gives, for records of every shape", () => {
  const m = new DnsRecordsModel(createCore({ seed: 3 }));
  const bodies: Record<string, unknown>[] = [
    { type: "A", name: "www", content: "192.0.2.1" },
    { type: "AAAA", name: "v6", content: "2001:DB8::1", proxied: true, comment: 'a "quoted" \\ \t comment \u2028' },
    { type: "MX", name: "@", content: "mail.example.net", priority: 0, tags: ["x:é\ud800", "b"] },
    { type: "TXT", name: "t", content: '"tab\there"' },
    { type: "TXT", name: "t", content: "back\\slash é ctl\u0001x" },
    { type: "TXT", name: "t", content: '"a\\"b"' },
    { type: "CNAME", name: "c", content: "x.example.net", settings: { flatten_cname: true } },
    { type: "SRV", name: "_s._tcp", data: { priority: 1, weight: 2, port: 3, target: "t.example.net" } },
    { type: "CAA", name: "caa", data: { flags: 0, tag: "issue", value: "ca.example" }, comment: "" },
    { type: "A", name: "xn--bcher-kva", content: "192.0.2.2", settings: { ipv4_only: true }, tags: ["k"] },
  ];
  // One character that needs an escape per comment (a quote would hide a missed backslash, and so on).
  const comments = [
    "back\\slash",
    "tab\there",
    "ctl\u001f",
    "lone \ud800",
    "low \udc00",
    "pair 😀",
    "del \u007f",
    'q"',
  ];
  for (const [i, comment] of comments.entries())
    bodies.push({ type: "A", name: `c${i}`, content: "192.0.2.9", comment });
  const records = bodies.map((b) => m.create(ZONE, "example.com", b));
  for (const r of records) expect(presentJson(r)).toBe(JSON.stringify(present(r)));
  // Another zone's record, then one of the first zone again (the zone fields' text is kept per zone).
  const other = { ...records[0]!, zone_id: "e".repeat(32), zone_name: 'other "zone"' };
  expect(presentJson(other)).toBe(JSON.stringify(present(other)));
  const empty = { ...records[0]!, zone_id: "", zone_name: "" };
  expect(presentJson(empty)).toBe(JSON.stringify(present(empty)));
  expect(presentJson(records[1]!)).toBe(JSON.stringify(present(records[1]!)));
  // A record of unusual field kinds (never written here) still comes out as JSON.stringify has it.
  const odd = { ...records[0]!, ttl: Number.NaN, comment: undefined } as unknown as DnsRecord;
  expect(presentJson(odd)).toBe(JSON.stringify(present(odd)));
  const odd2 = { ...records[2]!, priority: "5", meta: { ...records[2]!.meta, source: 'x"y' } } as unknown as DnsRecord;
  expect(presentJson(odd2)).toBe(JSON.stringify(present(odd2)));
});

test("stored records keep their field order (snapshots show it), with and without priority or data", () => {
  const m = new DnsRecordsModel(createCore({ seed: 4 }));
  const base = ["id", "zone_id", "zone_name", "name", "type", "content", "proxiable", "proxied", "ttl", "settings"];
  const tail = ["locked", "meta", "created_on", "modified_on"];
  const a = m.create(ZONE, "example.com", { type: "A", name: "a", content: "192.0.2.1", comment: "c", tags: ["t"] });
  expect(Object.keys(a)).toEqual([...base, "comment", "tags", ...tail, "comment_modified_on", "tags_modified_on"]);
  const mx = m.create(ZONE, "example.com", { type: "MX", name: "@", content: "m.example.net", priority: 1 });
  expect(Object.keys(mx)).toEqual([...base, "comment", "tags", "priority", ...tail]);
  const srv = { type: "SRV", name: "_s._tcp", data: { priority: 1, weight: 2, port: 3, target: "t.example.net" } };
  expect(Object.keys(m.create(ZONE, "example.com", srv))).toEqual([
    ...base,
    "comment",
    "tags",
    "priority",
    "data",
    ...tail,
  ]);
});
