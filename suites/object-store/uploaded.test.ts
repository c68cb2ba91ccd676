/**
 * `uploaded` to the millisecond, on every result that carries it: put, head, get, list and a completed
 * upload. The target's clock (where it has one) is moved off a whole second, so that an implementation
 * keeping seconds only, or taking the time from elsewhere, shows.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { openOffTheSecond } from "./helpers.ts";

describe("uploaded", () => {
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
