/**
 * Area A: `order` and `direction` apply to the whole list before it is cut into pages (list-examples.test.ts
 * orders within one page of 1000). Read page by page with per_page 10, the ASC pages put together are the list
 * in order, and the DESC pages put together are the same list reversed. Compared on `id` (unique: no ties), over
 * every rule the account holds, so rules of the account's own are no obstacle.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { apiOf, expectSuccess, type Rule, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

describe("dns protection: order across pages", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.list.order", "A.list.pagination"],
    "order=id with per_page 10: the ASC pages in turn are sorted, the DESC pages are the ASC ones reversed",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      for (let i = 0; i < 12; i++) await r.made({ ...validRule, mode: i % 3 === 0 ? "disabled" : "enabled" });
      const pages = async (direction: string): Promise<string[]> => {
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const q = `?order=id&direction=${direction}&per_page=10&page=${page}`;
          const env = expectSuccess<Rule[]>(await r.list(q));
          ids.push(...env.result.map((x) => x.id));
          if (env.result.length === 0 || page * 10 >= (env.result_info?.total_count ?? 0)) return ids;
        }
      };
      const asc = await pages("ASC");
      expect(
        asc.filter((id) => r.ids.has(id)).length,
        "GET rules?order=id&direction=ASC, every page of 10: our 12 rules are on the pages [A.list.pagination]",
      ).toBe(12);
      expect(
        asc,
        "GET rules?order=id&direction=ASC, pages 1, 2, ... put together: ids in ascending order [A.list.order]",
      ).toEqual([...asc].sort());
      expect(
        await pages("DESC"),
        "GET rules?order=id&direction=DESC, pages 1, 2, ... put together: the ASC list reversed [A.list.order]",
      ).toEqual([...asc].reverse());
    },
  );
});
