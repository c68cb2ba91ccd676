/**
 * The objects a bucket hands out (read-only fields, stable checksums) and customer keys (SSE-C):
 * the binding's checks of `ssecKey` on every method that takes one, and the key an object needs.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { caught, expectRejects, open, openMultipart } from "./helpers.ts";

const KEY = "0123456789abcdef".repeat(4);
const OTHER_KEY = "fedcba9876543210".repeat(4);
const BAD_FORMAT = "SSE-C Key has invalid format";
const BAD_LENGTH = "SSE-C Key must be 32 bytes in length";
const ILLEGAL_INVOCATION =
  "Illegal invocation: function called with incorrect `this` reference. See https://developers.cloudflare.com/workers/observability/errors/#illegal-invocation-errors for details.";

describe("objects", () => {
  clauseTest(["D.object.read-only", "D.object.fields"], "fields are own, read-only and always present", async (ctx) => {
    const { bucket } = await open(ctx);
    const put = await bucket.put("k", "hello", { customMetadata: { a: "1" } });
    const got = (await bucket.get("k"))!;
    for (const o of [put, (await bucket.head("k"))!, got]) {
      for (const field of ["key", "version", "size", "etag", "httpEtag", "uploaded", "checksums", "storageClass"]) {
        const e = await caught(() => {
          (o as unknown as Record<string, unknown>)[field] = "changed";
        }, `assigning ${field} of a put/head/get result: throws TypeError, read-only [D.object.read-only]`);
        expect(
          e.name,
          `assigning ${field} of a put/head/get result: a TypeError (read-only) [D.object.read-only]`,
        ).toBe("TypeError");
      }
      for (const field of ["range", "ssecKeyMd5", "httpMetadata", "customMetadata"]) {
        expect(
          Object.hasOwn(o, field),
          `${field} of a put/head/get result: an own property, present even when empty [D.object.fields]`,
        ).toBe(true);
      }
      expect(o.key, 'key of the put/head/get result for "k": "k" [D.object.fields]').toBe("k");
    }
    expect(put.range, "put(...).range: undefined (no range on a put)").toBeUndefined();
    expect(put.ssecKeyMd5, "put without ssecKey: ssecKeyMd5 undefined").toBeUndefined();
    const e = await caught(() => {
      (got as unknown as Record<string, unknown>).body = null;
    }, "assigning body of a get result: throws TypeError, read-only [D.object.read-only]");
    expect(e.name, "assigning body of a get result: a TypeError (read-only) [D.object.read-only]").toBe("TypeError");
  });

  clauseTest(
    ["D.object.checksums-stable", "D.checksums.array-buffer"],
    "checksums are the same objects on every read",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const o = await bucket.put("k", "hello", { sha1: "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d" });
      expect(o.checksums, "put(...).checksums read twice: the same object [D.object.checksums-stable]").toBe(
        o.checksums,
      );
      expect(o.checksums.md5, "checksums.md5 read twice: the same ArrayBuffer [D.object.checksums-stable]").toBe(
        o.checksums.md5,
      );
      expect(o.checksums.sha1, "checksums.sha1 read twice: the same ArrayBuffer [D.object.checksums-stable]").toBe(
        o.checksums.sha1,
      );
      expect(o.checksums.toJSON(), 'checksums.toJSON() of "hello" put with its sha1: md5 and sha1 in hex').toEqual({
        md5: "5d41402abc4b2a76b9719d911017c592",
        sha1: "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d",
      });
    },
  );
});

describe("customer keys (ssecKey)", () => {
  clauseTest(["D.ssec.key-format"], "put and get check the key's format and length", async (ctx) => {
    const { bucket } = await open(ctx);
    const cases: [unknown, string][] = [
      ["abc", BAD_LENGTH],
      ["a".repeat(63), BAD_LENGTH],
      ["a".repeat(66), BAD_LENGTH],
      ["A".repeat(64), BAD_FORMAT],
      ["", BAD_FORMAT],
      ["g".repeat(64), BAD_FORMAT],
      [5, BAD_LENGTH],
      [null, BAD_FORMAT],
      [new ArrayBuffer(31), BAD_LENGTH],
      [new Uint8Array(33), BAD_LENGTH],
    ];
    for (const [ssecKey, message] of cases) {
      await expectRejects(bucket.put("k", "v", { ssecKey: ssecKey as string }), "Error", message);
      await expectRejects(bucket.get("k", { ssecKey: ssecKey as string }), "Error", message);
    }
    expect(await bucket.head("k"), 'head("k") after puts refused for their ssecKey: null').toBeNull();
  });

  clauseTest(
    ["D.ssec.key-format", "D.multipart.upload-part"],
    "createMultipartUpload and uploadPart (R2UploadPartOptions) check the key",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      await expectRejects(bucket.createMultipartUpload("m", { ssecKey: "abc" }), "Error", BAD_LENGTH);
      const upload = await bucket.createMultipartUpload("m");
      await expectRejects(upload.uploadPart(1, "x", { ssecKey: "xyz" }), "Error", BAD_FORMAT);
      await expectRejects(upload.uploadPart(1, "x", { ssecKey: new ArrayBuffer(8) }), "Error", BAD_LENGTH);
      await upload.abort();
    },
  );

  clauseTest(["D.ssec.model"], "an object written with a key needs the same key to be read", async (ctx) => {
    const { bucket } = await open(ctx);
    const put = await bucket.put("s", "secret", { ssecKey: KEY });
    expect(typeof put.ssecKeyMd5, "put with ssecKey: ssecKeyMd5 is a string [D.ssec.model]").toBe("string");
    expect(put.ssecKeyMd5, "put with ssecKey: ssecKeyMd5 is not empty [D.ssec.model]").not.toBe("");
    const head = (await bucket.head("s"))!;
    expect(head.ssecKeyMd5, 'head("s").ssecKeyMd5: as put answered [D.ssec.model]').toBe(put.ssecKeyMd5);
    expect(await (await bucket.get("s", { ssecKey: KEY }))!.text(), 'get("s") with the same key (hex): "secret"').toBe(
      "secret",
    );
    const bytesKey = new Uint8Array(Buffer.from(KEY, "hex"));
    expect(
      await (await bucket.get("s", { ssecKey: bytesKey.buffer }))!.text(),
      'get("s") with the same key as an ArrayBuffer: "secret"',
    ).toBe("secret");
    for (const options of [undefined, { ssecKey: OTHER_KEY }]) {
      const e = await caught(
        () => bucket.get("s", options),
        `get("s") ${options ? "with another key" : "without its key"}: rejects [D.ssec.model]`,
      );
      const what = `get("s") ${options ? "with another key" : "without its key"}`;
      expect(e.constructor.name, `${what}: rejects with a plain Error [D.ssec.model]`).toBe("Error");
      expect(e.message, `${what}: "get: <message> (<code>)"`).toMatch(/^get: [\s\S]+ \(\d+\)$/);
    }
    const plain = await bucket.put("p", "plain");
    expect(plain.ssecKeyMd5, "put without ssecKey: ssecKeyMd5 undefined").toBeUndefined();
  });

  clauseTest(
    ["D.ssec.model", "D.multipart.complete"],
    "a multipart upload with a key: parts and object carry it",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("m", { ssecKey: KEY });
      const e = await caught(
        () => upload.uploadPart(1, "abc"),
        "uploadPart without the upload's key: rejects [D.ssec.model]",
      );
      expect(e.message, 'uploadPart without the upload\'s key: rejects, "uploadPart: <message> (<code>)"').toMatch(
        /^uploadPart: [\s\S]+ \(\d+\)$/,
      );
      const part = await upload.uploadPart(1, "abc", { ssecKey: KEY });
      const o = await upload.complete([part]);
      expect(o.ssecKeyMd5, "complete(...).ssecKeyMd5: the same as a put with that key [D.ssec.model]").toBe(
        (await bucket.put("x", "", { ssecKey: KEY })).ssecKeyMd5,
      );
      expect(await (await bucket.get("m", { ssecKey: KEY }))!.text(), 'get("m") with the upload\'s key: "abc"').toBe(
        "abc",
      );
    },
  );
});

describe("objects: layout and `this` (as the platform's classes)", () => {
  const OBJECT_KEYS = [
    "ssecKeyMd5",
    "storageClass",
    "range",
    "customMetadata",
    "httpMetadata",
    "uploaded",
    "checksums",
    "httpEtag",
    "etag",
    "size",
    "version",
    "key",
  ];

  clauseTest(["D.object.layout"], "own keys, their order and enumerable prototype members", async (ctx) => {
    const { bucket } = await open(ctx);
    const put = await bucket.put("k", "abc");
    const got = (await bucket.get("k"))!;
    for (const o of [put, (await bucket.head("k"))!, got]) {
      expect(Object.keys(o), "Object.keys of a put/head/get result: the binding's own keys, in its order").toEqual(
        OBJECT_KEYS,
      );
      expect(
        Object.keys(o.checksums),
        "Object.keys(checksums): sha512, sha384, sha256, sha1, md5 in that order",
      ).toEqual(["sha512", "sha384", "sha256", "sha1", "md5"]);
      expect({ ...o.checksums }.sha256, "{ ...checksums }.sha256 of a put without sha256: undefined").toBeUndefined();
      expect(new Uint8Array({ ...o.checksums }.md5!), '{ ...checksums }.md5: the MD5 of "abc" as bytes').toEqual(
        new Uint8Array(Buffer.from("900150983cd24fb0d6963f7d28e17f72", "hex")),
      );
    }
    const inGet: string[] = [];
    for (const k in got) inGet.push(k);
    expect(
      inGet.slice(OBJECT_KEYS.length).sort(),
      "for-in over a get result past its own keys: the body members",
    ).toEqual(["arrayBuffer", "blob", "body", "bodyUsed", "bytes", "json", "text", "writeHttpMetadata"].sort());
    const bucketMembers: string[] = [];
    for (const k in bucket) bucketMembers.push(k);
    expect(bucketMembers.sort(), "for-in over the bucket: its seven methods").toEqual(
      ["createMultipartUpload", "delete", "get", "head", "list", "put", "resumeMultipartUpload"].sort(),
    );
    expect(bucket.constructor.name, 'bucket.constructor.name: "R2Bucket"').toBe("R2Bucket");
    expect((await got.blob()).constructor.name, 'get().blob() constructor name: "Blob"').toBe("Blob");
    await bucket.put("k2", "x");
    await bucket.put("d/k", "x");
    expect(
      Object.keys(await bucket.list({ delimiter: "/" })),
      'Object.keys(list({ delimiter: "/" })) of a page that is not truncated: no cursor',
    ).toEqual(["objects", "truncated", "delimitedPrefixes"]);
    expect(Object.keys(await bucket.list({ limit: 1 })), "Object.keys(list({ limit: 1 })) of a truncated page").toEqual(
      ["objects", "truncated", "cursor", "delimitedPrefixes"],
    );
    const upload = await bucket.createMultipartUpload("m");
    const resumed = bucket.resumeMultipartUpload("m", upload.uploadId);
    for (const u of [upload, resumed]) {
      expect(Object.keys(u), "Object.keys of a multipart upload (created or resumed): uploadId, key").toEqual([
        "uploadId",
        "key",
      ]);
      const members: string[] = [];
      for (const k in u) members.push(k);
      expect(members.sort(), "for-in over a multipart upload: its fields and three methods").toEqual([
        "abort",
        "complete",
        "key",
        "uploadId",
        "uploadPart",
      ]);
    }
    await upload.abort();
  });

  clauseTest(["D.object.illegal-invocation"], "methods and getters called on another object", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "v", { httpMetadata: { contentType: "t" } });
    const got = (await bucket.get("k"))!;
    const upload = await bucket.createMultipartUpload("m");
    const { head } = bucket;
    const { abort } = upload;
    const { writeHttpMetadata, text } = got;
    const { toJSON } = got.checksums;
    const bodyUsed = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(got), "bodyUsed")!.get!;
    const calls: [string, () => unknown][] = [
      ["detached head", () => head("k")],
      ["head on {}", () => bucket.head.call({}, "k")],
      ["detached abort", () => abort()],
      ["detached writeHttpMetadata", () => writeHttpMetadata(new Headers())],
      ["text on {}", () => text.call({})],
      ["detached toJSON", () => toJSON()],
      ["bodyUsed on {}", () => bodyUsed.call({})],
    ];
    for (const [what, f] of calls) {
      let thrown: unknown;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown, `${what}: throws a TypeError`).toBeInstanceOf(TypeError);
      expect((thrown as Error).message, `${what}: the message "${ILLEGAL_INVOCATION}"`).toBe(ILLEGAL_INVOCATION);
    }
    expect(await got.text(), 'get().text() after the detached calls refused: "v"').toBe("v");
    await upload.abort();
  });
});
