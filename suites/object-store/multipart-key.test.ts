/**
 * An upload belongs to its key: resumed under another key (one differing only in case, or in accents
 * spelled another way) with the right uploadId, uploadPart finds no upload (10024), complete and abort are
 * refused (a storage error: the code is edgeconf's choice, docs/choices/object-store.md), and the upload under its
 * own key is untouched by them.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectStoreError, openMultipart } from "./helpers.ts";

describe("multipart uploads under another key", () => {
  clauseTest(
    ["D.err.no-such-upload", "D.multipart.resume-no-check", "D.multipart.handle"],
    "an uploadId resumed under another key (case, accents) gives 10024 on uploadPart, and complete and abort refuse it",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const key = "Caf\u00e9/Report";
      const upload = await bucket.createMultipartUpload(key);
      const p1 = await upload.uploadPart(1, "a".repeat(part));
      for (const other of ["caf\u00e9/report", "Cafe\u0301/Report", "Caf\u00e9/Report/", "Caf\u00e9"]) {
        const wrong = bucket.resumeMultipartUpload(other, upload.uploadId);
        const what = `resumeMultipartUpload(${JSON.stringify(other)}, the uploadId of ${JSON.stringify(key)})`;
        expect(wrong.key, `${what}.key: the key as given`).toBe(other);
        await expectStoreError(wrong.uploadPart(2, "b"), "uploadPart", 10024);
        // complete and abort: a storage error, code not pinned (10024 here, Miniflare 10001; docs/choices).
        await expectStoreError(wrong.complete([p1]), "completeMultipartUpload");
        await expectStoreError(wrong.abort(), "abortMultipartUpload");
        expect(await bucket.head(other), `head(${JSON.stringify(other)}) after ${what} calls: null`).toBeNull();
      }
      const right = bucket.resumeMultipartUpload(key, upload.uploadId);
      const done = await right.complete([p1]);
      expect(done.size, `complete() under ${JSON.stringify(key)} after the refused calls: part 1 only`).toBe(part);
      expect(
        (await bucket.list()).objects.map((o) => o.key),
        "list() after: the one completed key",
      ).toEqual([key]);
    },
  );
});
