import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { settlesUnread, skipWithout } from "../../harness/targets/object-store.ts";
import { caught, expectRejects, expectStoreError, open } from "./helpers.ts";

const INVALID_NAME = "The specified object name is not valid.";

describe("storage errors", () => {
  clauseTest(
    ["D.err.key-too-long", "D.err.shape"],
    "a key over 1024 UTF-8 bytes gives 10020 on every operation; 1024 bytes is fine",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const long = "k".repeat(1025);
      const multiByte = "é".repeat(513); // 1026 UTF-8 bytes, 513 UTF-16 units
      await expectStoreError(bucket.put(long, "v"), "put", 10020, INVALID_NAME);
      await expectStoreError(bucket.put(multiByte, "v"), "put", 10020, INVALID_NAME);
      await expectStoreError(bucket.head(long), "head", 10020, INVALID_NAME);
      await expectStoreError(bucket.get(long), "get", 10020, INVALID_NAME);
      await expectStoreError(bucket.delete(long), "delete", 10020, INVALID_NAME);
      await expectStoreError(bucket.createMultipartUpload(long), "createMultipartUpload", 10020, INVALID_NAME);
      const ok = "k".repeat(1024);
      expect((await bucket.put(ok, "v")).key, "put(a 1024-byte key).key: the key, accepted [D.err.key-too-long]").toBe(
        ok,
      );
      expect(
        (await bucket.put("é".repeat(512), "v")).size,
        'put("é" x 512, a 1024-byte key).size: 1, accepted [D.err.key-too-long]',
      ).toBe(1);
    },
  );

  clauseTest(["D.err.shape"], "storage errors are plain Errors", async (ctx) => {
    const { bucket } = await open(ctx);
    const e = await bucket.put("k".repeat(2000), "v").catch((err: unknown) => err);
    expect(e, "put(a 2000-character key) rejects with an Error [D.err.shape]").toBeInstanceOf(Error);
    expect((e as Error).name, 'put(a 2000-character key): the error\'s name is "Error" [D.err.shape]').toBe("Error");
  });

  clauseTest(
    ["D.err.plain-error", "D.err.shape"],
    "a storage error carries its code only in its message: no code or action property",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const errors = [
        await caught(() => bucket.put("k".repeat(1025), "v"), "put(a 1025-byte key): rejects with a storage error"),
        await caught(() => bucket.list({ limit: 0 }), "list({limit: 0}): rejects with a storage error"),
        await caught(
          () => bucket.resumeMultipartUpload("k", "nope").uploadPart(1, "x"),
          'resumeMultipartUpload("k", "nope").uploadPart(1, "x"): rejects with a storage error',
        ),
      ];
      for (const e of errors) {
        const what = `storage error "${e.message}"`;
        expect(e.constructor.name, `${what}: its constructor is Error [D.err.plain-error]`).toBe("Error");
        expect(
          Object.getOwnPropertyNames(e).filter((n) => n !== "stack"),
          `${what}: its own properties are message (and stack) only [D.err.plain-error]`,
        ).toEqual(["message"]);
        expect("code" in e, `${what}: no code property [D.err.plain-error]`).toBe(false);
        expect("action" in e, `${what}: no action property [D.err.plain-error]`).toBe(false);
        expect(e.message, `${what}: the message ends with the code in parentheses [D.err.shape]`).toMatch(
          / \((10020|10022|10024)\)$/,
        );
      }
    },
  );

  clauseTest(
    ["D.err.metadata-too-large"],
    "customMetadata over the limit gives 10012 and stores nothing",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await expectStoreError(
        bucket.put("k", "v", { customMetadata: { big: "x".repeat(9000) } }),
        "put",
        10012,
        "Your metadata headers exceed the maximum allowed metadata size.",
      );
      expect(await bucket.head("k"), 'head("k") after a put refused with 10012: null (nothing stored)').toBeNull();
    },
  );

  clauseTest(
    ["D.err.metadata-too-large"],
    "createMultipartUpload with customMetadata over the limit gives 10012",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await expectStoreError(
        bucket.createMultipartUpload("k", { customMetadata: { big: "x".repeat(9000) } }),
        "createMultipartUpload",
        10012,
        "Your metadata headers exceed the maximum allowed metadata size.",
      );
    },
  );

  clauseTest(
    ["D.err.object-too-large"],
    "a value over 5 GiB - 5 MiB gives 100100 (checked on the declared length)",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "declaredLengthStream");
      const put = bucket.put("huge", os.declaredLengthStream!(5 * 1024 ** 3 - 5 * 1024 ** 2 + 1));
      await settlesUnread(put, "put");
      await expectStoreError(put, "put", 100100, "Your proposed upload exceeds the maximum allowed object size.");
      expect(
        await bucket.head("huge"),
        'head("huge") after a put refused with 100100: null (nothing stored)',
      ).toBeNull();
    },
  );

  clauseTest(
    ["D.put.check-order"],
    "checks run in order: arguments, key, metadata size, checksum, precondition",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "original");
      const long = "k".repeat(1025);
      const bigMeta = { customMetadata: { a: "x".repeat(9000) } };
      // Argument error wins over key length.
      await expectRejects(bucket.put(long, "v", { md5: "abc" }), "TypeError", "MD5 is 32 hex characters, not 3");
      // Key length wins over metadata size.
      await expectStoreError(bucket.put(long, "v", bigMeta), "put", 10020);
      // Metadata size wins over the checksum.
      await expectStoreError(bucket.put("k", "v", { ...bigMeta, md5: "0".repeat(32) }), "put", 10012);
      // The checksum wins over the precondition.
      await expectStoreError(
        bucket.put("k", "v", { md5: "0".repeat(32), onlyIf: { etagMatches: "nope" } }),
        "put",
        10037,
      );
      expect(await (await bucket.get("k"))!.text(), 'get("k").text() after four refused puts: "original"').toBe(
        "original",
      );
    },
  );

  clauseTest(["D.put.check-order"], "a rejected put leaves the stored object untouched", async (ctx) => {
    const { bucket } = await open(ctx);
    const before = await bucket.put("k", "original", { customMetadata: { a: "1" } });
    await bucket.put("k", "changed", { sha1: "0".repeat(40) }).catch(() => undefined);
    await bucket.put("k", "changed", { customMetadata: { a: "x".repeat(9000) } }).catch(() => undefined);
    await bucket.put("k", 1 as unknown as string).catch(() => undefined);
    const after = await bucket.head("k");
    expect(after!.version, 'head("k").version after refused puts: the version of the last accepted put').toBe(
      before.version,
    );
    expect(after!.customMetadata, 'head("k").customMetadata after refused puts: as first put').toEqual({ a: "1" });
  });
});

