/**
 * Area B: pages of filtered and ordered lists. Thirteen records of several types under one unique
 * prefix, listed with each filter of the SDK's `RecordListParams` (alone and combined, values in another
 * case than stored), in each direction and several orders, three to a page: every page must hold what
 * result_info says, the last page the rest, a page past the end nothing, and the pages together must be
 * exactly the unpaged list, which must be exactly the records the filter selects. Also the bounds of
 * per_page (the OpenAPI's `dns-records_per_page`: minimum 1, maximum 5e6, default 100).
 */
import { describe, expect, type TestContext } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

interface Fixture {
  u: string;
  zone: string;
  r: Record<string, DnsRecord>;
}

let fixture: Promise<Fixture> | undefined;

/** The fixture's records by key (relative names under the unique prefix `u`). */
function bodies(u: string): Record<string, Record<string, unknown>> {
  return {
    a1: { type: "A", name: u, content: "198.51.100.11", ttl: 300, tags: ["Env:Prod"], comment: "Edge One" },
    a2: { type: "A", name: u, content: "198.51.100.12", proxied: true },
    q1: { type: "AAAA", name: u, content: "2001:db8::11", ttl: 600 },
    a3: { type: "A", name: `${u}-b`, content: "198.51.100.11", ttl: 120, tags: ["env:dev"] },
    a4: { type: "A", name: `${u}-b.in`, content: "198.51.100.13", proxied: true },
    t1: { type: "TXT", name: u, content: '"alpha"' },
    t2: { type: "TXT", name: `${u}-b`, content: '"Beta Text"', comment: "edge two" },
    t3: { type: "TXT", name: `${u}-c`, content: '"gamma"', tags: ["team:dns"] },
    mx: { type: "MX", name: u, content: "mail.example.net", priority: 10 },
    cn: { type: "CNAME", name: `${u}-d`, content: "target.example.net", ttl: 1800 },
    q2: { type: "AAAA", name: `${u}-c`, content: "2001:db8::12", tags: ["Env:prod"] },
    t4: { type: "TXT", name: `${u}-c.in`, content: '"delta"', ttl: 3600 },
    a5: { type: "A", name: `${u}-e`, content: "198.51.100.14", comment: "EDGE" },
  };
}

async function make(records: Records): Promise<Fixture> {
  const u = uniqueLabel("lp");
  const zone = await records.zoneName();
  const want = bodies(u);
  const res = await records.batch({ posts: Object.values(want) });
  expect(res.status, `POST dns_records/batch (13 posts of the paging fixture): status [B.batch.order-atomic]`).toBe(
    200,
  );
  const posts = (res.json.result as { posts: DnsRecord[] }).posts;
  expect(posts.length, "POST dns_records/batch: result.posts holds every posted record [B.batch.order-atomic]").toBe(
    13,
  );
  const r: Record<string, DnsRecord> = {};
  Object.keys(want).forEach((k, i) => {
    r[k] = posts[i]!;
  });
  return { u, zone, r };
}

async function setup(ctx: TestContext): Promise<{ records: Records; f: Fixture }> {
  const { records } = await recordsOf(ctx);
  fixture ??= make(records);
  return { records, f: await fixture };
}

const PER_PAGE = 3;

/**
 * Lists `query` unpaged and in pages of PER_PAGE; asserts result_info of every page, that the pages
 * together are the unpaged list, and that the records are exactly `keys` of the fixture. Returns the
 * unpaged list.
 */
