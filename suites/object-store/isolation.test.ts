/**
 * Two buckets on every route: what one holds (objects under the same keys, uploads) is not seen, changed
 * or removed through the other. A reimplementation that keys its storage without the bucket fails here.
 *
 * A target whose buckets are one storage that each new bucket empties (the workerd bridge: one Miniflare
 * bucket) cannot show isolation: the test sees the first bucket emptied by opening the second and skips.
 */
import type { TestContext } from "vitest";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { expectStoreError, open, openMultipart } from "./helpers.ts";

/** Two buckets of the target, the first holding `shared` = "in A" (skips when opening B emptied A). */
async function twoBuckets(
  ctx: TestContext,
  multipart = false,
): Promise<{ a: ObjectStoreBucket; b: ObjectStoreBucket; part: number }> {
  const first = multipart ? await openMultipart(ctx) : { ...(await open(ctx)), part: 0 };
  const a = first.bucket;
  await a.put("shared", "in A", { customMetadata: { from: "A" } });
  const b = await first.os.bucket(multipart ? { minPartSize: first.part } : undefined);
  if ((await a.head("shared")) === null) {
    ctx.skip("the target's buckets are one storage that a new bucket empties: isolation cannot be observed");
  }
  return { a, b, part: first.part };
}

const text = async (bucket: ObjectStoreBucket, key: string) => (await bucket.get(key))?.text();

describe("buckets are isolated", () => {
  clauseTest(
    ["D.bucket.isolation", "D.head.missing", "D.get.missing", "D.list.prefix"],
    "an object in one bucket is not in another: head, get and list of the other find nothing",
    async (ctx) => {
      const { b } = await twoBuckets(ctx);
      expect(await b.head("shared"), 'B.head("shared") while only A holds it: null').toBeNull();
      expect(await b.get("shared"), 'B.get("shared") while only A holds it: null').toBeNull();
      expect(
        await b.get("shared", { onlyIf: { etagDoesNotMatch: "x" } }),
        'B.get("shared", {onlyIf}) while only A holds it: null',
      ).toBeNull();
      const l = await b.list();
      expect(
        l.objects.map((o) => o.key),
        "B.list() while only A holds a key: no objects",
      ).toEqual([]);
      expect(
        (await b.list({ prefix: "sh", delimiter: "/" })).objects,
        'B.list({prefix: "sh"}) while only A holds "shared": no objects',
      ).toEqual([]);
    },
  );

  clauseTest(
    ["D.bucket.isolation", "D.put.overwrite", "D.delete.keys", "D.put.precondition-failed"],
    "the same key in two buckets: put, conditional put and delete in one leave the other's object as it was",
    async (ctx) => {
      const { a, b } = await twoBuckets(ctx);
      const inA = (await a.head("shared"))!;
      // A conditional put that needs the key absent: absent in B, so it is stored.
      const put = await b.put("shared", "in B", { onlyIf: { etagDoesNotMatch: "*" } });
      expect(put?.key, 'B.put("shared", {onlyIf: etagDoesNotMatch "*"}) with the key only in A: stored').toBe("shared");
      // A conditional put on A's etag: B's object has another etag, so it is refused.
      expect(
        await b.put("shared", "again", { onlyIf: { etagMatches: inA.etag } }),
        "B.put with onlyIf etagMatches A's etag: null (B's object has its own etag)",
      ).toBeNull();
      expect(await text(a, "shared"), 'A.get("shared") after B.put("shared"): A\'s value').toBe("in A");
      expect((await a.head("shared"))!.customMetadata, 'A.head("shared").customMetadata after B.put').toEqual({
        from: "A",
      });
      expect(await text(b, "shared"), 'B.get("shared"): B\'s value').toBe("in B");
      await b.delete("shared");
      expect(await text(a, "shared"), 'A.get("shared") after B.delete("shared"): still A\'s value').toBe("in A");
      await b.put("other", "x");
      await b.delete(["shared", "other"]);
      expect(await text(a, "shared"), 'A.get("shared") after B.delete(["shared", "other"]): still there').toBe("in A");
      await a.delete("shared");
      expect(await b.head("other"), 'B.head("other") after A.delete: null (B deleted it)').toBeNull();
      expect((await a.list()).objects, "A.list() after A.delete: empty").toEqual([]);
    },
  );

  clauseTest(
    ["D.bucket.isolation", "D.err.no-such-upload", "D.multipart.resume-no-check", "D.multipart.invisible"],
    "an upload begun in one bucket cannot be continued, completed or aborted through another",
    async (ctx) => {
      const { a, b, part } = await twoBuckets(ctx, true);
      const upload = await a.createMultipartUpload("m", { customMetadata: { from: "A" } });
      const p1 = await upload.uploadPart(1, "x".repeat(part));
      const elsewhere = b.resumeMultipartUpload("m", upload.uploadId);
      await expectStoreError(elsewhere.uploadPart(2, "y"), "uploadPart", 10024);
      // complete and abort: a storage error, code not pinned (10024 here, Miniflare 10001; docs/choices).
      await expectStoreError(elsewhere.complete([p1]), "completeMultipartUpload");
      await expectStoreError(elsewhere.abort(), "abortMultipartUpload");
      expect(await b.head("m"), 'B.head("m") after the refused complete: null').toBeNull();
      const done = await upload.complete([p1]);
      expect(done.size, "A's complete after B's refused calls: the one part's bytes").toBe(part);
      expect(await b.head("m"), 'B.head("m") after A completed "m": null').toBeNull();
      expect((await a.head("m"))!.customMetadata, 'A.head("m").customMetadata: the upload\'s').toEqual({
        from: "A",
      });
    },
  );
});
