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
    expect(await listed("order=mode"), "GET rules?order=mode: our rules by mode, ascending [A.list.order]").toEqual([
      "disabled",
      "enabled",
      "monitoring",
    ]);
    expect(
      await listed("order=mode&direction=DESC"),
      "GET rules?order=mode&direction=DESC: our rules by mode, descending [A.list.order]",
    ).toEqual(["monitoring", "enabled", "disabled"]);
    // Lower-case directions are not asserted: the OpenAPI writes ASC and DESC only (the simulator
    // accepts either case; sim/dns-protection/routes.test.ts pins that).
    for (const q of [
      "order=colour",
      "order=modes",
      "direction=sideways",
      "direction=ASCENDING",
      "direction=xDESC",
      "colour=red",
      "page=1&page=2",
      "order=mode&order=name",
      "direction=ASC&direction=DESC",
    ]) {
      expectFailure(await rules(api).list(`?${q}`), 400);
    }
    await deleteOwnRules();
  });

  clauseTest(
    ["A.list.order", "A.list.rules"],
    "order by each rule field (values distinct within our rules), ASC and DESC",
    async (ctx) => {
      const { api, target } = await apiOf(ctx);
      const mine = ownRules(api);
      // Three rules whose values differ in every field but id and the stamps (moved apart below).
      const bodies = [
        {
          scope: "region",
          name: "weu",
          mode: "monitoring",
          profile_sensitivity: "low",
          rate_sensitivity: "medium",
          burst_sensitivity: "high",
        },
        {
          scope: "datacenter",
          name: "ams",
          mode: "enabled",
          profile_sensitivity: "very_high",
          rate_sensitivity: "high",
          burst_sensitivity: "low",
        },
        {
          scope: "global",
          name: "global",
          mode: "disabled",
          profile_sensitivity: "medium",
          rate_sensitivity: "low",
          burst_sensitivity: "medium",
        },
      ];
      const clock = target.capabilities.has("clock") ? target.objectStore : undefined;
      const made: Rule[] = [];
      for (const body of bodies) {
        made.push(await mine.made(body));
        await clock?.advanceClock?.(1_009);
      }
      // modified_on in another order than created_on: the first rule is patched last.
      const patched = expectSuccess<Rule>(await rules(api).patch(made[0]!.id, { mode: "monitoring" })).result;
      made[0] = patched;
      const ids = new Set(made.map((r) => r.id));
      for (const field of [
        "id",
        "scope",
        "name",
        "mode",
        "profile_sensitivity",
        "rate_sensitivity",
        "burst_sensitivity",
        "created_on",
        "modified_on",
      ] as const) {
        const asc = [...made].sort((x, y) => (x[field] < y[field] ? -1 : x[field] > y[field] ? 1 : 0)).map((r) => r.id);
        for (const [dir, want] of [
          ["ASC", asc],
          ["DESC", [...asc].reverse()],
        ] as const) {
          const q = `?per_page=1000&order=${field}&direction=${dir}`;
          const env = expectSuccess<Rule[]>(await rules(api).list(q));
          expect(
            env.result.filter((r) => ids.has(r.id)).map((r) => r.id),
            `GET rules${q}: our three rules in ${dir} order of ${field} [A.list.order]`,
          ).toEqual(want);
        }
      }
      await deleteOwnRules();
    },
  );

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
      expect([...plain].sort(), "GET rules (no order): lists our three rules [A.list.rules]").toEqual([...ids].sort());
      expect(await own("&order=prefix"), "GET rules?order=prefix: the default order [A.list.order-documented]").toEqual(
        plain,
      );
      expect(
        await own("&order=prefix&direction=ASC"),
        "GET rules?order=prefix&direction=ASC: the default order [A.list.order-documented]",
      ).toEqual(plain);
      expect(
        await own("&direction=ASC"),
        "GET rules?direction=ASC: the default order [A.list.order-documented]",
      ).toEqual(plain);
      expect(
        [...(await own("&order=prefix&direction=DESC"))].sort(),
        "GET rules?order=prefix&direction=DESC: our three rules [A.list.order-documented]",
      ).toEqual([...ids].sort());
      expect(
        [...(await own("&direction=DESC"))].sort(),
        "GET rules?direction=DESC: our three rules [A.list.order-documented]",
      ).toEqual([...ids].sort());
      for (const per_page of [10, 1000]) {
        const env = expectSuccess<Rule[]>(await rules(api).list(`?per_page=${per_page}&order=prefix`));
        expect(
          env.result_info?.per_page,
          `GET rules?per_page=${per_page}: result_info.per_page [A.list.pagination]`,
        ).toBe(per_page);
        expect(
          env.result.length,
          `GET rules?per_page=${per_page}: at most per_page rules [A.list.pagination]`,
        ).toBeLessThanOrEqual(per_page);
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
      expect(
        checkRule(await mine.made(weur)),
        "POST rules (docs json-objects.mdx, region WEUR): the rule as sent [A.examples.accepted]",
      ).toMatchObject(weur);
      // examples.mdx "Create DNS protection rule": scope global, name global.
      expect(
        await mine.made({ ...validRule, scope: "global", name: "global" }),
        "POST rules (examples.mdx, scope global): name global [A.examples.accepted]",
      ).toMatchObject({ scope: "global", name: "global" });
      // OpenAPI name description: "e.g., 'wnam' or 'lax'".
      expect(
        await mine.made({ ...validRule, scope: "region", name: "wnam" }),
        "POST rules (the OpenAPI's wnam): region wnam [A.examples.accepted]",
      ).toMatchObject({ scope: "region", name: "wnam" });
      const lax = await mine.made({ ...validRule, scope: "datacenter", name: "lax" });
      expect(lax, "POST rules (the OpenAPI's lax): datacenter lax [A.examples.accepted]").toMatchObject({
        scope: "datacenter",
        name: "lax",
      });
      // examples.mdx "Update DNS protection rule": the four updatable fields.
      const patch = {
        mode: "enabled",
        profile_sensitivity: "high",
        rate_sensitivity: "high",
        burst_sensitivity: "low",
      };
      const res = expectSuccess<Rule>(await rules(api).patch(lax.id, patch));
      expect(
        res.result,
        "PATCH rules/{id} (examples.mdx, the four updatable fields): the patched rule [A.examples.accepted]",
      ).toEqual({ ...lax, ...patch, modified_on: res.result.modified_on });
      await deleteOwnRules();
    },
  );
});
