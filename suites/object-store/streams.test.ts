/**
 * Stream values of put and uploadPart: every stream whose length the platform can tell is accepted,
 * streams of unknown length are refused with its message (workerd `doR2HTTPPutRequest`).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { skipWithout } from "../../harness/targets/object-store.ts";
import { bytes, enc, expectRejects, open, openMultipart, readAll } from "./helpers.ts";

const anyValue = <T>(v: unknown): T => v as T;

const UNKNOWN =
  "Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)";

function unknownLengthStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

describe("streams of known length", () => {
  clauseTest(["D.value.known-length", "D.put.value-types"], "a Blob's stream is accepted by put", async (ctx) => {
    const { bucket } = await open(ctx);
    const o = await bucket.put("k", new Blob(["abc", "de"]).stream());
    expect(o.size, "put(a Blob's stream of 5 bytes).size: 5").toBe(5);
    expect(await (await bucket.get("k"))!.text(), 'get("k").text() after put(a Blob\'s stream): "abcde"').toBe("abcde");
  });

  clauseTest(
    ["D.value.known-length"],
    "Request and Response bodies made from strings, buffers and Blobs are accepted",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const size = (what: string, n: number) => `put(the body of ${what}).size: ${n} [D.value.known-length]`;
      expect((await bucket.put("a", new Response("abcd").body!)).size, size("a Response of a string", 4)).toBe(4);
      expect(
        (await bucket.put("b", new Response(new Uint8Array([1, 2, 3])).body!)).size,
        size("a Response of bytes", 3),
      ).toBe(3);
      expect(
        (await bucket.put("c", new Response(new Blob(["xyz!!"])).body!)).size,
        size("a Response of a Blob", 5),
      ).toBe(5);
      const req = new Request("https://example.com/", { method: "POST", body: "hello" });
      expect((await bucket.put("d", req.body!)).size, size("a Request of a string", 5)).toBe(5);
      expect(await (await bucket.get("d"))!.text(), 'get("d").text() after put(a Request\'s body): "hello"').toBe(
        "hello",
      );
    },
  );

  clauseTest(
    ["D.value.known-length", "D.get.body"],
    "put(dst, (await get(src)).body) copies an object, ranges included",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("src", "hello world");
      const whole = await bucket.put("dst", (await bucket.get("src"))!.body);
      expect(whole.size, 'put("dst", get("src").body).size: 11').toBe(11);
      expect(await (await bucket.get("dst"))!.text(), 'get("dst").text(): the copy of src').toBe("hello world");
      const part = await bucket.put("part", (await bucket.get("src", { range: { offset: 6 } }))!.body);
      expect(part.size, 'put("part", get("src", range offset 6).body).size: 5').toBe(5);
      expect(await (await bucket.get("part"))!.text(), 'get("part").text(): the copied range').toBe("world");
    },
  );

  clauseTest(["D.value.known-length"], "a FixedLengthStream's readable half is accepted", async (ctx) => {
    const { bucket, os } = await open(ctx);
    skipWithout(ctx, os, "knownLengthStream");
    const o = await bucket.put("k", os.knownLengthStream!(enc("fixed")));
    expect(o.size, "put(a FixedLengthStream of 5 bytes).size: 5").toBe(5);
  });

  clauseTest(
    ["D.value.known-length", "D.multipart.upload-part"],
    "uploadPart accepts the same streams: a Blob's stream and a get()'s body",
    async (ctx) => {
      const { bucket, part } = await openMultipart(ctx);
      const first = bytes(part, 7);
      await bucket.put("src", "part-two");
      const upload = await bucket.createMultipartUpload("m");
      const p1 = await upload.uploadPart(1, new Blob([first as Uint8Array<ArrayBuffer>]).stream());
      const p2 = await upload.uploadPart(2, (await bucket.get("src"))!.body);
      const o = await upload.complete([p1, p2]);
      expect(o.size, "complete([a Blob's stream part, a get() body part]).size: both parts' sizes").toBe(part + 8);
      const read = await readAll((await bucket.get("m"))!.body);
      expect(
        Buffer.from(read.subarray(0, part)).equals(Buffer.from(first)),
        'get("m") body: part 1 is the Blob\'s bytes',
      ).toBe(true);
      expect(new TextDecoder().decode(read.subarray(part)), 'get("m") body: part 2 is the get() body').toBe("part-two");
    },
  );
});

describe("streams of unknown length", () => {
  clauseTest(
    ["D.arg.stream-length"],
    "a Response made from a stream has a body of unknown length: refused",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const body = new Response(unknownLengthStream(enc("abc"))).body!;
      await expectRejects(bucket.put("k", body), "TypeError", UNKNOWN);
      expect(await bucket.head("k"), 'head("k") after a put refused for a stream of unknown length: null').toBeNull();
    },
  );

  clauseTest(["D.arg.stream-length"], "uploadPart refuses a stream of unknown length", async (ctx) => {
    const { bucket } = await openMultipart(ctx);
    const upload = await bucket.createMultipartUpload("m");
    await expectRejects(upload.uploadPart(1, unknownLengthStream(enc("abc"))), "TypeError", UNKNOWN);
    await upload.abort();
  });

  clauseTest(
    ["D.arg.stream-length", "D.arg.check-order"],
    "the stream's length is checked after the options' values",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.refusedStreamUnreliable) ctx.skip(os.refusedStreamUnreliable);
      await expectRejects(
        bucket.put("k", unknownLengthStream(enc("abc")), { md5: "abc" }),
        "TypeError",
        "MD5 is 32 hex characters, not 3",
      );
    },
  );
});

describe("streams put cancels", () => {
  const BODY_USED =
    "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.";

  clauseTest(["D.value.put-cancels"], "a refused option cancels the stream value", async (ctx) => {
    const { bucket, os } = await open(ctx);
    if (os.refusedStreamUnreliable) ctx.skip(os.refusedStreamUnreliable);
    await bucket.put("src", "hello");
    const src = (await bucket.get("src"))!;
    await expectRejects(bucket.put("k", src.body, { md5: "zz" }), "TypeError", "MD5 is 32 hex characters, not 2");
    expect(src.bodyUsed, "a get() body given to a put refused for its md5: bodyUsed true [D.value.put-cancels]").toBe(
      true,
    );
    await expectRejects(src.text(), "TypeError", BODY_USED);
    const blobStream = new Blob(["abc"]).stream();
    await expectRejects(bucket.put("k", blobStream, { sha1: "zz" }), "TypeError", "SHA-1 is 40 hex characters, not 2");
    expect(
      (await blobStream.getReader().read()).done,
      "a Blob's stream given to a put refused for its sha1: cancelled, a read is done [D.value.put-cancels]",
    ).toBe(true);
    expect(await bucket.head("k"), 'head("k") after the refused puts: null').toBeNull();
  });

  clauseTest(
    ["D.value.put-cancels", "D.arg.stream-length"],
    "a stream refused for its unknown length is not cancelled, by put or uploadPart",
    async (ctx) => {
      const { bucket } = await openMultipart(ctx);
      const upload = await bucket.createMultipartUpload("m");
      const cancels: unknown[] = [];
      const stream = () =>
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(enc("abc"));
            c.close();
          },
          cancel(reason) {
            cancels.push(reason);
          },
        });
      await expectRejects(bucket.put("k", stream()), "TypeError", UNKNOWN);
      await expectRejects(upload.uploadPart(1, stream()), "TypeError", UNKNOWN);
      await expectRejects(upload.uploadPart(1, stream(), { ssecKey: "zz" }), "Error", "SSE-C Key has invalid format");
      expect(cancels, "cancel() calls on streams refused for their unknown length: none [D.value.put-cancels]").toEqual(
        [],
      );
      await upload.abort();
    },
  );
});

describe("streams the binding cannot read", () => {
  const LOCKED = "The ReadableStream has been locked to a reader.";

  clauseTest(["D.value.locked-stream"], "a locked stream value, or a read body, is refused", async (ctx) => {
    const { bucket, os } = await open(ctx);
    if (os.lockedStreamUnsendable) ctx.skip(os.lockedStreamUnsendable);
    const blobStream = new Blob(["abc"]).stream();
    blobStream.getReader();
    await expectRejects(bucket.put("k", blobStream), "TypeError", LOCKED);
    await bucket.put("src", "hello");
    const src = (await bucket.get("src"))!;
    expect(await src.text(), 'get("src").text(): "hello"').toBe("hello");
    await expectRejects(bucket.put("k", src.body), "TypeError", LOCKED);
    expect(await bucket.head("k"), 'head("k") after puts of a locked stream and a read body: null').toBeNull();
  });

  clauseTest(
    ["D.value.fixed-length-bytes"],
    "a FixedLengthStream refuses a string chunk at once; put then misses the bytes",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      skipWithout(ctx, os, "fixedLengthStream");
      const { readable, writable } = os.fixedLengthStream!(3);
      const writer = writable.getWriter();
      const put = bucket.put("k", readable);
      await expectRejects(
        writer.write(anyValue("abc")),
        "TypeError",
        "This TransformStream is being used as a byte stream, but received a string on its writable side. If you wish to write a string, you'll probably want to explicitly UTF-8-encode it with TextEncoder.",
      );
      await expectRejects(
        writer.write(anyValue({ length: 3 })),
        "TypeError",
        "This TransformStream is being used as a byte stream, but received an object of non-ArrayBuffer/ArrayBufferView type on its writable side.",
      );
      writer.close().catch(() => undefined);
      await expectRejects(put, "TypeError", "FixedLengthStream did not see all expected bytes before close().");
      expect(await bucket.head("k"), 'head("k") after a put whose FixedLengthStream missed bytes: null').toBeNull();
    },
  );
});
