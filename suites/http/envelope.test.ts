/** The v4 envelope on area A's paths: success, failure, lists, JSON, the v4 base path. */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, checkEnvelope, checkRule, expectFailure, expectSuccess, rules, validRule } from "./support.ts";

describe("v4 envelope", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.envelope.success", "A.envelope.result-object"],
    "a create answers success with the rule as result",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const env = expectSuccess(await rules(api).create(validRule));
      expect(
        Array.isArray(env.result),
        "POST rules: envelope.result is the rule object, not an array [A.envelope.result-object]",
      ).toBe(false);
      checkRule(env.result);
    },
  );

  clauseTest(
    ["A.envelope.result-list", "A.envelope.result-info"],
    "a list answers an array of rules with result_info",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      const made = await r.made();
      const env = expectSuccess<{ id: string }[]>(await r.list("?per_page=1000"));
      expect(Array.isArray(env.result), "GET rules: envelope.result is an array [A.envelope.result-list]").toBe(true);
      env.result.forEach(checkRule);
      expect(
        env.result.map((x) => x.id),
        "GET rules?per_page=1000: the ids listed include the rule just created",
      ).toContain(made.id);
      const total = before.length + 1;
      // The OpenAPI's four fields (dos_api-response-collection); total_pages is not in its schema.
      expect(
        env.result_info,
        "GET rules?per_page=1000: result_info page 1, per_page 1000, total_count every rule [A.envelope.result-info]",
      ).toMatchObject({
        page: 1,
        per_page: 1000,
        total_count: total,
      });
      expect(
        env.result_info?.count,
        "GET rules: result_info.count is the number of rules on the page [A.envelope.result-info]",
      ).toBe(env.result.length);
    },
  );

  clauseTest(
    ["A.envelope.failure", "A.envelope.error-item"],
    "a refused request answers the failure envelope with {code, message} items",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      // The control: the same body with a valid mode is accepted, so the refusal is the mode's.
      await ownRules(api).made();
      const env = expectFailure(await ownRules(api).create({ ...validRule, mode: "sometimes" }), 400);
      for (const e of env.errors) {
        expect(
          Number.isInteger(e.code),
          `POST rules (mode "sometimes"): errors[].code is an integer, got ${e.code} [A.envelope.error-item]`,
        ).toBe(true);
        expect(
          e.code,
          'POST rules (mode "sometimes"): errors[].code is 1000 or more [A.envelope.error-item]',
        ).toBeGreaterThanOrEqual(1000);
        expect(
          typeof e.message,
          'POST rules (mode "sometimes"): errors[].message is a string [A.envelope.error-item]',
        ).toBe("string");
      }
    },
  );

  clauseTest(["A.envelope.json"], "answers are JSON, success or failure", async (ctx) => {
    const { api } = await apiOf(ctx);
    const list = await rules(api).list();
    const missing = await rules(api).get("00000000-0000-4000-8000-000000000000");
    for (const res of [list, missing]) {
      expect(
        res.headers.get("content-type") ?? "",
        `${res.call}: Content-Type application/json [A.envelope.json]`,
      ).toMatch(/^application\/json/);
      checkEnvelope(res);
    }
    // One of each: a success (the list is served) and a failure (the unknown id).
    expectSuccess(list);
    expectFailure(missing, 404);
  });

  clauseTest(["A.version.v4"], "the base URL carries the version segment v4", async (ctx) => {
    const { api } = await apiOf(ctx);
    expect(new URL(api.baseUrl).pathname.split("/"), "the base URL's path has the segment v4 [A.version.v4]").toContain(
      "v4",
    );
    expectSuccess(await rules(api).list());
  });
});
