/**
 * Area B: every list parameter of the SDK's `RecordListParams` (cloudflare-typescript,
 * src/resources/dns/records.ts), each checked so that an implementation ignoring it fails: the
 * records of one fixture under a unique label, listed with the parameter, must be exactly the
 * expected ones (other records of the zone are left out of the comparison, so the zone may be shared).
 */
import { describe, expect, type TestContext } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  checkEnvelope,
  cleanupAfterAll,
  type DnsRecord,
  expectFailure,
  type Records,
  recordsOf,
  uniqueLabel,
} from "./helpers.ts";

cleanupAfterAll();

interface Fixture {
  u: string;
  zone: string;
  r: Record<string, DnsRecord>;
}

let fixture: Promise<Fixture> | undefined;

async function make(records: Records): Promise<Fixture> {
  const u = uniqueLabel("lf");
  const zone = await records.zoneName();
  const r: Record<string, DnsRecord> = {};
  r.www = await records.create({
    type: "A",
    name: `www.${u}`,
    content: "198.51.100.31",
    ttl: 300,
    comment: "Hello World",
    tags: ["Env:Prod", "owner:dns-team"],
  });
  r.api = await records.create({
    type: "A",
    name: `api.${u}`,
    content: "198.51.100.32",
    proxied: true,
    tags: ["env:staging"],
  });
  r.www6 = await records.create({
    type: "AAAA",
    name: `www.${u}`,
    content: "2001:db8::33",
    ttl: 600,
    comment: "other note",
  });
  r.txt = await records.create({ type: "TXT", name: `txt.${u}`, content: "hello txt", tags: ["keep"] });
  r.mx = await records.create({ type: "MX", name: u, content: "mail.example.net", priority: 10, comment: "mail" });
  r.alias = await records.create({ type: "CNAME", name: `wwwalias.${u}`, content: "www.example.net", ttl: 120 });
  r.ns = await records.create({ type: "NS", name: `deleg.${u}`, content: "ns1.example.net" });
  r.host = await records.create({ type: "A", name: `host.deleg.${u}`, content: "198.51.100.38" });
  return { u, zone, r };
}

async function setup(ctx: TestContext): Promise<{ records: Records; f: Fixture }> {
  const { records } = await recordsOf(ctx);
  fixture ??= make(records);
  return { records, f: await fixture };
}

/** Keys of the fixture's records the listing returns, in listing order. */
async function listed(records: Records, f: Fixture, query: string): Promise<string[]> {
  const byId = new Map(Object.entries(f.r).map(([k, r]) => [r.id, k]));
  const env = await records.list(`${query}${query ? "&" : ""}per_page=5000`);
  return env.result.map((r) => byId.get(r.id)).filter((k): k is string => k !== undefined);
}

async function expectSet(records: Records, f: Fixture, query: string, keys: string[]): Promise<void> {
  expect((await listed(records, f, query)).sort(), query).toEqual([...keys].sort());
}

const ALL = ["www", "api", "www6", "txt", "mx", "alias", "ns", "host"];
const except = (...keys: string[]) => ALL.filter((k) => !keys.includes(k));

