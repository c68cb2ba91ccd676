/**
 * Area B: the example requests of the spec and of the platform's documentation, sent as shown
 * (the docs' zone `example.com` replaced by the target's zone), each answered as the example shows.
 * Each test names its source. Where a docs response contradicts its own request (ttl 1 for a DNS-only
 * ttl 3600; type "A" for a CNAME), the request and the documented rules win: see
 * docs/choices/dns-records.md ("Docs examples"). The docs' MX example sends no priority: the platform
 * refuses that (9100), so the test checks the refusal and then the example's answer with priority 10.
 *
 * On a shared zone (target http): the examples use the docs' fixed names (www, @, *). Every record a
 * test makes is marked at once with the comment MARK (after its answer is checked) and deleted after
 * the test; before a test, records at its names that carry MARK (left by an interrupted run) are
 * deleted, and a record of the user's that the example would clash with (identical, CNAME or NS
 * conflict) skips the test, naming the record: never deleted, never a pass.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  checkEnvelope,
  cleanupAfterAll,
  clearPlanned,
  type DnsRecord,
  expectFailure,
  markRecords,
  type Planned,
  recordsOf,
  uniqueLabel,
} from "./helpers.ts";

cleanupAfterAll();

let made: { records: Awaited<ReturnType<typeof recordsOf>>["records"] } | undefined;
afterEach(async () => {
  // Examples reuse the docs' names (www, @, *): each test removes what it made before the next.
  await made?.records.cleanup();
});

/** The comment that marks a record made by these examples (safe to delete in a later run). */
const MARK = "edgeconf examples: safe to delete";

async function setup(ctx: Parameters<typeof recordsOf>[0], planned: readonly Planned[] = []) {
  const { records } = await recordsOf(ctx);
  made = { records };
  const zone = await records.zoneName();
  /** The docs' names, in this zone. */
  const inZone = (name: string) => (name === "@" ? zone : name.replace(/example\.com$/, zone));
  const names = planned.map((p) => ({ ...p, name: inZone(p.name) }));
  await clearPlanned(ctx, records, names, MARK);
  /** Marks what a test made (after its answer was checked), so an interrupted run's leftovers are known. */
  const mark = (...rs: readonly DnsRecord[]) => markRecords(records, MARK, ...rs);
  /** `records.create`, marked at once; answers the create's own result. */
  const create = async (body: Record<string, unknown>) => {
    const r = await records.create(body);
    await mark(r);
    return r;
  };
  return { records, zone, inZone, create, mark };
}

const META = { auto_added: false, managed_by_apps: false, source: "primary" };

