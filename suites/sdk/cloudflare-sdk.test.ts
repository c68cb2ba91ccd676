/**
 * The official `cloudflare` SDK (v7) against `edgeconf serve` started in this process: DNS records
 * created, listed (the SDK's auto-pagination over several pages), edited, batched and deleted
 * through `client.dns.records`, and area A rules through the SDK's generic `client.post/get/patch`.
 * The records client authenticates with email + key, the rules client with a token (Bearer).
 *
 * It drives the simulator over real HTTP, so it runs on the sim and serve targets only. The SDK is an
 * optional peer dependency of edgeconf: without it installed, these tests skip and say so.
 */
import type Cloudflare from "cloudflare";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { type Served, startServe } from "../../harness/serve/index.ts";
import { targetNameFromEnv } from "../../harness/targets/index.ts";

const runsHere = ["sim", "serve"].includes(targetNameFromEnv());
let served: Served | undefined;
let records: Cloudflare;
let rules: Cloudflare;
let Sdk: typeof Cloudflare | undefined;

beforeAll(async () => {
  if (!runsHere) return;
  try {
    Sdk = (await import("cloudflare")).default;
  } catch {
    return;
  }
  served = await startServe({ seed: 11 });
  const common = { baseURL: served.base_url, maxRetries: 0, timeout: 15_000, userServiceKey: null };
  records = new Sdk({ ...common, apiEmail: served.auth_email, apiKey: served.auth_key, apiToken: null });
  rules = new Sdk({ ...common, apiToken: served.api_token, apiEmail: null, apiKey: null });
});

afterAll(async () => {
  await served?.close();
});

function skipElsewhere(ctx: { skip: (note?: string) => void }): Served {
  if (runsHere && !Sdk) {
    ctx.skip("the official SDK is not installed in this project (npm install --save-dev cloudflare@7)");
  }
  if (!runsHere || !served) {
    ctx.skip(`the SDK test starts edgeconf serve in-process; target ${targetNameFromEnv()} is not the simulator`);
  }
  return served as Served;
}

describe("official cloudflare SDK against edgeconf serve", () => {
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
      const s = skipElsewhere(ctx);
      const zone_id = s.zone_id;
      const created: string[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await records.dns.records.create({
          zone_id,
          type: "A",
          name: `sdk${i}`,
          content: `9.9.9.${i + 1}`,
          ttl: 3600,
          proxied: i % 2 === 0,
        });
        expect(r.name).toBe(`sdk${i}.${s.zone_name}`);
        expect(r.ttl).toBe(i % 2 === 0 ? 1 : 3600);
        created.push(r.id);
      }
      const srv = await records.dns.records.create({
        zone_id,
        type: "SRV",
        name: "_sip._tcp.sdk",
        ttl: 1,
        data: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" },
      });
      expect(srv.content).toBe("5 5060 sip.example.net");
      created.push(srv.id);

      const seen: string[] = [];
      for await (const r of records.dns.records.list({ zone_id, per_page: 3 })) seen.push(r.id);
      expect(seen.sort()).toEqual([...created].sort());
      const firstPage = await records.dns.records.list({ zone_id, per_page: 3 });
      expect(firstPage.result).toHaveLength(3);
      expect(firstPage.hasNextPage()).toBe(true);

      const id = created[1]!;
      const edited = await records.dns.records.edit(id, {
        zone_id,
        type: "A",
        name: "sdk1",
        content: "9.9.9.1",
        ttl: 600,
      });
      expect(edited).toMatchObject({ id, ttl: 600, content: "9.9.9.1" });
      const got = await records.dns.records.get(id, { zone_id });
      expect(got.ttl).toBe(600);

      const batch = await records.dns.records.batch({
        zone_id,
        deletes: [{ id: created[2]! }],
        posts: [{ type: "TXT", name: "sdk-batch", content: "from the SDK", ttl: 1 }],
      });
      expect(batch.deletes?.map((r) => r.id)).toEqual([created[2]]);
      expect(batch.posts?.[0]?.content).toBe('"from the SDK"');

      for (const rid of [...created.filter((x) => x !== created[2]), batch.posts![0]!.id]) {
        const del = await records.dns.records.delete(rid, { zone_id });
        expect(del?.id).toBe(rid);
      }
      const after: string[] = [];
      for await (const r of records.dns.records.list({ zone_id })) after.push(r.id);
      expect(after).toEqual([]);
    },
  );

  clauseTest(
    ["B.record.not-found", "B.validation.code"],
    "SDK errors: 404 and 400 map to its error classes",
    async (ctx) => {
      const s = skipElsewhere(ctx);
      await expect(
        records.dns.records.get("0123456789abcdef0123456789abcdef", { zone_id: s.zone_id }),
      ).rejects.toBeInstanceOf(Sdk?.NotFoundError);
      await expect(
        records.dns.records.create({ zone_id: s.zone_id, type: "A", name: "bad", content: "1.1", ttl: 1 }),
      ).rejects.toBeInstanceOf(Sdk?.BadRequestError);
    },
  );

  clauseTest(
    ["A.create.rule", "A.list.rules", "A.update.partial", "A.auth.bearer"],
    "area A rules through the SDK's generic client.post / get / patch (Bearer token)",
    async (ctx) => {
      const s = skipElsewhere(ctx);
      const path = `/accounts/${s.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
      type Env<T> = { success: boolean; result: T };
      type Rule = { id: string; name: string; mode: string; rate_sensitivity: string };
      const created = await rules.post<Env<Rule>>(path, {
        body: {
          scope: "global",
          name: "global",
          mode: "monitoring",
          profile_sensitivity: "low",
          rate_sensitivity: "low",
          burst_sensitivity: "low",
        },
      });
      expect(created.success).toBe(true);
      const id = created.result.id;
      const listed = await rules.get<Env<Rule[]>>(path);
      expect(listed.result.map((r) => r.id)).toContain(id);
      const patched = await rules.patch<Env<Rule>>(`${path}/${id}`, { body: { mode: "enabled" } });
      expect(patched.result).toMatchObject({ id, mode: "enabled", name: "global", rate_sensitivity: "low" });
    },
  );
});
