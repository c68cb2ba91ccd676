/**
 * A completed upload's uploaded is the time of complete(), not of createMultipartUpload() (an implementation
 * that stamps the upload record when it is created and copies it onto the object fails here).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { openMultipart } from "./helpers.ts";

describe("the time of a completed upload", () => {
  clauseTest(
    ["D.object.uploaded", "D.multipart.complete"],
    "complete()'s uploaded is the target's clock when complete runs, not when the upload began",
    async (ctx) => {
      const { bucket, os, part } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("m");
      const p1 = await upload.uploadPart(1, "x".repeat(part));
      if (os.advanceClock) await os.advanceClock(60_000 + 321);
      const before = await os.now();
      const done = await upload.complete([p1]);
      const after = await os.now();
      expect(
        done.uploaded.getTime(),
        "complete().uploaded: not before the target's clock just before complete (61.3 s after the upload began)",
      ).toBeGreaterThanOrEqual(before);
      expect(
        done.uploaded.getTime(),
        "complete().uploaded: not after the clock just after complete",
      ).toBeLessThanOrEqual(after);
    },
  );
});
