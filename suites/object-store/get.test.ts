import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { bytes, expectRejects, open, readAll } from "./helpers.ts";

describe("head", () => {
  clauseTest(["D.head.metadata", "D.range.reported"], "returns metadata only, with the whole range", async (ctx) => {
    const { bucket } = await open(ctx);
    const put = await bucket.put("k", "hello", { customMetadata: { a: "b" } });
    const h = await bucket.head("k");
    const f = (field: string, what: string) => `head("k").${field}: ${what} [D.head.metadata]`;
    expect(h, 'head("k") of a stored key: not null').not.toBeNull();
    expect(h!.key, f("key", '"k"')).toBe("k");
    expect(h!.size, f("size", "5 bytes of hello")).toBe(5);
    expect(h!.etag, f("etag", "as put answered")).toBe(put.etag);
    expect(h!.version, f("version", "as put answered")).toBe(put.version);
    expect(h!.uploaded.getTime(), f("uploaded", "as put answered, to the millisecond")).toBe(put.uploaded.getTime());
    expect(h!.customMetadata, f("customMetadata", "as put")).toEqual({ a: "b" });
    expect(h!.range, 'head("k").range: the whole object { offset 0, length 5 } [D.range.reported]').toEqual({
      offset: 0,
      length: 5,
    });
    expect((h as { body?: unknown }).body, f("body", "none: head answers metadata only")).toBeUndefined();
  });

  clauseTest(["D.head.missing"], "returns null for a missing key", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("here", "1"); // the control: a key that exists is found
    expect(await bucket.head("here"), 'head("here") of a stored key: not null').not.toBeNull();
    expect(await bucket.head("nope"), 'head("nope") of a missing key: null [D.head.missing]').toBeNull();
  });
});

describe("get", () => {
  clauseTest(["D.get.body", "D.body.members"], "returns metadata and a ReadableStream body", async (ctx) => {
    const { bucket } = await open(ctx);
    const data = bytes(5000, 3);
    const put = await bucket.put("k", data, { httpMetadata: { contentType: "application/octet-stream" } });
    const g = await bucket.get("k");
    expect(g, 'get("k") of a stored key: not null').not.toBeNull();
    expect(g!.etag, 'get("k").etag: as put answered').toBe(put.etag);
    expect(g!.size, 'get("k").size: 5000').toBe(5000);
    expect(g!.range, 'get("k").range without a range option: the whole object').toEqual({ offset: 0, length: 5000 });
    expect(typeof g!.body.getReader, 'get("k").body has getReader (a ReadableStream) [D.get.body]').toBe("function");
    expect(await readAll(g!.body), 'get("k").body read to the end: the 5000 bytes put [D.get.body]').toEqual(data);
  });

  clauseTest(["D.get.missing"], "returns null for a missing key", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("here", "123456"); // the control: a key that exists is found, its range too
    expect(await bucket.get("here"), 'get("here") of a stored key: not null').not.toBeNull();
    expect(await bucket.get("here", { range: { offset: 5 } }), 'get("here", range offset 5): not null').not.toBeNull();
    expect(await bucket.get("nope"), 'get("nope") of a missing key: null [D.get.missing]').toBeNull();
    expect(
      await bucket.get("nope", { range: { offset: 5 } }),
      'get("nope", range offset 5) of a missing key: null, not a range error [D.get.missing]',
    ).toBeNull();
  });

  clauseTest(["D.body.members"], "text, json, arrayBuffer and blob give the value", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("j", JSON.stringify({ a: [1, 2] }), { httpMetadata: { contentType: "application/json" } });
    expect(await (await bucket.get("j"))!.text(), 'get("j").text(): the JSON text put [D.body.members]').toBe(
      '{"a":[1,2]}',
    );
    expect(await (await bucket.get("j"))!.json(), 'get("j").json(): the value parsed [D.body.members]').toEqual({
      a: [1, 2],
    });
    const ab = await (await bucket.get("j"))!.arrayBuffer();
    expect(new TextDecoder().decode(ab), 'get("j").arrayBuffer(): the bytes put [D.body.members]').toBe('{"a":[1,2]}');
    const blob = await (await bucket.get("j"))!.blob();
    expect(blob.size, 'get("j").blob().size: 11 [D.body.members]').toBe(11);
    expect(await blob.text(), 'get("j").blob().text(): the text put').toBe('{"a":[1,2]}');
  });

  clauseTest(
    ["D.body.used", "D.arg.body-twice"],
    "bodyUsed turns true once read, and a second read is a TypeError",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "value");
      const g = await bucket.get("k");
      expect(g!.bodyUsed, "bodyUsed before any read: false [D.body.used]").toBe(false);
      expect(await g!.text(), 'text() of "value": "value"').toBe("value");
      expect(g!.bodyUsed, "bodyUsed after text(): true [D.body.used]").toBe(true);
      await expectRejects(
        g!.text(),
        "TypeError",
        "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.",
      );
      const s = await bucket.get("k");
      await readAll(s!.body);
      expect(s!.bodyUsed, "bodyUsed after reading body to its end: true [D.body.used]").toBe(true);
    },
  );

  clauseTest(
    ["D.object.write-http-metadata", "D.object.write-http-metadata-headers"],
    "writeHttpMetadata sets the six headers and leaves others alone",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "v", {
        httpMetadata: {
          contentType: "text/html",
          contentLanguage: "de",
          contentDisposition: "inline",
          contentEncoding: "br",
          cacheControl: "public",
          cacheExpiry: new Date("2031-05-06T07:08:09.000Z"),
        },
      });
      const g = await bucket.get("k");
      const headers = os.headers({ "x-keep": "1" });
      g!.writeHttpMetadata(headers);
      const h = (name: string, from: string) =>
        `writeHttpMetadata: header ${name} from httpMetadata.${from} [D.object.write-http-metadata-headers]`;
      expect(headers.get("content-type"), h("content-type", "contentType")).toBe("text/html");
      expect(headers.get("content-language"), h("content-language", "contentLanguage")).toBe("de");
      expect(headers.get("content-disposition"), h("content-disposition", "contentDisposition")).toBe("inline");
      expect(headers.get("content-encoding"), h("content-encoding", "contentEncoding")).toBe("br");
      expect(headers.get("cache-control"), h("cache-control", "cacheControl")).toBe("public");
      expect(headers.get("expires"), h("expires", "cacheExpiry, as an HTTP date")).toBe(
        new Date("2031-05-06T07:08:09.000Z").toUTCString(),
      );
      expect(headers.get("x-keep"), "writeHttpMetadata: a header it does not write is left alone").toBe("1");
    },
  );

  clauseTest(
    ["D.object.write-http-metadata"],
    "writeHttpMetadata of an object without metadata sets nothing",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "v");
      const headers = os.headers();
      (await bucket.head("k"))!.writeHttpMetadata(headers);
      expect([...headers.keys()], "writeHttpMetadata of an object without httpMetadata: no header set").toEqual([]);
    },
  );
});
