/**
 * Half of the email + key scheme on area A's paths (auth.test.ts sends both headers): one header of the pair
 * without the other is a malformed credential, 400 / 6003 with the missing header's chain code (the reference:
 * 6102 X-Auth-Email, 6103 X-Auth-Key), never taken as a credential. Both headers are well-formed values that
 * belong to nobody, so the test needs no secret of the target.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, expectFailure, validRule } from "./support.ts";

const EMAIL = "someone@example.com";
const KEY = "0123456789abcdef0123456789abcdef01234";

describe("authentication: half of the email + key pair", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.auth.malformed", "A.errors.no-change"],
    "X-Auth-Key without X-Auth-Email (6102) and X-Auth-Email without X-Auth-Key (6103): 400 / 6003, nothing created",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const before = await r.listAll();
      const cases: [Record<string, string>, number][] = [
        [{ "x-auth-key": KEY }, 6102],
        [{ "x-auth-email": EMAIL }, 6103],
      ];
      for (const [headers, code] of cases) {
        for (const res of [
          await api.request("GET", r.base, undefined, { auth: { headers } }),
          await api.request("POST", r.base, validRule, { auth: { headers } }),
        ]) {
          const env = expectFailure(res, 400, 6003);
          expect(
            env.errors.flatMap((e) => (e.error_chain ?? []).map((c) => c.code)),
            `${res.call} with only ${Object.keys(headers)[0]}: error_chain names the missing header, ${code} [A.auth.malformed]`,
          ).toContain(code);
        }
      }
      expect(await r.listAll(), "GET rules after the refused requests: unchanged [A.errors.no-change]").toEqual(before);
    },
  );
});
