/**
 * The customMetadata limit counts UTF-8 bytes, keys and values alike: metadata whose UTF-16 length is under
 * 8192 but whose UTF-8 bytes are over it is refused (10012). The exact limit is not pinned: production says
 * 8192 bytes, Miniflare's storage 2048 (docs/choices/object-store.md). createMultipartUpload's check is in
 * errors.test.ts (Miniflare's storage does not make it: fixtures/expectations).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectStoreError, open } from "./helpers.ts";

describe("customMetadata size in UTF-8 bytes", () => {
  clauseTest(
    ["D.err.metadata-too-large", "D.put.custom-metadata"],
    "customMetadata of 4200 two-byte characters (8400 bytes) is refused by put, in a value or in a key",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const inValue = { k: "\u00e9".repeat(4200) };
      const inKey = { ["\u00e9".repeat(4200)]: "v" };
      for (const [where, customMetadata] of [
        ["value", inValue],
        ["key", inKey],
      ] as const) {
        await expectStoreError(bucket.put("k", "v", { customMetadata }), "put", 10012);
        expect(await bucket.head("k"), `head("k") after a put refused for 8400 bytes in a ${where}: null`).toBeNull();
      }
    },
  );
});

describe("customMetadata at the production limit", () => {
  clauseTest(
    ["D.err.metadata-too-large", "D.put.custom-metadata"],
    "customMetadata of exactly 8192 UTF-8 bytes is stored, 8193 bytes give 10012",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const at = { "\u00e9": "x".repeat(8190) }; // 2 + 8190 bytes
      const over = { "\u00e9": "x".repeat(8191) };
      const put = await bucket.put("k", "v", { customMetadata: at });
      expect(put.customMetadata, "put(customMetadata of 8192 bytes).customMetadata: stored as given").toEqual(at);
      await expectStoreError(bucket.put("k2", "v", { customMetadata: over }), "put", 10012);
      expect(await bucket.head("k2"), 'head("k2") after a put of 8193 bytes of customMetadata: null').toBeNull();
    },
  );
});
