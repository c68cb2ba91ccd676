/**
 * Bad bodies on area A's PATCH route (bad-input.test.ts sends them to POST): a transport that decodes bodies
 * per route can check one route and not the other. Malformed JSON (6007), a body without Content-Type
 * application/json (6003 + 6105) and JSON that is not an object are refused, and the rule is left as it was.
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { deleteOwnRules, ownRules } from "../dns-protection/own-rules.ts";
import { apiOf, expectFailure, expectSuccess, type Rule, validRule } from "./support.ts";

describe("bad PATCH bodies", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.body.malformed-json", "A.body.content-type", "A.create.not-object", "A.errors.no-change", "A.update.partial"],
    "PATCH with malformed JSON, without a JSON Content-Type, or with JSON that is not an object: refused, rule unchanged",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const rule = await r.made({ ...validRule, scope: "region", name: "enam" });
      const path = `${r.base}/${rule.id}`;
      const json = { "content-type": "application/json" };
      for (const body of ["{", '{"mode": "disabled",}', "", '{"mode":"disabled"}{}']) {
        expectFailure(await api.request("PATCH", path, undefined, { body, headers: json }), 400, 6007);
      }
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
        const res = await api.request(
          "PATCH",
          path,
          { mode: "disabled" },
          { headers: { "content-type": contentType } },
        );
        const env = expectFailure(res, 400, 6003);
        expect(
          env.errors.flatMap((e) => (e.error_chain ?? []).map((c) => c.code)),
          `PATCH rules/{id} with Content-Type ${contentType}: error_chain includes 6105 [A.body.content-type]`,
        ).toContain(6105);
      }
      for (const body of [null, 42, "disabled", true, []]) {
        expectFailure(await r.patch(rule.id, body), 400);
      }
      expect(
        expectSuccess<Rule>(await r.get(rule.id)).result,
        "GET rules/{id} after the refused PATCH bodies: the rule as created [A.errors.no-change]",
      ).toEqual(rule);
      // The control: the same PATCH as a JSON object is accepted.
      expect(
        expectSuccess<Rule>(await r.patch(rule.id, { mode: "disabled" })).result.mode,
        "PATCH rules/{id} {mode: disabled} with Content-Type application/json: mode changed [A.update.partial]",
      ).toBe("disabled");
    },
  );
});
