/**
 * Authentication on every route of area A, not only the list and the create (auth.test.ts): a route that skips
 * the check is what a reimplementation that authenticates per handler gets wrong. No credentials: 400 / 9106;
 * a well-formed token nobody has: 403 / 10000; in both cases the rule is neither read nor changed.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ApiAuth } from "../../harness/targets/api.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, expectFailure, expectSuccess, type Rule, rules, validRule } from "./support.ts";

const UNKNOWN_TOKEN: ApiAuth = { headers: { authorization: "Bearer Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9" } };

describe("authentication on every route of area A", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.auth.missing", "A.auth.unknown", "A.errors.no-change"],
    "GET, PATCH and DELETE of a rule and DELETE of the list: 400 / 9106 without credentials, 403 / 10000 with an unknown token",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const mine = ownRules(api);
      const rule = await mine.made({ ...validRule, scope: "region", name: "seas" });
      for (const [auth, status, code] of [
        ["none", 400, 9106],
        [UNKNOWN_TOKEN, 403, 10000],
      ] as const) {
        const r = rules(api, { auth });
        expectFailure(await r.get(rule.id), status, code);
        expectFailure(await r.patch(rule.id, { mode: "disabled" }), status, code);
        expectFailure(await r.delete(rule.id), status, code);
        expectFailure(await r.deleteAll(), status, code);
        expectFailure(await r.list("?per_page=10&page=1"), status, code);
      }
      expect(
        expectSuccess<Rule>(await mine.get(rule.id)).result,
        "GET rules/{id} with the owner's credentials after the refused calls: the rule unchanged [A.errors.no-change]",
      ).toEqual(rule);
    },
  );
});
