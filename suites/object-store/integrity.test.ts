/**
 * put's checksums for every algorithm: a value that does not match the supplied digest is refused with 10037
 * and the algorithm's own name, in hex or as bytes, and nothing is stored (a reimplementation that compares
 * only some algorithms, or names them wrongly, fails here).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { enc, hashHex, open } from "./helpers.ts";

const NAMES = { md5: "MD5", sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" } as const;

describe("put checksums that do not match", () => {
  clauseTest(
    ["D.put.integrity", "D.err.bad-digest", "D.err.shape"],
    "every algorithm compares: a wrong md5, sha1, sha256, sha384 or sha512 gives 10037 naming it",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const value = enc("integrity");
      for (const [algorithm, name] of Object.entries(NAMES)) {
        const right = hashHex(algorithm, value);
        // The right digest of other bytes: well formed, only the content differs.
        const wrong = hashHex(algorithm, enc("integritY"));
        const e = await bucket.put(algorithm, value, { [algorithm]: wrong }).then(
          () => undefined,
          (err: unknown) => err as Error,
        );
        expect(e?.message, `put with a ${algorithm} of other bytes (hex): 10037 with both values`).toBe(
          `put: The ${name} checksum you specified did not match what we received.\n` +
            `You provided a ${name} checksum with value: ${wrong}\nActual ${name} was: ${right} (10037)`,
        );
        const bin = new Uint8Array(Buffer.from(wrong, "hex")).buffer;
        const b = await bucket.put(algorithm, value, { [algorithm]: bin }).then(
          () => undefined,
          (err: unknown) => err as Error,
        );
        expect(b?.message, `put with a ${algorithm} of other bytes (ArrayBuffer): 10037`).toMatch(/\(10037\)$/);
        expect(await bucket.head(algorithm), `head("${algorithm}") after both refused puts: null`).toBeNull();
      }
    },
  );
});
