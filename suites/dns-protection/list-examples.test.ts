/**
 * Area A: the list's order and direction (the OpenAPI's query parameters), refusal of unknown list
 * parameters, and the example rules of the platform's docs and OpenAPI accepted as shown.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { apiOf, checkRule, expectFailure, expectSuccess, type Rule, rules, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

describe("dns protection: list order, examples", () => {
  clauseTest(["A.list.order", "A.list.rules"], "order by a field, direction ASC or DESC", async (ctx) => {
    const { api } = await apiOf(ctx);
    const mine = ownRules(api);
    const a = await mine.made({ ...validRule, mode: "monitoring" });
    const b = await mine.made({ ...validRule, mode: "disabled" });
    const c = await mine.made({ ...validRule, mode: "enabled" });
    const ids = new Set([a.id, b.id, c.id]);
    const listed = async (q: string) => {
      const env = expectSuccess<Rule[]>(await rules(api).list(`?per_page=1000&${q}`));
      return env.result.filter((r) => ids.has(r.id)).map((r) => r.mode);
    };
    expect(await listed("order=mode")).toEqual(["disabled", "enabled", "monitoring"]);
    expect(await listed("order=mode&direction=DESC")).toEqual(["monitoring", "enabled", "disabled"]);
    // Lower-case directions are not asserted: the OpenAPI writes ASC and DESC only (the simulator
    // accepts either case; sim/dns-protection/routes.test.ts pins that).
    for (const q of ["order=colour", "direction=sideways", "colour=red", "page=1&page=2"]) {
      expectFailure(await rules(api).list(`?${q}`), 400);
    }
    await deleteOwnRules();
  });

  clauseTest(
    ["A.list.order-documented", "A.list.pagination"],
    "order=prefix (the OpenAPI's default), direction ASC / DESC and per_page 10 and 1000 are accepted",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const mine = ownRules(api);
      const made = [await mine.made(), await mine.made({ ...validRule, mode: "disabled" }), await mine.made()];
      const ids = new Set(made.map((r) => r.id));
      const own = async (q: string) => {
        const env = expectSuccess<Rule[]>(await rules(api).list(`?per_page=1000${q}`));
        return env.result.filter((r) => ids.has(r.id)).map((r) => r.id);
      };
      // listDnsProtectionRulesForAccount: order "Defaults to 'prefix'", direction "(ASC or DESC).
      // Defaults to 'ASC'", per_page "Must be between 10 and 1000".
      const plain = await own("");
      expect([...plain].sort()).toEqual([...ids].sort());
      expect(await own("&order=prefix")).toEqual(plain);
      expect(await own("&order=prefix&direction=ASC")).toEqual(plain);
      expect(await own("&direction=ASC")).toEqual(plain);
      expect([...(await own("&order=prefix&direction=DESC"))].sort()).toEqual([...ids].sort());
      expect([...(await own("&direction=DESC"))].sort()).toEqual([...ids].sort());
      for (const per_page of [10, 1000]) {
        const env = expectSuccess<Rule[]>(await rules(api).list(`?per_page=${per_page}&order=prefix`));
        expect(env.result_info?.per_page).toBe(per_page);
        expect(env.result.length).toBeLessThanOrEqual(per_page);
      }
      await deleteOwnRules();
    },
  );

  clauseTest(
    ["A.examples.accepted", "A.values.name-scope", "A.create.rule"],
    "docs json-objects.mdx (region WEUR, monitoring, medium), examples.mdx (global) and the OpenAPI's wnam / lax",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const mine = ownRules(api);
      // docs/ddos-protection/advanced-ddos-systems/api/dns-protection/json-objects.mdx
      const weur = {
        scope: "region",
        name: "WEUR",
        mode: "monitoring",
        profile_sensitivity: "medium",
        rate_sensitivity: "medium",
        burst_sensitivity: "medium",
      };
      expect(checkRule(await mine.made(weur))).toMatchObject(weur);
      // examples.mdx "Create DNS protection rule": scope global, name global.
      expect(await mine.made({ ...validRule, scope: "global", name: "global" })).toMatchObject({ name: "global" });
      // OpenAPI name description: "e.g., 'wnam' or 'lax'".
      expect(await mine.made({ ...validRule, scope: "region", name: "wnam" })).toMatchObject({ name: "wnam" });
      const lax = await mine.made({ ...validRule, scope: "datacenter", name: "lax" });
      expect(lax).toMatchObject({ scope: "datacenter", name: "lax" });
      // examples.mdx "Update DNS protection rule": the four updatable fields.
      const patch = {
        mode: "enabled",
        profile_sensitivity: "high",
        rate_sensitivity: "high",
        burst_sensitivity: "low",
      };
      const res = expectSuccess<Rule>(await rules(api).patch(lax.id, patch));
      expect(res.result).toMatchObject({ ...patch, scope: "datacenter", name: "lax" });
      await deleteOwnRules();
    },
  );
});
