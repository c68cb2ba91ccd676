import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { expectedProceeds, expectedRange } from "./reference-model.ts";

const target = await getTarget();

const rangeArb = fc.oneof(
  fc.record({ offset: fc.nat(40), length: fc.nat(40) }),
  fc.record({ offset: fc.nat(40) }),
  fc.record({ length: fc.nat(40) }),
  fc.record({ suffix: fc.nat(40) }),
);

describe("ranges and conditionals against pure oracles", () => {
  clauseProperty(
    [
      "D.range.offset-length",
      "D.range.length",
      "D.range.suffix",
      "D.range.shorter",
      "D.range.resolution",
      "D.err.range-unsatisfiable",
    ],
    "get with a range on a non-empty object returns exactly the oracle's bytes and range, or 10039",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      return fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 30 }),
        fc.array(rangeArb, { minLength: 1, maxLength: 8 }),
        async (data, ranges) => {
          const bucket = await target.objectStore!.bucket();
          await bucket.put("k", data);
          for (const range of ranges) {
            // Offsets at or past the end are example tests (range.test.ts); here the offset is inside.
            if ("offset" in range && range.offset >= data.byteLength) continue;
            const want = expectedRange(data.byteLength, range);
            const got = await bucket.get("k", { range }).then(
              (o) => o,
              (e: Error) => e,
            );
            if (want === "unsatisfiable") {
              expect(
                got,
                `get("k", {range: ${JSON.stringify(range)}}) on ${data.byteLength} bytes: rejects, unsatisfiable`,
              ).toBeInstanceOf(Error);
              expect(
                (got as Error).message,
                `get("k", {range: ${JSON.stringify(range)}}) on ${data.byteLength} bytes: the 10039 error text`,
              ).toBe("get: The requested range is not satisfiable (10039)");
              continue;
            }
            expect(
              got,
              `get("k", {range: ${JSON.stringify(range)}}) on ${data.byteLength} bytes: an object, the range is satisfiable`,
            ).not.toBeInstanceOf(Error);
            const body = got as Exclude<typeof got, Error | null>;
            expect(
              body!.range,
              `get("k", {range: ${JSON.stringify(range)}}).range on ${data.byteLength} bytes: the oracle's offset and length`,
            ).toEqual(want);
            expect(
              new Uint8Array(await body!.arrayBuffer()),
              `get("k", {range: ${JSON.stringify(range)}}) body: the bytes from offset, length long`,
            ).toEqual(data.slice(want.offset, want.offset + want.length));
          }
        },
      );
    },
    { numRuns: 30 },
  );

  clauseProperty(
    [
      "D.cond.etag-matches",
      "D.cond.etag-does-not-match",
      "D.cond.uploaded-before",
      "D.cond.uploaded-after",
      "D.cond.strict-dates",
      "D.cond.precedence",
      "D.cond.wildcard",
      "D.rule.conditionals",
      "D.get.precondition-failed",
      "D.put.precondition-failed",
    ],
    "get and put proceed exactly when the RFC 7232 oracle says so",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      const etagChoice = fc.constantFrom("same", "other", "*");
      const dateChoice = fc.integer({ min: -2, max: 2 });
      const cond = fc.record(
        {
          etagMatches: etagChoice,
          etagDoesNotMatch: etagChoice,
          uploadedBefore: dateChoice,
          uploadedAfter: dateChoice,
        },
        { requiredKeys: [] },
      );
      return fc.asyncProperty(cond, fc.boolean(), async (c, onPut) => {
        const bucket = await target.objectStore!.bucket();
        const stored = await bucket.put("k", "value");
        const at = stored.uploaded.getTime();
        const etag = (v: string) => (v === "same" ? stored.etag : v === "other" ? "0000" : "*");
        const onlyIf = {
          ...(c.etagMatches ? { etagMatches: etag(c.etagMatches) } : {}),
          ...(c.etagDoesNotMatch ? { etagDoesNotMatch: etag(c.etagDoesNotMatch) } : {}),
          ...(c.uploadedBefore !== undefined ? { uploadedBefore: new Date(at + c.uploadedBefore * 1000) } : {}),
          ...(c.uploadedAfter !== undefined ? { uploadedAfter: new Date(at + c.uploadedAfter * 1000) } : {}),
        };
        const want = expectedProceeds(
          { etag: stored.etag, uploaded: at },
          {
            ...(onlyIf.etagMatches !== undefined ? { etagMatches: onlyIf.etagMatches } : {}),
            ...(onlyIf.etagDoesNotMatch !== undefined ? { etagDoesNotMatch: onlyIf.etagDoesNotMatch } : {}),
            ...(onlyIf.uploadedBefore ? { uploadedBefore: onlyIf.uploadedBefore.getTime() } : {}),
            ...(onlyIf.uploadedAfter ? { uploadedAfter: onlyIf.uploadedAfter.getTime() } : {}),
          },
        );
        if (onPut) {
          const r = await bucket.put("k", "next", { onlyIf });
          expect(
            r !== null,
            `put("k", "next", {onlyIf: ${JSON.stringify(onlyIf)}}): an object when the condition holds, else null`,
          ).toBe(want);
          expect(
            await (await bucket.get("k"))!.text(),
            'get("k") after the conditional put: "next" when it held, else "value"',
          ).toBe(want ? "next" : "value");
        } else {
          const g = await bucket.get("k", { onlyIf });
          expect(
            g,
            `get("k", {onlyIf: ${JSON.stringify(onlyIf)}}): an object (with or without a body), never null`,
          ).not.toBeNull();
          expect(
            (g as { body?: unknown }).body !== undefined,
            `get("k", {onlyIf: ${JSON.stringify(onlyIf)}}): a body exactly when the condition holds`,
          ).toBe(want);
        }
      });
    },
    { numRuns: 60 },
  );
});