async function expectPaged(records: Records, f: Fixture, query: string, keys: string[]): Promise<DnsRecord[]> {
  const call = `GET dns_records?${query}`;
  const all = (await records.list(`${query}&per_page=5000`)).result;
  const byId = new Map(Object.entries(f.r).map(([k, r]) => [r.id, k]));
  expect(
    all.map((r) => byId.get(r.id) ?? `${r.type} ${r.name} (not of the fixture)`).sort(),
    `${call}: exactly the records the filters select [B.list.filter-params]`,
  ).toEqual([...keys].sort());
  const total = all.length;
  const totalPages = Math.ceil(total / PER_PAGE);
  const paged: DnsRecord[] = [];
  for (let page = 1; page <= totalPages + 1; page++) {
    const env = await records.list(`${query}&per_page=${PER_PAGE}&page=${page}`);
    const count = Math.max(0, Math.min(PER_PAGE, total - (page - 1) * PER_PAGE));
    expect(
      env.result_info,
      `${call}&per_page=${PER_PAGE}&page=${page}: result_info of page ${page} of ${totalPages} [B.list.pages-partition]`,
    ).toEqual({ page, per_page: PER_PAGE, count, total_count: total, total_pages: totalPages });
    expect(
      env.result.length,
      `${call}&per_page=${PER_PAGE}&page=${page}: result holds result_info.count records [B.list.pages-partition]`,
    ).toBe(count);
    paged.push(...env.result);
  }
  expect(
    paged.map((r) => r.id),
    `${call}: pages 1..${totalPages} of ${PER_PAGE} together are the unpaged list, in its order [B.list.pages-partition]`,
  ).toEqual(all.map((r) => r.id));
  return all;
}

const ALL = ["a1", "a2", "q1", "a3", "a4", "t1", "t2", "t3", "mx", "cn", "q2", "t4", "a5"];
const except = (...keys: string[]) => ALL.filter((k) => !keys.includes(k));
const enc = encodeURIComponent;

