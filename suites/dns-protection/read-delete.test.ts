/**
 * Area A: list, get one, delete one, delete all (list: spec; the others: the platform). Tests touch
 * and assert on the rules they create only; delete-all runs against the simulators only.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { apiOf, checkRule, expectFailure, expectSuccess, type Rule, rules, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("list, get and delete rules", () => {
  afterEach(deleteOwnRules);

  clauseTest(["A.list.rules"], "GET lists the account's rules", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    const a = await r.made();
    const b = await r.made({ ...validRule, scope: "datacenter", name: "ams" });
    const listed = expectSuccess<Rule[]>(await r.list("?per_page=1000")).result;
    listed.forEach(checkRule);
    // Only this test's rules are asserted on: the account may hold others.
    const own = listed.filter((x) => r.ids.has(x.id));
    expect(
      [...own].sort((x, y) => x.id.localeCompare(y.id)),
      "GET rules?per_page=1000: our two rules, every field as created [A.list.rules]",
    ).toEqual([a, b].sort((x, y) => x.id.localeCompare(y.id)));
  });

  clauseTest(
    ["A.list.pagination", "A.envelope.result-info"],
    "page and per_page split the list; past the end is empty",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const made: Rule[] = [];
      for (let i = 0; i < 12; i++) made.push(await r.made());
      // The account may hold rules of its own: the pages are checked against the total it reports
      // (12 when the account held none), and must hold every rule made here.
      const total = expectSuccess<Rule[]>(await r.list("?per_page=10&page=1")).result_info?.total_count ?? 0;
      expect(
        total,
        "GET rules?per_page=10: result_info.total_count counts our 12 rules at least [A.envelope.result-info]",
      ).toBeGreaterThanOrEqual(12);
      const pages = Math.ceil(total / 10);
      const ids: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const p = expectSuccess<Rule[]>(await r.list(`?per_page=10&page=${page}`));
        const count = Math.min(10, total - 10 * (page - 1));
        expect(
          p.result.length,
          `GET rules?per_page=10&page=${page}: ${count} rules on this page (the last holds the rest) [A.list.pagination]`,
        ).toBe(count);
        // The OpenAPI's result_info (dos_api-response-collection): count, page, per_page, total_count.
        // total_pages is not in that schema, so it is neither required nor looked at.
        const { count: c, page: at, per_page, total_count } = p.result_info ?? {};
        expect(
          { page: at, per_page, count: c, total_count },
          `GET rules?per_page=10&page=${page}: result_info page, per_page, count, total_count [A.envelope.result-info]`,
        ).toEqual({
          page,
          per_page: 10,
          count,
          total_count: total,
        });
        ids.push(...p.result.map((x) => x.id));
      }
      expect(
        new Set(ids).size,
        "GET rules, every page of 10: each rule once, total_count in all [A.list.pagination]",
      ).toBe(total);
      expect(
        ids.filter((id) => r.ids.has(id)).sort(),
        "GET rules, every page of 10: our 12 rules are on the pages [A.list.pagination]",
      ).toEqual(made.map((x) => x.id).sort());
      expect(
        expectSuccess<Rule[]>(await r.list(`?per_page=10&page=${pages + 1}`)).result,
        `GET rules?per_page=10&page=${pages + 1} (past the last page): an empty result [A.list.pagination]`,
      ).toEqual([]);
      const dflt = expectSuccess<Rule[]>(await r.list());
      expect(
        dflt.result_info?.per_page,
        "GET rules (no per_page): result_info.per_page is the default 25 [A.list.pagination]",
      ).toBe(25);
      for (const q of ["?per_page=9", "?per_page=1001", "?page=0", "?page=x", "?per_page=-5"]) {
        expectFailure(await r.list(q), 400);
      }
    },
  );

  clauseTest(["A.get.one"], "GET /{rule_id} returns the rule", async (ctx) => {
    const { api } = await apiOf(ctx);
    const rule = await ownRules(api).made();
    expect(
      checkRule(expectSuccess(await ownRules(api).get(rule.id)).result),
      "GET rules/{id}: the rule as created, every field [A.get.one]",
    ).toEqual(rule);
  });

  clauseTest(["A.get.not-found"], "an unknown rule id: 404 with the failure envelope", async (ctx) => {
    const { api } = await apiOf(ctx);
    // The control: a rule that exists is found, so the 404 says "unknown id", not "not served".
    const known = await ownRules(api).made();
    expectSuccess(await ownRules(api).get(known.id));
    expectFailure(await ownRules(api).get(UNKNOWN), 404);
    expectFailure(await ownRules(api).delete(UNKNOWN), 404);
    expect(
      expectSuccess<Rule>(await ownRules(api).get(known.id)).result,
      "GET rules/{id} after DELETE of an unknown id: our rule is still there, unchanged [A.errors.no-change]",
    ).toEqual(known);
  });

  clauseTest(
    ["A.route.malformed-id", "A.errors.no-change"],
    "a rule id that is not a UUID (or holds one among other characters): 400 / 7003 on GET, PATCH, DELETE",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const known = await r.made();
      for (const id of ["not-a-uuid", `x${known.id}`, `${known.id}x`, `${known.id}/x`, "0000"]) {
        expectFailure(await r.get(id), 400, 7003);
        expectFailure(await r.patch(id, { mode: "disabled" }), 400, 7003);
        expectFailure(await r.delete(id), 400, 7003);
      }
      expect(
        expectSuccess<Rule>(await r.get(known.id)).result,
        "GET rules/{id} after the calls with malformed ids: unchanged [A.errors.no-change]",
      ).toEqual(known);
    },
  );

  clauseTest(["A.delete.one"], "DELETE /{rule_id} removes that rule only; no result", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    const a = await r.made();
    const b = await r.made();
    const env = expectSuccess(await r.delete(a.id));
    // The platform's OpenAPI schema of this delete: {success, errors, messages}, no result key.
    expect(Object.keys(env).sort(), "DELETE rules/{id}: the envelope has no result key [A.delete.one]").toEqual([
      "errors",
      "messages",
      "success",
    ]);
    expectFailure(await r.get(a.id), 404);
    expect(
      await r.listOwn(new Set([a.id, b.id])),
      "GET rules after DELETE rules/{a}: b is left, unchanged [A.delete.one]",
    ).toEqual([b]);
    expectFailure(await r.delete(a.id), 404);
  });

  clauseTest(["A.delete.all"], "DELETE on the path base removes every rule of the account", async (ctx) => {
    const { target, api } = await apiOf(ctx);
    // It removes every rule of the account, not only this test's: run only against a simulator.
    if (target.name !== "sim" && target.name !== "serve") {
      ctx.skip(`target ${target.name}: deleting every rule of a real account is not done by this suite`);
    }
    const r = ownRules(api);
    const made = [await r.made(), await r.made()];
    const env = expectSuccess(await rules(api).deleteAll());
    expect(Object.keys(env).sort(), "DELETE rules: the envelope has no result key [A.delete.all]").toEqual([
      "errors",
      "messages",
      "success",
    ]);
    expect(await r.listAll(), "GET rules after DELETE rules: empty [A.delete.all]").toEqual([]);
    for (const rule of made) {
      expectFailure(await r.get(rule.id), 404);
      expectFailure(await r.patch(rule.id, { mode: "disabled" }), 404);
    }
  });
});