describe("dns records: list parameters (RecordListParams)", () => {
  clauseTest(["B.list.filters", "B.list.filter-params"], "type and proxied", async (ctx) => {
    const { records, f } = await setup(ctx);
    await expectSet(records, f, "type=A", ["www", "api", "host"]);
    await expectSet(records, f, "type=MX", ["mx"]);
    await expectSet(records, f, "proxied=true", ["api"]);
    await expectSet(records, f, "proxied=false", except("api"));
  });

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive"],
    "name, name.exact (relative or full, any case), name.contains, name.startswith, name.endswith",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const full = `www.${f.u}.${f.zone}`;
      await expectSet(records, f, `name=${encodeURIComponent(`www.${f.u}`)}`, ["www", "www6"]);
      await expectSet(records, f, `name.exact=${encodeURIComponent(full.toUpperCase())}`, ["www", "www6"]);
      await expectSet(records, f, `name.contains=${encodeURIComponent(`WW.${f.u}`)}`, ["www", "www6"]);
      await expectSet(records, f, `name.contains=${encodeURIComponent(`walias.${f.u}`)}`, ["alias"]);
      await expectSet(records, f, `name.startswith=${encodeURIComponent(`www.${f.u}`)}`, ["www", "www6"]);
      await expectSet(records, f, `name.startswith=${encodeURIComponent(`WWWALIAS.${f.u}`)}`, ["alias"]);
      await expectSet(records, f, `name.endswith=${encodeURIComponent(`.DELEG.${f.u}.${f.zone}`)}`, ["host"]);
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive"],
    "content, content.exact (any case), content.contains, content.startswith, content.endswith",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      await expectSet(records, f, "content=198.51.100.31", ["www"]);
      await expectSet(records, f, "content.exact=2001:DB8::33", ["www6"]);
      await expectSet(records, f, "content.contains=51.100.3", ["www", "api", "host"]);
      await expectSet(records, f, "content.startswith=MAIL.", ["mx"]);
      await expectSet(records, f, "content.endswith=.EXAMPLE.NET", ["mx", "alias", "ns"]);
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive"],
    "comment: exact, contains, startswith, endswith (case-insensitive), present, absent",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      await expectSet(records, f, "comment=hello%20world", ["www"]);
      await expectSet(records, f, "comment.exact=HELLO%20WORLD", ["www"]);
      await expectSet(records, f, "comment.contains=NOTE", ["www6"]);
      await expectSet(records, f, "comment.startswith=hel", ["www"]);
      await expectSet(records, f, "comment.endswith=AIL", ["mx"]);
      await expectSet(records, f, "comment.present=present", ["www", "www6", "mx"]);
      await expectSet(records, f, "comment.absent=absent", except("www", "www6", "mx"));
    },
  );

  clauseTest(
    ["B.list.filters", "B.list.filter-params", "B.list.case-insensitive"],
    "tag: exact, contains, startswith, endswith on name:value, present, absent (case-insensitive); tag_match",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      await expectSet(records, f, "tag.present=env", ["www", "api"]);
      await expectSet(records, f, "tag.present=ENV", ["www", "api"]);
      await expectSet(records, f, "tag.absent=Env", except("www", "api"));
      await expectSet(records, f, "tag.exact=env:prod", ["www"]);
      await expectSet(records, f, "tag.contains=env:STAG", ["api"]);
      await expectSet(records, f, "tag.startswith=owner:dns", ["www"]);
      await expectSet(records, f, "tag.endswith=env:ing", ["api"]);
      await expectSet(records, f, "tag.exact=env:prod&tag.present=keep", []);
      await expectSet(records, f, "tag.exact=env:prod&tag.present=keep&tag_match=all", []);
      await expectSet(records, f, "tag.exact=env:prod&tag.present=keep&tag_match=any", ["www", "txt"]);
    },
  );

  clauseTest(["B.list.filters", "B.list.filter-params"], "match any|all; search", async (ctx) => {
    const { records, f } = await setup(ctx);
    await expectSet(records, f, "type=MX&proxied=true", []);
    await expectSet(records, f, "type=MX&proxied=true&match=all", []);
    await expectSet(records, f, "type=MX&proxied=true&match=any", ["mx", "api"]);
    // tag_match decides inside the tag filters, match between them and the others.
    await expectSet(records, f, "type=TXT&tag.present=env&tag.exact=env:prod&match=any", ["txt", "www"]);
    await expectSet(records, f, `search=${encodeURIComponent("hello")}`, ["www", "txt"]);
    await expectSet(records, f, `search=${encodeURIComponent(`host.deleg.${f.u}`)}`, ["host"]);
  });

  clauseTest(["B.list.filters", "B.list.filter-params"], "order by each field, direction asc|desc", async (ctx) => {
    const { records, f } = await setup(ctx);
    const ours = `name.endswith=${encodeURIComponent(`${f.u}.${f.zone}`)}`;
    const order = (q: string) => `GET dns_records?type=A&${q}: the A records in that order [B.list.filters]`;
    expect(await listed(records, f, `${ours}&type=A&order=content`), order("order=content")).toEqual([
      "www",
      "api",
      "host",
    ]);
    expect(
      await listed(records, f, `${ours}&type=A&order=content&direction=desc`),
      order("order=content&direction=desc"),
    ).toEqual(["host", "api", "www"]);
    expect(
      await listed(records, f, `${ours}&order=ttl&direction=desc&type=A`),
      order("order=ttl&direction=desc"),
    ).toEqual(["www", "api", "host"]);
    expect(await listed(records, f, `${ours}&order=name&type=A`), order("order=name")).toEqual(["api", "host", "www"]);
    expect(
      await listed(records, f, `${ours}&order=proxied&direction=desc&type=A`),
      order("order=proxied&direction=desc"),
    ).toEqual(["api", "www", "host"]);
    const byType = await listed(records, f, `${ours}&order=type`);
    expect(byType.indexOf("mx"), "GET dns_records?order=type: MX before TXT").toBeLessThan(byType.indexOf("txt"));
    expect(byType.indexOf("alias"), "GET dns_records?order=type: CNAME before MX").toBeLessThan(byType.indexOf("mx"));
    const byTypeDesc = await listed(records, f, `${ours}&order=type&direction=desc`);
    expect(byTypeDesc.indexOf("mx"), "GET dns_records?order=type&direction=desc: MX after TXT").toBeGreaterThan(
      byTypeDesc.indexOf("txt"),
    );
  });

  clauseTest(
    ["B.list.case-insensitive", "B.list.filter-params"],
    "content filters ignore the case of the STORED content too: TXT 'Hello World' found by lower-case filters",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = await records.fqdn(uniqueLabel("cs"));
      const txt = await records.create({ type: "TXT", name, content: '"Hello World"' });
      const mixed = await records.create({ type: "TXT", name, content: '"MiXeD CaSe Value"' });
      const at = `name=${encodeURIComponent(name)}`;
      const ids = async (q: string) => (await records.list(`${at}&${q}`)).result.map((r) => r.id).sort();
      for (const q of [
        `content=${encodeURIComponent('"hello world"')}`,
        `content.exact=${encodeURIComponent('"hello world"')}`,
        "content.contains=lo%20wor",
        `content.startswith=${encodeURIComponent('"hello')}`,
        `content.endswith=${encodeURIComponent('world"')}`,
      ]) {
        expect(await ids(q), q).toEqual([txt.id]);
      }
      const q = (query: string, what: string) => `GET dns_records?${query}: ${what} [B.list.case-insensitive]`;
      expect(await ids("content.contains=mixed%20case"), q("content.contains=mixed case", "the MiXeD record")).toEqual([
        mixed.id,
      ]);
      expect(await ids("search=hello%20world"), q("search=hello world", "the Hello World record")).toEqual([txt.id]);
      expect(await ids("content.contains=WORLD"), q("content.contains=WORLD", "the Hello World record")).toEqual([
        txt.id,
      ]);
    },
  );

  clauseTest(
    ["B.list.pagination", "B.list.filter-params"],
    "page and per_page cut the filtered list; result_info counts it",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const ours = `name.endswith=${encodeURIComponent(`.${f.u}.${f.zone}`)}&order=name`;
      const all = (await records.list(`${ours}&per_page=50`)).result.map((r) => r.id);
      const p2 = await records.list(`${ours}&per_page=3&page=2`);
      expect(
        p2.result.map((r) => r.id),
        "GET dns_records?per_page=3&page=2: records 4 to 6 of the list",
      ).toEqual(all.slice(3, 6));
      expect(p2.result_info, "GET dns_records?per_page=3&page=2: result_info [B.list.pagination]").toEqual({
        page: 2,
        per_page: 3,
        count: 3,
        total_count: all.length,
        total_pages: 3,
      });
    },
  );

  clauseTest(
    ["B.list.pagination", "B.list.default-per-page"],
    "without per_page a page holds 100 records",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("pp");
      const posts = Array.from({ length: 101 }, (_, i) => ({ type: "TXT", name: `r${i}.${u}`, content: `n${i}` }));
      checkEnvelope(await records.batch({ posts }));
      const env = await records.list(`name.endswith=${encodeURIComponent(`.${u}.${await records.zoneName()}`)}`);
      expect(
        env.result,
        "GET dns_records without per_page, 101 matching: 100 on the page [B.list.default-per-page]",
      ).toHaveLength(100);
      expect(env.result_info, "GET dns_records without per_page: result_info of page 1 of 2").toMatchObject({
        page: 1,
        per_page: 100,
        count: 100,
        total_count: 101,
        total_pages: 2,
      });
    },
  );

  clauseTest(
    ["B.list.filter-params"],
    "include_shadow_metadata, shadowing_name, shadowed_by_name (shadowed records)",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      await expectSet(records, f, `shadowing_name=${encodeURIComponent(`host.deleg.${f.u}`)}`, ["ns"]);
      const q = `shadowed_by_name=${encodeURIComponent(`deleg.${f.u}`)}&include_shadow_metadata=true`;
      await expectSet(records, f, q, ["host"]);
      const env = await records.list(`${q}&per_page=50`);
      const host = env.result.find((r) => r.id === f.r.host!.id);
      expect(
        (host?.meta as { shadowed_by?: string[] } | undefined)?.shadowed_by,
        "GET dns_records?include_shadow_metadata=true: meta.shadowed_by of the shadowed record names the NS",
      ).toEqual([f.r.ns!.id]);
    },
  );

  clauseTest(
    ["B.list.unknown-param", "B.validation.code"],
    "an unknown, repeated or malformed list parameter is 400 / 1004, not ignored",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      // The control: the list with valid parameters is served, so each refusal below is the parameter's.
      expect(
        checkEnvelope(await records.api.request("GET", `${records.path}?type=A&page=1&per_page=5`)).success,
        "the control: GET ?type=A&page=1&per_page=5 succeeds [B.list.unknown-param]",
      ).toBe(true);
      for (const q of [
        "colour=red",
        "name.like=x",
        "comment.regex=x",
        "tag.like=x:y",
        "type=BOGUS",
        "match=some",
        "tag_match=some",
        "order=bogus",
        "direction=up",
        "proxied=yes",
        "page=0",
        "per_page=0",
        "tag.exact=novalue",
        "type=A&type=MX",
        "shadowed_by_name=x",
      ]) {
        expectFailure(await records.api.request("GET", `${records.path}?${q}`), 400, 1004);
      }
    },
  );
});
