/** Area A: PATCH (spec: only the given fields change; name and scope are not updatable; complete result). */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  apiOf,
  checkRule,
  expectFailure,
  expectSuccess,
  expectValidationFailure,
  type Rule,
  validRule,
} from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

const base = { ...validRule, scope: "region", name: "weu" } as const;

describe("update rule", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.update.partial", "A.update.complete-result"],
    "only the given field changes; the complete rule comes back",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made(base);
      const env = expectSuccess<Rule>(await r.patch(rule.id, { mode: "monitoring" }));
      const updated = checkRule(env.result);
      const { modified_on: _a, ...rest } = updated;
      const { modified_on: _b, ...before } = rule;
      expect(
        rest,
        "PATCH rules/{id} {mode}: the complete rule, only mode changed (modified_on aside) [A.update.partial]",
      ).toEqual({ ...before, mode: "monitoring" });
      expect(
        expectSuccess<Rule>(await r.get(rule.id)).result,
        "GET rules/{id} after the PATCH: the rule PATCH answered [A.update.complete-result]",
      ).toEqual(updated);
    },
  );

  clauseTest(
    ["A.update.updatable-fields"],
    "mode and the three sensitivities are updatable, alone or together",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made(base);
      const changes = [
        { mode: "disabled" },
        { profile_sensitivity: "very_high" },
        { rate_sensitivity: "high" },
        { burst_sensitivity: "low" },
        { mode: "enabled", profile_sensitivity: "low", rate_sensitivity: "medium", burst_sensitivity: "medium" },
        { block_any_queries: false },
      ];
      let expected: Record<string, unknown> = { ...rule };
      for (const c of changes) {
        const updated = expectSuccess<Rule>(await r.patch(rule.id, c)).result;
        expected = { ...expected, ...c, modified_on: updated.modified_on };
        expect(
          updated,
          `PATCH rules/{id} ${JSON.stringify(c)}: the complete rule with these fields changed [A.update.updatable-fields]`,
        ).toEqual(expected);
      }
    },
  );

  clauseTest(
    ["A.update.name-scope-immutable", "A.errors.no-change"],
    "a PATCH sending name or scope is refused and changes nothing",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made(base);
      for (const body of [
        { name: "enam" },
        { scope: "global" },
        { scope: "global", name: "global" },
        { name: "weu" },
        { mode: "disabled", name: "enam" },
      ]) {
        expectValidationFailure(await r.patch(rule.id, body));
      }
      expect(
        expectSuccess<Rule>(await r.get(rule.id)).result,
        "GET rules/{id} after PATCHes with name or scope: unchanged [A.errors.no-change]",
      ).toEqual(rule);
    },
  );

  clauseTest(
    ["A.update.unknown-field", "A.errors.no-change"],
    "unknown fields, bad values and wrong types in a PATCH are refused",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made(base);
      for (const body of [
        { id: rule.id },
        { created_on: rule.created_on },
        { color: "red" },
        { mode: "paused" },
        { rate_sensitivity: "very_high" },
        { profile_sensitivity: 3 },
        { mode: null },
        { mode: "disabled", extra: true },
      ]) {
        expectValidationFailure(await r.patch(rule.id, body));
      }
      expect(
        expectSuccess<Rule>(await r.get(rule.id)).result,
        "GET rules/{id} after refused PATCHes: unchanged [A.errors.no-change]",
      ).toEqual(rule);
    },
  );

  clauseTest(["A.update.timestamps"], "PATCH moves modified_on forward and keeps created_on", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    const rule = await r.made(base);
    const u1 = expectSuccess<Rule>(await r.patch(rule.id, { mode: "disabled" })).result;
    const u2 = expectSuccess<Rule>(await r.patch(rule.id, { mode: "enabled" })).result;
    expect(u1.created_on, "PATCH rules/{id} (first): created_on kept [A.update.timestamps]").toBe(rule.created_on);
    expect(u2.created_on, "PATCH rules/{id} (second): created_on kept [A.update.timestamps]").toBe(rule.created_on);
    const micros = (s: string) => {
      const m = /\.(\d+)/.exec(s)?.[1] ?? "0";
      return Date.parse(s) * 1000 + Number(m.padEnd(6, "0").slice(3, 6));
    };
    expect(
      micros(u1.modified_on),
      `PATCH rules/{id} (first): modified_on ${u1.modified_on} after ${rule.modified_on} [A.update.timestamps]`,
    ).toBeGreaterThan(micros(rule.modified_on));
    expect(
      micros(u2.modified_on),
      `PATCH rules/{id} (second): modified_on ${u2.modified_on} after ${u1.modified_on} [A.update.timestamps]`,
    ).toBeGreaterThan(micros(u1.modified_on));
  });

  clauseTest(["A.get.not-found"], "PATCH of an unknown rule: 404", async (ctx) => {
    const { api } = await apiOf(ctx);
    // The control: the same PATCH of a rule that exists succeeds.
    const known = await ownRules(api).made();
    expectSuccess(await ownRules(api).patch(known.id, { mode: "disabled" }));
    expectFailure(await ownRules(api).patch("00000000-0000-4000-8000-000000000000", { mode: "disabled" }), 404);
  });
});
