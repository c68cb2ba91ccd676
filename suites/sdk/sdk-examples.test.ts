/**
 * The example calls of the official SDK's own tests (cloudflare-typescript,
 * tests/api-resources/dns/records.test.ts, "required and optional params"), made with the SDK against
 * the run's target (sim, serve, or the user's implementation with --target http; each request goes
 * through the target, target-client.ts), the example's zone and record ids replaced by the target's zone
 * and by records made for the purpose. Every call must succeed.
 *
 * On a shared zone: the examples' record is at the zone apex (the SDK tests' `name: 'example.com'`). As in
 * suites/dns-records/examples.test.ts, every record a test makes there is marked with the comment MARK
 * after each checked answer and deleted after the test; before a test, records at the apex that carry
 * MARK (left by an interrupted run) are deleted, and a record of the user's that the example would clash
 * with skips the test, naming it. The records made only to be batched are named below unique labels.
 * Skips, saying why, when the SDK (an optional peer dependency) is not installed or the target has no
 * credentials at all.
 */
import { afterEach, describe, expect, type TestContext } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  cleanupAfterAll,
  clearPlanned,
  markRecords,
  type Records,
  recordsOf,
  uniqueLabel,
} from "../dns-records/helpers.ts";
import { sdkClient } from "./target-client.ts";

cleanupAfterAll();

/** The comment that marks a record made by these examples (safe to delete in a later run). */
const MARK = "edgeconf SDK examples: safe to delete";

let made: Records | undefined;
afterEach(async () => {
  // The examples reuse the apex: each test removes what it made before the next.
  await made?.cleanup();
});

/**
 * The target's zone and an SDK client on it (email + key when the target has them, else its token).
 * With `apex`, clears the apex for the example's record first (see the header).
 */
async function setup(ctx: TestContext, apex = false) {
  const { records } = await recordsOf(ctx);
  made = records;
  const { client } = await sdkClient(ctx, records.api, "default");
  const zone = await records.zoneName();
  if (apex) await clearPlanned(ctx, records, [{ type: "A", name: zone, content: "198.51.100.4" }], MARK);
  /** Records the SDK made: deleted after the test. */
  const track = <T extends { id: string }>(r: T): T => {
    records.created.add(r.id);
    return r;
  };
  const mark = (...rs: readonly { id: string }[]) => markRecords(records, MARK, ...rs);
  return { client, records, zone_id: records.zoneId, zone, track, mark };
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
      const { client, zone_id, zone, track, mark } = await setup(ctx, true);
      const created = track(
        await client.dns.records.create({ zone_id, include_shadow_metadata: true, ...exampleBody(zone) }),
      );
      expect(created, "SDK records.create with the SDK test's body: the answer carries every field sent").toMatchObject(
        {
          name: zone,
          type: "A",
          content: "198.51.100.4",
          proxied: true,
          ttl: 1,
          comment: "Domain verification record",
          tags: ["owner:dns-team"],
          settings: { ipv4_only: true, ipv6_only: true },
        },
      );
      // Each step sends the example's own comment: the mark is put back after each checked answer.
      await mark(created);
      const updated = await client.dns.records.update(created.id, {
        zone_id,
        include_shadow_metadata: true,
        ...exampleBody(zone),
      });
      expect(updated, "SDK records.update (PUT): same id, content and ttl as sent").toMatchObject({
        id: created.id,
        content: "198.51.100.4",
        ttl: 1,
      });
      await mark(updated);
      const edited = await client.dns.records.edit(created.id, {
        zone_id,
        include_shadow_metadata: true,
        ...exampleBody(zone),
      });
      expect(edited, "SDK records.edit (PATCH): same id, proxied as sent").toMatchObject({
        id: created.id,
        proxied: true,
      });
      await mark(edited);
      expect(await client.dns.records.delete(created.id, { zone_id }), "SDK records.delete: answers { id }").toEqual({
        id: created.id,
      });
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.list.filter-params"],
    "list with every parameter of the SDK test (answered, not refused)",
    async (ctx) => {
      const { client, zone_id, zone } = await setup(ctx);
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
      expect(Array.isArray(page.result), "SDK records.list with the SDK test's every filter: answers a list").toBe(
        true,
      );
    },
  );

  clauseTest(
    ["B.examples.accepted", "B.batch.order-atomic"],
    "batch with the SDK test's deletes, patches, puts and posts (ids of records made for it)",
    async (ctx) => {
      const { client, zone_id, zone, track, mark } = await setup(ctx, true);
      // The records the example's ids refer to, and the names its patch and put move them to, below
      // labels of this run.
      const [b, p, u] = [uniqueLabel("b"), uniqueLabel("p"), uniqueLabel("u")].map((l) => `${l}.${zone}`);
      const make = async (content: string) =>
        track(await client.dns.records.create({ zone_id, type: "A", name: b!, content, ttl: 1 }));
      const [del, pat, put] = [await make("198.51.100.5"), await make("198.51.100.6"), await make("198.51.100.7")];
      // The SDK test sends one body in patches, puts and posts; identical records cannot coexist
      // (81058), so each list carries it at a different name (the posts' at the apex, as in the example).
      const body = exampleBody(zone);
      const out = await client.dns.records.batch({
        zone_id,
        include_shadow_metadata: true,
        deletes: [{ id: del.id }],
        patches: [{ ...body, name: p!, id: pat.id }],
        puts: [{ ...body, name: u!, id: put.id }],
        posts: [{ ...body }],
      });
      for (const r of out.posts ?? []) track(r);
      expect(
        out.deletes?.map((r) => r.id),
        "SDK records.batch: deletes answers the deleted record",
      ).toEqual([del.id]);
      expect(out.patches?.[0], "SDK records.batch: the patched record with the new name, ttl, proxied").toMatchObject({
        id: pat.id,
        name: p,
        ttl: 1,
        proxied: true,
      });
      expect(out.puts?.[0], "SDK records.batch: the put record with its id and new name").toMatchObject({
        id: put.id,
        name: u,
      });
      expect(out.posts?.[0], "SDK records.batch: the posted record at the apex").toMatchObject({
        name: zone,
        content: "198.51.100.4",
      });
      await mark(...(out.posts ?? []));
    },
  );
});
