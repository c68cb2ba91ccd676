/**
 * What an object handed out carries, where a reimplementation slips: httpMetadata from Headers has only the
 * fields those Headers had, a handed-out cacheExpiry is the caller's own Date, writeHttpMetadata trims before
 * its CR/LF check, a ranged read of an object stored in many pieces gives exactly the range's bytes, `body`
 * is one stream, and the object's members refuse a receiver that is not such an object.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { caught, open } from "./helpers.ts";

const ILLEGAL_INVOCATION =
  "Illegal invocation: function called with incorrect `this` reference. See https://developers.cloudflare.com/workers/observability/errors/#illegal-invocation-errors for details.";

/** n bytes of a pattern that differs at every offset within 251. */
function pattern(n: number, from = 0): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (from + i) % 251;
  return b;
}

describe("object values", () => {
  clauseTest(
    ["D.put.http-metadata-headers", "D.http-metadata.fields"],
    "httpMetadata put as Headers holds only the headers present: an absent header is an absent field",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "v", { httpMetadata: os.headers({ "cache-control": "no-store" }) });
      const m = (await bucket.head("k"))!.httpMetadata!;
      expect(
        m,
        'head("k").httpMetadata after put with Headers {cache-control: no-store}: only cacheControl [D.put.http-metadata-headers]',
      ).toEqual({ cacheControl: "no-store" });
      for (const f of ["contentType", "contentLanguage", "contentDisposition", "contentEncoding", "cacheExpiry"]) {
        expect(
          (m as Record<string, unknown>)[f],
          `head("k").httpMetadata.${f}: undefined when the Headers put had no such header (not null, not "")`,
        ).toBeUndefined();
      }
    },
  );

  clauseTest(
    ["D.http-metadata.fields", "D.object.fields"],
    "a handed-out cacheExpiry is a Date of its own: changing it changes neither the object stored nor the next read",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const when = Date.UTC(2030, 0, 2, 3, 4, 5);
      await bucket.put("k", "v", { httpMetadata: { cacheExpiry: new Date(when) } });
      const first = (await bucket.head("k"))!.httpMetadata!.cacheExpiry!;
      first.setTime(0);
      const again = (await bucket.head("k"))!.httpMetadata!.cacheExpiry;
      expect(
        again?.getTime(),
        'head("k").httpMetadata.cacheExpiry after the caller set an earlier head\'s Date to 0: still the stored time',
      ).toBe(when);
      const got = (await bucket.get("k"))!.httpMetadata!.cacheExpiry;
      expect(got?.getTime(), 'get("k").httpMetadata.cacheExpiry after that: still the stored time').toBe(when);
    },
  );

  clauseTest(
    ["D.object.write-http-metadata-unguarded"],
    "writeHttpMetadata trims all leading and trailing HTTP whitespace before it looks for CR or LF",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      for (const contentType of ["\r\n a/b", "\n\ta/b \r\n"]) {
        const what = `writeHttpMetadata with contentType ${JSON.stringify(contentType)}`;
        const p = await bucket.put("k", "v", { httpMetadata: { contentType, cacheControl: "no-store" } });
        const h = os.headers({});
        const e = await caught(() => {
          p.writeHttpMetadata(h);
          throw new Error("no error");
        }, `${what}: no TypeError (the CR/LF are only around the value)`);
        expect(e.message, `${what}: no "Invalid header value." (whitespace around the value is trimmed)`).toBe(
          "no error",
        );
        expect(h.get("content-type"), `${what}: content-type written, trimmed`).toBe("a/b");
        expect(h.get("cache-control"), `${what}: cache-control written after it`).toBe("no-store");
      }
    },
  );

  clauseTest(
    ["D.range.offset-length", "D.get.body"],
    "a ranged get of an object put as a stream of many pieces gives exactly the range's bytes",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const n = 100_000;
      const all = pattern(3 * n);
      await bucket.put("k", new Blob([all.slice(0, n), all.slice(n, 2 * n), all.slice(2 * n)]).stream());
      const ranges = [
        { offset: 5, length: 10 },
        { offset: 150_000, length: 10 },
        { offset: 70_000, length: 100_000 },
        { offset: 250_000, length: 50_000 },
      ];
      for (const range of ranges) {
        const what = `get("k", { range: ${JSON.stringify(range)} }) of a 300000-byte object put as a stream`;
        const want = all.subarray(range.offset, range.offset + range.length);
        const g = (await bucket.get("k", { range }))!;
        const bytes = new Uint8Array(await g.arrayBuffer());
        expect(bytes.byteLength, `${what}.arrayBuffer(): the range's length`).toBe(range.length);
        expect(Buffer.compare(bytes, want), `${what}.arrayBuffer(): the bytes at the range's offset`).toBe(0);
        const s = (await bucket.get("k", { range }))!;
        const streamed = new Uint8Array(await new Response(s.body as unknown as ReadableStream).arrayBuffer());
        expect(streamed.byteLength, `${what}.body read to its end: the range's length`).toBe(range.length);
        expect(Buffer.compare(streamed, want), `${what}.body read to its end: the bytes at the range's offset`).toBe(0);
      }
    },
  );

  clauseTest(
    ["D.get.body", "D.body.locked"],
    "body is one stream, the same on every read; after arrayBuffer() that stream is locked",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "hello");
      const g = (await bucket.get("k"))!;
      const b = g.body;
      expect(g.body, 'get("k").body read twice: the same stream [D.get.body]').toBe(b);
      expect(b.locked, 'get("k").body before any read: not locked').toBe(false);
      expect(new TextDecoder().decode(await g.arrayBuffer()), 'get("k").arrayBuffer(): "hello"').toBe("hello");
      expect(b.locked, 'get("k").body after arrayBuffer(): locked (the body was read) [D.body.locked]').toBe(true);
      expect(g.bodyUsed, 'get("k").bodyUsed after arrayBuffer(): true').toBe(true);
    },
  );

  clauseTest(
    ["D.object.illegal-invocation"],
    "an object's members called on null or a primitive: TypeError Illegal invocation",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      await bucket.put("k", "hello");
      const g = (await bucket.get("k"))!;
      const headProto = Object.getPrototypeOf(Object.getPrototypeOf(g)) as Record<string, unknown>;
      const getProto = Object.getPrototypeOf(g) as object;
      const write = headProto.writeHttpMetadata as (h: unknown) => void;
      const body = Object.getOwnPropertyDescriptor(getProto, "body")!.get!;
      const text = (getProto as Record<string, unknown>).text as () => Promise<string>;
      const calls: [string, () => unknown][] = [
        ["writeHttpMetadata.call(null, headers)", () => write.call(null, os.headers({}))],
        ["writeHttpMetadata.call(1, headers)", () => write.call(1, os.headers({}))],
        ["the body getter on null", () => body.call(null)],
        ["the body getter on 1", () => body.call(1)],
        ["text.call(null)", () => text.call(null)],
        ['text.call("s")', () => text.call("s")],
      ];
      for (const [what, call] of calls) {
        const e = await caught(async () => call(), what);
        expect(e.name, `${what}: a TypeError [D.object.illegal-invocation]`).toBe("TypeError");
        expect(e.message, `${what}: the Illegal invocation message [D.object.illegal-invocation]`).toBe(
          ILLEGAL_INVOCATION,
        );
      }
    },
  );
});
