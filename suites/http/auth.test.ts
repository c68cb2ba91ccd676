/** Authentication on area A: bearer token, email + key, and the platform's answers to bad credentials. */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, expectFailure, expectSuccess, rules, rulesPath, validRule } from "./support.ts";

describe("authentication (area A paths)", () => {
  afterEach(deleteOwnRules);

  clauseTest(["A.auth.bearer"], "Authorization: Bearer <token> is accepted", async (ctx) => {
    const { api } = await apiOf(ctx);
    if (!api.schemes.has("token"))
      ctx.skip("This target has no API token (CLOUDFLARE_API_TOKEN), so the bearer scheme cannot be checked.");
    expectSuccess(await rules(api, { auth: "token" }).list());
  });

  clauseTest(["A.auth.key-accepted"], "X-Auth-Email + X-Auth-Key is accepted too", async (ctx) => {
    const { api } = await apiOf(ctx);
    if (!api.schemes.has("key"))
      ctx.skip(
        "This target has no email and key (CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY), so that scheme cannot be checked.",
      );
    expectSuccess(await rules(api, { auth: "key" }).list());
  });

  clauseTest(["A.auth.missing"], "no credentials: 400 / 9106", async (ctx) => {
    const { api } = await apiOf(ctx);
    expectFailure(await rules(api, { auth: "none" }).list(), 400, 9106);
    expectFailure(await rules(api, { auth: "none" }).create(validRule), 400, 9106);
  });

  clauseTest(["A.auth.malformed"], "malformed credentials: 400 / 6003 with the header's chain code", async (ctx) => {
    const { api } = await apiOf(ctx);
    const cases: [Record<string, string>, number[]][] = [
      [{ authorization: "Basic dXNlcjpwYXNz" }, [6111]],
      [{ authorization: "Bearer bad token with spaces" }, [6111]],
      [{ "x-auth-email": "not-an-email", "x-auth-key": "0123456789abcdef" }, [6102]],
      [{ "x-auth-email": "someone@example.com", "x-auth-key": "not a key!" }, [6103]],
    ];
    for (const [headers, chain] of cases) {
      const env = expectFailure(await rules(api, { auth: { headers } }).list(), 400, 6003);
      const codes = env.errors.flatMap((e) => (e.error_chain ?? []).map((c) => c.code));
      for (const c of chain) {
        expect(
          codes,
          `GET rules with ${JSON.stringify(headers)}: error_chain codes include ${c} [A.auth.malformed]`,
        ).toContain(c);
      }
    }
  });

  clauseTest(["A.auth.unknown"], "well-formed unknown credentials: 403 / 10000", async (ctx) => {
    const { api } = await apiOf(ctx);
    const token = { authorization: "Bearer Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9Zx9" };
    expectFailure(await rules(api, { auth: { headers: token } }).list(), 403, 10000);
    const key = { "x-auth-email": "nobody@example.com", "x-auth-key": "0123456789abcdef0123456789abcdef01234" };
    expectFailure(await rules(api, { auth: { headers: key } }).list(), 403, 10000);
  });

  clauseTest(
    ["A.auth.unauthorized", "A.errors.no-change"],
    "another tenant's credentials: 403 / 9109, nothing read or changed",
    async (ctx) => {
      const { api } = await apiOf(ctx, "tenants");
      const mine = ownRules(api);
      const rule = await mine.made();
      for (const auth of ["other-token", "other-key"] as const) {
        const theirs = rules(api, { auth });
        expectFailure(await theirs.list(), 403, 9109);
        expectFailure(await theirs.get(rule.id), 403, 9109);
        expectFailure(await theirs.patch(rule.id, { mode: "disabled" }), 403, 9109);
        expectFailure(await theirs.delete(rule.id), 403, 9109);
        expectFailure(await theirs.deleteAll(), 403, 9109);
        expectFailure(await theirs.create(validRule), 403, 9109);
      }
      expect(
        expectSuccess(await mine.get(rule.id)).result,
        "GET rules/{id} by the owner after the other tenant's tries: the rule unchanged [A.errors.no-change]",
      ).toEqual(rule);
      expect(
        await mine.listOwn(),
        "GET rules by the owner: only the owner's rule, unchanged (the other tenant created nothing here)",
      ).toEqual([rule]);
      // The other tenant sees its own account only: empty of our rule.
      const other = api.otherTenant!;
      const res = await api.request("GET", rulesPath(other.account_id), undefined, { auth: "other-token" });
      const list = expectSuccess<{ id: string }[]>(res).result;
      expect(
        list.map((r) => r.id),
        "GET the other account's rules with its own token: our rule is not there [A.auth.unauthorized]",
      ).not.toContain(rule.id);
    },
  );
});
