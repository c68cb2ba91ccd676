/**
 * Stateful run of area A against a small reference model written here: create, patch, get, list,
 * delete, delete all and refused creates, in random sequences (fast-check commands).
 */
import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty, commandsArbitrary } from "../../harness/clauses/property.ts";
import { missingCapability } from "../../harness/clauses/test.ts";
import type { ApiTarget } from "../../harness/targets/api.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { expectFailure, expectSuccess, expectValidationFailure, type Rule, rules } from "../../suites/http/support.ts";
import { type Body, breaks, brokenCreate, validCreate, validPatch } from "./arbitraries.ts";

/** The reference model: rules in creation order, as the test expects them. */
interface Model {
  rules: Rule[];
}

interface Real {
  api: ApiTarget;
}

type Cmd = fc.AsyncCommand<Model, Real>;

const r = (real: Real) => rules(real.api);
const pickRule = (m: Model, n: number): Rule | undefined =>
  m.rules.length === 0 ? undefined : m.rules[n % m.rules.length];

class Create implements Cmd {
  constructor(readonly body: Body) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const rule = await r(real).made(this.body);
    expect(rule, `POST ${this}: the rule as sent`).toMatchObject(this.body);
    expect(
      m.rules.map((x) => x.id),
      `POST ${this}: a new id, none of the existing rules'`,
    ).not.toContain(rule.id);
    m.rules.push(rule);
  }
  toString = () => `create(${JSON.stringify(this.body)})`;
}

class CreateInvalid implements Cmd {
  constructor(
    readonly label: string,
    readonly body: Body,
  ) {}
  check = () => breaks(this.label, this.body);
  async run(_m: Model, real: Real) {
    expectValidationFailure(await r(real).create(this.body));
  }
  toString = () => `createInvalid(${this.label}, ${JSON.stringify(this.body)})`;
}

class Patch implements Cmd {
  constructor(
    readonly n: number,
    readonly patch: Body,
  ) {}
  check = (m: Readonly<Model>) => m.rules.length > 0;
  async run(m: Model, real: Real) {
    const rule = pickRule(m, this.n)!;
    const updated = expectSuccess<Rule>(await r(real).patch(rule.id, this.patch)).result;
    const expected = { ...rule, ...this.patch, modified_on: updated.modified_on };
    expect(updated, `PATCH ${this}: the rule with the patch applied, every other field kept`).toEqual(expected);
    expect(updated.modified_on, `PATCH ${this}: modified_on changed`).not.toBe(rule.modified_on);
    m.rules[m.rules.indexOf(rule)] = updated;
  }
  toString = () => `patch(#${this.n}, ${JSON.stringify(this.patch)})`;
}

class Get implements Cmd {
  constructor(readonly n: number) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const rule = pickRule(m, this.n);
    if (!rule) {
      expectFailure(await r(real).get("00000000-0000-4000-8000-00000000abcd"), 404);
      return;
    }
    expect(expectSuccess<Rule>(await r(real).get(rule.id)).result, `GET ${this}: the rule as last written`).toEqual(
      rule,
    );
  }
  toString = () => `get(#${this.n})`;
}

class List implements Cmd {
  check = () => true;
  async run(m: Model, real: Real) {
    const env = expectSuccess<Rule[]>(await r(real).list("?per_page=1000"));
    const byId = (a: Rule, b: Rule) => a.id.localeCompare(b.id);
    expect([...env.result].sort(byId), "GET ?per_page=1000: every rule of the model, each once").toEqual(
      [...m.rules].sort(byId),
    );
    expect(env.result_info?.total_count, "GET ?per_page=1000: result_info.total_count, the number of rules").toBe(
      m.rules.length,
    );
  }
  toString = () => "list()";
}

class Delete implements Cmd {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.rules.length > 0;
  async run(m: Model, real: Real) {
    const rule = pickRule(m, this.n)!;
    expectSuccess(await r(real).delete(rule.id));
    m.rules.splice(m.rules.indexOf(rule), 1);
    expectFailure(await r(real).get(rule.id), 404);
  }
  toString = () => `delete(#${this.n})`;
}

class DeleteAll implements Cmd {
  check = () => true;
  async run(m: Model, real: Real) {
    expectSuccess(await r(real).deleteAll());
    m.rules = [];
  }
  toString = () => "deleteAll()";
}

const commands = [
  validCreate.map((b) => new Create(b)),
  brokenCreate.map(({ rule, body }) => new CreateInvalid(rule, body)),
  fc.tuple(fc.nat(), validPatch).map(([n, p]) => new Patch(n, p)),
  fc.nat().map((n) => new Get(n)),
  fc.constant(new List()),
  fc.nat().map((n) => new Delete(n)),
  fc.constant(new DeleteAll()),
];

describe("area A stateful (property)", () => {
  clauseProperty(
    [
      "A.create.rule",
      "A.update.partial",
      "A.update.timestamps",
      "A.get.one",
      "A.list.rules",
      "A.delete.one",
      "A.delete.all",
      "A.errors.no-change",
    ],
    "random sequences agree with the reference model",
    (ctx) =>
      fc.asyncProperty(commandsArbitrary(commands, { maxCommands: 25 }), async (cmds) => {
        const target = await getTarget();
        if (!target.api) ctx.skip(missingCapability(target, "api"));
        const real: Real = { api: target.api! };
        expectSuccess(await r(real).deleteAll());
        await fc.asyncModelRun(() => ({ model: { rules: [] }, real }), cmds);
        return true;
      }),
    { numRuns: 25 },
  );
});
