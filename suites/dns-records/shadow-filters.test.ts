/**
 * Area B: the shadowed-records list filters as the SDK's `RecordListParams` documents them
 * (cloudflare-typescript src/resources/dns/records.ts):
 * - `shadowing_name`: "Returns NS records that shadow the given name, searching at the name itself and
 *   each of its ancestor names within the zone, excluding the zone apex."
 * - `shadowed_by_name`: "Filters to records at or below the given NS delegation name, excluding the NS
 *   records that form the delegation itself. [...] Requires include_shadow_metadata=true."
 * The fixture: a delegation (two NS and a DS) with a deeper delegation under it, records below both, a
 * record outside, and an NS at the zone apex (which shadows nothing). The answers are compared whole.
 */
import { describe, expect, type TestContext } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type DnsRecord, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

interface Fixture {
  s: string;
  zone: string;
  r: Record<string, DnsRecord>;
}

let fixture: Promise<Fixture> | undefined;

async function make(records: Records): Promise<Fixture> {
  const s = uniqueLabel("sf");
  const zone = await records.zoneName();
  const ds = { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1F987CC6583E92DF0890718C42" };
  const r: Record<string, DnsRecord> = {};
  r.apexNs = await records.create({ type: "NS", name: "@", content: `ns-${s}.example.net` });
  r.ns1 = await records.create({ type: "NS", name: `deleg.${s}`, content: "ns1.example.net" });
  r.ns2 = await records.create({ type: "NS", name: `deleg.${s}`, content: "ns2.example.net" });
  r.ds = await records.create({ type: "DS", name: `deleg.${s}`, data: ds });
  r.deep = await records.create({ type: "NS", name: `sub.deleg.${s}`, content: "ns3.example.net" });
  r.host = await records.create({ type: "A", name: `host.deleg.${s}`, content: "198.51.100.101" });
  r.www = await records.create({ type: "A", name: `www.sub.deleg.${s}`, content: "198.51.100.102" });
  r.outside = await records.create({ type: "A", name: `other.${s}`, content: "198.51.100.103" });
  return { s, zone, r };
}

async function setup(ctx: TestContext): Promise<{ records: Records; f: Fixture }> {
  const { records } = await recordsOf(ctx);
  fixture ??= make(records);
  return { records, f: await fixture };
}

/** Asserts the whole answer of `query` is the fixture's records `keys` (any order). */
async function expectExactly(records: Records, f: Fixture, query: string, keys: string[], clause: string) {
  const byId = new Map(Object.entries(f.r).map(([k, r]) => [r.id, k]));
  const env = await records.list(`${query}&per_page=5000`);
  expect(
    env.result.map((r) => byId.get(r.id) ?? `${r.type} ${r.name} ${r.content}`).sort(),
    `GET dns_records?${query}: exactly these records [${clause}]`,
  ).toEqual([...keys].sort());
  expect(env.result_info?.total_count, `GET dns_records?${query}: result_info.total_count [${clause}]`).toBe(
    keys.length,
  );
}

const enc = encodeURIComponent;

describe("dns records: shadowed-records filters", () => {
  clauseTest(
    ["B.list.shadow-filters", "B.list.filter-params", "B.list.case-insensitive"],
    "shadowing_name: the NS records at the name and its ancestors, the apex NS never, names in any case",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const c = "B.list.shadow-filters";
      await expectExactly(records, f, `shadowing_name=${enc(`host.deleg.${f.s}`)}`, ["ns1", "ns2"], c);
      await expectExactly(records, f, `shadowing_name=${enc(`DELEG.${f.s}`.toUpperCase())}`, ["ns1", "ns2"], c);
      await expectExactly(records, f, `shadowing_name=${enc(`x.www.sub.deleg.${f.s}`)}`, ["ns1", "ns2", "deep"], c);
      await expectExactly(records, f, `shadowing_name=${enc(`sub.deleg.${f.s}.${f.zone}`)}`, ["ns1", "ns2", "deep"], c);
      await expectExactly(records, f, `shadowing_name=${enc(`other.${f.s}`)}`, [], c);
      await expectExactly(
        records,
        f,
        `shadowing_name=${enc(`host.deleg.${f.s}`)}&type=NS&match=any`,
        ["ns1", "ns2"],
        c,
      );
    },
  );

  clauseTest(
    ["B.list.shadow-filters", "B.list.filter-params"],
    "shadowed_by_name: records at or below the delegation, without its own NS records; the deeper NS is among them",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const c = "B.list.shadow-filters";
      const meta = "include_shadow_metadata=true";
      await expectExactly(
        records,
        f,
        `shadowed_by_name=${enc(`deleg.${f.s}`)}&${meta}`,
        ["ds", "deep", "host", "www"],
        c,
      );
      await expectExactly(records, f, `shadowed_by_name=${enc(`SUB.DELEG.${f.s}`.toUpperCase())}&${meta}`, ["www"], c);
      // match and tag_match with no filter to combine change nothing.
      await expectExactly(
        records,
        f,
        `shadowed_by_name=${enc(`deleg.${f.s}`)}&${meta}&match=any`,
        ["ds", "deep", "host", "www"],
        c,
      );
      await expectExactly(
        records,
        f,
        `shadowed_by_name=${enc(`deleg.${f.s}`)}&${meta}&type=A&tag_match=any`,
        ["host", "www"],
        c,
      );
      await expectExactly(records, f, `shadowed_by_name=${enc(`deleg.${f.s}`)}&${meta}&type=NS`, ["deep"], c);
    },
  );
  clauseTest(
    ["B.list.shadow-filters", "B.list.unknown-param", "B.validation.code"],
    "the zone apex as shadowing_name or shadowed_by_name, and shadowed_by_name without include_shadow_metadata=true, are refused (400 / 1004)",
    async (ctx) => {
      const { records, f } = await setup(ctx);
      const deleg = enc(`deleg.${f.s}`);
      // The control: the same parameters with a subdomain (and the metadata asked) are served.
      await expectExactly(records, f, `shadowing_name=${deleg}`, ["ns1", "ns2"], "B.list.shadow-filters");
      for (const q of [
        "shadowing_name=%40",
        `shadowing_name=${enc(f.zone)}`,
        `shadowing_name=${enc(f.zone.toUpperCase())}`,
        "shadowing_name=",
        "shadowed_by_name=%40&include_shadow_metadata=true",
        `shadowed_by_name=${enc(f.zone)}&include_shadow_metadata=true`,
        `shadowed_by_name=${deleg}`,
        `shadowed_by_name=${deleg}&include_shadow_metadata=false`,
        `tag.present=${enc("team:dns")}`,
        `tag.absent=${enc("a:b")}`,
        "tag.startswith=team",
      ]) {
        expectFailure(await records.api.request("GET", `${records.path}?${q}`), 400, 1004);
      }
    },
  );
});
