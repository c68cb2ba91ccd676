/**
 * Area B: the example requests of the spec and of the platform's documentation, sent as shown
 * (the docs' zone `example.com` replaced by the target's zone), each answered as the example shows.
 * Each test names its source. Where a docs response contradicts its own request (ttl 1 for a DNS-only
 * ttl 3600; type "A" for a CNAME), the request and the documented rules win: see
 * docs/choices/dns-records.md ("Docs examples").
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { checkEnvelope, cleanupAfterAll, type DnsRecord, recordsOf } from "./helpers.ts";

cleanupAfterAll();

let made: { records: Awaited<ReturnType<typeof recordsOf>>["records"] } | undefined;
afterEach(async () => {
  // Examples reuse the docs' names (www, @, *): each test removes what it made before the next.
  await made?.records.cleanup();
});

async function setup(ctx: Parameters<typeof recordsOf>[0]) {
  const { records } = await recordsOf(ctx);
  made = { records };
  const zone = await records.zoneName();
  /** The docs' names, in this zone. */
  const inZone = (name: string) => name.replace(/example\.com$/, zone);
  return { records, zone, inZone };
}

const META = { auto_added: false, managed_by_apps: false, source: "primary" };

describe("dns records: example requests of the spec and the docs", () => {
  clauseTest(
    ["B.examples.accepted", "B.ttl.proxied-3600-answers-1", "B.ttl.proxied-auto"],
    "spec, Resources (TTL rule 4): an A record for 198.51.100.4, proxied, sent with ttl 3600, answers ttl 1",
    async (ctx) => {
      const { records, inZone } = await setup(ctx);
      const body = { type: "A", name: "www.example.com", content: "198.51.100.4", ttl: 3600, proxied: true };
      const r = await records.create({ ...body, name: inZone(body.name) });
      expect(r).toMatchObject({ type: "A", content: "198.51.100.4", proxied: true, proxiable: true, ttl: 1 });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.srv.content", "B.record.proxiable-srv-false"],
    "spec (SRV example) and docs dns-record-types.mdx 'SRV, Example API call': _xmpp._tcp, data {10, 5, 5223, server.example.com}",
    async (ctx) => {
      const { records, inZone } = await setup(ctx);
      const body = {
        type: "SRV",
        name: inZone("_xmpp._tcp.example.com"),
        data: { priority: 10, weight: 5, port: 5223, target: "server.example.com" },
      };
      const r = await records.create(body);
      expect(r).toMatchObject({
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
      const { records, inZone, zone } = await setup(ctx);
      const body = { type: "A", name: inZone("www.example.com"), content: "192.0.2.1", ttl: 3600, proxied: false };
      const r = await records.create(body);
      // The docs' response shows ttl 1 for this DNS-only ttl 3600 request; the TTL rules (DNS only:
      // customizable) and the request win (docs/choices/dns-records.md).
      expect(r).toMatchObject({
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
      const { records, inZone } = await setup(ctx);
      const body = {
        type: "CNAME",
        name: inZone("www.example.com"),
        content: "www.another-example.com",
        ttl: 3600,
        proxied: false,
      };
      const r = await records.create(body);
      expect(r).toMatchObject({
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
      const { records, zone, inZone } = await setup(ctx);
      // The CNAME example's target is the zone apex, which (a proxied chain must end at an address) has an A.
      await records.create({ type: "A", name: "@", content: "192.0.2.1", proxied: true });
      const star = await records.create({ type: "A", name: "*", content: "192.0.2.1", proxied: true });
      expect(star).toMatchObject({ name: inZone("*.example.com"), proxied: true, proxiable: true, ttl: 1 });
      const starWww = await records.create({ type: "CNAME", name: "*.www", content: zone, proxied: true });
      expect(starWww).toMatchObject({ name: inZone("*.www.example.com"), content: zone, proxied: true, ttl: 1 });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.proxy.address-types-only"],
    "docs (Workers routes, originless): AAAA `100::` and A 192.0.2.1, proxied",
    async (ctx) => {
      const { records, inZone } = await setup(ctx);
      const six = await records.create({ type: "AAAA", name: "www", content: "100::", proxied: true });
      expect(six).toMatchObject({ name: inZone("www.example.com"), content: "100::", proxiable: true, ttl: 1 });
      const four = await records.create({ type: "A", name: "www", content: "192.0.2.1", proxied: true });
      expect(four).toMatchObject({ content: "192.0.2.1", proxiable: true, proxied: true });
      for (const content of ["2001:db8::1", "203.0.113.7"]) {
        const type = content.includes(":") ? "AAAA" : "A";
        expect(await records.create({ type, name: "docs", content, proxied: true })).toMatchObject({ proxied: true });
      }
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.batch.order-atomic", "B.patch.name"],
    "docs batch-record-changes.mdx 'Example request': deletes, patches, puts, posts",
    async (ctx) => {
      const { records, zone, inZone } = await setup(ctx);
      // The records the example's ids refer to.
      const mk = (name: string, content: string, extra: Record<string, unknown> = {}) =>
        records.create({ type: "A", name: inZone(name), content, ...extra });
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
      expect(out.deletes!.map((r) => r.id)).toEqual([del1.id, del2.id]);
      expect(out.patches![0]).toMatchObject({ id: p1.id, content: "192.0.2.46", name: p1.name });
      expect(out.patches![1]).toMatchObject({ id: p2.id, name: inZone("update.example.com"), proxied: true, ttl: 1 });
      // "the proxied field for the first record listed under puts will assume the default value (false)";
      // the misspelt "ttl:" keys are not ttl: the TTL is the default (1, automatic).
      expect(out.puts![0]).toMatchObject({ id: u1.id, name: inZone("change.example.com"), proxied: false, ttl: 1 });
      expect(out.puts![1]).toMatchObject({ id: u2.id, content: "192.0.2.45", proxied: false, ttl: 1 });
      expect(out.posts![0]).toMatchObject({ name: zone, content: "192.0.2.41", proxied: false, ttl: 3000 });
      expect(out.posts![1]).toMatchObject({ name: inZone("a.example.com"), proxied: true, ttl: 1 });
    },
  );
});
