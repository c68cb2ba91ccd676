/**
 * The official `cloudflare` SDK (v7) against the run's target (sim, serve, or the user's implementation
 * with --target http): DNS records created, listed (the SDK's auto-pagination over several pages),
 * edited, batched and deleted through `client.dns.records`, and area A rules through the SDK's generic
 * `client.post/get/patch`. The records client authenticates with email + key, the rules client with a
 * token (Bearer); each request goes through the target (target-client.ts), which sends its credentials.
 *
 * On a shared zone: every record is named below a label no other test uses (and the listings are
 * narrowed to that label), and what the tests make (records, the rule) is deleted after them. Skips, saying
 * why, when the SDK (an optional peer dependency of edgeconf) is not installed, or when the target has no
 * credentials of the scheme a client needs.
 */
import { afterAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { cleanupAfterAll, recordsOf, uniqueLabel } from "../dns-records/helpers.ts";
import { apiOf, rulesPath } from "../http/support.ts";
import { sdkClient } from "./target-client.ts";

cleanupAfterAll();

// Area A rules the SDK created are tracked by the area A suites' helper and deleted after the file.
afterAll(deleteOwnRules);

describe("official cloudflare SDK against the target", () => {
  clauseTest(
    [
      "B.create.endpoint",
      "B.auth.email-key",
      "B.list.pagination",
      "B.patch.partial",
      "B.delete.result-id",
      "B.srv.content",
    ],
    "dns.records: create, auto-paginated list, edit, delete",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const { client } = await sdkClient(ctx, records.api, "key");
      const zone_id = records.zoneId;
      const zone = await records.zoneName();
      // Every name of this test ends in `.${below}.${zone}`; the listings ask for those names only.
      const below = uniqueLabel("sdk");
      const mine = { endswith: `.${below}.${zone}` };
      const created: string[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await client.dns.records.create({
          zone_id,
          type: "A",
          name: `sdk${i}.${below}`,
          content: `9.9.9.${i + 1}`,
          ttl: 3600,
          proxied: i % 2 === 0,
        });
        records.created.add(r.id);
        expect(r.name, "SDK records.create: name is the relative name made absolute in the zone").toBe(
          `sdk${i}.${below}.${zone}`,
        );
        expect(
          r.ttl,
          `SDK records.create (proxied ${i % 2 === 0}): ttl, 1 (automatic) when proxied, else as sent`,
        ).toBe(i % 2 === 0 ? 1 : 3600);
        created.push(r.id);
      }
      const srv = await client.dns.records.create({
        zone_id,
        type: "SRV",
        name: `_sip._tcp.${below}`,
        ttl: 1,
        data: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" },
      });
      records.created.add(srv.id);
      expect(srv.content, "SDK records.create SRV: content is weight, port and target from data").toBe(
        "5 5060 sip.example.net",
      );
      created.push(srv.id);

      const seen: string[] = [];
      for await (const r of client.dns.records.list({ zone_id, name: mine, per_page: 3 })) seen.push(r.id);
      expect(
        seen.sort(),
        "SDK records.list auto-paging (per_page 3, name.endswith): every record created, once",
      ).toEqual([...created].sort());
      const firstPage = await client.dns.records.list({ zone_id, name: mine, per_page: 3 });
      expect(firstPage.result, "SDK records.list per_page 3: the first page holds 3 records").toHaveLength(3);
      expect(firstPage.hasNextPage(), "SDK records.list per_page 3 of 8: there is a next page (result_info)").toBe(
        true,
      );

      const id = created[1]!;
      const edited = await client.dns.records.edit(id, {
        zone_id,
        type: "A",
        name: `sdk1.${below}`,
        content: "9.9.9.1",
        ttl: 600,
      });
      expect(edited, "SDK records.edit: the answer has the new ttl and content").toMatchObject({
        id,
        ttl: 600,
        content: "9.9.9.1",
      });
      const got = await client.dns.records.get(id, { zone_id });
      expect(got.ttl, "SDK records.get after edit: ttl 600").toBe(600);

      const batch = await client.dns.records.batch({
        zone_id,
        deletes: [{ id: created[2]! }],
        posts: [{ type: "TXT", name: `sdk-batch.${below}`, content: "from the SDK", ttl: 1 }],
      });
      for (const r of batch.posts ?? []) records.created.add(r.id);
      expect(
        batch.deletes?.map((r) => r.id),
        "SDK records.batch: deletes answers the deleted record",
      ).toEqual([created[2]]);
      expect(batch.posts?.[0]?.content, "SDK records.batch: the TXT posted has its content quoted").toBe(
        '"from the SDK"',
      );

      for (const rid of [...created.filter((x) => x !== created[2]), batch.posts![0]!.id]) {
        const del = await client.dns.records.delete(rid, { zone_id });
        expect(del?.id, "SDK records.delete: answers the deleted id").toBe(rid);
        records.created.delete(rid);
      }
      const after: string[] = [];
      for await (const r of client.dns.records.list({ zone_id, name: mine })) after.push(r.id);
      expect(after, "SDK records.list after deleting them all: none of the test's names left").toEqual([]);
    },
  );

  clauseTest(
    ["B.record.not-found", "B.validation.code"],
    "SDK errors: 404 and 400 map to its error classes",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const { Sdk, client } = await sdkClient(ctx, records.api, "key");
      const zone_id = records.zoneId;
      await expect(
        client.dns.records.get("0123456789abcdef0123456789abcdef", { zone_id }),
        "SDK dns.records.get(unknown id): rejects with NotFoundError (404) [B.record.not-found]",
      ).rejects.toBeInstanceOf(Sdk.NotFoundError);
      const bad = client.dns.records
        .create({ zone_id, type: "A", name: uniqueLabel("bad"), content: "1.1", ttl: 1 })
        .then((r) => records.created.add(r.id)); // a target that accepts it: deleted after the file
      await expect(
        bad,
        'SDK dns.records.create(A "1.1"): rejects with BadRequestError (400) [B.validation.code]',
      ).rejects.toBeInstanceOf(Sdk.BadRequestError);
    },
  );

  clauseTest(
    ["A.create.rule", "A.list.rules", "A.update.partial", "A.auth.bearer"],
    "area A rules through the SDK's generic client.post / get / patch (Bearer token)",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const { client } = await sdkClient(ctx, api, "token");
      const path = rulesPath(api.credentials.account_id);
      type Env<T> = { success: boolean; result: T };
      type Rule = { id: string; name: string; mode: string; rate_sensitivity: string };
      const created = await client.post<Env<Rule>>(path, {
        body: {
          scope: "global",
          name: "global",
          mode: "monitoring",
          profile_sensitivity: "low",
          rate_sensitivity: "low",
          burst_sensitivity: "low",
        },
      });
      if (typeof created.result?.id === "string") ownRules(api, { auth: "token" }).track(created.result.id);
      expect(created.success, "SDK client.post rules: envelope.success true").toBe(true);
      const id = created.result.id;
      const listed = await client.get<Env<Rule[]>>(path);
      expect(
        listed.result.map((r) => r.id),
        "SDK client.get rules: the rule created is listed",
      ).toContain(id);
      const patched = await client.patch<Env<Rule>>(`${path}/${id}`, { body: { mode: "enabled" } });
      expect(patched.result, "SDK client.patch rules/{id} {mode}: mode changed, other fields kept").toMatchObject({
        id,
        mode: "enabled",
        name: "global",
        rate_sensitivity: "low",
      });
    },
  );
});
