/** Area A: list, get one, delete one, delete all (list: spec; the others: the platform). */
import { beforeEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { apiOf, checkRule, expectFailure, expectSuccess, type Rule, rules, validRule } from "../http/support.ts";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("list, get and delete rules", () => {
  beforeEach(async () => {
    const t = await getTarget();
    if (t.api) await rules(t.api).deleteAll();
  });

  clauseTest(["A.list.rules"], "GET lists the account's rules", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = rules(api);
    expect(expectSuccess<Rule[]>(await r.list()).result).toEqual([]);
    const a = await r.made();
    const b = await r.made({ ...validRule, scope: "datacenter", name: "ams" });
    const listed = expectSuccess<Rule[]>(await r.list()).result;
    listed.forEach(checkRule);
    expect([...listed].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [a, b].sort((x, y) => x.id.localeCompare(y.id)),
    );
  });

  clauseTest(
    ["A.list.pagination", "A.envelope.result-info"],
    "page and per_page split the list; past the end is empty",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = rules(api);
      const made: Rule[] = [];
      for (let i = 0; i < 12; i++) made.push(await r.made());
      const p1 = expectSuccess<Rule[]>(await r.list("?per_page=10&page=1"));
      const p2 = expectSuccess<Rule[]>(await r.list("?per_page=10&page=2"));
      const p3 = expectSuccess<Rule[]>(await r.list("?per_page=10&page=3"));
      expect(p1.result.length).toBe(10);
      expect(p2.result.length).toBe(2);
      expect(p3.result).toEqual([]);
      expect(p1.result_info).toEqual({ page: 1, per_page: 10, count: 10, total_count: 12, total_pages: 2 });
      expect(p2.result_info).toEqual({ page: 2, per_page: 10, count: 2, total_count: 12, total_pages: 2 });
      const ids = [...p1.result, ...p2.result].map((x) => x.id).sort();
      expect(ids).toEqual(made.map((x) => x.id).sort());
      const dflt = expectSuccess<Rule[]>(await r.list());
      expect(dflt.result_info?.per_page).toBe(25);
      for (const q of ["?per_page=9", "?per_page=1001", "?page=0", "?page=x", "?per_page=-5"]) {
        expectFailure(await r.list(q), 400);
      }
    },
  );

  clauseTest(["A.get.one"], "GET /{rule_id} returns the rule", async (ctx) => {
    const { api } = await apiOf(ctx);
    const rule = await rules(api).made();
    expect(checkRule(expectSuccess(await rules(api).get(rule.id)).result)).toEqual(rule);
  });

  clauseTest(["A.get.not-found"], "an unknown rule id: 404 with the failure envelope", async (ctx) => {
    const { api } = await apiOf(ctx);
    expectFailure(await rules(api).get(UNKNOWN), 404);
    expectFailure(await rules(api).delete(UNKNOWN), 404);
  });

  clauseTest(["A.delete.one"], "DELETE /{rule_id} removes that rule only; no result", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = rules(api);
    const a = await r.made();
    const b = await r.made();
    const env = expectSuccess(await r.delete(a.id));
    expect(env.result ?? null).toBeNull();
    expectFailure(await r.get(a.id), 404);
    expect(expectSuccess<Rule[]>(await r.list()).result).toEqual([b]);
    expectFailure(await r.delete(a.id), 404);
  });

  clauseTest(["A.delete.all"], "DELETE on the path base removes every rule of the account", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = rules(api);
    await r.made();
    await r.made();
    const env = expectSuccess(await r.deleteAll());
    expect(env.result ?? null).toBeNull();
    expect(expectSuccess<Rule[]>(await r.list()).result).toEqual([]);
  });
});
