/**
 * Area A: bounds at n-1, n and n+1 that the other files leave at one side: the datacenter code's three letters
 * (two letters, letters with a digit or `_`), the list's default page of 25 applied (not only reported) once
 * the account holds more than 25 rules, and the enumerated values in another case, field by field, on create and
 * PATCH (the OpenAPI's enums are lower case, and a JSON Schema enum matches exactly; create.test.ts tries mode).
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { apiOf, checkRule, expectSuccess, expectValidationFailure, type Rule, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

/** The list's default per_page (the OpenAPI's listDnsProtectionRulesForAccount: "Defaults to 25"). */
const DEFAULT_PER_PAGE = 25;

describe("dns protection: bounds", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.values.datacenter-code", "A.values.name-scope", "A.errors.no-change"],
    "a datacenter code is three letters: two letters (n-1) and letters mixed with a digit or _ are refused",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      // The control: three letters (n) are accepted, so each refusal below is the name's.
      expect(
        checkRule(await r.made({ ...validRule, scope: "datacenter", name: "Ams" })),
        "POST rules {scope: datacenter, name: Ams}: three letters accepted, answered as sent [A.values.datacenter-code]",
      ).toMatchObject({ scope: "datacenter", name: "Ams" });
      const before = await r.listAll();
      // "The three-letter IATA airport code of the data center" (@cloudflare/workers-types, colo): letters only.
      for (const name of ["la", "a", "l4x", "la_", "123"]) {
        expectValidationFailure(await r.create({ ...validRule, scope: "datacenter", name }));
      }
      expect(r.ids.size, "POST rules with datacenter names that are not three letters: none created").toBe(1);
      expect(await r.listAll(), "GET rules after the refused datacenter names: unchanged [A.errors.no-change]").toEqual(
        before,
      );
    },
  );

  clauseTest(
    ["A.list.pagination", "A.envelope.result-info"],
    "without per_page the list is cut in pages of 25: page 2 holds the 26th rule",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const made: Rule[] = [];
      for (let i = 0; i < DEFAULT_PER_PAGE + 1; i++) {
        made.push(await r.made({ ...validRule, mode: i % 2 === 0 ? "enabled" : "monitoring" }));
      }
      const first = expectSuccess<Rule[]>(await r.list());
      const total = first.result_info?.total_count ?? 0;
      expect(
        total,
        "GET rules: result_info.total_count counts our 26 rules at least [A.envelope.result-info]",
      ).toBeGreaterThanOrEqual(made.length);
      expect(
        first.result.length,
        "GET rules (no page, no per_page): the first page holds 25 rules, the default per_page [A.list.pagination]",
      ).toBe(DEFAULT_PER_PAGE);
      expect(
        first.result_info,
        "GET rules (no page, no per_page): result_info page 1, per_page 25, count 25 [A.envelope.result-info]",
      ).toMatchObject({ page: 1, per_page: DEFAULT_PER_PAGE, count: DEFAULT_PER_PAGE, total_count: total });
      const pages = Math.ceil(total / DEFAULT_PER_PAGE);
      const ids = first.result.map((x) => x.id);
      for (let page = 2; page <= pages; page++) {
        const p = expectSuccess<Rule[]>(await r.list(`?page=${page}`));
        const count = Math.min(DEFAULT_PER_PAGE, total - DEFAULT_PER_PAGE * (page - 1));
        expect(
          p.result.length,
          `GET rules?page=${page} (default per_page): ${count} rules on this page [A.list.pagination]`,
        ).toBe(count);
        expect(
          p.result_info,
          `GET rules?page=${page}: result_info page ${page}, per_page 25, count ${count} [A.envelope.result-info]`,
        ).toMatchObject({ page, per_page: DEFAULT_PER_PAGE, count, total_count: total });
        ids.push(...p.result.map((x) => x.id));
      }
      expect(
        ids.filter((id) => r.ids.has(id)).sort(),
        "GET rules, every page of the default 25: each of our 26 rules once [A.list.pagination]",
      ).toEqual(made.map((x) => x.id).sort());
      expect(new Set(ids).size, "GET rules, every page of the default 25: no rule on two pages").toBe(total);
      const past = expectSuccess<Rule[]>(await r.list(`?page=${pages + 1}`));
      expect(
        [past.result, past.result_info?.count, past.result_info?.total_count],
        `GET rules?page=${pages + 1} (past the last page): no rules, count 0, total_count ${total} [A.list.pagination]`,
      ).toEqual([[], 0, total]);
    },
  );

  clauseTest(
    ["A.values.enums", "A.errors.no-change"],
    "each enumerated field in another case (Global, MONITORING, Very_High, LOW, High) is refused on create and PATCH",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made({ ...validRule, scope: "region", name: "naf" });
      const before = await r.listAll();
      const cased: Record<string, string>[] = [
        { mode: "MONITORING" },
        { profile_sensitivity: "Very_High" },
        { rate_sensitivity: "LOW" },
        { burst_sensitivity: "High" },
      ];
      for (const c of [{ scope: "Global" }, { scope: "REGION", name: "naf" }, ...cased]) {
        expectValidationFailure(await r.create({ ...validRule, ...c }));
      }
      for (const c of cased) expectValidationFailure(await r.patch(rule.id, c));
      expect(
        await r.listAll(),
        "GET rules after creates and PATCHes with enumerated values in another case: unchanged [A.errors.no-change]",
      ).toEqual(before);
    },
  );
});
