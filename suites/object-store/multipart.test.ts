import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { bytes, expectRejects, expectStoreError, md5Hex, open, openMultipart } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("multipart uploads", () => {
  clauseTest(
    [
      "D.multipart.create",
      "D.multipart.create-active",
      "D.multipart.handle",
      "D.multipart.upload-part",
      "D.multipart.complete",
      "D.rule.part-size",
    ],
    "create, upload equal parts and a smaller last one, complete, read back",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("big");
      expect(upload.key, 'createMultipartUpload("big").key [D.multipart.handle]').toBe("big");
      expect(typeof upload.uploadId, 'createMultipartUpload("big").uploadId: a string [D.multipart.handle]').toBe(
        "string",
      );
      const a = bytes(part, 1);
      const b = bytes(part, 2);
      const c = bytes(10, 3);
      const p1 = await upload.uploadPart(1, a);
      const p2 = await upload.uploadPart(2, b);
      const p3 = await upload.uploadPart(3, c);
      expect(p1.partNumber, "uploadPart(1).partNumber [D.multipart.upload-part]").toBe(1);
      expect(typeof p1.etag, "uploadPart(1).etag: a string [D.multipart.upload-part]").toBe("string");
      const done = await upload.complete([p1, p2, p3]);
      expect(done.key, "complete().key [D.multipart.complete]").toBe("big");
      expect(done.size, "complete().size: the sum of the parts [D.multipart.complete]").toBe(2 * part + 10);
      const g = await bucket.get("big");
      const got = new Uint8Array(await g!.arrayBuffer());
      expect(
        Buffer.compare(Buffer.from(got), Buffer.concat([a, b, c])),
        'get("big") body: the parts in order (0: equal) [D.multipart.complete]',
      ).toBe(0);
      expect((await bucket.head("big"))!.etag, 'head("big").etag: complete()\'s etag [D.multipart.complete]').toBe(
        done.etag,
      );
    },
  );

  clauseTest(["D.multipart.part-etag"], "a part's etag is the MD5 hex of the part", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("k");
    const data = bytes(100, 5);
    const p = await upload.uploadPart(1, data);
    expect(p.etag, "uploadPart(1, 100 bytes).etag: MD5 hex of the part [D.multipart.part-etag]").toBe(md5Hex(data));
    await upload.abort();
  });

  clauseTest(
    ["D.multipart.object-etag", "D.multipart.assembly"],
    "object etag is md5 of the binary part MD5s plus -N, no md5 checksum; parts in any order",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("k");
      const a = bytes(part, 8);
      const b = bytes(7, 9);
      const p2 = await upload.uploadPart(2, b);
      const p1 = await upload.uploadPart(1, a);
      const done = await upload.complete([p2, p1]);
      const expected = createHash("md5")
        .update(createHash("md5").update(a).digest())
        .update(createHash("md5").update(b).digest())
        .digest("hex");
      expect(done.etag, "complete([p2, p1]).etag: md5 of the parts' binary MD5s, -2 [D.multipart.object-etag]").toBe(
        `${expected}-2`,
      );
      expect(
        done.checksums.md5,
        "complete().checksums.md5: undefined for a multipart object [D.multipart.object-etag]",
      ).toBeUndefined();
      const got = new Uint8Array(await (await bucket.get("k"))!.arrayBuffer());
      expect(
        Buffer.compare(Buffer.from(got), Buffer.concat([a, b])),
        'get("k") body: parts by part number, not by order given (0: equal) [D.multipart.assembly]',
      ).toBe(0);
    },
  );

  clauseTest(["D.multipart.assembly"], "parts not named in complete are discarded", async (ctx) => {
    const { bucket, part } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("k");
    const p1 = await upload.uploadPart(1, bytes(part, 1));
    await upload.uploadPart(2, bytes(part, 2));
    const p3 = await upload.uploadPart(3, bytes(5, 3));
    const done = await upload.complete([p1, p3]);
    expect(done.size, "complete([p1, p3]).size: part 2 left out [D.multipart.assembly]").toBe(part + 5);
  });

  clauseTest(
    ["D.multipart.options", "D.put.storage-class"],
    "httpMetadata, customMetadata and storageClass of the upload reach the object",
    async (ctx) => {
      const { bucket, os } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("k", {
        httpMetadata: os.headers({ "content-type": "video/mp4" }),
        customMetadata: { origin: "mp" },
        storageClass: "InfrequentAccess",
      });
      const done = await upload.complete([await upload.uploadPart(1, "tiny")]);
      expect(
        done.httpMetadata?.contentType,
        "complete().httpMetadata.contentType: the upload's [D.multipart.options]",
      ).toBe("video/mp4");
      const h = await bucket.head("k");
      expect(h!.customMetadata, 'head("k").customMetadata: the upload\'s [D.multipart.options]').toEqual({
        origin: "mp",
      });
      expect(h!.storageClass, 'head("k").storageClass: the upload\'s [D.put.storage-class]').toBe("InfrequentAccess");
      const plain = await bucket.createMultipartUpload("p");
      const d2 = await plain.complete([await plain.uploadPart(1, "x")]);
      expect(d2.storageClass, "complete().storageClass: Standard by default [D.put.storage-class]").toBe("Standard");
    },
  );

  clauseTest(["D.multipart.invisible"], "an upload in progress is invisible to head, get and list", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("hidden");
    await upload.uploadPart(1, "some bytes");
    expect(await bucket.head("hidden"), 'head("hidden") during the upload: null [D.multipart.invisible]').toBeNull();
    expect(await bucket.get("hidden"), 'get("hidden") during the upload: null [D.multipart.invisible]').toBeNull();
    expect((await bucket.list()).objects, "list().objects during the upload: [] [D.multipart.invisible]").toEqual([]);
    await upload.abort();
  });

  clauseTest(
    ["D.multipart.resume-no-check", "D.err.no-such-upload"],
    "resumeMultipartUpload returns a handle at once, without checks; uploadPart then finds out",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const real = await bucket.createMultipartUpload("k");
      const resumed = bucket.resumeMultipartUpload("k", real.uploadId);
      expect(
        resumed,
        "resumeMultipartUpload(): a handle, not a Promise [D.multipart.resume-no-check]",
      ).not.toBeInstanceOf(Promise);
      expect(resumed.uploadId, "resumeMultipartUpload().uploadId: as given [D.multipart.resume-no-check]").toBe(
        real.uploadId,
      );
      expect(resumed.key, "resumeMultipartUpload().key: as given [D.multipart.resume-no-check]").toBe("k");
      const p = await resumed.uploadPart(1, "via resume");
      const done = await real.complete([p]);
      expect(done.size, "complete([part uploaded through the resumed handle]).size [D.multipart.resume-no-check]").toBe(
        10,
      );
      const bogus = bucket.resumeMultipartUpload("k", "not-an-upload-id");
      expect(
        bogus.uploadId,
        "resumeMultipartUpload(k, unknown id).uploadId: as given, unchecked [D.multipart.resume-no-check]",
      ).toBe("not-an-upload-id");
      await expectStoreError(
        bogus.uploadPart(1, "x"),
        "uploadPart",
        10024,
        "The specified multipart upload does not exist.",
      );
    },
  );

  clauseTest(
    ["D.multipart.abort", "D.multipart.after-finish", "D.err.no-such-upload"],
    "after abort, uploadPart and complete give 10024; abort again is a no-op",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("k");
      const p = await upload.uploadPart(1, "x");
      await upload.abort();
      await expectStoreError(upload.uploadPart(2, "y"), "uploadPart", 10024);
      await expectStoreError(upload.complete([p]), "completeMultipartUpload", 10024);
      await expect(upload.abort(), "abort() again: resolves undefined [D.multipart.abort]").resolves.toBeUndefined();
      expect(await bucket.head("k"), 'head("k") after abort: null [D.multipart.abort]').toBeNull();
    },
  );

  clauseTest(
    ["D.multipart.after-finish", "D.err.no-such-upload"],
    "after complete, uploadPart and complete give 10024 and abort is a no-op",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("k");
      const p = await upload.uploadPart(1, "x");
      await upload.complete([p]);
      await expectStoreError(upload.uploadPart(2, "y"), "uploadPart", 10024);
      await expectStoreError(upload.complete([p]), "completeMultipartUpload", 10024);
      await expect(
        upload.abort(),
        "abort() after complete: resolves undefined [D.multipart.after-finish]",
      ).resolves.toBeUndefined();
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k").text() after complete and abort: the object stays [D.multipart.after-finish]',
      ).toBe("x");
    },
  );

  clauseTest(
    ["D.multipart.reupload", "D.err.invalid-part"],
    "re-uploading a part replaces it; the old etag then fails with 10025",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("k");
      const old = await upload.uploadPart(1, "old bytes");
      const fresh = await upload.uploadPart(1, "new bytes!");
      await expectStoreError(
        upload.complete([old]),
        "completeMultipartUpload",
        10025,
        "One or more of the specified parts could not be found.",
      );
      const done = await upload.complete([fresh]);
      expect(done.size, "complete([re-uploaded part 1]).size: the new part [D.multipart.reupload]").toBe(10);
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k").text(): the new part\'s bytes [D.multipart.reupload]',
      ).toBe("new bytes!");
    },
  );

  clauseTest(["D.err.invalid-part"], "a part that was never uploaded gives 10025", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("k");
    const p = await upload.uploadPart(1, "x");
    await expectStoreError(upload.complete([p, { partNumber: 2, etag: p.etag }]), "completeMultipartUpload", 10025);
    expect(await bucket.head("k"), 'head("k") after a refused complete: null [D.err.invalid-part]').toBeNull();
  });

  clauseTest(
    ["D.rule.part-size", "D.err.bad-upload"],
    "non-final parts of different sizes, or a larger last part, give 10048",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const u1 = await bucket.createMultipartUpload("a");
      const a1 = await u1.uploadPart(1, bytes(part, 1));
      const a2 = await u1.uploadPart(2, bytes(part + 1, 2));
      const a3 = await u1.uploadPart(3, bytes(1, 3));
      await expectStoreError(
        u1.complete([a1, a2, a3]),
        "completeMultipartUpload",
        10048,
        "There was a problem with the multipart upload.",
      );
      const u2 = await bucket.createMultipartUpload("b");
      const b1 = await u2.uploadPart(1, bytes(part, 1));
      const b2 = await u2.uploadPart(2, bytes(part + 1, 2));
      await expectStoreError(u2.complete([b1, b2]), "completeMultipartUpload", 10048);
      expect(await bucket.head("a"), 'head("a") after a refused complete: null [D.err.bad-upload]').toBeNull();
      expect(await bucket.head("b"), 'head("b") after a refused complete: null [D.err.bad-upload]').toBeNull();
    },
  );

  clauseTest(
    ["D.err.entity-too-small", "D.rule.part-size"],
    "a non-final part under the minimum gives 10011",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const u = await bucket.createMultipartUpload("k");
      const p1 = await u.uploadPart(1, bytes(part - 1, 1));
      const p2 = await u.uploadPart(2, bytes(1, 2));
      await expectStoreError(
        u.complete([p1, p2]),
        "completeMultipartUpload",
        10011,
        "Your proposed upload is smaller than the minimum allowed object size.",
      );
    },
  );

  clauseTest(["D.err.entity-too-small"], "the platform's minimum is 5 MiB unless lowered", async (ctx) => {
    // A bucket with the default minimum: exactly 5 MiB on every target (lowering is a capability).
    const { bucket } = await open(ctx);
    const MiB = 1024 * 1024;
    const five = bytes(5 * MiB, 1);
    const u = await bucket.createMultipartUpload("k");
    const short = await u.uploadPart(1, five.subarray(1));
    const tail = await u.uploadPart(2, bytes(1, 2));
    await expectStoreError(u.complete([short, tail]), "completeMultipartUpload", 10011);
    const v = await bucket.createMultipartUpload("k");
    const full = await v.uploadPart(1, five);
    const end = await v.uploadPart(2, bytes(1, 2));
    expect(
      (await v.complete([full, end])).size,
      "complete([5 MiB, 1 byte]).size: 5 MiB is enough [D.err.entity-too-small]",
    ).toBe(5 * MiB + 1);
  });

  clauseTest(["D.multipart.duplicate-parts"], "a part number named twice in complete gives 10001", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const u = await bucket.createMultipartUpload("k");
    const p = await u.uploadPart(1, "x");
    await expectStoreError(
      u.complete([p, p]),
      "completeMultipartUpload",
      10001,
      "We encountered an internal error. Please try again.",
    );
  });

  clauseTest(["D.arg.part-number"], "a part number outside 1..10000 is a TypeError", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const u = await bucket.createMultipartUpload("k");
    await expectRejects(
      u.uploadPart(0, "x"),
      "TypeError",
      "Part number must be between 1 and 10000 (inclusive). Actual value was: 0",
    );
    await expectRejects(
      u.uploadPart(10001, "x"),
      "TypeError",
      "Part number must be between 1 and 10000 (inclusive). Actual value was: 10001",
    );
    await expect(
      u.uploadPart(10000, "x"),
      "uploadPart(10000): the last part number is allowed [D.arg.part-number]",
    ).resolves.toMatchObject({ partNumber: 10000 });
    await u.abort();
  });

  clauseTest(
    ["D.multipart.handle"],
    "parts may be ArrayBuffer, ArrayBufferView, string, Blob or a stream of known length",
    async (ctx) => {
      const { bucket, os } = await openMultipart(ctx);
      const values: [
        string,
        () => Parameters<Awaited<ReturnType<typeof bucket.createMultipartUpload>>["uploadPart"]>[1],
      ][] = [
        ["buffer", () => enc4("abcd").buffer as ArrayBuffer],
        ["view", () => new DataView(enc4("xabcdx").buffer, 1, 4)],
        ["string", () => "abcd"],
        ["blob", () => new Blob(["abcd"])],
      ];
      if (os.knownLengthStream) values.push(["stream", () => os.knownLengthStream!(enc4("abcd"))]);
      for (const [name, value] of values) {
        const u = await bucket.createMultipartUpload(name);
        const part = await u.uploadPart(1, value());
        expect(part.partNumber, `uploadPart(1, ${name}).partNumber [D.multipart.handle]`).toBe(1);
        const done = await u.complete([part]);
        expect(done.size, `complete([${name} part]).size [D.multipart.handle]`).toBe(4);
        expect(
          await (await bucket.get(name))!.text(),
          `get(${name}).text(): the part's bytes [D.multipart.handle]`,
        ).toBe("abcd");
      }
    },
  );

  clauseTest(["D.multipart.expiry"], "an upload not completed within 7 days is aborted", async (ctx) => {
    const { bucket, target, os } = await openMultipart(ctx);
    skipUnless(ctx, target, "clock");
    const u = await bucket.createMultipartUpload("k");
    const p = await u.uploadPart(1, "x");
    await os.advanceClock!(7 * DAY - 1);
    await u.uploadPart(2, "y");
    await os.advanceClock!(1);
    await expectStoreError(u.uploadPart(3, "z"), "uploadPart", 10024);
    await expectStoreError(u.complete([p]), "completeMultipartUpload", 10024);
    await expect(
      u.abort(),
      "abort() of an expired upload: resolves undefined [D.multipart.expiry]",
    ).resolves.toBeUndefined();
  });

  clauseTest(
    ["D.multipart.expiry", "D.multipart.complete"],
    "an upload completed within 7 days stays, and is not removed later",
    async (ctx) => {
      const { bucket, target, os } = await openMultipart(ctx);
      skipUnless(ctx, target, "clock");
      const u = await bucket.createMultipartUpload("k");
      await os.advanceClock!(6 * DAY);
      await u.complete([await u.uploadPart(1, "x")]);
      await os.advanceClock!(2 * DAY);
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k").text() 2 days after completing on day 6: still there [D.multipart.expiry]',
      ).toBe("x");
    },
  );
});

function enc4(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
