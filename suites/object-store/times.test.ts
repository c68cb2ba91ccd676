/**
 * Times to the millisecond: `uploaded` on every result that carries it (put, head, get, list, a completed
 * upload), and httpMetadata.cacheExpiry as written. The target's clock (where it has one) is moved off a whole second, so that an implementation
 * keeping seconds only, or taking the time from elsewhere, shows.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { openOffTheSecond } from "./helpers.ts";

describe("times to the millisecond", () => {
  clauseTest(
    ["D.object.uploaded", "D.head.metadata", "D.get.body", "D.list.order"],
    "uploaded keeps its milliseconds and is the same on put, head, get and list",
    async (ctx) => {
      const { bucket, os, target } = await openOffTheSecond(ctx);
      const key = "Upload\u00e9\u{1F600}";
      const before = await os.now();
      const put = await bucket.put(key, "v");
      const after = await os.now();
      const at = put.uploaded.getTime();
      if (target.capabilities.has("clock")) {
        // The target's own clock stamps uploaded: exactly a time between the two readings.
        expect(
          at,
          `put("${key}").uploaded: the target's clock at the write, to the ms [D.object.uploaded]`,
        ).toBeGreaterThanOrEqual(before);
        expect(
          at,
          `put("${key}").uploaded: the target's clock at the write, to the ms [D.object.uploaded]`,
        ).toBeLessThanOrEqual(after);
      } else {
        expect(
          Math.abs(at - before),
          `put("${key}").uploaded: within 1 s of the write [D.object.uploaded]`,
        ).toBeLessThanOrEqual(1000 + (after - before));
      }
      const head = await bucket.head(key);
      expect(head?.uploaded.getTime(), `head("${key}").uploaded: put's, to the ms [D.object.uploaded]`).toBe(at);
      const got = await bucket.get(key);
      expect(got?.uploaded.getTime(), `get("${key}").uploaded: put's, to the ms [D.object.uploaded]`).toBe(at);
      const listed = (await bucket.list()).objects.find((o) => o.key === key);
      expect(
        listed?.uploaded.getTime(),
        `list().objects["${key}"].uploaded: put's, to the ms [D.object.uploaded]`,
      ).toBe(at);
    },
  );

  clauseTest(
    ["D.put.http-metadata", "D.http-metadata.fields", "D.list.include"],
    "cacheExpiry keeps its milliseconds on put, head, get, list and a completed upload",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      const expiry = new Date(Date.UTC(2031, 4, 6, 7, 8, 9, 345));
      const want = expiry.getTime();
      const put = await bucket.put("k", "v", { httpMetadata: { cacheExpiry: expiry } });
      const rule = "the Date written, to the ms [D.put.http-metadata]";
      expect(put.httpMetadata?.cacheExpiry?.getTime(), `put("k").httpMetadata.cacheExpiry: ${rule}`).toBe(want);
      expect(
        (await bucket.head("k"))?.httpMetadata?.cacheExpiry?.getTime(),
        `head("k").httpMetadata.cacheExpiry: ${rule}`,
      ).toBe(want);
      expect(
        (await bucket.get("k"))?.httpMetadata?.cacheExpiry?.getTime(),
        `get("k").httpMetadata.cacheExpiry: ${rule}`,
      ).toBe(want);
      const listed = await bucket.list({ include: ["httpMetadata"] });
      expect(
        listed.objects[0]?.httpMetadata?.cacheExpiry?.getTime(),
        `list({include: ["httpMetadata"]}).objects[0].httpMetadata.cacheExpiry: ${rule}`,
      ).toBe(want);
      const upload = await bucket.createMultipartUpload("m", { httpMetadata: { cacheExpiry: expiry } });
      const done = await upload.complete([await upload.uploadPart(1, "x")]);
      expect(
        done.httpMetadata?.cacheExpiry?.getTime(),
        `complete().httpMetadata.cacheExpiry: the upload's, ${rule}`,
      ).toBe(want);
    },
  );

  clauseTest(
    ["D.object.uploaded", "D.put.overwrite", "D.multipart.complete"],
    "an overwrite and a completed upload get their own uploaded, as head then shows",
    async (ctx) => {
      const { bucket, os } = await openOffTheSecond(ctx);
      const first = await bucket.put("k", "v1");
      await os.advanceClock?.(1234);
      const second = await bucket.put("k", "v2");
      expect(
        second.uploaded.getTime(),
        'put("k") again: uploaded not before the first write\'s [D.object.uploaded]',
      ).toBeGreaterThanOrEqual(first.uploaded.getTime());
      if (os.advanceClock) {
        expect(
          second.uploaded.getTime() - first.uploaded.getTime(),
          'put("k") again, 1234 ms later on the target\'s clock: uploaded moved by 1234 ms [D.object.uploaded]',
        ).toBe(1234);
      }
      expect(
        (await bucket.head("k"))?.uploaded.getTime(),
        'head("k").uploaded: the overwrite\'s [D.put.overwrite]',
      ).toBe(second.uploaded.getTime());
      const upload = await bucket.createMultipartUpload("m");
      const part = await upload.uploadPart(1, "part");
      await os.advanceClock?.(2345);
      const done = await upload.complete([part]);
      expect(
        (await bucket.head("m"))?.uploaded.getTime(),
        'head("m").uploaded: complete()\'s uploaded, to the ms [D.multipart.complete]',
      ).toBe(done.uploaded.getTime());
    },
  );
});
