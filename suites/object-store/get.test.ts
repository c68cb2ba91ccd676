import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { bytes, expectRejects, open, readAll } from "./helpers.ts";

describe("head", () => {
  clauseTest(["D.head.metadata", "D.range.reported"], "returns metadata only, with the whole range", async (ctx) => {
    const { bucket } = await open(ctx);
    const put = await bucket.put("k", "hello", { customMetadata: { a: "b" } });
    const h = await bucket.head("k");
    expect(h).not.toBeNull();
    expect(h!.key).toBe("k");
    expect(h!.size).toBe(5);
    expect(h!.etag).toBe(put.etag);
    expect(h!.version).toBe(put.version);
    expect(h!.uploaded.getTime()).toBe(put.uploaded.getTime());
    expect(h!.customMetadata).toEqual({ a: "b" });
    expect(h!.range).toEqual({ offset: 0, length: 5 });
    expect((h as { body?: unknown }).body).toBeUndefined();
  });

  clauseTest(["D.head.missing"], "returns null for a missing key", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("here", "1"); // the control: a key that exists is found
    expect(await bucket.head("here")).not.toBeNull();
    expect(await bucket.head("nope")).toBeNull();
  });
});

describe("get", () => {
  clauseTest(["D.get.body", "D.body.members"], "returns metadata and a ReadableStream body", async (ctx) => {
    const { bucket } = await open(ctx);
    const data = bytes(5000, 3);
    const put = await bucket.put("k", data, { httpMetadata: { contentType: "application/octet-stream" } });
    const g = await bucket.get("k");
    expect(g).not.toBeNull();
    expect(g!.etag).toBe(put.etag);
    expect(g!.size).toBe(5000);
    expect(g!.range).toEqual({ offset: 0, length: 5000 });
    expect(typeof g!.body.getReader).toBe("function");
    expect(await readAll(g!.body)).toEqual(data);
  });

  clauseTest(["D.get.missing"], "returns null for a missing key", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("here", "123456"); // the control: a key that exists is found, its range too
    expect(await bucket.get("here")).not.toBeNull();
    expect(await bucket.get("here", { range: { offset: 5 } })).not.toBeNull();
    expect(await bucket.get("nope")).toBeNull();
    expect(await bucket.get("nope", { range: { offset: 5 } })).toBeNull();
  });

  clauseTest(["D.body.members"], "text, json, arrayBuffer and blob give the value", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("j", JSON.stringify({ a: [1, 2] }), { httpMetadata: { contentType: "application/json" } });
    expect(await (await bucket.get("j"))!.text()).toBe('{"a":[1,2]}');
    expect(await (await bucket.get("j"))!.json()).toEqual({ a: [1, 2] });
    const ab = await (await bucket.get("j"))!.arrayBuffer();
    expect(new TextDecoder().decode(ab)).toBe('{"a":[1,2]}');
    const blob = await (await bucket.get("j"))!.blob();
    expect(blob.size).toBe(11);
    expect(await blob.text()).toBe('{"a":[1,2]}');
  });

  clauseTest(
    ["D.body.used", "D.arg.body-twice"],
    "bodyUsed turns true once read, and a second read is a TypeError",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "value");
      const g = await bucket.get("k");
      expect(g!.bodyUsed).toBe(false);
      expect(await g!.text()).toBe("value");
      expect(g!.bodyUsed).toBe(true);
      await expectRejects(
        g!.text(),
        "TypeError",
        "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.",
      );
      const s = await bucket.get("k");
      await readAll(s!.body);
      expect(s!.bodyUsed).toBe(true);
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
      expect(headers.get("content-type")).toBe("text/html");
      expect(headers.get("content-language")).toBe("de");
      expect(headers.get("content-disposition")).toBe("inline");
      expect(headers.get("content-encoding")).toBe("br");
      expect(headers.get("cache-control")).toBe("public");
      expect(headers.get("expires")).toBe(new Date("2031-05-06T07:08:09.000Z").toUTCString());
      expect(headers.get("x-keep")).toBe("1");
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
      expect([...headers.keys()]).toEqual([]);
    },
  );
});
