/**
 * Edges of the bucket's methods the other files leave out: resumeMultipartUpload with no argument, a method
 * called with `this` null, and the range a get reports when its onlyIf fails (the whole object, with or
 * without a range asked for).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { caught, open } from "./helpers.ts";

const ILLEGAL_INVOCATION =
  "Illegal invocation: function called with incorrect `this` reference. See https://developers.cloudflare.com/workers/observability/errors/#illegal-invocation-errors for details.";

describe("bucket method edges", () => {
  clauseTest(["D.arg.missing"], "resumeMultipartUpload() with no argument: TypeError for parameter 1", async (ctx) => {
    const { bucket } = await open(ctx);
    const e = await caught(
      () => (bucket.resumeMultipartUpload as (...a: unknown[]) => unknown)(),
      "resumeMultipartUpload()",
    );
    expect(e.name, "resumeMultipartUpload(): a TypeError").toBe("TypeError");
    expect(e.message, "resumeMultipartUpload(): the binding's message for parameter 1").toBe(
      "Failed to execute 'resumeMultipartUpload' on 'R2Bucket': parameter 1 is not of type 'string'.",
    );
  });

  clauseTest(
    ["D.object.illegal-invocation"],
    "a bucket method called with this null: Illegal invocation",
    async (ctx) => {
      const { bucket } = await open(ctx);
      for (const name of ["head", "list"] as const) {
        const method = bucket[name] as unknown as (this: unknown, ...a: unknown[]) => unknown;
        const e = await caught(() => method.call(null, name === "head" ? "k" : undefined), `bucket.${name}.call(null)`);
        expect(e.name, `bucket.${name}.call(null): a TypeError`).toBe("TypeError");
        expect(e.message, `bucket.${name}.call(null): the Illegal invocation message`).toBe(ILLEGAL_INVOCATION);
      }
    },
  );

  clauseTest(
    ["D.get.precondition-failed", "D.range.reported", "D.cond.before-range"],
    "a get whose onlyIf fails reports the whole object as its range, whatever range was asked, and has no body",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "0123456789");
      for (const range of [undefined, { offset: 2, length: 3 }, { suffix: 4 }]) {
        const what = `get("k", {onlyIf: {etagMatches: "nope"}${range ? `, range: ${JSON.stringify(range)}` : ""}})`;
        const got = await bucket.get("k", { onlyIf: { etagMatches: "nope" }, ...(range ? { range } : {}) });
        expect(got, `${what}: the object, not null`).not.toBeNull();
        expect(got!.range, `${what}.range: the whole object, offset 0 and length 10`).toEqual({
          offset: 0,
          length: 10,
        });
        expect("body" in got!, `${what}: no body`).toBe(false);
        expect(got!.size, `${what}.size: 10`).toBe(10);
      }
    },
  );

  clauseTest(
    ["D.arg.missing", "D.object.illegal-invocation"],
    "uploadPart() with no argument: TypeError for parameter 1; a handle's method on this null: Illegal invocation",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const upload = await bucket.createMultipartUpload("m");
      const e = await caught(() => (upload.uploadPart as (...a: unknown[]) => unknown)(), "uploadPart()");
      expect(e.name, "uploadPart(): a TypeError").toBe("TypeError");
      expect(e.message, "uploadPart(): the binding's message for parameter 1").toBe(
        "Failed to execute 'uploadPart' on 'R2MultipartUpload': parameter 1 is not of type 'integer'.",
      );
      const abort = upload.abort as unknown as (this: unknown) => unknown;
      const n = await caught(() => abort.call(null), "upload.abort.call(null)");
      expect(n.message, "upload.abort.call(null): the Illegal invocation message").toBe(ILLEGAL_INVOCATION);
      await upload.abort();
    },
  );
});
