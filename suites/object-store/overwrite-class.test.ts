/**
 * An overwrite that names no storageClass gets the default, as a first write would: it does not inherit the
 * class of the object it replaces (compared with a fresh key, so a target that reports no class passes alike).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { open } from "./helpers.ts";

describe("storageClass on overwrite", () => {
  clauseTest(
    ["D.put.overwrite", "D.put.storage-class", "D.object.storage-class"],
    "an overwrite without storageClass has the default class, not the replaced object's InfrequentAccess",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const fresh = await bucket.put("fresh", "v");
      await bucket.put("k", "v", { storageClass: "InfrequentAccess" });
      const again = await bucket.put("k", "w");
      expect(again.storageClass, 'put("k") again without storageClass: the class a fresh put gets').toBe(
        fresh.storageClass,
      );
      expect((await bucket.head("k"))!.storageClass, 'head("k") after the overwrite: the default class').toBe(
        fresh.storageClass,
      );
    },
  );
});
