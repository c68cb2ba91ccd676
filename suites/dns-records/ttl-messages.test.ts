/**
 * Area B: the TTL errors' messages, as the platform words them (shared/reference: 9021 "TTL must be between 60 and
 * 86400 seconds, or 1 for Automatic."; 9022 "TTL must be a number, not a string."). The error item is looked for at
 * the top level and in error_chain: where it sits is not pinned, its code and message are.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type ErrorItem, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** Every error item of a failure envelope, top level and error_chain. */
function itemsOf(items: readonly ErrorItem[] | undefined): ErrorItem[] {
  return (items ?? []).flatMap((e) => [e, ...itemsOf(e.error_chain)]);
}

const RANGE = "TTL must be between 60 and 86400 seconds, or 1 for Automatic.";
const STRING = "TTL must be a number, not a string.";

describe("dns records: TTL error messages", () => {
  clauseTest(
    ["B.ttl.range", "B.ttl.not-string"],
    "a TTL out of range is 9021 with the platform's message, a string TTL 9022 with its own, on create and PATCH",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({ type: "A", name: uniqueLabel("tm"), content: "198.51.100.95", ttl: 120 });
      const cases: [unknown, number, string][] = [
        [59, 9021, RANGE],
        [86401, 9021, RANGE],
        ["300", 9022, STRING],
      ];
      for (const [ttl, code, message] of cases) {
        const calls = [
          [
            `POST ttl ${JSON.stringify(ttl)}`,
            await records.post({ type: "A", name: uniqueLabel("tm"), content: "198.51.100.96", ttl }),
          ],
          [`PATCH {ttl: ${JSON.stringify(ttl)}}`, await records.patch(r.id, { ttl })],
        ] as const;
        for (const [call, res] of calls) {
          const env = expectFailure(res, 400, code);
          expect(
            itemsOf(env.errors)
              .filter((e) => e.code === code)
              .map((e) => e.message),
            `${call}: the error ${code} says "${message}" [B.ttl.range]`,
          ).toContain(message);
        }
      }
    },
  );
});
