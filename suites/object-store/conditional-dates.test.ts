/**
 * onlyIf's dates inside one second: the object form compares milliseconds, secondsGranularity truncates
 * both sides to whole seconds, comparisons are strict, and a passing etag condition overrides its date
 * condition. The upload time is kept off a whole second (moved on where the target has a clock), and
 * each expectation is worked out from the upload time the target reported.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { openOffTheSecond } from "./helpers.ts";

/** onlyIf's object form. */
interface OnlyIf {
  etagMatches?: string;
  etagDoesNotMatch?: string;
  uploadedBefore?: Date;
  uploadedAfter?: Date;
  secondsGranularity?: boolean;
}

const sec = (ms: number) => Math.floor(ms / 1000) * 1000;

/** What a call shows: proceeds (get: a body; put: an object) or not (get: no body; put: null). */
async function proceeds(bucket: ObjectStoreBucket, op: "get" | "put", key: string, onlyIf: OnlyIf): Promise<boolean> {
  if (op === "put") return (await bucket.put(key, "next", { onlyIf })) !== null;
  const g = await bucket.get(key, { onlyIf });
  expect(
    g,
    `get("k", {onlyIf}) of an existing key: an object, with or without a body [D.get.precondition-failed]`,
  ).not.toBeNull();
  return (g as { body?: unknown }).body !== undefined;
}

function describeDate(ms: number, at: number): string {
  const d = ms - at;
  return `upload ${d >= 0 ? "+" : "-"} ${Math.abs(d)} ms`;
}

describe("conditional dates within a second", () => {
  for (const op of ["get", "put"] as const) {
    clauseTest(
      ["D.cond.uploaded-before", "D.cond.uploaded-after", "D.cond.granularity", "D.cond.strict-dates"],
      `${op}: uploadedBefore and uploadedAfter compare milliseconds, or whole seconds with secondsGranularity`,
      async (ctx) => {
        const { bucket } = await openOffTheSecond(ctx);
        // Dates around the upload time `at`: a second away, the ends of its second, a millisecond away, equal.
        const dates: ((at: number) => number)[] = [
          (at) => at - 1001,
          (at) => sec(at) - 1,
          (at) => sec(at),
          (at) => at - 1,
          (at) => at,
          (at) => at + 1,
          (at) => sec(at) + 999,
          (at) => sec(at) + 1000,
          (at) => at + 1001,
        ];
        let n = 0;
        for (const secondsGranularity of [undefined, false, true]) {
          const g = secondsGranularity === true ? sec : (ms: number) => ms;
          const rule =
            secondsGranularity === true
              ? "both truncated to whole seconds, compared strictly [D.cond.granularity]"
              : "compared to the millisecond, strictly [D.cond.granularity, D.cond.strict-dates]";
          for (const field of ["uploadedBefore", "uploadedAfter"] as const) {
            for (const date of dates) {
              // A key of its own per case: a put that proceeds rewrites its key.
              const key = `k${n++}`;
              const at = (await bucket.put(key, "value")).uploaded.getTime();
              const d = date(at);
              const onlyIf = {
                [field]: new Date(d),
                ...(secondsGranularity !== undefined ? { secondsGranularity } : {}),
              } as OnlyIf;
              const want = field === "uploadedBefore" ? g(at) < g(d) : g(d) < g(at);
              expect(
                await proceeds(bucket, op, key, onlyIf),
                `${op}("${key}", {onlyIf: {${field}: ${describeDate(d, at)}, secondsGranularity: ${secondsGranularity}}}) ` +
                  `(uploaded ${at % 1000} ms into its second): ${want ? "proceeds" : "does not proceed"}, ${rule}`,
              ).toBe(want);
            }
          }
        }
      },
    );
  }

  clauseTest(
    ["D.cond.precedence", "D.cond.granularity"],
    "a passing etag condition overrides its date condition inside the second too",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      const stored = await bucket.put("k", "value");
      const at = stored.uploaded.getTime();
      const cases: [OnlyIf, boolean, string][] = [
        [
          { etagMatches: stored.etag, uploadedBefore: new Date(at) },
          true,
          "etagMatches passes: uploadedBefore ignored",
        ],
        [{ etagMatches: "0000", uploadedBefore: new Date(at + 1) }, false, "etagMatches fails: nothing overrides it"],
        [
          { etagDoesNotMatch: "0000", uploadedAfter: new Date(at) },
          true,
          "etagDoesNotMatch passes: uploadedAfter ignored",
        ],
        [{ etagDoesNotMatch: stored.etag, uploadedAfter: new Date(at - 1) }, false, "etagDoesNotMatch fails"],
        [
          { etagMatches: stored.etag, uploadedAfter: new Date(at) },
          false,
          "etagMatches does not override uploadedAfter",
        ],
        [
          { etagDoesNotMatch: "0000", uploadedBefore: new Date(at) },
          false,
          "etagDoesNotMatch does not override uploadedBefore",
        ],
        [
          { etagMatches: stored.etag, uploadedAfter: new Date(at - 1), secondsGranularity: true },
          sec(at - 1) < sec(at),
          "uploadedAfter inside the second, whole seconds: fails unless the upload is on a whole second",
        ],
      ];
      for (const [onlyIf, want, why] of cases) {
        const shown = JSON.stringify({
          ...onlyIf,
          etagMatches: onlyIf.etagMatches === stored.etag ? "<etag>" : onlyIf.etagMatches,
        });
        expect(
          await proceeds(bucket, "get", "k", onlyIf),
          `get("k", {onlyIf: ${shown}}): ${why} [D.cond.precedence]`,
        ).toBe(want);
      }
    },
  );
});
