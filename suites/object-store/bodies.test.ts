/**
 * The body of a get, as the platform's R2ObjectBody behaves: text() keeps a BOM, bodyUsed follows
 * the stream, a locked stream answers the streams' message, blob() keeps the Content-Type, BYOB reads.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { caught, expectRejects, open } from "./helpers.ts";

const USED = "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.";
const LOCKED = "This ReadableStream is currently locked to a reader.";

describe("decoding", () => {
  clauseTest(["D.body.bom", "D.body.members"], "text() keeps a UTF-8 BOM; json() of it throws", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("bom", new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    const text = await (await bucket.get("bom"))!.text();
    expect(text.length, 'get("bom").text() of BOM + "{}": 3 characters, the BOM kept [D.body.bom]').toBe(3);
    expect(text.charCodeAt(0), 'get("bom").text(): the first character is U+FEFF [D.body.bom]').toBe(0xfeff);
    const e = await caught(
      () => bucket.get("bom").then((o) => o!.json()),
      'get("bom").json(): throws SyntaxError, the BOM is not JSON [D.body.bom]',
    );
    expect(e.name, 'get("bom").json(): a SyntaxError (the BOM is not JSON) [D.body.bom]').toBe("SyntaxError");
    await bucket.put("bad", new Uint8Array([0x61, 0xff, 0x62]));
    expect(await (await bucket.get("bad"))!.text(), 'get("bad").text() of invalid UTF-8: U+FFFD in its place').toBe(
      "a\uFFFDb",
    );
  });
});

describe("bodyUsed and the body stream", () => {
  clauseTest(["D.body.used-stream", "D.body.used"], "cancel() and tee() use the body", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello");
    const a = (await bucket.get("k"))!;
    expect(a.bodyUsed, "bodyUsed of a fresh get(): false [D.body.used]").toBe(false);
    await a.body.cancel();
    expect(a.bodyUsed, "bodyUsed after body.cancel(): true [D.body.used-stream]").toBe(true);
    await expectRejects(a.text(), "TypeError", USED);
    const b = (await bucket.get("k"))!;
    const [left, right] = b.body.tee();
    expect(b.bodyUsed, "bodyUsed after body.tee(): true [D.body.used-stream]").toBe(true);
    await expectRejects(b.arrayBuffer(), "TypeError", USED);
    await Promise.all([left.cancel(), right.cancel()]);
  });

  clauseTest(["D.body.used-stream"], "reading one chunk uses the body; text() sets bodyUsed at once", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello");
    const a = (await bucket.get("k"))!;
    const reader = a.body.getReader();
    await reader.read();
    reader.releaseLock();
    expect(a.bodyUsed, "bodyUsed after one chunk read from body: true [D.body.used-stream]").toBe(true);
    await expectRejects(a.text(), "TypeError", USED);
    const b = (await bucket.get("k"))!;
    const pending = b.text();
    expect(b.bodyUsed, "bodyUsed right after text() is called, before it settles: true [D.body.used-stream]").toBe(
      true,
    );
    expect(await pending, 'text() of "hello": "hello"').toBe("hello");
    expect(b.body.locked, "body.locked after text(): true").toBe(true);
    await expectRejects(b.text(), "TypeError", USED);
    await bucket.put("empty", "");
    const c = (await bucket.get("empty"))!;
    const r = await c.body.getReader().read();
    expect(r.done, "the first read of an empty object's body: done").toBe(true);
    expect(c.bodyUsed, "bodyUsed after reading an empty body to its end: true [D.body.used-stream]").toBe(true);
  });

  clauseTest(["D.body.locked"], "a body whose stream is locked answers the streams' message", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello");
    for (const read of ["text", "json", "arrayBuffer", "bytes", "blob"] as const) {
      const o = (await bucket.get("k"))!;
      o.body.getReader();
      expect(o.bodyUsed, `bodyUsed of a body locked by getReader() before ${read}(): false`).toBe(false);
      await expectRejects(o[read](), "TypeError", LOCKED);
    }
  });
});

describe("blob and byte stream", () => {
  clauseTest(["D.body.blob-type"], "blob().type is the Content-Type verbatim", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "hello", { httpMetadata: { contentType: "Text/HTML; Charset=UTF-8" } });
    const blob = await (await bucket.get("k"))!.blob();
    expect(blob.type, "blob().type: the contentType as stored, case kept [D.body.blob-type]").toBe(
      "Text/HTML; Charset=UTF-8",
    );
    expect(await blob.text(), 'blob().text(): "hello"').toBe("hello");
    await bucket.put("plain", "x");
    expect(
      (await (await bucket.get("plain"))!.blob()).type,
      "blob().type of an object without contentType: empty [D.body.blob-type]",
    ).toBe("");
  });

  clauseTest(
    ["D.body.byte-stream", "D.get.body"],
    "the body is a ReadableStream; a BYOB reader reads it",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "hello world");
      const o = (await bucket.get("k"))!;
      expect(o.body, "get().body is a ReadableStream [D.body.byte-stream]").toBeInstanceOf(ReadableStream);
      expect(o.body.constructor, "get().body.constructor is the global ReadableStream").toBe(ReadableStream);
      expect(o.body.constructor.name, 'get().body.constructor.name: "ReadableStream"').toBe("ReadableStream");
      expect(Object.getPrototypeOf(o.body), "get().body's prototype: ReadableStream.prototype").toBe(
        ReadableStream.prototype,
      );
      const reader = (o.body as unknown as ReadableStream<Uint8Array>).getReader({ mode: "byob" });
      const out: number[] = [];
      for (;;) {
        const { done, value } = await reader.read(new Uint8Array(4));
        if (done) break;
        expect(
          value.byteLength,
          "a BYOB read into a 4-byte view: at most 4 bytes [D.body.byte-stream]",
        ).toBeLessThanOrEqual(4);
        out.push(...value);
      }
      expect(new TextDecoder().decode(new Uint8Array(out)), "the bytes read by the BYOB reader: the whole value").toBe(
        "hello world",
      );
      expect(o.bodyUsed, "bodyUsed after a BYOB reader read the body to its end: true").toBe(true);
    },
  );
});
