/**
 * Area A: writes a few milliseconds apart inside one second (timestamps.test.ts moves the clock by whole seconds
 * and more between writes): each created_on and modified_on is its own write's millisecond, so a stamp that
 * reuses the text of an earlier stamp of the same second, or rounds to the second, fails. Only where the
 * target's clock can be moved (the simulators).
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { apiOf, expectSuccess, type Rule, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

describe("dns protection: timestamps within one second", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.update.clock", "A.rule.timestamp-format"],
    "creates and a PATCH 7, 10 and 1 ms apart in one second: each stamp is its write's millisecond",
    async (ctx) => {
      const { target, api } = await apiOf(ctx);
      skipUnless(ctx, target, "clock");
      const clock = target.objectStore;
      if (!clock?.advanceClock) return ctx.skip(`target ${target.name}: its clock cannot be moved from the suites`);
      const r = ownRules(api);
      // Off a whole second, with room for the three moves below inside the same second.
      const now = await clock.now();
      await clock.advanceClock(1_000 - (now % 1_000) + 421);
      const stamps: [string, number][] = [];
      const first = await r.made();
      stamps.push([first.created_on, await clock.now()]);
      for (const step of [7, 10]) {
        await clock.advanceClock(step);
        stamps.push([(await r.made({ ...validRule, mode: "monitoring" })).created_on, await clock.now()]);
      }
      await clock.advanceClock(1);
      const patched = expectSuccess<Rule>(await r.patch(first.id, { mode: "disabled" })).result;
      stamps.push([patched.modified_on, await clock.now()]);
      for (const [stamp, at] of stamps) {
        // A stamp may be bumped past the clock by at most 1 ms to stay unique (timestamps.test.ts).
        const off = Date.parse(stamp) - at;
        expect(
          off >= 0 && off <= 1,
          `rules written at ${new Date(at).toISOString()}: stamp ${stamp} is that millisecond (to 1 ms) [A.update.clock]`,
        ).toBe(true);
      }
    },
  );
});
