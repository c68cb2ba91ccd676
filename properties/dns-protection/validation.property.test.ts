/**
 * Validation fuzzing of area A: bodies valid by construction are accepted; bodies breaking exactly one
 * labelled rule are refused with a validation error (400, a non-transport code) and change nothing.
 * `fc.pre(breaks(...))` keeps every shrunk counterexample breaking its labelled rule.
 */
import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { missingCapability } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { expectSuccess, expectValidationFailure, type Rule, rules } from "../../suites/http/support.ts";
import { breaks, brokenCreate, brokenPatch, validCreate, validPatch } from "./arbitraries.ts";

async function api() {
  const target = await getTarget();
  return target.api!;
}

describe("area A validation (properties)", () => {
  clauseProperty(
    ["A.create.rule", "A.values.enums", "A.values.name-scope", "A.rule.block-any-queries"],
    "every valid create body is accepted and echoed",
    (ctx) => {
      return fc.asyncProperty(validCreate, async (body) => {
        const target = await getTarget();
        if (!target.api) ctx.skip(missingCapability(target, "api"));
        const r = rules(await api());
        const rule = await r.made(body);
        expect(rule, "POST (valid body): the rule as sent, block_any_queries true when left out").toMatchObject({
          ...body,
          block_any_queries: body.block_any_queries ?? true,
        });
        expectSuccess(await r.delete(rule.id));
        return true;
      });
    },
    { numRuns: 40 },
  );

  clauseProperty(
    [
      "A.create.required",
      "A.create.unknown-field",
      "A.create.wrong-type",
      "A.values.enums",
      "A.values.name-scope",
      "A.errors.no-change",
    ],
    "a create body breaking one labelled rule is refused and nothing is created",
    (ctx) => {
      return fc.asyncProperty(brokenCreate, async ({ rule, body }) => {
        fc.pre(breaks(rule, body));
        const target = await getTarget();
        if (!target.api) ctx.skip(missingCapability(target, "api"));
        const r = rules(await api());
        const before = expectSuccess<Rule[]>(await r.list("?per_page=1000")).result;
        expectValidationFailure(await r.create(body));
        expect(
          expectSuccess<Rule[]>(await r.list("?per_page=1000")).result,
          "GET ?per_page=1000 after a refused POST: the rules from before",
        ).toEqual(before);
        return true;
      });
    },
    { numRuns: 80 },
  );

  clauseProperty(
    ["A.update.partial", "A.update.updatable-fields", "A.update.complete-result"],
    "every valid PATCH changes exactly the given fields",
    (ctx) => {
      return fc.asyncProperty(validCreate, validPatch, async (create, patch) => {
        const target = await getTarget();
        if (!target.api) ctx.skip(missingCapability(target, "api"));
        const r = rules(await api());
        const rule = await r.made(create);
        const updated = expectSuccess<Rule>(await r.patch(rule.id, patch)).result;
        expect(updated, "PATCH (valid patch): the rule with the patch applied, every other field kept").toEqual({
          ...rule,
          ...patch,
          modified_on: updated.modified_on,
        });
        expectSuccess(await r.delete(rule.id));
        return true;
      });
    },
    { numRuns: 30 },
  );

  clauseProperty(
    ["A.update.name-scope-immutable", "A.update.unknown-field", "A.errors.no-change"],
    "a PATCH breaking one labelled rule is refused and the rule is unchanged",
    (ctx) => {
      return fc.asyncProperty(validCreate, brokenPatch, async (create, { rule: label, body }) => {
        fc.pre(breaks(label, body));
        const target = await getTarget();
        if (!target.api) ctx.skip(missingCapability(target, "api"));
        const r = rules(await api());
        const rule = await r.made(create);
        expectValidationFailure(await r.patch(rule.id, body));
        expect(
          expectSuccess<Rule>(await r.get(rule.id)).result,
          "GET after a refused PATCH: the rule as created",
        ).toEqual(rule);
        expectSuccess(await r.delete(rule.id));
        return true;
      });
    },
    { numRuns: 60 },
  );
});
