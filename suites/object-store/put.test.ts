import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";
import { bytes, enc, expectRejects, expectStoreError, hashHex, md5Hex, open, openMultipart, toHex } from "./helpers.ts";

describe("put", () => {
  clauseTest(
    ["D.put.stores", "D.object.fields", "D.object.key", "D.object.size"],
    "stores the value and returns its StoreObject",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const o = await bucket.put("greeting", "hello");
      const f = (field: string, what: string) => `put("greeting", "hello").${field}: ${what} [D.object.fields]`;
      expect(o.key, f("key", '"greeting" [D.object.key]')).toBe("greeting");
      expect(o.size, f("size", "5 bytes [D.object.size]")).toBe(5);
      expect(typeof o.version, f("version", "a string")).toBe("string");
      expect(o.version.length, f("version", "not empty")).toBeGreaterThan(0);
      expect(typeof o.etag, f("etag", "a string")).toBe("string");
      expect(o.uploaded.getTime(), f("uploaded", "a valid Date")).not.toBeNaN();
      expect(o.checksums, f("checksums", "present")).toBeDefined();
      expect(
        await (await bucket.get("greeting"))!.text(),
        'get("greeting").text() after the put: "hello" [D.put.stores]',
      ).toBe("hello");
    },
  );

  clauseTest(
    ["D.put.etag-md5", "D.object.http-etag"],
    "etag is the hex MD5 of the value, httpEtag the etag in quotes",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const o = await bucket.put("k", "hello");
      expect(o.etag, 'put("k", "hello").etag: the hex MD5 of the value [D.put.etag-md5]').toBe(md5Hex(enc("hello")));
      expect(o.httpEtag, 'put("k", "hello").httpEtag: the etag in double quotes [D.object.http-etag]').toBe(
        `"${o.etag}"`,
      );
    },
  );

  clauseTest(
    ["D.object.version", "D.put.etag-md5"],
    "each write gets a new version, same content keeps the etag",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const a = await bucket.put("k", "same");
      const b = await bucket.put("k", "same");
      const c = await bucket.put("other", "same");
      expect(
        new Set([a.version, b.version, c.version]).size,
        "versions of two puts of k and one of other, same content: all three differ [D.object.version]",
      ).toBe(3);
      expect(a.etag, "etags of two puts of the same content: equal [D.put.etag-md5]").toBe(b.etag);
      expect((await bucket.head("k"))!.version, 'head("k").version: the last put\'s [D.object.version]').toBe(
        b.version,
      );
    },
  );

  clauseTest(["D.object.uploaded"], "uploaded is a Date at the time of the write", async (ctx) => {
    const { bucket, os } = await open(ctx);
    const before = await os.now();
    const o = await bucket.put("k", "v");
    const after = await os.now();
    expect(Object.prototype.toString.call(o.uploaded), "put(...).uploaded: a Date [D.object.uploaded]").toBe(
      "[object Date]",
    );
    expect(o.uploaded.getTime(), "put(...).uploaded: not before the write (within 1 s)").toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(o.uploaded.getTime(), "put(...).uploaded: not after the write (within 1 s)").toBeLessThanOrEqual(
      after + 1000,
    );
  });

  clauseTest(
    ["D.put.value-types", "D.put.view-bytes"],
    "string (UTF-8), ArrayBuffer, ArrayBufferView (own bytes), Blob and null",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("s", "héllo ✓");
      expect(
        new Uint8Array(await (await bucket.get("s"))!.arrayBuffer()),
        "put of a string: stored as its UTF-8 bytes [D.put.value-types]",
      ).toEqual(enc("héllo ✓"));
      const data = bytes(100);
      await bucket.put("ab", data.slice().buffer);
      expect(
        new Uint8Array(await (await bucket.get("ab"))!.arrayBuffer()),
        "put of an ArrayBuffer: its bytes [D.put.value-types]",
      ).toEqual(data);
      const view = new Uint8Array(data.buffer, 10, 20);
      const o = await bucket.put("view", view);
      expect(o.size, "put of a 20-byte view into a larger buffer: size 20 [D.put.view-bytes]").toBe(20);
      expect(
        new Uint8Array(await (await bucket.get("view"))!.arrayBuffer()),
        "put of a view: only the view's own bytes [D.put.view-bytes]",
      ).toEqual(data.slice(10, 30));
      const dv = new DataView(data.buffer, 5, 7);
      expect((await bucket.put("dv", dv)).size, "put of a 7-byte DataView: size 7 [D.put.view-bytes]").toBe(7);
      await bucket.put("blob", new Blob(["from a blob"]));
      expect(await (await bucket.get("blob"))!.text(), "put of a Blob: its text [D.put.value-types]").toBe(
        "from a blob",
      );
      const empty = await bucket.put("null", null);
      expect(empty.size, "put of null: size 0 [D.put.value-types]").toBe(0);
      expect(await (await bucket.get("null"))!.text(), 'put of null: get().text() is ""').toBe("");
    },
  );

  clauseTest(["D.put.value-types"], "a ReadableStream of known length is stored", async (ctx) => {
    const { bucket, os } = await open(ctx);
    skipWithout(ctx, os, "knownLengthStream");
    const data = bytes(3000, 7);
    const o = await bucket.put("stream", os.knownLengthStream!(data));
    expect(o.size, "put of a 3000-byte stream of known length: size 3000 [D.put.value-types]").toBe(3000);
    expect(
      new Uint8Array(await (await bucket.get("stream"))!.arrayBuffer()),
      'get("stream"): the bytes the stream carried',
    ).toEqual(data);
  });

  clauseTest(
    ["D.put.view-bytes", "D.consistency.snapshot-body"],
    "later changes to the caller's buffer do not reach the stored value",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const data = enc("abcdef");
      await bucket.put("k", data);
      data.fill(0);
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k") after the caller zeroed its buffer: the bytes as they were at put [D.consistency.snapshot-body]',
      ).toBe("abcdef");
    },
  );

  clauseTest(
    ["D.put.http-metadata", "D.http-metadata.fields"],
    "httpMetadata given as an object is stored and returned",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const expiry = new Date("2030-01-02T03:04:05.000Z");
      const meta = {
        contentType: "text/plain",
        contentLanguage: "en",
        contentDisposition: "attachment",
        contentEncoding: "identity",
        cacheControl: "max-age=60",
        cacheExpiry: expiry,
      };
      const o = await bucket.put("k", "v", { httpMetadata: meta });
      expect(o.httpMetadata, "put(...).httpMetadata: every field as given [D.put.http-metadata]").toEqual(meta);
      const h = await bucket.head("k");
      expect(h!.httpMetadata, 'head("k").httpMetadata: every field as given [D.http-metadata.fields]').toEqual(meta);
      expect(h!.httpMetadata!.cacheExpiry!.getTime(), 'head("k").httpMetadata.cacheExpiry: the instant given').toBe(
        expiry.getTime(),
      );
    },
  );

  clauseTest(
    ["D.put.http-metadata", "D.put.http-metadata-headers"],
    "httpMetadata given as Headers maps the six headers",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const headers = os.headers({
        "content-type": "application/json",
        "content-language": "fr",
        "content-disposition": "inline",
        "content-encoding": "gzip",
        "cache-control": "no-cache",
        expires: "Wed, 21 Oct 2015 07:28:00 GMT",
        "x-other": "ignored",
      });
      await bucket.put("k", "v", { httpMetadata: headers });
      const h = await bucket.head("k");
      expect(h!.httpMetadata, 'head("k").httpMetadata after put with httpMetadata as Headers: the six fields').toEqual({
        contentType: "application/json",
        contentLanguage: "fr",
        contentDisposition: "inline",
        contentEncoding: "gzip",
        cacheControl: "no-cache",
        cacheExpiry: new Date("2015-10-21T07:28:00.000Z"),
      });
    },
  );

  clauseTest(["D.put.custom-metadata"], "customMetadata is stored and returned", async (ctx) => {
    const { bucket } = await open(ctx);
    const o = await bucket.put("k", "v", { customMetadata: { owner: "me", "x-y": "ü" } });
    expect(
      o.customMetadata,
      'put("k", "v", {customMetadata}).customMetadata: as given [D.put.custom-metadata]',
    ).toEqual({ owner: "me", "x-y": "ü" });
    expect(
      (await bucket.head("k"))!.customMetadata,
      'head("k").customMetadata after put: as given [D.put.custom-metadata]',
    ).toEqual({ owner: "me", "x-y": "ü" });
  });

  describe("a customMetadata own key __proto__", () => {
    /** What a caller reads back: own keys, and whether `__proto__` is one of them or moved the prototype. */
    const shape = (m: Record<string, string> | undefined) => ({
      keys: Reflect.ownKeys(m ?? {}),
      ownProto: m !== undefined && Object.hasOwn(m, "__proto__"),
      prototypeKept: m !== undefined && Object.getPrototypeOf(Object.getPrototypeOf(m)) === null,
    });
    const want = { keys: ["a"], ownProto: false, prototypeKept: true };

    clauseTest(
      ["D.put.custom-metadata-proto"],
      "is in no customMetadata put, head, get or list returns",
      async (ctx) => {
        const { bucket, os } = await open(ctx);
        if (os.protoKeyUnsendable) ctx.skip(os.protoKeyUnsendable);
        const defined: Record<string, string> = {};
        Object.defineProperty(defined, "__proto__", {
          value: "y",
          enumerable: true,
          writable: true,
          configurable: true,
        });
        defined.a = "b";
        for (const meta of [JSON.parse('{"__proto__":"x","a":"b"}') as Record<string, string>, defined]) {
          const put = await bucket.put("k", "v", { customMetadata: meta });
          const head = await bucket.head("k");
          const got = await bucket.get("k");
          await got!.text();
          const listed = (await bucket.list({ include: ["customMetadata"] })).objects[0];
          const seen = [put.customMetadata, head!.customMetadata, got!.customMetadata, listed!.customMetadata];
          expect(
            seen.map(shape),
            "customMetadata of put, head, get, list after a put with an own __proto__ key: only a, prototype kept",
          ).toEqual([want, want, want, want]);
          expect(
            seen.map((m) => ({ ...m })),
            "customMetadata of put, head, get, list spread: { a: 'b' } each [D.put.custom-metadata-proto]",
          ).toEqual([{ a: "b" }, { a: "b" }, { a: "b" }, { a: "b" }]);
        }
        const only = await bucket.put("only", "v", { customMetadata: JSON.parse('{"__proto__":"x"}') });
        expect(
          Reflect.ownKeys(only.customMetadata!),
          "put with only a __proto__ key: customMetadata has no key",
        ).toEqual([]);
        expect(
          Reflect.ownKeys((await bucket.head("only"))!.customMetadata!),
          'head("only").customMetadata: no key',
        ).toEqual([]);
      },
    );

    clauseTest(
      ["D.put.custom-metadata-proto", "D.err.metadata-too-large"],
      "is stored: its bytes count against the metadata limit (10012)",
      async (ctx) => {
        const { bucket, os } = await open(ctx);
        if (os.protoKeyUnsendable) ctx.skip(os.protoKeyUnsendable);
        await expectStoreError(
          bucket.put("k", "v", { customMetadata: JSON.parse(`{"__proto__":"${"x".repeat(9000)}"}`) }),
          "put",
          10012,
          "Your metadata headers exceed the maximum allowed metadata size.",
        );
        expect(await bucket.head("k"), 'head("k") after a put refused with 10012: null').toBeNull();
        // Assigned (not an own key: the setter ignores a string), it is not sent at all.
        const assigned: Record<string, string> = {};
        Reflect.set(assigned, "__proto__", "x".repeat(9000));
        expect(
          Reflect.ownKeys((await bucket.put("k", "v", { customMetadata: assigned })).customMetadata!),
          'put("k", "v", {customMetadata with an assigned __proto__}).customMetadata: no keys (not sent) [D.put.custom-metadata-proto]',
        ).toEqual([]);
      },
    );

    clauseTest(
      ["D.put.custom-metadata-proto", "D.multipart.options"],
      "createMultipartUpload stores it; the completed object's customMetadata lacks it",
      async (ctx) => {
        const { bucket, os } = await openMultipart(ctx);
        if (os.protoKeyUnsendable) ctx.skip(os.protoKeyUnsendable);
        const upload = await bucket.createMultipartUpload("m", {
          customMetadata: JSON.parse('{"__proto__":"mp","a":"b"}'),
        });
        const done = await upload.complete([await upload.uploadPart(1, "tiny")]);
        expect(
          [shape(done.customMetadata), shape((await bucket.head("m"))!.customMetadata)],
          "customMetadata of complete() and head after an upload created with a __proto__ key: only a",
        ).toEqual([want, want]);
      },
    );
  });

  clauseTest(["D.put.overwrite"], "an overwrite replaces value and all metadata", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "first", { httpMetadata: { contentType: "a/b" }, customMetadata: { a: "1" } });
    await bucket.put("k", "second!");
    const h = await bucket.head("k");
    expect(h!.size, 'head("k").size after the overwrite: the new value\'s 7 bytes [D.put.overwrite]').toBe(7);
    expect(
      h!.httpMetadata?.contentType,
      'head("k").httpMetadata.contentType after an overwrite without it: gone [D.put.overwrite]',
    ).toBeUndefined();
    expect(h!.customMetadata, 'head("k").customMetadata after an overwrite without it: {} [D.put.overwrite]').toEqual(
      {},
    );
  });

  clauseTest(
    ["D.checksums.md5-default", "D.checksums.array-buffer", "D.put.checksums-json"],
    "md5 is stored by default, as an ArrayBuffer and in toJSON",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const o = await bucket.put("k", "hello");
      expect(
        Object.prototype.toString.call(o.checksums.md5),
        "put(...).checksums.md5: an ArrayBuffer [D.checksums.array-buffer]",
      ).toBe("[object ArrayBuffer]");
      expect(toHex(o.checksums.md5), "put(...).checksums.md5: the MD5 of the value [D.checksums.md5-default]").toBe(
        md5Hex(enc("hello")),
      );
      expect(o.checksums.sha256, "put without sha256: checksums.sha256 undefined").toBeUndefined();
      expect(o.checksums.toJSON(), "put(...).checksums.toJSON(): md5 in hex only [D.put.checksums-json]").toEqual({
        md5: md5Hex(enc("hello")),
      });
    },
  );

  for (const algorithm of ["md5", "sha1", "sha256", "sha384", "sha512"] as const) {
    clauseTest(
      ["D.put.integrity", "D.checksums.provided", "D.put.checksums-json"],
      `a matching ${algorithm} (hex or binary) is accepted and stored`,
      async (ctx) => {
        const { bucket } = await open(ctx);
        const value = enc("integrity");
        const hex = hashHex(algorithm, value);
        const o = await bucket.put("hex", value, { [algorithm]: hex.toUpperCase() });
        expect(
          o.checksums.toJSON(),
          `put with ${algorithm} in upper-case hex: checksums.toJSON() has md5 and ${algorithm} in lower case`,
        ).toEqual({ md5: md5Hex(value), [algorithm]: hex });
        expect(toHex(o.checksums[algorithm]), `put with ${algorithm} in hex: checksums.${algorithm} bytes`).toBe(hex);
        const bin = new Uint8Array(Buffer.from(hex, "hex")).buffer;
        const p = await bucket.put("bin", value, { [algorithm]: bin });
        expect(toHex(p.checksums[algorithm]), `put with ${algorithm} as bytes: checksums.${algorithm} bytes`).toBe(hex);
        const h = await bucket.head("bin");
        expect(h!.checksums.toJSON(), `head("bin").checksums.toJSON(): md5 and ${algorithm} as stored`).toEqual({
          md5: md5Hex(value),
          [algorithm]: hex,
        });
      },
    );
  }

  clauseTest(
    ["D.put.integrity", "D.err.bad-digest", "D.err.shape"],
    "a checksum that does not match the content is refused with 10037 and stores nothing",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const wrong = "0".repeat(64);
      const actual = hashHex("sha256", enc("a"));
      const e = await bucket.put("k", "a", { sha256: wrong }).catch((err: Error) => err);
      expect(e, "put with a sha256 that does not match: rejects with an Error [D.err.bad-digest]").toBeInstanceOf(
        Error,
      );
      expect((e as Error).message, "put with a wrong sha256: the binding's message with both values and (10037)").toBe(
        `put: The SHA-256 checksum you specified did not match what we received.\nYou provided a SHA-256 checksum with value: ${wrong}\nActual SHA-256 was: ${actual} (10037)`,
      );
      expect(await bucket.head("k"), 'head("k") after a put refused with 10037: null (nothing stored)').toBeNull();
      const m = await bucket.put("k", "a", { md5: "f".repeat(32) }).catch((err: Error) => err);
      expect((m as Error).message, "put with a wrong md5: the MD5 mismatch message [D.err.bad-digest]").toContain(
        "The MD5 checksum you specified did not match what we received.",
      );
    },
  );

  clauseTest(
    ["D.put.storage-class", "D.object.storage-class", "D.storage-class.values"],
    "storageClass defaults to Standard and InfrequentAccess is kept",
    async (ctx) => {
      const { bucket } = await open(ctx);
      expect(
        (await bucket.put("std", "v")).storageClass,
        "put without storageClass: Standard [D.put.storage-class]",
      ).toBe("Standard");
      expect(
        (await bucket.put("ia", "v", { storageClass: "InfrequentAccess" })).storageClass,
        "put with storageClass InfrequentAccess: kept [D.put.storage-class]",
      ).toBe("InfrequentAccess");
      expect((await bucket.head("ia"))!.storageClass, 'head("ia").storageClass: InfrequentAccess').toBe(
        "InfrequentAccess",
      );
      expect((await bucket.head("std"))!.storageClass, 'head("std").storageClass: Standard').toBe("Standard");
    },
  );

  clauseTest(["D.put.storage-class"], "the bucket's default storage class applies when put omits it", async (ctx) => {
    const { bucket, target } = await open(ctx, { defaultStorageClass: "InfrequentAccess" });
    // Per-bucket options (compatibility date, default storage class) come together on a target.
    skipUnless(ctx, target, "compat-date");
    expect(
      (await bucket.put("k", "v")).storageClass,
      "put without storageClass in a bucket whose default is InfrequentAccess: the default",
    ).toBe("InfrequentAccess");
    expect(
      (await bucket.put("s", "v", { storageClass: "Standard" })).storageClass,
      "put with storageClass Standard in that bucket: Standard",
    ).toBe("Standard");
  });

  clauseTest(["D.range.reported"], "put results carry no range", async (ctx) => {
    const { bucket } = await open(ctx);
    expect((await bucket.put("k", "v")).range, "put(...).range: undefined [D.range.reported]").toBeUndefined();
  });

  clauseTest(["D.arg.value-type"], "a value of another type is a TypeError", async (ctx) => {
    const { bucket } = await open(ctx);
    await expectRejects(
      bucket.put("k", 42 as unknown as string),
      "TypeError",
      "Failed to execute 'put' on 'R2Bucket': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.",
    );
    expect(await bucket.head("k"), 'head("k") after a put of a number: null (nothing stored)').toBeNull();
  });
});
