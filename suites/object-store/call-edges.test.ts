/**
 * Calls at the edges the mutation run found unasked: the method a missing key's TypeError names, the
 * options struct a non-dictionary's names, and a list's limit kept when it also includes metadata.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";
import { expectRejects, expectStoreError, open, openMultipart } from "./helpers.ts";

const anyValue = <T>(v: unknown): T => v as T;

describe("call edges", () => {
  clauseTest(
    ["D.arg.missing"],
    "get() without a key names get; createMultipartUpload's options name MultipartOptions",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const call = bucket as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      await expectRejects(
        call.get!(),
        "TypeError",
        "Failed to execute 'get' on 'R2Bucket': parameter 1 is not of type 'string'.",
      );
      await expectRejects(
        bucket.createMultipartUpload("k", anyValue(5)),
        "TypeError",
        "Failed to execute 'createMultipartUpload' on 'R2Bucket': parameter 2 is not of type 'MultipartOptions'.",
      );
    },
  );

  clauseTest(["D.list.include"], "list with include keeps a limit below 100", async (ctx) => {
    const { bucket } = await open(ctx);
    for (const k of ["a", "b", "c"]) await bucket.put(k, "v", { customMetadata: { k } });
    const page = await bucket.list({ limit: 2, include: ["customMetadata"] });
    expect(
      page.objects.map((o) => o.key),
      "list({ limit: 2, include: customMetadata }).objects: the first 2 keys",
    ).toEqual(["a", "b"]);
    expect(page.truncated, "list({ limit: 2, include }) of 3 keys: truncated").toBe(true);
  });

  clauseTest(
    ["D.arg.int", "D.list.limit"],
    "a limit is an int32: its bounds exactly, and non-finite is 0",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("a", "v");
      for (const bad of ["2147483647", "-2147483648", Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        await expectStoreError(bucket.list(anyValue({ limit: bad })), "list", 10022);
      }
      for (const out of ["2147483648", "-2147483649"]) {
        await expectRejects(
          bucket.list(anyValue({ limit: out })),
          "TypeError",
          "Value out of range. Must be between -2147483648 and 2147483647 (inclusive).",
        );
      }
      const upload = await (await openMultipart(ctx)).bucket.createMultipartUpload("m");
      await expectRejects(
        upload.uploadPart(Number.POSITIVE_INFINITY, "x"),
        "TypeError",
        "Part number must be between 1 and 10000 (inclusive). Actual value was: 0",
      );
      await upload.abort();
    },
  );

  clauseTest(
    ["D.put.custom-metadata"],
    "customMetadata must be an object: a number or null is refused",
    async (ctx) => {
      const { bucket } = await open(ctx);
      for (const bad of [5, null]) {
        await expectRejects(
          bucket.put("k", "v", anyValue({ customMetadata: bad })),
          "TypeError",
          "Incorrect type for the 'customMetadata' field on 'PutOptions': the provided value is not of type 'object'.",
        );
      }
      expect(await bucket.head("k"), 'head("k") after puts refused for their customMetadata: null').toBeNull();
    },
  );

  clauseTest(
    ["D.multipart.options", "D.put.custom-metadata"],
    "createMultipartUpload: customMetadata must be an object; the message names MultipartOptions",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await expectRejects(
        bucket.createMultipartUpload("m", anyValue({ customMetadata: 5 })),
        "TypeError",
        "Incorrect type for the 'customMetadata' field on 'MultipartOptions': the provided value is not of type 'object'.",
      );
    },
  );

  clauseTest(
    ["D.range.offset-length", "D.range.suffix"],
    "range messages print numbers as kj does: -inf, 1e-07",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "hello");
      const cases: [object, string][] = [
        [
          { offset: Number.NEGATIVE_INFINITY },
          "Invalid range. Starting offset (-inf) must be greater than or equal to 0.",
        ],
        [{ offset: 1e-7 }, "Invalid range. Starting offset (1e-07) must be an integer, not floating point."],
        [{ suffix: -1e-7 }, "Invalid suffix. Suffix (-1e-07) must be greater than or equal to 0."],
      ];
      for (const [range, message] of cases) {
        await expectRejects(bucket.get("k", anyValue({ range })), "RangeError", message);
      }
    },
  );

  clauseTest(
    ["D.arg.date-range"],
    "a date of exactly 2^63 ns (a number of ms) is out of range, either sign",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "v");
      // The double nearest 2^63 / 1e6 ms (9223372036854.775390625): times 1e6 it is exactly 2^63.
      const edge = 2 ** 63 / 1e6;
      await expectRejects(
        bucket.get("k", { onlyIf: { uploadedBefore: anyValue(edge) } }),
        "TypeError",
        "This API doesn't support dates after 2189.",
      );
      await expectRejects(
        bucket.get("k", { onlyIf: { uploadedAfter: anyValue(-edge) } }),
        "TypeError",
        "This API doesn't support dates before 1687.",
      );
    },
  );

  clauseTest(
    ["D.arg.dictionary", "D.put.custom-metadata"],
    "a function is read as a dictionary: put's options, customMetadata and httpMetadata, get's options",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "argumentsAsGiven");
      const fn = <T extends object>(fields: T) => Object.assign(() => undefined, fields);
      const a = await bucket.put("a", "v", anyValue(fn({ customMetadata: { a: "1" } })));
      expect(a?.customMetadata, "put(options: a function with customMetadata).customMetadata: read").toEqual({
        a: "1",
      });
      const b = await bucket.put("b", "v", { customMetadata: anyValue(fn({ b: "2" })) });
      expect(b.customMetadata, "put(customMetadata: a function with own key b).customMetadata: { b: '2' }").toEqual({
        b: "2",
      });
      const c = await bucket.put("c", "v", { httpMetadata: anyValue(fn({ contentType: "f/n" })) });
      expect(c.httpMetadata?.contentType, "put(httpMetadata: a function with contentType).contentType: read").toBe(
        "f/n",
      );
      await bucket.put("k", "hello");
      const got = await bucket.get("k", anyValue(fn({ range: { offset: 1 } })));
      expect(got?.range, 'get("k" of 5 bytes, options: a function with range offset 1).range: read').toEqual({
        offset: 1,
        length: 4,
      });
    },
  );

  clauseTest(["D.get.body"], "a body has no own enumerable keys", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello");
    const body = (await bucket.get("k"))!.body;
    expect(Object.keys(body), 'Object.keys(get("k").body): none').toEqual([]);
  });

  clauseTest(
    ["D.value.fixed-length-bytes"],
    "a FixedLengthStream given more bytes than it announced fails the put",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "fixedLengthStream");
      const { readable, writable } = os.fixedLengthStream!(3);
      const writer = writable.getWriter();
      const put = bucket.put("k", readable);
      writer.write(new Uint8Array([1, 2, 3, 4])).catch(() => undefined);
      await expectRejects(put, "TypeError", "Attempt to write too many bytes through a FixedLengthStream.");
      expect(
        await bucket.head("k"),
        'head("k") after a put whose FixedLengthStream got too many bytes: null',
      ).toBeNull();
    },
  );

  clauseTest(
    ["D.arg.missing"],
    "createMultipartUpload() without a key: TypeError naming createMultipartUpload, parameter 1",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const call = bucket as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      await expectRejects(
        call.createMultipartUpload!(),
        "TypeError",
        "Failed to execute 'createMultipartUpload' on 'R2Bucket': parameter 1 is not of type 'string'.",
      );
    },
  );
});
