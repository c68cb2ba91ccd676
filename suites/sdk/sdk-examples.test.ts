/**
 * The example calls of the official SDK's own tests (cloudflare-typescript,
 * tests/api-resources/dns/records.test.ts, "required and optional params"), made with the SDK
 * against `edgeconf serve` started in this process, the example's zone and record ids replaced by
 * the served zone's and by records made for the purpose. Every call must succeed.
 *
 * It drives the simulator over real HTTP, so it runs on the sim and serve targets only.
 */
import type Cloudflare from "cloudflare";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { type Served, startServe } from "../../harness/serve/index.ts";
import { targetNameFromEnv } from "../../harness/targets/index.ts";

const runsHere = ["sim", "serve"].includes(targetNameFromEnv());
let served: Served | undefined;
let client: Cloudflare;

let Sdk: typeof Cloudflare | undefined;

beforeAll(async () => {
  if (!runsHere) return;
  try {
    Sdk = (await import("cloudflare")).default; // an optional peer: absent in most users' projects
  } catch {
    return;
  }
  served = await startServe({ seed: 12 });
  client = new Sdk({
    baseURL: served.base_url,
    maxRetries: 0,
    timeout: 15_000,
    apiEmail: served.auth_email,
    apiKey: served.auth_key,
    apiToken: null,
    userServiceKey: null,
  });
});

afterAll(async () => {
  await served?.close();
});

function zoneOf(ctx: { skip: (note?: string) => void }): { zone_id: string; zone: string } {
  if (runsHere && !Sdk) {
    ctx.skip("the official SDK is not installed in this project (npm install --save-dev cloudflare@7)");
  }
  if (!runsHere || !served) ctx.skip(`the SDK examples start edgeconf serve in-process; target ${targetNameFromEnv()}`);
  const s = served as Served;
  return { zone_id: s.zone_id, zone: s.zone_name };
}

/** The SDK tests' record body ("required and optional params"); `name: 'example.com'` is the apex. */
function exampleBody(zone: string) {
  return {
    name: zone,
    ttl: 3600 as const,
    type: "A" as const,
    comment: "Domain verification record",
    content: "198.51.100.4",
    private_routing: true,
    proxied: true,
    settings: { ipv4_only: true, ipv6_only: true },
    tags: ["owner:dns-team"],
  };
}

describe("official SDK: the example calls of its DNS records tests", () => {
  clauseTest(
    ["B.examples.accepted", "B.ttl.proxied-3600-answers-1", "B.settings.per-type", "B.record.comment-tags-format"],
    "create, update (PUT), edit (PATCH) and delete with the SDK tests' parameters",
    async (ctx) => {
      const { zone_id, zone } = zoneOf(ctx);
      const created = await client.dns.records.create({ zone_id, include_shadow_metadata: true, ...exampleBody(zone) });
      expect(created).toMatchObject({
        name: zone,
        type: "A",
        content: "198.51.100.4",
        proxied: true,
        ttl: 1,
        comment: "Domain verification record",
        tags: ["owner:dns-team"],
        settings: { ipv4_only: true, ipv6_only: true },
      });
      const updated = await client.dns.records.update(created.id, {
        zone_id,
        include_shadow_metadata: true,
        ...exampleBody(zone),
      });
      expect(updated).toMatchObject({ id: created.id, content: "198.51.100.4", ttl: 1 });
      const edited = await client.dns.records.edit(created.id, {
        zone_id,
        include_shadow_metadata: true,
        ...exampleBody(zone),
      });
      expect(edited).toMatchObject({ id: created.id, proxied: true });
      expect(await client.dns.records.delete(created.id, { zone_id })).toEqual({ id: created.id });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.list.filter-params"],
    "list with every parameter of the SDK test (answered, not refused)",
    async (ctx) => {
      const { zone_id, zone } = zoneOf(ctx);
      const page = await client.dns.records.list({
        zone_id,
        comment: {
          absent: "absent",
          contains: "ello, worl",
          endswith: "o, world",
          exact: "Hello, world",
          present: "present",
          startswith: "Hello, w",
        },
        content: { contains: "7.0.0.", endswith: ".0.1", exact: "127.0.0.1", startswith: "127.0." },
        direction: "asc",
        include_shadow_metadata: true,
        match: "any",
        name: {
          contains: "w.example.",
          endswith: ".example.com",
          exact: `www.${zone}`,
          startswith: "www.example",
        },
        order: "type",
        page: 1,
        per_page: 5,
        proxied: true,
        search: "www.cloudflare.com",
        shadowed_by_name: `sub.${zone}`,
        shadowing_name: `www.sub.${zone}`,
        tag: {
          absent: "important",
          contains: "greeting:ello, worl",
          endswith: "greeting:o, world",
          exact: "greeting:Hello, world",
          present: "important",
          startswith: "greeting:Hello, w",
        },
        tag_match: "any",
        type: "A",
      });
      expect(Array.isArray(page.result)).toBe(true);
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.batch.order-atomic"],
    "batch with the SDK test's deletes, patches, puts and posts (ids of records made for it)",
    async (ctx) => {
      const { zone_id, zone } = zoneOf(ctx);
      const make = (content: string) =>
        client.dns.records.create({ zone_id, type: "A", name: `b.${zone}`, content, ttl: 1 });
      const [del, pat, put] = [await make("198.51.100.5"), await make("198.51.100.6"), await make("198.51.100.7")];
      // The SDK test sends one body in patches, puts and posts; identical records cannot coexist
      // (81058), so each list carries it at a different name.
      const body = exampleBody(zone);
      const out = await client.dns.records.batch({
        zone_id,
        include_shadow_metadata: true,
        deletes: [{ id: del.id }],
        patches: [{ ...body, name: `p.${zone}`, id: pat.id }],
        puts: [{ ...body, name: `u.${zone}`, id: put.id }],
        posts: [{ ...body }],
      });
      expect(out.deletes?.map((r) => r.id)).toEqual([del.id]);
      expect(out.patches?.[0]).toMatchObject({ id: pat.id, name: `p.${zone}`, ttl: 1, proxied: true });
      expect(out.puts?.[0]).toMatchObject({ id: put.id, name: `u.${zone}` });
      expect(out.posts?.[0]).toMatchObject({ name: zone, content: "198.51.100.4" });
    },
  );
});
