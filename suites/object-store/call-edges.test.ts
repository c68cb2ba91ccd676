/**
 * Calls at the edges the mutation run found unasked: the method a missing key's TypeError names, the
 * options struct a non-dictionary's names, and a list's limit kept when it also includes metadata.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

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
});