describe("argument errors", () => {
  clauseTest(["D.arg.checksum"], "more than one checksum is a TypeError", async (ctx) => {
    const { bucket } = await open(ctx);
    await expectRejects(
      bucket.put("k", "a", {
        md5: "0cc175b9c0f1b6a831c399e269772661",
        sha1: "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8",
      }),
      "TypeError",
      "You cannot specify multiple hashing algorithms.",
    );
  });

  clauseTest(["D.arg.checksum"], "wrong lengths and non-hex checksums are TypeErrors", async (ctx) => {
    const { bucket } = await open(ctx);
    await expectRejects(bucket.put("k", "a", { md5: "abc" }), "TypeError", "MD5 is 32 hex characters, not 3");
    await expectRejects(bucket.put("k", "a", { sha1: "ab" }), "TypeError", "SHA-1 is 40 hex characters, not 2");
    await expectRejects(bucket.put("k", "a", { sha256: "a" }), "TypeError", "SHA-256 is 64 hex characters, not 1");
    await expectRejects(bucket.put("k", "a", { sha384: "" }), "TypeError", "SHA-384 is 96 hex characters, not 0");
    await expectRejects(bucket.put("k", "a", { sha512: "ab" }), "TypeError", "SHA-512 is 128 hex characters, not 2");
    await expectRejects(
      bucket.put("k", "a", { md5: "z".repeat(32) }),
      "TypeError",
      "Provided MD5 wasn't a valid hex string",
    );
    await expectRejects(bucket.put("k", "a", { md5: new ArrayBuffer(3) }), "TypeError", "MD5 is 16 bytes, not 3");
    await expectRejects(
      bucket.put("k", "a", { sha256: new Uint8Array(31) }),
      "TypeError",
      "SHA-256 is 32 bytes, not 31",
    );
    expect(
      await bucket.head("k"),
      'head("k") after puts refused for their checksums: null (nothing stored)',
    ).toBeNull();
  });

  clauseTest(["D.arg.stream-length"], "a stream of unknown length is refused", async (ctx) => {
    const { bucket } = await open(ctx);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array([1, 2, 3]));
        c.close();
      },
    });
    await expectRejects(
      bucket.put("k", stream),
      "TypeError",
      "Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)",
    );
    expect(
      await bucket.head("k"),
      'head("k") after a put of a stream of unknown length: null (nothing stored)',
    ).toBeNull();
  });
});
