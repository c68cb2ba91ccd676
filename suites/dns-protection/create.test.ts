/** Area A: creating rules (spec: POST with scope, name, mode and the three sensitivities). */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  apiOf,
  checkRule,
  expectSuccess,
  expectValidationFailure,
  isSpecTimestamp,
  type Rule,
  validRule,
} from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

const FIELDS = ["scope", "name", "mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"] as const;
/** Required by both the OpenAPI and the docs (profile_sensitivity: see A.create.profile-default). */
const REQUIRED = ["scope", "name", "mode", "rate_sensitivity", "burst_sensitivity"] as const;

describe("create rule", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.create.rule", "A.rule.fields", "A.rule.id-assigned"],
    "POST creates a rule with the sent fields, an id and timestamps",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const rule = await ownRules(api).made(validRule);
      expect(rule, "POST rules: the rule carries the sent fields [A.create.rule]").toMatchObject(validRule);
      for (const f of ["id", ...FIELDS, "created_on", "modified_on"])
        expect(rule, `POST rules: result.${f} is present [A.rule.fields]`).toHaveProperty(f);
      expect(typeof rule.id, "POST rules: result.id is a string [A.rule.id-assigned]").toBe("string");
      expect(rule.id.length, "POST rules: result.id is not empty [A.rule.id-assigned]").toBeGreaterThan(0);
      const second = await ownRules(api).made({ ...validRule, scope: "datacenter", name: "lax" });
      expect(second.id, "POST rules (a second rule): a new id [A.rule.id-assigned]").not.toBe(rule.id);
      expect(
        expectSuccess<Rule>(await ownRules(api).get(rule.id)).result,
        "GET rules/{id} after POST: the created rule [A.create.rule]",
      ).toEqual(rule);
    },
  );

  clauseTest(["A.rule.id-assigned"], "the id is a UUID and a client-sent id is refused", async (ctx) => {
    const { api } = await apiOf(ctx);
    const rule = await ownRules(api).made();
    expect(rule.id, "POST rules: result.id is a lower-case UUID [A.rule.id-assigned]").toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expectValidationFailure(await ownRules(api).create({ ...validRule, id: "00000000-0000-4000-8000-000000000000" }));
  });

  clauseTest(
    ["A.rule.timestamp-format"],
    "created_on and modified_on: ISO 8601, fractional seconds, UTC offset",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const rule = await ownRules(api).made();
      for (const t of [rule.created_on, rule.modified_on]) {
        expect(
          isSpecTimestamp(t),
          `POST rules: ${t} is ISO 8601 with fractional seconds and an offset [A.rule.timestamp-format]`,
        ).toBe(true);
        expect(t, `POST rules: ${t} has fractional seconds [A.rule.timestamp-format]`).toMatch(/\.\d+/);
        expect(t, `POST rules: ${t} ends in a UTC offset [A.rule.timestamp-format]`).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
      }
      expect(
        rule.modified_on,
        "POST rules: modified_on equals created_on on a new rule [A.rule.timestamp-format]",
      ).toBe(rule.created_on);
    },
  );

  clauseTest(
    ["A.create.scope-global", "A.values.name-scope"],
    "scope global with name global is accepted",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const rule = await ownRules(api).made({ ...validRule, scope: "global", name: "global" });
      expect(
        [rule.scope, rule.name],
        "POST rules {scope: global, name: global}: scope and name [A.create.scope-global]",
      ).toEqual(["global", "global"]);
    },
  );

  clauseTest(["A.values.enums"], "every allowed value of every enumerated field is accepted", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    for (const [scope, name] of [
      ["global", "global"],
      ["region", "wnam"],
      ["datacenter", "lax"],
    ]) {
      checkRule(await r.made({ ...validRule, scope, name }));
    }
    for (const mode of ["enabled", "disabled", "monitoring"]) await r.made({ ...validRule, mode });
    for (const p of ["low", "medium", "high", "very_high"]) await r.made({ ...validRule, profile_sensitivity: p });
    for (const s of ["low", "medium", "high"]) {
      await r.made({ ...validRule, rate_sensitivity: s });
      await r.made({ ...validRule, burst_sensitivity: s });
    }
  });

  clauseTest(["A.values.enums", "A.errors.no-change"], "values outside the enumerations are refused", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    const bad: Record<string, unknown>[] = [
      { scope: "planet", name: "global" },
      { mode: "on" },
      { mode: "Enabled" },
      { profile_sensitivity: "extreme" },
      { rate_sensitivity: "very_high" },
      { burst_sensitivity: "very_high" },
      { burst_sensitivity: "" },
    ];
    const before = await r.listAll();
    for (const b of bad) expectValidationFailure(await r.create({ ...validRule, ...b }));
    expect(r.ids.size, "POST rules with values outside the enumerations: no rule created [A.errors.no-change]").toBe(0);
    expect(await r.listAll(), "GET rules after the refused creates: unchanged [A.errors.no-change]").toEqual(before);
  });

  clauseTest(
    ["A.values.datacenter-code", "A.values.name-scope"],
    "datacenter codes in either case: lax (the OpenAPI) and LAX, DFW (as the platform writes colo codes)",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      // @cloudflare/workers-types, IncomingRequestCfProperties.colo: "The three-letter IATA airport
      // code of the data center", example "DFW"; the DNS-protection OpenAPI's example is 'lax'.
      for (const name of ["lax", "LAX", "DFW"]) {
        expect(
          checkRule(await r.made({ ...validRule, scope: "datacenter", name })),
          `POST rules {scope: datacenter, name: ${name}}: answered as sent [A.values.datacenter-code]`,
        ).toMatchObject({
          scope: "datacenter",
          name,
        });
      }
    },
  );

  clauseTest(["A.values.name-scope"], "global needs name global; region and datacenter need a code", async (ctx) => {
    const { api } = await apiOf(ctx);
    const r = ownRules(api);
    const before = await r.listAll();
    // Only refusals a source supports: the OpenAPI ("For 'global' scope, name should be 'global'"),
    // the docs ("You must provide a region code (or data center code)") and three-letter IATA
    // datacenter codes. Which region codes exist is not public: none is asserted refused for its
    // letters (region "global" included).
    for (const [scope, name] of [
      ["global", "wnam"],
      ["global", "Global"],
      ["global", ""],
      ["region", ""],
      ["datacenter", ""],
      ["datacenter", "global"],
      ["datacenter", "laxx"],
      ["region", "not a region"],
      ["datacenter", "l@x"],
    ]) {
      expectValidationFailure(await r.create({ ...validRule, scope, name }));
    }
    expect(r.ids.size, "POST rules with a name that does not fit its scope: no rule created [A.errors.no-change]").toBe(
      0,
    );
    expect(await r.listAll(), "GET rules after the refused creates: unchanged [A.errors.no-change]").toEqual(before);
  });

  clauseTest(["A.create.required"], "each required field is required", async (ctx) => {
    const { api } = await apiOf(ctx);
    // The control: the complete body is accepted, so each refusal below is the missing field's.
    await ownRules(api).made();
    for (const f of REQUIRED) {
      const body: Record<string, unknown> = { ...validRule };
      delete body[f];
      expectValidationFailure(await ownRules(api).create(body));
    }
    expectValidationFailure(await ownRules(api).create({}));
  });

  clauseTest(
    ["A.create.profile-default", "A.errors.no-change"],
    "profile_sensitivity omitted: refused (the OpenAPI lists it required) or low (the docs' default)",
    async (ctx) => {
      const { api } = await apiOf(ctx);
      const r = ownRules(api);
      const { profile_sensitivity: _p, ...body } = validRule;
      const before = await r.listAll();
      const res = await r.create(body);
      if (res.status === 400) {
        // dos_NewDnsProtectionRule: profile_sensitivity "Required: Yes". A refusal changes nothing.
        expectValidationFailure(res);
        expect(
          await r.listAll(),
          "GET rules after the refused create without profile_sensitivity: unchanged [A.errors.no-change]",
        ).toEqual(before);
      } else {
        // json-objects.mdx: "The profile_sensitivity field value must be one of low (default), ...".
        const rule = checkRule(expectSuccess<Rule>(res).result);
        expect(
          rule,
          "POST rules without profile_sensitivity: the rule as sent, profile_sensitivity low [A.create.profile-default]",
        ).toMatchObject({ ...body, profile_sensitivity: "low" });
        expect(
          checkRule(expectSuccess<Rule>(await r.get(rule.id)).result).profile_sensitivity,
          "GET rules/{id}: profile_sensitivity low [A.create.profile-default]",
        ).toBe("low");
      }
    },
  );

  clauseTest(["A.create.unknown-field"], "unknown fields are refused", async (ctx) => {
    const { api } = await apiOf(ctx);
    await ownRules(api).made(); // the control: the same body without the extra field is accepted
    for (const extra of [
      { description: "x" },
      { created_on: "2023-10-01T13:10:38.762503+00:00" },
      { Mode: "enabled" },
    ]) {
      expectValidationFailure(await ownRules(api).create({ ...validRule, ...extra }));
    }
  });

  clauseTest(["A.create.wrong-type"], "fields of the wrong type are refused", async (ctx) => {
    const { api } = await apiOf(ctx);
    await ownRules(api).made(); // the control: the same body with the right types is accepted
    for (const wrong of [
      { scope: 1 },
      { name: null },
      { mode: true },
      { profile_sensitivity: ["low"] },
      { rate_sensitivity: { v: "low" } },
      { burst_sensitivity: 2 },
      { block_any_queries: "true" },
      { block_any_queries: null },
    ]) {
      expectValidationFailure(await ownRules(api).create({ ...validRule, ...wrong }));
    }
  });

  clauseTest(["A.rule.block-any-queries"], "block_any_queries defaults to true and can be set", async (ctx) => {
    const { api } = await apiOf(ctx);
    expect(
      (await ownRules(api).made()).block_any_queries,
      "POST rules without block_any_queries: true [A.rule.block-any-queries]",
    ).toBe(true);
    expect(
      (await ownRules(api).made({ ...validRule, block_any_queries: false })).block_any_queries,
      "POST rules {block_any_queries: false}: false [A.rule.block-any-queries]",
    ).toBe(false);
  });
});
