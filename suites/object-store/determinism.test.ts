import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import type { ObjectStoreTarget } from "../../harness/targets/object-store.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";

/** One scripted session against a fresh replica of the target: every id and timestamp it sees. */
async function session(os: ObjectStoreTarget): Promise<string[]> {
  const bucket = await os.bucket({ minPartSize: 1 });
  const seen: string[] = [];
  const a = await bucket.put("a", "1");
  seen.push(a.version, a.uploaded.toISOString());
  await os.advanceClock!(1234);
  const b = await bucket.put("b", "2", { customMetadata: { x: "y" } });
  seen.push(b.version, b.uploaded.toISOString());
  const u = await bucket.createMultipartUpload("m");
  seen.push(u.uploadId);
  const p = await u.uploadPart(1, "part");
  seen.push(p.etag);
  const done = await u.complete([p]);
  seen.push(done.version, done.etag, done.uploaded.toISOString());
  const l = await bucket.list({ limit: 1 });
  seen.push(l.truncated ? l.cursor : "");
  return seen;
}

describe("determinism", () => {
  clauseTest(
    ["D.object.version", "D.object.uploaded", "D.multipart.create"],
    "the same seed gives byte-identical versions, upload ids and timestamps",
    async (ctx) => {
      const target = await getTarget();
      skipUnless(ctx, target, "clock");
      const os = target.objectStore!;
      skipWithout(ctx, os, "replica");
      const first = await session(os.replica!());
      const second = await session(os.replica!());
      expect(second, "the same calls on two replicas of one seed: byte-identical versions, ids and stamps").toEqual(
        first,
      );
      // Not a constant: a replica that made one more write first sees other ids from then on.
      const shifted = os.replica!();
      await (await shifted.bucket()).put("extra", "x");
      const third = await session(shifted);
      expect(third[0], "a replica that wrote once more first: another first id").not.toBe(first[0]);
      expect(third[4], "a replica that wrote once more first: another fifth value").not.toBe(first[4]);
    },
  );
});
