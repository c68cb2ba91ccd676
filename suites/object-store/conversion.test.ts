/**
 * Argument conversion as workerd's binding declares each parameter and field (WebIDL via jsg):
 * what coerces, what does not, ints, dictionaries, missing parameters and the order of the checks.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";
import { caught, expectRejects, expectStoreError, open, openMultipart } from "./helpers.ts";

const anyValue = <T>(v: unknown): T => v as T;

describe("coercing parameters and fields", () => {
  clauseTest(
    ["D.arg.coercion"],
    "keys, metadata strings and customMetadata values are converted to strings",
    async (ctx) => {
      const { bucket } = await open(ctx);
      expect((await bucket.put(anyValue<string>(5), "v")).key, 'put(5, "v").key: the key as the string "5"').toBe("5");
      expect((await bucket.head(anyValue<string>(5)))!.key, 'head(5).key: "5"').toBe("5");
      const o = await bucket.put("k", "v", {
        httpMetadata: { contentType: anyValue<string>(5), cacheControl: anyValue<string>(null) },
        customMetadata: anyValue<Record<string, string>>({ n: 1, z: null, t: true }),
      });
      const h = (await bucket.head("k"))!;
      expect(h.httpMetadata, 'head("k").httpMetadata: 5 and null converted to "5" and "null"').toEqual({
        contentType: "5",
        cacheControl: "null",
      });
      const converted = { n: "1", z: "null", t: "true" };
      expect(h.customMetadata, 'head("k").customMetadata: 1, null, true as strings').toEqual(converted);
      expect(o.customMetadata, "put(...).customMetadata: 1, null, true as strings").toEqual(converted);
      await bucket.delete(anyValue<string>(5));
      expect(await bucket.head("5"), 'head("5") after delete(5): null (the key converted alike)').toBeNull();
    },
  );

  clauseTest(["D.arg.coercion", "D.range.offset-length"], "range fields are converted to numbers", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello");
    const o = (await bucket.get("k", { range: anyValue({ offset: "1", length: "3" }) }))!;
    expect(o.range, 'get with range { offset: "1", length: "3" }: range { offset 1, length 3 }').toEqual({
      offset: 1,
      length: 3,
    });
    expect(await o.text(), 'get with range { offset: "1", length: "3" }: "ell"').toBe("ell");
    const whole = (await bucket.get("k", { range: anyValue({ offset: null }) }))!;
    expect(whole.range, "get with range { offset: null }: null is 0, the whole object").toEqual({
      offset: 0,
      length: 5,
    });
    await expectRejects(
      bucket.get("k", { range: { offset: Number.NaN } }),
      "RangeError",
      "Invalid range. Starting offset (nan) must be greater than or equal to 0.",
    );
  });
});

describe("non-coercible fields", () => {
  clauseTest(["D.arg.non-coercible"], "list's string fields take only strings", async (ctx) => {
    const { bucket } = await open(ctx);
    for (const field of ["prefix", "cursor", "delimiter", "startAfter"]) {
      for (const v of [5, null, true]) {
        await expectRejects(
          bucket.list(anyValue({ [field]: v })),
          "TypeError",
          `Incorrect type for the '${field}' field on 'ListOptions': the provided value is not of type 'string'.`,
        );
      }
    }
    await expectRejects(
      bucket.list(anyValue({ include: "httpMetadata" })),
      "TypeError",
      "Incorrect type for the 'include' field on 'ListOptions': the provided value is not of type 'Array'.",
    );
    await expectRejects(
      bucket.list(anyValue({ include: ["httpMetadata", 5] })),
      "TypeError",
      "Incorrect type for array element 1: the provided value is not of type 'string'.",
    );
  });

  clauseTest(["D.arg.non-coercible"], "etag conditions and checksums take only strings (or buffers)", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "v");
    for (const field of ["etagMatches", "etagDoesNotMatch"]) {
      await expectRejects(
        bucket.get("k", { onlyIf: anyValue({ [field]: 5 }) }),
        "TypeError",
        `Incorrect type for the '${field}' field on 'Conditional': the provided value is not of type 'string'.`,
      );
    }
    for (const v of [5, null, {}]) {
      await expectRejects(
        bucket.put("k", "w", anyValue({ sha1: v })),
        "TypeError",
        "Incorrect type for the 'sha1' field on 'PutOptions': the provided value is not of type 'JsBufferSource or string'.",
      );
    }
    expect(await (await bucket.get("k"))!.text(), 'get("k") after puts refused for their sha1 type: "v"').toBe("v");
  });
});

describe("ints", () => {
  clauseTest(["D.arg.int", "D.list.limit"], "list limit: truncated, converted, -1 is the default", async (ctx) => {
    const { bucket } = await open(ctx);
    for (const k of ["a", "b", "c"]) await bucket.put(k, "");
    const keys = async (limit: unknown) => (await bucket.list(anyValue({ limit }))).objects.map((o) => o.key);
    expect(await keys(1.5), "list({ limit: 1.5 }): truncated to 1").toEqual(["a"]);
    expect(await keys("2"), 'list({ limit: "2" }): converted to 2').toEqual(["a", "b"]);
    expect(await keys(true), "list({ limit: true }): converted to 1").toEqual(["a"]);
    expect(await keys(-1), "list({ limit: -1 }): the default, every key").toEqual(["a", "b", "c"]);
    for (const bad of [0, -2, Number.NaN, "abc", null, 2 ** 31 - 1]) {
      await expectStoreError(bucket.list(anyValue({ limit: bad })), "list", 10022);
    }
    await expectRejects(
      bucket.list(anyValue({ limit: 2 ** 31 })),
      "TypeError",
      "Value out of range. Must be between -2147483648 and 2147483647 (inclusive).",
    );
  });

  clauseTest(["D.arg.int", "D.arg.part-number"], "part numbers are ints", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("m");
    expect(
      (await upload.uploadPart(1.9, "x")).partNumber,
      "uploadPart(1.9, ...).partNumber: 1, the number converted to an int [D.arg.part-number]",
    ).toBe(1);
    expect(
      (await upload.uploadPart(anyValue<number>("2"), "y")).partNumber,
      'uploadPart("2", ...).partNumber: 2, the string converted to an int [D.arg.int]',
    ).toBe(2);
    await expectRejects(
      upload.uploadPart(Number.NaN, "x"),
      "TypeError",
      "Part number must be between 1 and 10000 (inclusive). Actual value was: 0",
    );
    await expectRejects(
      upload.uploadPart(2 ** 32, "x"),
      "TypeError",
      "Value out of range. Must be between -2147483648 and 2147483647 (inclusive).",
    );
    await upload.abort();
  });

  clauseTest(["D.arg.complete-part-number"], "complete refuses part numbers outside 1..10000", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("m");
    const p = await upload.uploadPart(1, "x");
    for (const n of [0, 10001, -5]) {
      await expectRejects(
        upload.complete([p, { partNumber: n, etag: p.etag }]),
        "TypeError",
        `Part number must be between 1 and 10000 (inclusive). Actual value was: ${n}`,
      );
    }
    await expectRejects(
      upload.complete(anyValue([5])),
      "TypeError",
      "Incorrect type for array element 0: the provided value is not of type 'UploadedPart'.",
    );
    expect((await upload.complete([p])).size, "complete([part]) after the refused lists: the 1-byte object").toBe(1);
  });
});

describe("dictionaries and parameters", () => {
  clauseTest(["D.arg.dictionary"], "options of a wrong type name the parameter and its type", async (ctx) => {
    const { bucket } = await open(ctx);
    const wrong = (method: string, cls: string, n: number, type: string) =>
      `Failed to execute '${method}' on '${cls}': parameter ${n} is not of type '${type}'.`;
    await expectRejects(bucket.put("k", "v", anyValue(5)), "TypeError", wrong("put", "R2Bucket", 3, "PutOptions"));
    await expectRejects(bucket.get("k", anyValue("x")), "TypeError", wrong("get", "R2Bucket", 2, "GetOptions"));
    await expectRejects(bucket.list(anyValue(5)), "TypeError", wrong("list", "R2Bucket", 1, "ListOptions"));
    await expectRejects(
      bucket.createMultipartUpload("m", anyValue(5)),
      "TypeError",
      wrong("createMultipartUpload", "R2Bucket", 2, "MultipartOptions"),
    );
    const upload = await bucket.createMultipartUpload("m");
    await expectRejects(
      upload.uploadPart(1, "x", anyValue(5)),
      "TypeError",
      wrong("uploadPart", "R2MultipartUpload", 3, "UploadPartOptions"),
    );
    // null and arrays are empty dictionaries.
    expect(
      (await bucket.put("k", "v", anyValue(null)))!.key,
      "put with options null: an empty dictionary, stored",
    ).toBe("k");
    expect((await bucket.put("k", "v", anyValue([])))!.key, "put with options []: an empty dictionary, stored").toBe(
      "k",
    );
    expect(
      (await bucket.list(anyValue(null))).objects.map((o) => o.key),
      "list(null): an empty dictionary, every key",
    ).toEqual(["k"]);
  });

  clauseTest(["D.arg.dictionary"], "onlyIf, httpMetadata and range of a wrong type", async (ctx) => {
    const { bucket } = await open(ctx);
    const field = (f: string, on: string, type: string) =>
      `Incorrect type for the '${f}' field on '${on}': the provided value is not of type '${type}'.`;
    await expectRejects(
      bucket.put("k", "v", anyValue({ onlyIf: 5 })),
      "TypeError",
      field("onlyIf", "PutOptions", "Conditional or Headers"),
    );
    await expectRejects(
      bucket.get("k", anyValue({ onlyIf: "x" })),
      "TypeError",
      field("onlyIf", "GetOptions", "Conditional or Headers"),
    );
    await expectRejects(
      bucket.put("k", "v", anyValue({ httpMetadata: "text/plain" })),
      "TypeError",
      field("httpMetadata", "PutOptions", "HttpMetadata or Headers"),
    );
    await expectRejects(
      bucket.createMultipartUpload("k", anyValue({ httpMetadata: 5 })),
      "TypeError",
      field("httpMetadata", "MultipartOptions", "HttpMetadata or Headers"),
    );
    await expectRejects(
      bucket.get("k", anyValue({ range: 5 })),
      "TypeError",
      field("range", "GetOptions", "Range or Headers"),
    );
    await expectRejects(
      bucket.put("k", "v", anyValue({ customMetadata: ["x"] })),
      "TypeError",
      field("customMetadata", "PutOptions", "object"),
    );
    // null onlyIf / httpMetadata are empty dictionaries.
    expect(
      (await bucket.put("k", "v", anyValue({ onlyIf: null, httpMetadata: null })))!.key,
      'put("k", "v", {onlyIf: null, httpMetadata: null}).key: "k", null dictionaries read as empty [D.arg.dictionary]',
    ).toBe("k");
  });

  clauseTest(
    ["D.arg.missing", "D.put.value-types"],
    "missing parameters are refused; undefined is a value",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const call = bucket as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      await expectRejects(
        call.head!(),
        "TypeError",
        "Failed to execute 'head' on 'R2Bucket': parameter 1 is not of type 'string'.",
      );
      await expectRejects(
        call.put!("k"),
        "TypeError",
        "Failed to execute 'put' on 'R2Bucket': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.",
      );
      await expectRejects(
        call.delete!(),
        "TypeError",
        "Failed to execute 'delete' on 'R2Bucket': parameter 1 is not of type 'string or Array'.",
      );
      const e = await caught(
        () => (bucket.resumeMultipartUpload as (...a: unknown[]) => unknown)("k"),
        'resumeMultipartUpload("k") without an upload id: throws TypeError',
      );
      expect(e.name, "resumeMultipartUpload without an upload id: a TypeError").toBe("TypeError");
      expect(e.message, "resumeMultipartUpload without an upload id: the binding's message for parameter 2").toBe(
        "Failed to execute 'resumeMultipartUpload' on 'R2Bucket': parameter 2 is not of type 'string'.",
      );
      expect((await bucket.put("k", undefined as unknown as null)).size, 'put("k", undefined): a value, size 0').toBe(
        0,
      );
      expect(await bucket.head("k"), 'head("k") after put("k", undefined): stored').not.toBeNull();
    },
  );
});

describe("order of the checks", () => {
  clauseTest(
    ["D.arg.check-order"],
    "put: every type before any value, then onlyIf before checksums and ssecKey",
    async (ctx) => {
      const { bucket } = await open(ctx);
      // The value (parameter 2) is converted before the options (parameter 3).
      await expectRejects(
        bucket.put("k", anyValue(5), anyValue(5)),
        "TypeError",
        "Failed to execute 'put' on 'R2Bucket': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.",
      );
      // A type error in a later field wins over a value error in an earlier one.
      await expectRejects(
        bucket.put("k", "v", anyValue({ onlyIf: { etagMatches: '"x"' }, md5: 5 })),
        "TypeError",
        "Incorrect type for the 'md5' field on 'PutOptions': the provided value is not of type 'JsBufferSource or string'.",
      );
      // Fields convert in declaration order: onlyIf, httpMetadata, customMetadata, checksums.
      await expectRejects(
        bucket.put("k", "v", anyValue({ customMetadata: 5, httpMetadata: 5 })),
        "TypeError",
        "Incorrect type for the 'httpMetadata' field on 'PutOptions': the provided value is not of type 'HttpMetadata or Headers'.",
      );
      // Values: onlyIf, then checksums, then ssecKey.
      await expectRejects(
        bucket.put("k", "v", { md5: "abc", onlyIf: { etagMatches: '"x"' } }),
        "TypeError",
        'Conditional ETag should not be wrapped in quotes ("x").',
      );
      await expectRejects(
        bucket.put("k", "v", { ssecKey: "abc", md5: "abc" }),
        "TypeError",
        "MD5 is 32 hex characters, not 3",
      );
      expect(await bucket.head("k"), 'head("k") after the refused puts: null').toBeNull();
    },
  );

  clauseTest(["D.arg.check-order"], "get: onlyIf, then range, then ssecKey", async (ctx) => {
    const { bucket } = await open(ctx);
    await expectRejects(
      bucket.get("k", { range: { offset: -1 }, onlyIf: { etagMatches: '"q"' } }),
      "TypeError",
      'Conditional ETag should not be wrapped in quotes ("q").',
    );
    await expectRejects(
      bucket.get("k", { range: { offset: -1 }, ssecKey: "zz" }),
      "RangeError",
      "Invalid range. Starting offset (-1) must be greater than or equal to 0.",
    );
  });

  clauseTest(
    ["D.arg.check-order", "D.arg.value-type"],
    "uploadPart: the value's type before the part number",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("m");
      await expectRejects(
        upload.uploadPart(0, anyValue(5)),
        "TypeError",
        "Failed to execute 'uploadPart' on 'R2MultipartUpload': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.",
      );
      await upload.abort();
    },
  );
});

describe("writeHttpMetadata", () => {
  clauseTest(["D.arg.write-http-metadata-headers"], "writeHttpMetadata needs a Headers", async (ctx) => {
    const { bucket, os } = await open(ctx);
    const o = await bucket.put("k", "v", { httpMetadata: { contentType: "text/plain" } });
    for (const bad of [undefined, {}, new Map()]) {
      const e = await caught(
        () => o.writeHttpMetadata(anyValue(bad)),
        `writeHttpMetadata(${String(bad)}): throws TypeError [D.arg.write-http-metadata-headers]`,
      );
      expect(e.name, `writeHttpMetadata(${String(bad)}): a TypeError`).toBe("TypeError");
      expect(e.message, `writeHttpMetadata(${String(bad)}): the binding's message for parameter 1`).toBe(
        "Failed to execute 'writeHttpMetadata' on 'HeadResult': parameter 1 is not of type 'Headers'.",
      );
    }
    const h = os.headers();
    o.writeHttpMetadata(h);
    expect(h.get("content-type"), "writeHttpMetadata(a Headers): content-type written").toBe("text/plain");
  });

  clauseTest(
    ["D.object.write-http-metadata-unguarded"],
    "writeHttpMetadata writes into immutable headers; a value with CR, LF or NUL inside throws TypeError",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      const o = await bucket.put("k", "v", { httpMetadata: { contentType: "a/b", cacheControl: "no-store" } });
      expect(
        o.writeHttpMetadata(Response.redirect("http://x/", 302).headers),
        "writeHttpMetadata into a redirect's immutable headers: no throw, undefined",
      ).toBeUndefined();
      for (const contentType of ["t/\u00fc\u20ac", "a/b\r\n"]) {
        const p = await bucket.put("k", "v", { httpMetadata: { contentType, cacheControl: "no-store" } });
        const h = os.headers({ "content-language": "en" });
        expect(
          p.writeHttpMetadata(h),
          `writeHttpMetadata with contentType ${JSON.stringify(contentType)}`,
        ).toBeUndefined();
        expect(h.get("cache-control"), `cache-control after contentType ${JSON.stringify(contentType)}`).toBe(
          "no-store",
        );
      }
      for (const contentType of ["a\nb", "a\rb", "a\0b"]) {
        const p = await bucket.put("k", "v", { httpMetadata: { contentType, cacheControl: "no-store" } });
        expect(p.httpMetadata!.contentType, "put keeps the contentType as given").toBe(contentType);
        const h = os.headers({ "content-language": "en" });
        const e = await caught(
          () => p.writeHttpMetadata(h),
          `writeHttpMetadata with contentType ${JSON.stringify(contentType)}: throws TypeError`,
        );
        const what = `writeHttpMetadata with contentType ${JSON.stringify(contentType)}`;
        expect([e.name, e.message], `${what}: the error`).toEqual(["TypeError", "Invalid header value."]);
        expect(h.get("cache-control"), `${what}: cache-control (written after content-type)`).toBeNull();
        expect(h.get("content-language"), `${what}: a header it does not write`).toBe("en");
      }
    },
  );
});

describe("arrays", () => {
  const NULL_PART =
    "Cannot initialize N7workerd3api11public_beta17R2MultipartUpload12UploadedPartE with required members from an undefined or null value.";

  clauseTest(["D.arg.array-elements"], "complete refuses a null or undefined part", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("m");
    const p = await upload.uploadPart(1, "x");
    await expectRejects(upload.complete(anyValue([null])), "TypeError", NULL_PART);
    await expectRejects(upload.complete(anyValue([p, undefined])), "TypeError", NULL_PART);
    const sparse: unknown[] = [];
    sparse[1] = p;
    await expectRejects(upload.complete(anyValue(sparse)), "TypeError", NULL_PART);
    expect((await upload.complete([p])).size, "complete([part]) after the refused lists: the 1-byte object").toBe(1);
  });

  clauseTest(["D.arg.array-elements"], "holes of an array read as undefined", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("undefined", "v");
    await bucket.put("x", "v");
    const keys: string[] = [];
    keys[1] = "x";
    await bucket.delete(keys);
    expect(
      await bucket.head("undefined"),
      'delete([hole, "x"]): the hole reads as undefined, key "undefined" deleted',
    ).toBeNull();
    expect(await bucket.head("x"), 'delete([hole, "x"]): "x" deleted').toBeNull();
    const include: string[] = ["httpMetadata"];
    include[2] = "customMetadata";
    await expectRejects(
      bucket.list(anyValue({ include })),
      "TypeError",
      "Incorrect type for array element 1: the provided value is not of type 'string'.",
    );
  });

  clauseTest(["D.arg.array-elements"], "a Proxy of an array is not an Array", async (ctx) => {
    const { bucket, os } = await openMultipart(ctx);
    if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
    for (const k of ["a", "b", "a,b"]) await bucket.put(k, "v");
    await bucket.delete(new Proxy(["a", "b"], {}));
    expect(await bucket.head("a,b"), 'delete(Proxy of ["a","b"]): a string key, "a,b" deleted').toBeNull();
    expect(await bucket.head("a"), 'delete(Proxy of ["a","b"]): "a" kept (not an array)').not.toBeNull();
    expect(await bucket.head("b"), 'delete(Proxy of ["a","b"]): "b" kept (not an array)').not.toBeNull();
    await expectRejects(
      bucket.list({ include: new Proxy(["httpMetadata"], {}) as ("httpMetadata" | "customMetadata")[] }),
      "TypeError",
      "Incorrect type for the 'include' field on 'ListOptions': the provided value is not of type 'Array'.",
    );
    const upload = await bucket.createMultipartUpload("m");
    const p = await upload.uploadPart(1, "x");
    await expectRejects(
      upload.complete(new Proxy([p], {})),
      "TypeError",
      "Failed to execute 'complete' on 'R2MultipartUpload': parameter 1 is not of type 'Array'.",
    );
    await upload.abort();
  });
});

describe("buffers", () => {
  const detachedBuffer = (n: number) => {
    const ab = new ArrayBuffer(n);
    structuredClone(ab, { transfer: [ab] });
    return ab;
  };

  clauseTest(["D.arg.detached-buffer"], "a detached buffer reads as 0 bytes", async (ctx) => {
    const { bucket, os } = await openMultipart(ctx);
    if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
    expect((await bucket.put("a", detachedBuffer(4))).size, "put of a detached ArrayBuffer: size 0").toBe(0);
    const ab = new ArrayBuffer(4);
    const view = new Uint8Array(ab, 1, 2);
    structuredClone(ab, { transfer: [ab] });
    expect((await bucket.put("b", view)).size, "put of a view on a detached buffer: size 0").toBe(0);
    expect(await (await bucket.get("b"))!.text(), 'get("b") of it: ""').toBe("");
    await expectRejects(bucket.put("c", "abc", { md5: detachedBuffer(16) }), "TypeError", "MD5 is 16 bytes, not 0");
    await expectRejects(
      bucket.put("c", "abc", { ssecKey: detachedBuffer(32) }),
      "Error",
      "SSE-C Key must be 32 bytes in length",
    );
    expect(await bucket.head("c"), 'head("c") after puts refused for detached checksum and key: null').toBeNull();
    const upload = await bucket.createMultipartUpload("m");
    const part = await upload.uploadPart(1, detachedBuffer(4));
    expect(part.partNumber, "uploadPart(1, a detached buffer).partNumber: 1").toBe(1);
    expect(typeof part.etag, "uploadPart(1, a detached buffer).etag: a string").toBe("string");
    await upload.abort();
  });

  clauseTest(["D.arg.ssec-key-buffer"], "a SharedArrayBuffer of 32 bytes is a customer key", async (ctx) => {
    const { bucket, os } = await open(ctx);
    if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
    const o = await bucket.put("k", "v", { ssecKey: anyValue(new SharedArrayBuffer(32)) });
    expect(o.size, "put with a 32-byte SharedArrayBuffer as ssecKey: stored, size 1").toBe(1);
    await expectRejects(
      bucket.put("k", "v", { ssecKey: anyValue(new SharedArrayBuffer(31)) }),
      "Error",
      "SSE-C Key must be 32 bytes in length",
    );
  });
});

describe("types, not prototype chains", () => {
  clauseTest(
    ["D.arg.brand-check"],
    "an object that only inherits a class's prototype is not of that class",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      const valueType =
        "Failed to execute 'put' on 'R2Bucket': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.";
      for (const C of [Blob, ReadableStream, ArrayBuffer]) {
        await expectRejects(bucket.put("k", anyValue(Object.create(C.prototype))), "TypeError", valueType);
      }
      expect(await bucket.head("k"), 'head("k") after puts of objects inheriting a prototype: null').toBeNull();
      const o = await bucket.put("k", "v", { httpMetadata: { contentType: "a/b" } });
      const got = await bucket.get("k", { onlyIf: anyValue(Object.create(Headers.prototype)) });
      expect(got, "get with onlyIf inheriting Headers.prototype: a plain dictionary, met, a body").toHaveProperty(
        "body",
      );
      const e = await caught(
        () => o.writeHttpMetadata(anyValue(Object.create(Headers.prototype))),
        "writeHttpMetadata(an object inheriting Headers.prototype): throws TypeError",
      );
      expect(e.name, "writeHttpMetadata(an object inheriting Headers.prototype): a TypeError").toBe("TypeError");
      expect(e.message, "writeHttpMetadata(an object inheriting Headers.prototype): the binding's message").toBe(
        "Failed to execute 'writeHttpMetadata' on 'HeadResult': parameter 1 is not of type 'Headers'.",
      );
    },
  );
});

describe("reads of option fields", () => {
  const tracer = <T extends object>(log: string[], name: string, target: T): T =>
    new Proxy(target, {
      get(t, k, r) {
        if (typeof k === "string") log.push(`${name}.${k}`);
        return Reflect.get(t, k, r);
      },
    });

  clauseTest(["D.arg.read-once"], "each option field is read once, in declaration order", async (ctx) => {
    const { bucket, os } = await open(ctx);
    skipWithout(ctx, os, "argumentsAsGiven");
    await bucket.put("k", "0123");
    const log: string[] = [];
    const got = await bucket.get(
      "k",
      tracer(log, "o", { onlyIf: tracer(log, "onlyIf", {}), range: tracer(log, "range", { offset: 1 }) }),
    );
    expect(got, 'get("k") with traced options: met, a body').toHaveProperty("body");
    expect(log, "the option fields get() read: each once, in declaration order [D.arg.read-once]").toEqual([
      "o.onlyIf",
      "onlyIf.etagMatches",
      "onlyIf.etagDoesNotMatch",
      "onlyIf.uploadedBefore",
      "onlyIf.uploadedAfter",
      "onlyIf.secondsGranularity",
      "o.range",
      "range.offset",
      "range.length",
      "range.suffix",
      "o.ssecKey",
    ]);
    log.length = 0;
    await bucket.list(tracer(log, "o", { limit: 5, include: ["httpMetadata" as const] }));
    expect(log, "list(options): the fields read once each, in declaration order [D.arg.read-once]").toEqual([
      "o.limit",
      "o.prefix",
      "o.cursor",
      "o.delimiter",
      "o.startAfter",
      "o.include",
    ]);
  });
});
