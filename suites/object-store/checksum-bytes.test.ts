/**
 * A checksum given as bytes must have the algorithm's exact length: one byte more or less is a TypeError naming
 * both lengths, and nothing is stored.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

const SIZES = { md5: ["MD5", 16], sha1: ["SHA-1", 20], sha256: ["SHA-256", 32], sha512: ["SHA-512", 64] } as const;

describe("checksums as bytes", () => {
  clauseTest(
    ["D.arg.checksum", "D.checksums.array-buffer"],
    "a checksum buffer one byte too long or too short is a TypeError",
    async (ctx) => {
      const { bucket } = await open(ctx);
      for (const [algorithm, [name, n]] of Object.entries(SIZES)) {
        for (const len of [n - 1, n + 1]) {
          await expectRejects(
            bucket.put("k", "v", { [algorithm]: new ArrayBuffer(len) }),
            "TypeError",
            `${name} is ${n} bytes, not ${len}`,
          );
        }
      }
      expect(await bucket.head("k"), 'head("k") after puts refused for their checksum length: null').toBeNull();
    },
  );
});
