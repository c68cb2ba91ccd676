/**
 * Limits the platform documents (keys per delete, part size) and keys that are not valid UTF-16
 * (lone surrogates), which cross the binding as their WTF-8 bytes.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { settlesUnread, skipWithout } from "../../harness/targets/object-store.ts";
import { expectStoreError, open, openMultipart } from "./helpers.ts";

describe("limits", () => {
  clauseTest(["D.limit.delete-keys", "D.delete.all-or-nothing"], "delete takes at most 1000 keys", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k1", "v");
    const keys = Array.from({ length: 1001 }, (_, i) => `k${i}`);
    await expectStoreError(bucket.delete(keys), "delete");
    expect(await bucket.head("k1"), 'head("k1") after a refused delete of 1001 keys: still there').not.toBeNull();
    await bucket.delete(keys.slice(0, 1000));
    expect(await bucket.head("k1"), 'head("k1") after a delete of 1000 keys (the limit): null').toBeNull();
  });

  clauseTest(["D.limit.part-size", "D.err.object-too-large"], "a part over 5 GiB is refused", async (ctx) => {
    const { bucket, os } = await openMultipart(ctx);
    skipWithout(ctx, os, "declaredLengthStream");
    const upload = await bucket.createMultipartUpload("m");
    const part = upload.uploadPart(1, os.declaredLengthStream!(5 * 1024 ** 3 + 1));
    await settlesUnread(part, "uploadPart");
    await expectStoreError(part, "uploadPart");
    await upload.abort();
  });
});

describe("keys with lone surrogates", () => {
  clauseTest(
    ["D.key.lone-surrogate", "D.object.key"],
    "a lone surrogate reads back as three U+FFFD; the spelling it was written with finds it",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const stored = "a\uFFFD\uFFFD\uFFFDb";
      const put = await bucket.put("a\uD800b", "v", { customMetadata: { "x\uDC00": "y\uD800" } });
      const fffd = { "x\uFFFD\uFFFD\uFFFD": "y\uFFFD\uFFFD\uFFFD" };
      expect(put.key, "put(key with a lone surrogate).key: the surrogate as three U+FFFD").toBe(stored);
      expect(put.customMetadata, "put(...).customMetadata: lone surrogates as three U+FFFD").toEqual(fffd);
      const head = (await bucket.head("a\uD800b"))!;
      expect(head.key, "head(the spelling written).key: the surrogate as three U+FFFD").toBe(stored);
      expect(head.customMetadata, "head(the spelling written).customMetadata: as put answered").toEqual(fffd);
      expect(
        (await bucket.list()).objects.map((o) => o.key),
        "list().objects keys: the one stored key",
      ).toEqual([stored]);
      expect(await bucket.head("a\uFFFDb"), 'head("a\\uFFFDb"): one U+FFFD is another key, null').toBeNull();
      await bucket.delete("a\uD800b");
      expect((await bucket.list()).objects, "list().objects after delete(the spelling written): empty").toEqual([]);
    },
  );

  clauseTest(
    ["D.key.lone-surrogate", "D.put.value-types"],
    "a string value keeps a lone surrogate's WTF-8 bytes",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const o = await bucket.put("k", "\uD800");
      expect(o.size, 'put("k", a lone U+D800).size: 3, the lone surrogate as WTF-8 [D.key.lone-surrogate]').toBe(3);
      expect(
        [...new Uint8Array(await (await bucket.get("k"))!.arrayBuffer())],
        'get("k") bytes after put(a lone U+D800): ED A0 80 (WTF-8) [D.key.lone-surrogate]',
      ).toEqual([0xed, 0xa0, 0x80]);
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k").text() after put(a lone U+D800): three U+FFFD (invalid UTF-8 decoded) [D.put.value-types]',
      ).toBe("\uFFFD\uFFFD\uFFFD");
    },
  );
});