describe("dns records: example requests of the spec and the docs", () => {
  clauseTest(
    ["B.examples.accepted", "B.ttl.proxied-3600-answers-1", "B.ttl.proxied-auto"],
    "spec, Resources (TTL rule 4): an A record for 198.51.100.4, proxied, sent with ttl 3600, answers ttl 1",
    async (ctx) => {
      const body = { type: "A", name: "www.example.com", content: "198.51.100.4", ttl: 3600, proxied: true };
      const { create, inZone } = await setup(ctx, [body]);
      const r = await create({ ...body, name: inZone(body.name) });
      expect(
        r,
        "POST A 198.51.100.4 proxied, ttl 3600 (spec example): the record with ttl 1 [B.ttl.proxied-3600-answers-1]",
      ).toMatchObject({ type: "A", content: "198.51.100.4", proxied: true, proxiable: true, ttl: 1 });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.srv.content", "B.record.proxiable-srv-false"],
    "spec (SRV example) and docs dns-record-types.mdx 'SRV, Example API call': _xmpp._tcp, data {10, 5, 5223, server.example.com}",
    async (ctx) => {
      const planned = [{ type: "SRV", name: "_xmpp._tcp.example.com", content: "5 5223 server.example.com" }];
      const { create, inZone } = await setup(ctx, planned);
      const body = {
        type: "SRV",
        name: inZone("_xmpp._tcp.example.com"),
        data: { priority: 10, weight: 5, port: 5223, target: "server.example.com" },
      };
      const r = await create(body);
      expect(
        r,
        "POST SRV _xmpp._tcp (spec example): the response as shown, content from data, not proxiable [B.srv.content]",
      ).toMatchObject({
        name: inZone("_xmpp._tcp.example.com"),
        type: "SRV",
        content: "5 5223 server.example.com",
        priority: 10,
        proxiable: false,
        proxied: false,
        ttl: 1,
        locked: false,
        data: { port: 5223, priority: 10, target: "server.example.com", weight: 5 },
        meta: expect.objectContaining(META),
        comment: null,
        tags: [],
      });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.ttl.dns-only-custom"],
    "docs dns-record-types.mdx 'A and AAAA, Example API call': www 192.0.2.1, ttl 3600, DNS only",
    async (ctx) => {
      const planned = [{ type: "A", name: "www.example.com", content: "192.0.2.1" }];
      const { create, inZone, zone } = await setup(ctx, planned);
      const body = { type: "A", name: inZone("www.example.com"), content: "192.0.2.1", ttl: 3600, proxied: false };
      const r = await create(body);
      // The docs' response shows ttl 1 for this DNS-only ttl 3600 request; the TTL rules (DNS only:
      // customizable) and the request win (docs/choices/dns-records.md).
      expect(
        r,
        "POST A www 192.0.2.1 ttl 3600 DNS only (docs example): the response as shown, ttl 3600 kept [B.ttl.dns-only-custom]",
      ).toMatchObject({
        zone_name: zone,
        name: inZone("www.example.com"),
        type: "A",
        content: "192.0.2.1",
        proxiable: true,
        proxied: false,
        ttl: 3600,
        locked: false,
        meta: expect.objectContaining({ source: "primary" }),
        comment: null,
        tags: [],
      });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.type.cname-fqdn"],
    "docs dns-record-types.mdx 'CNAME, Example API call': www -> www.another-example.com, ttl 3600, DNS only",
    async (ctx) => {
      const planned = [{ type: "CNAME", name: "www.example.com", content: "www.another-example.com" }];
      const { create, inZone } = await setup(ctx, planned);
      const body = {
        type: "CNAME",
        name: inZone("www.example.com"),
        content: "www.another-example.com",
        ttl: 3600,
        proxied: false,
      };
      const r = await create(body);
      expect(
        r,
        "POST CNAME www -> www.another-example.com (docs example): the response as shown [B.type.cname-fqdn]",
      ).toMatchObject({
        name: inZone("www.example.com"),
        type: "CNAME", // the docs' response says "A": a copy-paste slip of the page
        content: "www.another-example.com",
        proxiable: true,
        proxied: false,
        ttl: 3600,
      });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.name.wildcard-underscore"],
    "docs wildcard-dns-records.mdx: A `*` 192.0.2.1 proxied; CNAME `*.www` -> example.com proxied",
    async (ctx) => {
      const { create, zone, inZone } = await setup(ctx, [
        { type: "A", name: "@", content: "192.0.2.1" },
        { type: "A", name: "*.example.com", content: "192.0.2.1" },
        { type: "CNAME", name: "*.www.example.com", content: "example.com" },
      ]);
      // The CNAME example's target is the zone apex, which (a proxied chain must end at an address) has an A.
      await create({ type: "A", name: "@", content: "192.0.2.1", proxied: true });
      const star = await create({ type: "A", name: "*", content: "192.0.2.1", proxied: true });
      expect(
        star,
        "POST A * proxied (docs example): name *.<zone>, proxied, ttl 1 [B.name.wildcard-underscore]",
      ).toMatchObject({ name: inZone("*.example.com"), proxied: true, proxiable: true, ttl: 1 });
      const starWww = await create({ type: "CNAME", name: "*.www", content: zone, proxied: true });
      expect(
        starWww,
        "POST CNAME *.www -> apex proxied (docs example): name *.www.<zone>, proxied, ttl 1 [B.name.wildcard-underscore]",
      ).toMatchObject({ name: inZone("*.www.example.com"), content: zone, proxied: true, ttl: 1 });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.proxy.address-types-only"],
    "docs (Workers routes, originless): AAAA `100::` and A 192.0.2.1, proxied",
    async (ctx) => {
      const { create, inZone } = await setup(ctx, [
        { type: "AAAA", name: "www.example.com", content: "100::" },
        { type: "A", name: "www.example.com", content: "192.0.2.1" },
        { type: "AAAA", name: "docs.example.com", content: "2001:db8::1" },
        { type: "A", name: "docs.example.com", content: "203.0.113.7" },
      ]);
      const six = await create({ type: "AAAA", name: "www", content: "100::", proxied: true });
      expect(
        six,
        "POST AAAA www 100:: proxied (docs example): accepted, proxiable, ttl 1 [B.proxy.address-types-only]",
      ).toMatchObject({ name: inZone("www.example.com"), content: "100::", proxiable: true, ttl: 1 });
      const four = await create({ type: "A", name: "www", content: "192.0.2.1", proxied: true });
      expect(
        four,
        "POST A www 192.0.2.1 proxied (docs example): accepted, proxied [B.proxy.address-types-only]",
      ).toMatchObject({ content: "192.0.2.1", proxiable: true, proxied: true });
      for (const content of ["2001:db8::1", "203.0.113.7"]) {
        const type = content.includes(":") ? "AAAA" : "A";
        expect(
          await create({ type, name: "docs", content, proxied: true }),
          `POST ${type} ${content} proxied: accepted, proxied [B.proxy.address-types-only]`,
        ).toMatchObject({ proxied: true });
      }
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.batch.order-atomic", "B.patch.name"],
    "docs batch-record-changes.mdx 'Example request': deletes, patches, puts, posts",
    async (ctx) => {
      const planned = (
        [
          ["old1", "10"],
          ["old2", "11"],
          ["patch1", "12"],
          ["patch1", "46"],
          ["patch2", "13"],
          ["update", "13"],
          ["put1", "14"],
          ["change", "50"],
          ["put2", "15"],
          ["no-change", "45"],
          ["a", "42"],
        ] as const
      ).map(([n, last]) => ({ type: "A", name: `${n}.example.com`, content: `192.0.2.${last}` }));
      planned.push({ type: "A", name: "@", content: "192.0.2.41" });
      const { records, zone, inZone, create, mark } = await setup(ctx, planned);
      // The records the example's ids refer to.
      const mk = (name: string, content: string, extra: Record<string, unknown> = {}) =>
        create({ type: "A", name: inZone(name), content, ...extra });
      const del1 = await mk("old1.example.com", "192.0.2.10");
      const del2 = await mk("old2.example.com", "192.0.2.11");
      const p1 = await mk("patch1.example.com", "192.0.2.12");
      const p2 = await mk("patch2.example.com", "192.0.2.13");
      const u1 = await mk("put1.example.com", "192.0.2.14", { proxied: true });
      const u2 = await mk("put2.example.com", "192.0.2.15", { proxied: true });
      const body = {
        deletes: [{ id: del1.id }, { id: del2.id }],
        patches: [
          { id: p1.id, content: "192.0.2.46" },
          { id: p2.id, name: inZone("update.example.com"), proxied: true },
        ],
        puts: [
          { id: u1.id, content: "192.0.2.50", name: inZone("change.example.com"), type: "A", "ttl:": 1 },
          {
            id: u2.id,
            content: "192.0.2.45",
            name: inZone("no-change.example.com"),
            type: "A",
            proxied: false,
            "ttl:": 3000,
          },
        ],
        posts: [
          { name: "@", type: "A", content: "192.0.2.41", proxied: false, ttl: 3000 },
          { name: inZone("a.example.com"), type: "A", content: "192.0.2.42", proxied: true },
        ],
      };
      const res = await records.batch(body);
      const env = checkEnvelope<Record<string, DnsRecord[]>>(res);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      const out = env.result;
      expect(
        out.deletes!.map((r) => r.id),
        "batch (docs example) result.deletes: the two ids, in order [B.batch.order-atomic]",
      ).toEqual([del1.id, del2.id]);
      expect(
        out.patches![0],
        "batch (docs example) result.patches[0]: content 192.0.2.46, name kept [B.batch.order-atomic]",
      ).toMatchObject({ id: p1.id, content: "192.0.2.46", name: p1.name });
      expect(
        out.patches![1],
        "batch (docs example) result.patches[1]: renamed to update.<zone>, proxied, ttl 1 [B.patch.name]",
      ).toMatchObject({ id: p2.id, name: inZone("update.example.com"), proxied: true, ttl: 1 });
      // "the proxied field for the first record listed under puts will assume the default value (false)";
      // the misspelt "ttl:" keys are not ttl: the TTL is the default (1, automatic).
      expect(
        out.puts![0],
        "batch (docs example) result.puts[0]: proxied false (default), ttl 1 (misspelt ttl: key ignored) [B.batch.order-atomic]",
      ).toMatchObject({ id: u1.id, name: inZone("change.example.com"), proxied: false, ttl: 1 });
      expect(
        out.puts![1],
        "batch (docs example) result.puts[1]: content 192.0.2.45, proxied false, ttl 1 [B.batch.order-atomic]",
      ).toMatchObject({ id: u2.id, content: "192.0.2.45", proxied: false, ttl: 1 });
      expect(
        out.posts![0],
        "batch (docs example) result.posts[0]: at the apex, ttl 3000, not proxied [B.batch.order-atomic]",
      ).toMatchObject({ name: zone, content: "192.0.2.41", proxied: false, ttl: 3000 });
      expect(
        out.posts![1],
        "batch (docs example) result.posts[1]: a.<zone>, proxied, ttl 1 [B.batch.order-atomic]",
      ).toMatchObject({ name: inZone("a.example.com"), proxied: true, ttl: 1 });
      await mark(...out.puts!, ...out.posts!);
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.type.mx", "B.type.mx-priority-required", "B.validation.no-change"],
    "docs partials/dns/add-mx-records.mdx (email-records.mdx) steps 2 and 3: A mail 192.0.2.1; MX @ -> mail, ttl 3600",
    async (ctx) => {
      const { records, zone, inZone, create } = await setup(ctx, [
        { type: "A", name: "mail.example.com", content: "192.0.2.1" },
        { type: "MX", name: "@", content: "mail.example.com" },
      ]);
      // Step 2 (its request names www; the table and step 3 name mail).
      const a = await create({
        type: "A",
        name: inZone("mail.example.com"),
        content: "192.0.2.1",
        ttl: 3600,
        proxied: false,
      });
      expect(
        a,
        "POST A mail 192.0.2.1 ttl 3600 (docs step 2): the response as shown [B.examples.accepted]",
      ).toMatchObject({ type: "A", content: "192.0.2.1", proxiable: true, proxied: false, ttl: 3600 });
      // Step 3 as written sends no priority. The platform refuses an MX without one ("priority is a
      // required field.", 9100: cloudflare-php#136, pulumi-cloudflare#1107) and the SDK documents it
      // "Required for MX and URI records": refused, nothing created (docs/choices/dns-records.md).
      const asWritten = { type: "MX", name: zone, content: inZone("mail.example.com"), ttl: 3600 };
      expectFailure(await records.post(asWritten), 400, 1004, 9100);
      expect(
        (await records.at(zone)).filter((r) => r.type === "MX" && r.content === asWritten.content),
        "MX records at the apex after the refused MX without priority: none [B.validation.no-change]",
      ).toEqual([]);
      // With the priority its response shows (10): the response as shown.
      const mx = await create({ ...asWritten, priority: 10 });
      expect(mx, "POST MX at the apex with priority 10 (docs step 3): the response as shown [B.type.mx]").toMatchObject(
        {
          zone_name: zone,
          name: zone,
          type: "MX",
          content: inZone("mail.example.com"),
          priority: 10,
          proxiable: false,
          proxied: false,
          ttl: 3600,
          locked: false,
          meta: expect.objectContaining(META),
          comment: null,
          tags: [],
        },
      );
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.conflict.ns-apex", "B.type.ds-dnskey", "B.type.ns"],
    "docs dnssec/multi-signer-dnssec/setup.mdx steps 1.2 and 1.3: DNSKEY at the apex, then NS at the apex (ttl 86400)",
    async (ctx) => {
      const public_key = "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==";
      const data = { flags: 256, protocol: 3, algorithm: 13, public_key };
      const { records, zone, create } = await setup(ctx, [
        { type: "NS", name: "@", content: "ns1.external-provider.example" },
        { type: "TXT", name: "@", content: '"edgeconf apex"' },
      ]);
      // The apex already holds other types (as every real apex does: SOA, and here a TXT).
      await create({ type: "TXT", name: zone, content: "edgeconf apex" });
      const key = await create({ type: "DNSKEY", name: zone, data, ttl: 3600 });
      expect(
        key,
        "POST DNSKEY at the apex (docs step 1.2): type, name, ttl 3600, data as sent [B.type.ds-dnskey]",
      ).toMatchObject({ type: "DNSKEY", name: zone, ttl: 3600, data });
      const ns = await create({ type: "NS", name: zone, content: "ns1.external-provider.example", ttl: 86400 });
      expect(
        ns,
        "POST NS at the apex beside other types (docs step 1.3): accepted as sent, ttl 86400 [B.conflict.ns-apex]",
      ).toMatchObject({ type: "NS", name: zone, content: "ns1.external-provider.example", ttl: 86400 });
      // Other types may still be added at the apex beside its NS records.
      const a = await create({ type: "A", name: "@", content: "192.0.2.77" });
      expect(a.name, "POST A at @ beside the apex NS: accepted, name the zone [B.conflict.ns-apex]").toBe(zone);
      // Below the apex the NS rule stands (81056).
      const sub = `${uniqueLabel("deleg")}.${zone}`;
      await create({ type: "TXT", name: sub, content: "below the apex" });
      expectFailure(
        await records.post({ type: "NS", name: sub, content: "ns1.external-provider.example" }),
        400,
        81056,
      );
    },
  );
});
