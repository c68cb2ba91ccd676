/**
 * The 1024-byte key limit on the routes errors.test.ts does not reach: list's prefix and startAfter, and the
 * multipart handle's calls (the key comes from resumeMultipartUpload): 1024 bytes pass, 1025 do not, counted
 * in UTF-8 (a two-byte character makes 513 UTF-16 units 1026 bytes). list's prefix and startAfter are pinned
 * at 1024 bytes only (over it, the platform does not say).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectStoreError, open } from "./helpers.ts";

const INVALID_NAME = "The specified object name is not valid.";
const long = "k".repeat(1025);
const wide = "é".repeat(513); // 1026 UTF-8 bytes
const atLimit = "é".repeat(512); // 1024 UTF-8 bytes

describe("key length on list and multipart", () => {
  clauseTest(
    ["D.list.prefix", "D.list.start-after"],
    "list: a prefix or startAfter of 1024 UTF-8 bytes lists normally",
    async (ctx) => {
      // Over 1024 bytes is not pinned: the simulator refuses it (edgeconf's choice, docs/choices/object-store.md),
      // Miniflare's storage lists normally, and the platform does not say.
      const { bucket } = await open(ctx);
      await bucket.put(atLimit, "v");
      expect(
        (await bucket.list({ prefix: atLimit })).objects.map((o) => o.key),
        "list({prefix: a 1024-byte key}): that key",
      ).toEqual([atLimit]);
      expect(
        (await bucket.list({ startAfter: atLimit })).objects,
        "list({startAfter: the only key, 1024 bytes}): no objects",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["D.err.key-too-long", "D.multipart.resume-no-check", "D.err.shape"],
    "a multipart handle for a key over 1024 bytes: uploadPart, complete and abort give 10020",
    async (ctx) => {
      const { bucket } = await open(ctx);
      for (const key of [long, wide]) {
        const handle = bucket.resumeMultipartUpload(key, "no-such-upload");
        expect(handle.key, "resumeMultipartUpload(a long key).key: the key as given (no check)").toBe(key);
        await expectStoreError(handle.uploadPart(1, "x"), "uploadPart", 10020, INVALID_NAME);
        await expectStoreError(handle.complete([]), "completeMultipartUpload", 10020, INVALID_NAME);
        await expectStoreError(handle.abort(), "abortMultipartUpload", 10020, INVALID_NAME);
      }
    },
  );
});
