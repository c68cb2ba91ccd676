/**
 * Values at the edges of what put and uploadPart take, where a reimplementation slips: uploadPart has no
 * null value, an empty Blob is an empty object, a FixedLengthStream's readable half carries the bytes of
 * every kind of buffer written to it, a refused option cancels a stream of unknown length with the
 * binding's reason, a stream already read from is refused, and Headers are told by their type, not by an
 * imitation of their tag or methods (each checked on workerd, 2026-11-27).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";
import { enc, expectRejects, open, openMultipart } from "./helpers.ts";

const anyValue = <T>(v: unknown): T => v as T;

const EMPTY_MD5 = "d41d8cd98f00b204e9800998ecf8427e";

describe("values put and uploadPart take", () => {
  clauseTest(
    ["D.multipart.upload-part", "D.put.value-types"],
    "uploadPart refuses null and undefined as its value (put takes them as empty)",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("m");
      const refused =
        "Failed to execute 'uploadPart' on 'R2MultipartUpload': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.";
      await expectRejects(upload.uploadPart(1, anyValue(null)), "TypeError", refused);
      await expectRejects(upload.uploadPart(1, anyValue(undefined)), "TypeError", refused);
      await upload.abort();
      const o = await bucket.put("k", null);
      expect(o.size, 'put("k", null).size: 0 (put takes null as empty)').toBe(0);
    },
  );

  clauseTest(["D.put.value-types"], "an empty Blob is an empty object: size 0, the MD5 of no bytes", async (ctx) => {
    const { bucket } = await open(ctx);
    const o = await bucket.put("k", new Blob([]));
    expect(o.size, "put(an empty Blob).size: 0").toBe(0);
    expect(o.etag, "put(an empty Blob).etag: the MD5 of no bytes").toBe(EMPTY_MD5);
    const got = (await bucket.get("k"))!;
    expect(got.etag, 'get("k").etag after put(an empty Blob): the MD5 of no bytes').toBe(EMPTY_MD5);
    expect(await got.text(), 'get("k").text() after put(an empty Blob): ""').toBe("");
  });

  clauseTest(
    ["D.value.fixed-length-bytes", "D.value.known-length"],
    "a FixedLengthStream carries the bytes of an ArrayBuffer, a Uint16Array, a DataView and an offset view",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "fixedLengthStream");
      const { readable, writable } = os.fixedLengthStream!(9);
      const writer = writable.getWriter();
      const put = bucket.put("k", readable);
      const u16 = new Uint16Array([0x0403]);
      // Written without waiting: a put that stops reading (a chunk it refuses) fails the test, never hangs it.
      const written = Promise.all([
        writer.write(new Uint8Array([1, 2]).buffer),
        writer.write(u16),
        writer.write(new DataView(new Uint8Array([9, 5, 6, 7, 9]).buffer, 1, 3)),
        writer.write(new Uint8Array([0, 8, 9, 0]).subarray(1, 3)),
        writer.close(),
      ]);
      written.catch(() => undefined);
      const o = await put;
      await written;
      expect(o.size, "put(a FixedLengthStream of 9 bytes written as four kinds of buffer).size: 9").toBe(9);
      const got = new Uint8Array(await (await bucket.get("k"))!.arrayBuffer());
      expect(
        [...got],
        'get("k") bytes: each chunk\'s own bytes, in order (ArrayBuffer 1,2; the two bytes of the Uint16Array in memory order; DataView 5,6,7; view 8,9)',
      ).toEqual([1, 2, ...new Uint8Array(u16.buffer), 5, 6, 7, 8, 9]);
    },
  );
});

describe("stream values the binding refuses", () => {
  clauseTest(
    ["D.value.put-cancels"],
    "a refused option cancels a stream of unknown length too, with the binding's Error",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "argumentsAsGiven");
      const reasons: unknown[] = [];
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(enc("abc"));
        },
        cancel(reason) {
          reasons.push(reason);
        },
      });
      await expectRejects(bucket.put("k", stream, { md5: "zz" }), "TypeError", "MD5 is 32 hex characters, not 2");
      expect(
        reasons.length,
        "cancel() calls on a stream of unknown length given to a put refused for its md5: one",
      ).toBe(1);
      const reason = reasons[0] as Error;
      expect(reason instanceof Error, "the reason put cancelled the stream with: an Error").toBe(true);
      expect(reason.name, "the reason put cancelled the stream with: its name").toBe("Error");
      expect(reason.message, "the reason put cancelled the stream with: the binding's message").toBe(
        "Stream cancelled because the associated put operation encountered an error.",
      );
      expect(await bucket.head("k"), 'head("k") after the refused put: null').toBeNull();
    },
  );

  clauseTest(
    ["D.value.disturbed-stream"],
    "a body or a Blob's stream already read from is refused, by put and uploadPart",
    async (ctx) => {
      const { bucket, os } = await openMultipart(ctx);
      skipWithout(ctx, os, "argumentsAsGiven");
      const DISTURBED = "This ReadableStream is disturbed.";
      const partlyRead = async <S>(stream: S): Promise<S> => {
        const reader = (stream as unknown as ReadableStream<Uint8Array>).getReader();
        const first = await reader.read();
        expect(first.done, "the first read of a stream of 5 bytes: not done").toBe(false);
        reader.releaseLock();
        return stream;
      };
      await bucket.put("src", "hello");
      const body = await partlyRead((await bucket.get("src"))!.body);
      await expectRejects(bucket.put("k", body), "TypeError", DISTURBED);
      const blobStream = await partlyRead(new Blob(["hello"]).stream());
      await expectRejects(bucket.put("k", blobStream), "TypeError", DISTURBED);
      const cancelled = new Blob(["hello"]).stream();
      await cancelled.cancel();
      await expectRejects(bucket.put("k", cancelled), "TypeError", DISTURBED);
      expect(await bucket.head("k"), 'head("k") after puts of streams already read from or cancelled: null').toBeNull();
      const upload = await bucket.createMultipartUpload("m");
      const part = await partlyRead(new Blob(["hello"]).stream());
      await expectRejects(upload.uploadPart(1, part), "TypeError", DISTURBED);
      await upload.abort();
    },
  );
});

describe("Headers told by their type", () => {
  clauseTest(
    ["D.arg.brand-check", "D.put.http-metadata"],
    "a plain object imitating Headers (tag, has, get) is a dictionary for httpMetadata",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      const imitation = {
        [Symbol.toStringTag]: "Headers",
        has: () => true,
        get: () => "x/from-get",
        contentType: "a/dictionary",
      };
      const o = await bucket.put("k", "v", { httpMetadata: anyValue(imitation) });
      expect(
        o.httpMetadata?.contentType,
        "put(httpMetadata: a plain object tagged Headers with has/get).httpMetadata.contentType: its own field",
      ).toBe("a/dictionary");
      const bare = Object.assign(Object.create(null), { ...imitation, contentType: "b/dictionary" });
      const p = await bucket.put("n", "v", { httpMetadata: anyValue(bare) });
      expect(
        p.httpMetadata?.contentType,
        "put(httpMetadata: the same without a prototype).httpMetadata.contentType: its own field",
      ).toBe("b/dictionary");
      expect(
        (await bucket.head("k"))!.httpMetadata?.contentType,
        'head("k").httpMetadata.contentType after it: the dictionary\'s field',
      ).toBe("a/dictionary");
    },
  );

  clauseTest(
    ["D.arg.brand-check", "D.put.http-metadata-headers"],
    "real Headers stay Headers with their own has or toStringTag replaced",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const ownHas = os.headers({ "content-type": "e/headers" });
      Object.defineProperty(ownHas, "has", {
        value: () => {
          throw new Error("own has");
        },
      });
      const o = await bucket.put("a", "v", { httpMetadata: ownHas });
      expect(
        o.httpMetadata?.contentType,
        "put(httpMetadata: Headers with an own has that throws).httpMetadata.contentType: the header's",
      ).toBe("e/headers");
      const retagged = os.headers({ "content-type": "f/headers" });
      Object.defineProperty(retagged, Symbol.toStringTag, { value: "Nope" });
      const p = await bucket.put("b", "v", { httpMetadata: retagged });
      expect(
        p.httpMetadata?.contentType,
        'put(httpMetadata: Headers with an own toStringTag "Nope").httpMetadata.contentType: the header\'s',
      ).toBe("f/headers");
    },
  );

  clauseTest(
    ["D.arg.brand-check", "D.put.http-metadata"],
    "objects of Headers' prototype, of a class imitating Headers, or a Map, are dictionaries",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "argumentsAsGiven");
      const inheriting = Object.assign(Object.create(Headers.prototype), {
        has: () => true,
        contentType: "g/dictionary",
      });
      const o = await bucket.put("a", "v", { httpMetadata: anyValue(inheriting) });
      expect(
        o.httpMetadata?.contentType,
        "put(httpMetadata: Object.create(Headers.prototype) with an own has).httpMetadata.contentType: its own field",
      ).toBe("g/dictionary");
      class Imitation {
        contentType = "h/dictionary";
        get [Symbol.toStringTag]() {
          return "Headers";
        }
        has() {
          return true;
        }
        get() {
          return "x/from-get";
        }
      }
      const p = await bucket.put("b", "v", { httpMetadata: anyValue(new Imitation()) });
      expect(
        p.httpMetadata?.contentType,
        "put(httpMetadata: an instance of a class tagged Headers with has/get).httpMetadata.contentType: its field",
      ).toBe("h/dictionary");
      const map = Object.assign(new Map([["content-type", "m/from-map-entries"]]), { contentType: "i/dictionary" });
      const q = await bucket.put("c", "v", { httpMetadata: anyValue(map) });
      expect(
        q.httpMetadata?.contentType,
        "put(httpMetadata: a Map of headers with an own contentType).httpMetadata.contentType: its own field",
      ).toBe("i/dictionary");
      const head = (await bucket.head("a"))!;
      let threw: unknown;
      try {
        head.writeHttpMetadata(anyValue(new Imitation()));
      } catch (e) {
        threw = e;
      }
      expect(
        (threw as Error | undefined)?.message,
        "writeHttpMetadata(an instance of a class imitating Headers): TypeError, not of type 'Headers'",
      ).toBe("Failed to execute 'writeHttpMetadata' on 'HeadResult': parameter 1 is not of type 'Headers'.");
    },
  );
});
