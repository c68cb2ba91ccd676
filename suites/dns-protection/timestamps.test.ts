/**
 * Area A: created_on and modified_on are the times of the writes (spec: "ISO 8601 timestamp with
 * fractional seconds"). Where the target's clock can be moved (the simulators), the clock is first moved
 * off a whole second, so that a stamp that drops or rounds the milliseconds, or that does not follow the
 * clock, fails; elsewhere the test is skipped (A.update.timestamps checks the order of stamps everywhere).
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { apiOf, expectSuccess, type Rule, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

/** Milliseconds since the epoch of a stamp (its sub-millisecond digits dropped). */
function ms(stamp: string): number {
  return Date.parse(stamp);
}

/** `stamp` names the clock's millisecond `now` (or the next one: a stamp may be bumped to stay unique). */
function expectAt(stamp: string, now: number, what: string): void {
  expect(
    ms(stamp) - now,
    `${what}: ${stamp} is the clock's time ${new Date(now).toISOString()} (to 1 ms)`,
  ).toBeGreaterThanOrEqual(0);
  expect(
    ms(stamp) - now,
    `${what}: ${stamp} is the clock's time ${new Date(now).toISOString()} (to 1 ms)`,
  ).toBeLessThanOrEqual(1);
}

describe("dns protection: timestamps follow the clock", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.update.clock", "A.update.timestamps", "A.rule.timestamp-format"],
    "created_on is the create's time, modified_on the last PATCH's, to the millisecond, off whole seconds",
    async (ctx) => {
      const { target, api } = await apiOf(ctx);
      skipUnless(ctx, target, "clock");
      const clock = target.objectStore;
      if (!clock?.advanceClock) return ctx.skip(`target ${target.name}: its clock cannot be moved from the suites`);
      const r = ownRules(api);
      await clock.advanceClock(1_234);
      const t0 = await clock.now();
      const rule = await r.made({ ...validRule, scope: "region", name: "enam" });
      expectAt(rule.created_on, t0, "POST rules: created_on [A.update.clock]");
      expect(rule.modified_on, "POST rules: modified_on equals created_on on a new rule [A.update.timestamps]").toBe(
        rule.created_on,
      );

      await clock.advanceClock(1_501);
      const t1 = await clock.now();
      const patched = expectSuccess<Rule>(await r.patch(rule.id, { rate_sensitivity: "medium" })).result;
      expectAt(patched.modified_on, t1, "PATCH rules/{id}: modified_on [A.update.clock]");
      expect(patched.created_on, "PATCH rules/{id}: created_on is left as created [A.update.timestamps]").toBe(
        rule.created_on,
      );

      await clock.advanceClock(2_003);
      const t2 = await clock.now();
      const second = await r.made();
      expectAt(second.created_on, t2, "POST rules (a second rule, later): created_on [A.update.clock]");
      const read = expectSuccess<Rule>(await r.get(rule.id)).result;
      expect(
        [read.created_on, read.modified_on],
        "GET rules/{id} after a later create: created_on and modified_on of the last PATCH [A.update.timestamps]",
      ).toEqual([rule.created_on, patched.modified_on]);
    },
  );
});
