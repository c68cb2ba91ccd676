import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { expectRejects, expectStoreError, open } from "./helpers.ts";

const VALUE = "0123456789";

async function ranged(bucket: ObjectStoreBucket, range: Parameters<ObjectStoreBucket["get"]>[1]) {
  const g = await bucket.get("k", range);
  return { text: await g!.text(), range: g!.range };
}

describe("ranges on get", () => {
  clauseTest(["D.range.offset-length"], "offset with and without a length", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", VALUE);
    expect(
      await ranged(bucket, { range: { offset: 2, length: 3 } }),
      "get with range { offset: 2, length: 3 }: the bytes and the range answered",
    ).toEqual({
      text: "234",
      range: { offset: 2, length: 3 },
    });
    expect(
      await ranged(bucket, { range: { offset: 7 } }),
      "get with range { offset: 7 }: the bytes and the range answered",
    ).toEqual({ text: "789", range: { offset: 7, length: 3 } });
  });

  clauseTest(["D.range.unsigned"], "an offset of -0 is 0", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", VALUE);
    const got = await ranged(bucket, { range: { offset: -0, length: 10 } });
    expect(got.text, "get with range { offset: -0, length: 10 }: the whole value [D.range.unsigned]").toBe(VALUE);
    expect(
      Object.is((got.range as { offset: number }).offset, 0),
      "get with range { offset: -0 }: range.offset is +0, not -0 [D.range.unsigned]",
    ).toBe(true);
  });

  clauseTest(["D.range.length"], "a length without an offset starts at 0", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", VALUE);
    expect(
      await ranged(bucket, { range: { length: 4 } }),
      "get with range { length: 4 }: the bytes and the range answered",
    ).toEqual({ text: "0123", range: { offset: 0, length: 4 } });
  });

  clauseTest(["D.range.suffix"], "a suffix gives the last bytes", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", VALUE);
    expect(
      await ranged(bucket, { range: { suffix: 3 } }),
      "get with range { suffix: 3 }: the bytes and the range answered",
    ).toEqual({ text: "789", range: { offset: 7, length: 3 } });
  });

  clauseTest(["D.range.shorter", "D.range.resolution"], "length and suffix past the end are clamped", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", VALUE);
    expect(
      await ranged(bucket, { range: { offset: 8, length: 100 } }),
      "get with range { offset: 8, length: 100 }: the bytes and the range answered",
    ).toEqual({
      text: "89",
      range: { offset: 8, length: 2 },
    });
    expect(
      await ranged(bucket, { range: { suffix: 100 } }),
      "get with range { suffix: 100 }: the bytes and the range answered",
    ).toEqual({ text: VALUE, range: { offset: 0, length: 10 } });
  });

  clauseTest(
    ["D.range.resolution", "D.err.range-unsatisfiable"],
    "suffix 0, an offset at or past the end, and length 0 give 10039",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", VALUE);
      const msg = "The requested range is not satisfiable";
      await expectStoreError(bucket.get("k", { range: { suffix: 0 } }), "get", 10039, msg);
      await expectStoreError(bucket.get("k", { range: { offset: 11 } }), "get", 10039, msg);
      await expectStoreError(bucket.get("k", { range: { offset: 10 } }), "get", 10039, msg);
      await expectStoreError(bucket.get("k", { range: { length: 0 } }), "get", 10039, msg);
    },
  );

  clauseTest(
    ["D.range.header"],
    "a Range header with one satisfiable range is honoured, anything else gives the whole object",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", VALUE);
      const r = (h: string) => ranged(bucket, { range: os.headers({ range: h }) });
      const says = (h: string, what: string) => `get with Range: ${h}: ${what} [D.range.header]`;
      expect(await r("bytes=1-3"), says("bytes=1-3", "bytes 1 to 3 and range { offset 1, length 3 }")).toEqual({
        text: "123",
        range: { offset: 1, length: 3 },
      });
      expect(await r("bytes=6-"), says("bytes=6-", "from byte 6 to the end, range { offset 6, length 4 }")).toEqual({
        text: "6789",
        range: { offset: 6, length: 4 },
      });
      expect(await r("bytes=-2"), says("bytes=-2", "the last 2 bytes, range { offset 8, length 2 }")).toEqual({
        text: "89",
        range: { offset: 8, length: 2 },
      });
      expect((await r("bytes=50-60")).text, says("bytes=50-60", "not satisfiable: the whole object")).toBe(VALUE);
      expect((await r("bytes=0-1,4-5")).text, says("bytes=0-1,4-5", "two ranges: the whole object")).toBe(VALUE);
      expect((await r("pages=1-2")).text, says("pages=1-2", "another unit: the whole object")).toBe(VALUE);
    },
  );

  clauseTest(
    ["D.arg.range"],
    "negative or fractional values and suffix with offset/length are refused",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", VALUE);
      await expectRejects(
        bucket.get("k", { range: { offset: -1 } }),
        "RangeError",
        "Invalid range. Starting offset (-1) must be greater than or equal to 0.",
      );
      await expectRejects(
        bucket.get("k", { range: { offset: 1.5 } }),
        "RangeError",
        "Invalid range. Starting offset (1.5) must be an integer, not floating point.",
      );
      await expectRejects(
        bucket.get("k", { range: { length: -1 } }),
        "RangeError",
        "Invalid range. Length (-1) must be greater than or equal to 0.",
      );
      await expectRejects(
        bucket.get("k", { range: { length: 1.5 } }),
        "RangeError",
        "Invalid range. Length (1.5) must be an integer, not floating point.",
      );
      await expectRejects(
        bucket.get("k", { range: { suffix: -1 } }),
        "RangeError",
        "Invalid suffix. Suffix (-1) must be greater than or equal to 0.",
      );
      await expectRejects(
        bucket.get("k", { range: { suffix: 1, offset: 0 } as never }),
        "TypeError",
        "Suffix is incompatible with offset.",
      );
      await expectRejects(
        bucket.get("k", { range: { suffix: 1, length: 1 } as never }),
        "TypeError",
        "Suffix is incompatible with length.",
      );
    },
  );
});

describe("ranges at the end of an object", () => {
  clauseTest(
    ["D.range.resolution", "D.err.range-unsatisfiable"],
    "an offset equal to the size is unsatisfiable, with or without a length",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", VALUE);
      await expectStoreError(bucket.get("k", { range: { offset: 10, length: 1 } }), "get", 10039);
      await expectStoreError(bucket.get("k", { range: { offset: 10 } }), "get", 10039);
    },
  );
});

describe("ranges on an empty object", () => {
  clauseTest(
    ["D.range.resolution", "D.err.range-unsatisfiable"],
    "any object-form range of an empty object is unsatisfiable",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("empty", "");
      await expectStoreError(bucket.get("empty", { range: { offset: 0, length: 1 } }), "get", 10039);
      await expectStoreError(bucket.get("empty", { range: { suffix: 1 } }), "get", 10039);
      const whole = await bucket.get("empty");
      expect(whole!.range, 'get("empty") without a range: range { offset 0, length 0 } [D.range.resolution]').toEqual({
        offset: 0,
        length: 0,
      });
      expect(await whole!.text(), 'get("empty").text(): ""').toBe("");
    },
  );
});
