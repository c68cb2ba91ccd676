/**
 * The JSON Content-Type on area A's paths in the other spellings HTTP allows: "the type and subtype tokens are
 * case-insensitive" and parameters may follow with or without spaces (RFC 9110, 8.3.1). bad-input.test.ts sends
 * the lower-case `application/json` and `application/json; charset=utf-8`.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, checkRule, expectSuccess, type Rule, validRule } from "./support.ts";

describe("JSON media type spellings", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.body.content-type", "A.create.rule"],
    "Content-Type Application/JSON and application/json;charset=UTF-8 are JSON (RFC 9110: case-insensitive)",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      for (const contentType of [
        "Application/JSON",
        "APPLICATION/json;charset=UTF-8",
        "application/json;charset=utf-8",
      ]) {
        const res = await api.request("POST", r.base, validRule, { headers: { "content-type": contentType } });
        const rule = checkRule(expectSuccess<Rule>(res).result);
        r.track(rule.id);
        expect(
          rule,
          `POST rules with Content-Type ${contentType}: the rule as sent [A.body.content-type]`,
        ).toMatchObject(validRule);
        const patched = await api.request(
          "PATCH",
          `${r.base}/${rule.id}`,
          { mode: "monitoring" },
          {
            headers: { "content-type": contentType },
          },
        );
        expect(
          expectSuccess<Rule>(patched).result.mode,
          `PATCH rules/{id} {mode: monitoring} with Content-Type ${contentType}: mode changed [A.body.content-type]`,
        ).toBe("monitoring");
      }
    },
  );
});
