import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { md5 } from "./reference-model.ts";

const target = await getTarget();
const MIN = 8;

/** The reference's rules for complete, in its order: part sizes walked in part-number order. */
function expectedOutcome(sizes: readonly number[]): "ok" | 10011 | 10048 {
  const first = sizes[0]!;
  for (let i = 0; i < sizes.length - 1; i++) {
    if (sizes[i]! < MIN) return 10011;
    if (sizes[i] !== first) return 10048;
  }
  if (sizes.length > 1 && sizes[sizes.length - 1]! > first) return 10048;
  return "ok";
}

describe("multipart part-size rules against an oracle", () => {
  clauseProperty(
    [
      "D.rule.part-size",
      "D.err.entity-too-small",
      "D.err.bad-upload",
      "D.multipart.assembly",
      "D.multipart.object-etag",
    ],
    "complete succeeds, or fails with 10011/10048, exactly as the rules say; a success holds the parts in order",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      skipUnless(ctx, target, "min-part-size");
      const size = fc.constantFrom(MIN - 1, MIN, MIN + 1, 1, 2 * MIN);
      return fc.asyncProperty(
        fc.array(size, { minLength: 1, maxLength: 5 }),
        fc.func(fc.integer()),
        async (sizes, order) => {
          const bucket = await target.objectStore!.bucket({ minPartSize: MIN });
          const upload = await bucket.createMultipartUpload("k");
          const parts = [];
          const chunks: Uint8Array[] = [];
          for (const [i, n] of sizes.entries()) {
            const bytes = new Uint8Array(n).fill(i + 1);
            chunks.push(bytes);
            parts.push(await upload.uploadPart(i + 1, bytes));
          }
          const shuffled = [...parts].sort(
            (a, b) => order(a.partNumber) - order(b.partNumber) || a.partNumber - b.partNumber,
          );
          const want = expectedOutcome(sizes);
          const got = await upload.complete(shuffled).then(
            (o) => o,
            (e: Error) => e,
          );
          if (want === "ok") {
            expect(
              got,
              `complete(parts of ${JSON.stringify(sizes)} bytes): succeeds, every part but the last at least the minimum, all equal`,
            ).not.toBeInstanceOf(Error);
            const o = got as Exclude<typeof got, Error>;
            expect(o.etag, `complete(${sizes.length} parts).etag: MD5 of the part MD5s, -${sizes.length}`).toBe(
              `${md5(...chunks.map((c) => Buffer.from(md5(c), "hex")))}-${sizes.length}`,
            );
            const body = new Uint8Array(await (await bucket.get("k"))!.arrayBuffer());
            expect(
              Buffer.compare(Buffer.from(body), Buffer.concat(chunks)),
              'get("k") after complete: the parts\' bytes in part-number order',
            ).toBe(0);
          } else {
            expect(
              (got as Error).message,
              `complete(parts of ${JSON.stringify(sizes)} bytes): rejects with completeMultipartUpload: <text> (${want})`,
            ).toMatch(new RegExp(`^completeMultipartUpload: .+ \\(${want}\\)$`));
            expect(await bucket.head("k"), 'head("k") after the refused complete: null, nothing written').toBeNull();
          }
        },
      );
    },
    { numRuns: 60 },
  );
});
