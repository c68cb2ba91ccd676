/**
 * Range edges workerd fixes that range.test.ts leaves out: an empty range object (whole object; 10039 when the
 * object is empty), a function as the range dictionary (its `length` is 0), an infinite offset, a fractional
 * suffix, and Range headers with spaces, another case, another unit, an end before the start, one byte.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, expectStoreError, open } from "./helpers.ts";

describe("range edges", () => {
  clauseTest(
    ["D.range.resolution", "D.err.range-unsatisfiable", "D.arg.range"],
    "range {} is the whole object, unsatisfiable for an empty one; a function is read as a dictionary (length 0)",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "0123456789");
      await bucket.put("empty", "");
      const whole = (await bucket.get("k", { range: {} as never }))!;
      expect(whole.range, 'get("k", {range: {}}).range: the whole object').toEqual({ offset: 0, length: 10 });
      expect(await whole.text(), 'get("k", {range: {}}).text(): every byte').toBe("0123456789");
      await expectStoreError(bucket.get("empty", { range: {} as never }), "get", 10039);
      const none = (await bucket.get("empty"))!;
      expect(none.range, 'get("empty") without a range: offset 0, length 0').toEqual({ offset: 0, length: 0 });
      await expectStoreError(bucket.get("k", { range: (() => 1) as never }), "get", 10039);
      await expectStoreError(bucket.get("k", { range: { offset: Number.POSITIVE_INFINITY } }), "get", 10039);
      const to = (await bucket.get("k", { range: { offset: 1, length: Number.POSITIVE_INFINITY } }))!;
      expect(to.range, 'get("k", {range: {offset: 1, length: Infinity}}).range: clamped to the end').toEqual({
        offset: 1,
        length: 9,
      });
      await to.arrayBuffer();
      await expectRejects(
        bucket.get("k", { range: { suffix: 1.5 } }),
        "RangeError",
        "Invalid range. Suffix (1.5) must be an integer, not floating point.",
      );
    },
  );

  clauseTest(
    ["D.range.header", "D.range.resolution"],
    "Range headers: spaces and any case of bytes are honoured; another unit, a prefix or an end before the start give the whole object",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "0123456789");
      const cases: [string, { offset: number; length: number }, string][] = [
        ["bytes =1-2", { offset: 1, length: 2 }, "12"],
        ["bytes= 1 - 2", { offset: 1, length: 2 }, "12"],
        ["Bytes=1-2", { offset: 1, length: 2 }, "12"],
        ["bytes=2-2", { offset: 2, length: 1 }, "2"],
        ["xbytes=1-2", { offset: 0, length: 10 }, "0123456789"],
        ["units=1-2", { offset: 0, length: 10 }, "0123456789"],
        ["bytes=5-2", { offset: 0, length: 10 }, "0123456789"],
        ["bytes=-", { offset: 0, length: 10 }, "0123456789"],
      ];
      for (const [header, range, text] of cases) {
        const got = (await bucket.get("k", { range: os.headers({ range: header }) }))!;
        expect(got.range, `get("k", Range: ${header}).range`).toEqual(range);
        expect(await got.text(), `get("k", Range: ${header}).text()`).toBe(text);
      }
    },
  );
});
