/**
 * Every field of an object where reimplementations take one from the wrong place: a listed object shows what
 * head shows (size, etag, version, uploaded, checksums, storageClass, metadata); a ranged get's size is the
 * object's, not the range's; keys and customMetadata keys keep their case and their Unicode spelling.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { enc, hashHex, open } from "./helpers.ts";

type Obj = NonNullable<Awaited<ReturnType<ObjectStoreBucket["head"]>>>;

/** The fields a listed object and head must agree on (range aside). */
function fields(o: Obj) {
  return {
    key: o.key,
    version: o.version,
    size: o.size,
    etag: o.etag,
    httpEtag: o.httpEtag,
    uploaded: o.uploaded.getTime(),
    checksums: o.checksums.toJSON(),
    storageClass: o.storageClass,
    httpMetadata: o.httpMetadata,
    customMetadata: o.customMetadata,
  };
}

describe("fields taken from the right place", () => {
  clauseTest(
    [
      "D.list.include",
      "D.object.fields",
      "D.object.size",
      "D.object.version",
      "D.object.uploaded",
      "D.object.storage-class",
      "D.object.http-etag",
    ],
    "a listed object, and get, carry every field as head gives it: size, etag, httpEtag, version, uploaded, checksums, storageClass, metadata",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const ia = enc("infrequent, with a sha256");
      await bucket.put("a/one", "1", { customMetadata: { Owner: "A" }, httpMetadata: { contentType: "text/x-One" } });
      await bucket.put("a/two", ia, {
        sha256: hashHex("sha256", ia),
        storageClass: "InfrequentAccess",
        httpMetadata: { cacheControl: "max-age=7" },
      });
      await bucket.put("a/three", "three!", { customMetadata: { k: "v" } });
      await bucket.put("a/one", "one, again"); // an overwrite: new size, etag, version
      // Time passes before the list (a fake clock moves on; a real one does anyway): uploaded is the put's time.
      if (os.advanceClock) await os.advanceClock(1500);
      const listed = (await bucket.list({ prefix: "a/", include: ["httpMetadata", "customMetadata"] })).objects;
      expect(
        listed.map((o) => o.key),
        'list({prefix: "a/"}) keys: in order',
      ).toEqual(["a/one", "a/three", "a/two"]);
      for (const o of listed) {
        const head = (await bucket.head(o.key))!;
        expect(fields(o), `list().objects entry ${JSON.stringify(o.key)}: every field as head() gives it`).toEqual(
          fields(head),
        );
        expect(o.range, `list().objects entry ${JSON.stringify(o.key)}: range undefined`).toBeUndefined();
        const got = (await bucket.get(o.key))!;
        expect(fields(got), `get(${JSON.stringify(o.key)}): every field as head() gives it`).toEqual(fields(head));
        await got.arrayBuffer();
      }
    },
  );

  clauseTest(
    ["D.object.size", "D.range.reported", "D.range.offset-length", "D.range.suffix", "D.range.header"],
    "a ranged get's size is the whole object's size, whichever form the range takes",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "0123456789");
      const forms = [
        { offset: 2, length: 3 },
        { offset: 7 },
        { length: 4 },
        { suffix: 2 },
        os.headers({ range: "bytes=1-2" }),
      ];
      for (const range of forms) {
        const what = `get("k", {range: ${range instanceof Headers ? "Range bytes=1-2" : JSON.stringify(range)}})`;
        const got = (await bucket.get("k", { range }))!;
        expect(got.size, `${what}.size: the object's 10 bytes, not the range's length`).toBe(10);
        expect(got.etag, `${what}.etag: the object's etag`).toBe((await bucket.head("k"))!.etag);
        await got.arrayBuffer();
      }
    },
  );

  clauseTest(
    ["D.put.custom-metadata", "D.object.key", "D.list.utf8-order"],
    "keys and customMetadata keys keep their case and Unicode spelling: differing only so, they are distinct",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const meta = { Owner: "A", owner: "b", "Caf\u00e9": "nfc", "Cafe\u0301": "nfd" };
      const put = await bucket.put("k", "v", { customMetadata: meta });
      expect(put.customMetadata, "put(customMetadata with keys differing in case and accents).customMetadata").toEqual(
        meta,
      );
      expect((await bucket.head("k"))!.customMetadata, 'head("k").customMetadata: the four keys as given').toEqual(
        meta,
      );
      const keys = ["caf\u00e9", "Caf\u00e9", "Cafe\u0301"];
      for (const k of keys) await bucket.put(k, k);
      expect(
        (await bucket.list({ prefix: "C" })).objects.map((o) => o.key),
        'list({prefix: "C"}): the NFD and NFC spellings as two keys, in UTF-8 order',
      ).toEqual(["Cafe\u0301", "Caf\u00e9"]);
      for (const k of keys) {
        expect(await (await bucket.get(k))!.text(), `get(${JSON.stringify(k)}).text(): its own value`).toBe(k);
      }
    },
  );
});