describe("dns records: pages of filtered lists", () => {
  clauseTest(
    ["B.list.pages-partition", "B.list.pagination", "B.list.filter-params", "B.list.case-insensitive"],
    "type, proxied, content and tag filters under a name prefix, ascending and descending, cut into pages",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const U = f.u.toUpperCase();
      const base = `name.startswith=${enc(U)}`;
      const cases: [string, string[]][] = [
        ["", ALL],
        ["type=A", ["a1", "a2", "a3", "a4", "a5"]],
        ["type=TXT", ["t1", "t2", "t3", "t4"]],
        ["proxied=true", ["a2", "a4"]],
        ["proxied=false", except("a2", "a4")],
        ["type=A&proxied=false", ["a1", "a3", "a5"]],
        ["content=198.51.100.11", ["a1", "a3"]],
        ["content.exact=2001:DB8::11", ["q1"]],
        ["type=A&content=198.51.100.11", ["a1", "a3"]],
        ["content=198.51.100.11&proxied=false", ["a1", "a3"]],
        [`tag=${enc("ENV:prod")}`, ["a1", "q2"]],
        ["tag.present=Env", ["a1", "a3", "q2"]],
        [`tag.exact=${enc("env:PROD")}&type=AAAA`, ["q2"]],
        [`tag.exact=${enc("env:prod")}&tag.present=ENV`, ["a1", "q2"]],
      ];
      for (const [q, keys] of cases) {
        for (const dir of ["", "&direction=asc", "&direction=desc"]) {
          await expectPaged(records, f, `${base}${q ? `&${q}` : ""}${dir}`, keys);
        }
      }
    },
  );

  clauseTest(
    ["B.list.pages-partition", "B.list.pagination", "B.list.filter-params", "B.list.case-insensitive"],
    "name exact and startswith (relative, upper case), contains, endswith, comment and tag variants, cut into pages",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const U = f.u.toUpperCase();
      const base = `name.startswith=${enc(U)}`;
      const Z = f.zone.toUpperCase();
      const cases: [string, string[]][] = [
        [`name=${enc(U)}`, ["a1", "a2", "q1", "t1", "mx"]],
        [`name.exact=${enc(`${U}.${Z}`)}&type=A`, ["a1", "a2"]],
        [`name=${enc(`${U}-B.IN`)}`, ["a4"]],
        [`name.startswith=${enc(`${U}-C`)}`, ["t3", "q2", "t4"]],
        [`name.startswith=${enc(`${U}-B`)}&type=A`, ["a3", "a4"]],
        [`${base}&name.endswith=${enc(`.IN.${Z}`)}`, ["a4", "t4"]],
        [`${base}&name.contains=${enc("-C")}`, ["t3", "q2", "t4"]],
        [`${base}&content.contains=51.100.1`, ["a1", "a2", "a3", "a4", "a5"]],
        [`${base}&content.startswith=${enc('"')}`, ["t1", "t2", "t3", "t4"]],
        [`${base}&content.endswith=.EXAMPLE.NET`, ["mx", "cn"]],
        [`${base}&comment.contains=EDGE`, ["a1", "t2", "a5"]],
        [`${base}&comment.startswith=edge%20t`, ["t2"]],
        [`${base}&comment.exact=Edge`, ["a5"]],
        [`${base}&comment.startswith=edge`, ["a1", "t2", "a5"]],
        [`${base}&comment.endswith=ONE`, ["a1"]],
        [`${base}&comment.exact=${enc("edge TWO")}`, ["t2"]],
        [`${base}&comment.present=x`, ["a1", "t2", "a5"]],
        [`${base}&comment.absent=x`, except("a1", "t2", "a5")],
        [`${base}&tag.absent=ENV`, except("a1", "a3", "q2")],
        [`${base}&tag.startswith=${enc("env:PR")}`, ["a1", "q2"]],
        [`${base}&tag.endswith=${enc("TEAM:ns")}`, ["t3"]],
        [`${base}&tag.contains=${enc("env:e")}`, ["a3"]],
        [`${base}&tag.startswith=${enc("team:D")}`, ["t3"]],
        [`${base}&type=A&tag_match=any`, ["a1", "a2", "a3", "a4", "a5"]],
        [`${base}&tag.present=env&tag.exact=${enc("TEAM:dns")}&tag_match=any`, ["a1", "a3", "q2", "t3"]],
      ];
      for (const [q, keys] of cases) {
        for (const dir of ["", "&direction=desc"]) await expectPaged(records, f, `${q}${dir}`, keys);
      }
    },
  );

  clauseTest(
    ["B.list.pages-partition", "B.list.filters", "B.list.filter-params"],
    "order by ttl, type, content, proxied and name, asc and desc, cut into pages: each page continues the order",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const base = `name.startswith=${enc(f.u.toUpperCase())}`;
      const cmp = (a: string | number | boolean, b: string | number | boolean) => (a < b ? -1 : a > b ? 1 : 0);
      const orders: [string, string[], (r: DnsRecord) => string | number | boolean][] = [
        ["order=ttl", ALL, (r) => r.ttl],
        ["order=type", ALL, (r) => r.type],
        ["order=proxied", ALL, (r) => r.proxied],
        ["type=A&order=content", ["a1", "a2", "a3", "a4", "a5"], (r) => r.content],
        ["type=TXT&order=name", ["t1", "t2", "t3", "t4"], (r) => r.name],
      ];
      for (const [q, keys, key] of orders) {
        for (const dir of ["asc", "desc"]) {
          const query = `${base}&${q}&direction=${dir}`;
          const all = await expectPaged(records, f, query, keys);
          const sign = dir === "asc" ? 1 : -1;
          const wrong = all.findIndex((r, i) => i > 0 && sign * cmp(key(all[i - 1]!), key(r)) > 0);
          expect(
            wrong,
            `GET dns_records?${query}: the records are in ${dir} order of the field (first out of order at index ${wrong}) [B.list.filters]`,
          ).toBe(-1);
        }
      }
    },
  );

  clauseTest(
    ["B.list.per-page-bounds", "B.list.pagination", "B.list.unknown-param"],
    "per_page 1 and 5,000,000 are served, 0 and 5,000,001 refused (400 / 1004); per_page 1 pages one record at a time",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const q = `name=${enc(f.u)}`;
      const one = await records.list(`${q}&per_page=1&page=5`);
      expect(
        one.result_info,
        `GET dns_records?${q}&per_page=1&page=5: result_info (5 records at the name) [B.list.per-page-bounds]`,
      ).toEqual({
        page: 5,
        per_page: 1,
        count: 1,
        total_count: 5,
        total_pages: 5,
      });
      const max = await records.list(`${q}&per_page=5000000`);
      expect(max.result_info, `GET dns_records?${q}&per_page=5000000: result_info [B.list.per-page-bounds]`).toEqual({
        page: 1,
        per_page: 5000000,
        count: 5,
        total_count: 5,
        total_pages: 1,
      });
      for (const bad of ["per_page=0", "per_page=5000001", "page=0", "per_page=-1", "page=-2"]) {
        expectFailure(await records.api.request("GET", `${records.path}?${q}&${bad}`), 400, 1004);
      }
    },
  );
  clauseTest(
    ["B.list.filter-params", "B.name.apex", "B.list.case-insensitive"],
    "name=@ and name=<the zone's name, any case> list the records at the apex, and only those",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const apex = await records.create({ type: "TXT", name: "@", content: `"apex ${f.u}"` });
      for (const q of ["name=%40", `name=${enc(f.zone.toUpperCase())}`, `name.exact=${enc(f.zone)}`]) {
        const env = await records.list(`${q}&per_page=5000`);
        expect(
          env.result.filter((r) => r.name !== f.zone).map((r) => `${r.type} ${r.name}`),
          `GET dns_records?${q}: every record listed is at the apex ${f.zone} [B.name.apex]`,
        ).toEqual([]);
        expect(
          env.result.map((r) => r.id),
          `GET dns_records?${q}: holds our apex TXT [B.name.apex]`,
        ).toContain(apex.id);
        const one = await records.list(`${q}&content=${enc(apex.content)}`);
        expect(
          one.result.map((r) => r.id),
          `GET dns_records?${q}&content=<our apex TXT>: exactly that record [B.list.filter-params]`,
        ).toEqual([apex.id]);
      }
      expect(
        (await records.list(`name=${enc(f.u)}&per_page=5000`)).result.map((r) => r.id),
        `GET dns_records?name=${f.u}: not the apex record [B.list.filter-params]`,
      ).not.toContain(apex.id);
    },
  );
  clauseTest(
    ["B.list.filter-params", "B.list.unknown-param", "B.validation.code"],
    "type= each of the 21 record types of the SDK's RecordListParams is served; malformed values and operators are refused (400 / 1004)",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const base = `name.startswith=${enc(f.u)}`;
      const have: Record<string, string[]> = {
        A: ["a1", "a2", "a3", "a4", "a5"],
        AAAA: ["q1", "q2"],
        TXT: ["t1", "t2", "t3", "t4"],
        MX: ["mx"],
        CNAME: ["cn"],
      };
      // RecordListParams.type (cloudflare-typescript src/resources/dns/records.ts).
      for (const type of [
        "A",
        "AAAA",
        "CAA",
        "CERT",
        "CNAME",
        "DNSKEY",
        "DS",
        "HTTPS",
        "LOC",
        "MX",
        "NAPTR",
        "NS",
        "OPENPGPKEY",
        "PTR",
        "SMIMEA",
        "SRV",
        "SSHFP",
        "SVCB",
        "TLSA",
        "TXT",
        "URI",
      ]) {
        const env = await records.list(`${base}&type=${type}`);
        const byId = new Map(Object.entries(f.r).map(([k, r]) => [r.id, k]));
        expect(
          env.result.map((r) => byId.get(r.id) ?? `${r.type} ${r.name}`).sort(),
          `GET dns_records?type=${type} under our prefix: our records of that type [B.list.filter-params]`,
        ).toEqual([...(have[type] ?? [])].sort());
      }
      for (const bad of [
        "per_page=abc",
        "per_page=",
        "page=1.5",
        "page=x",
        `tag.exact=${enc(":prod")}`,
        "tag.present=",
        "tag.regex=x",
        "name.present=x",
        "content.absent=x",
        "include_shadow_metadata=yes",
        "order=priority",
        "direction=descending",
        "name=a&name=b",
        "content.contains=a&content.contains=b",
      ]) {
        expectFailure(await records.api.request("GET", `${records.path}?${base}&${bad}`), 400, 1004);
      }
    },
  );
});
