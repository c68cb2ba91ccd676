/**
 * The bridge Worker (bridge/worker.js) inside Miniflare, as a deployed one is configured (prefix root
 * "edgeconf/"): it refuses calls without the secret and outside the run's prefix, and every value
 * type, a Headers onlyIf, a Date condition, a 20 MiB streamed body, multipart handles and errors cross
 * it unchanged in both directions.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { frameHead, PREFIX_HEADER, SECRET_HEADER } from "../../bridge/protocol.js";
import { BridgeError, bridgeBucket, bridgeInfo, knownLengthStream } from "./bridge-client.ts";
import type { ObjectStoreBucket } from "./object-store.ts";
import { type LocalBridge, startLocalBridge } from "./workerd.ts";

const MiB = 1024 * 1024;
const SECRET = "s3cret-for-the-bridge-test";
const RUN = "edgeconf/run-test/";
let bridge: LocalBridge;
let bucket: ObjectStoreBucket;

beforeAll(async () => {
  bridge = await startLocalBridge({ prefixRoot: "edgeconf/", secret: SECRET });
  bucket = bridgeBucket(bridge.conn, RUN, `${RUN}1/`);
}, 60_000);
afterAll(async () => {
  await bridge?.close();
});

const raw = (headers: Record<string, string>, method = "POST") =>
  fetch(bridge.url, { method, headers, ...(method === "POST" ? { body: new Uint8Array(8) } : {}) });

function bytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = 7;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("the bridge Worker refuses", () => {
  test("every call without the secret or with a wrong one (403), before anything else", async () => {
    for (const headers of [{}, { [SECRET_HEADER]: "wrong" }, { [SECRET_HEADER]: `${SECRET}x` }]) {
      const res = await raw({ ...headers, [PREFIX_HEADER]: RUN });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "edgeconf bridge: missing or wrong x-edgeconf-secret" });
    }
    expect((await raw({ [PREFIX_HEADER]: RUN }, "GET")).status).toBe(403);
    const wrong = bridgeBucket({ ...bridge.conn, secret: "nope" }, RUN, RUN);
    const e = await rejection(wrong.put("k", "v"));
    expect(e).toBeInstanceOf(BridgeError);
    expect(e!.message).toMatch(/answered 403: edgeconf bridge: missing or wrong x-edgeconf-secret$/);
    // With the secret the same call goes through.
    expect((await bridgeInfo(bridge.conn, RUN)).prefixRoot).toBe("edgeconf/");
  });

  test("a run prefix not under the root, and any key, list or delete outside the run's prefix (403)", async () => {
    for (const prefix of ["", "edgeconf/", "other/run/", "edgeconf/no-slash"]) {
      const res = await raw({ [SECRET_HEADER]: SECRET, [PREFIX_HEADER]: prefix });
      expect(res.status, prefix).toBe(403);
    }
    const loose = bridgeBucket(bridge.conn, RUN, ""); // a client that forgets to add the folder
    await bucket.put("mine", "kept");
    for (const [what, call] of [
      ["put", () => loose.put("k", "v")],
      ["head", () => loose.head(`${RUN}1/mine`.replace(RUN, "edgeconf/other/"))],
      ["list", () => loose.list()],
      ["list", () => loose.list({ prefix: "edgeconf/" })],
      ["delete", () => loose.delete([`${RUN}1/mine`, "elsewhere"])],
      ["createMultipartUpload", () => loose.createMultipartUpload("k")],
    ] as const) {
      const e = await rejection(call());
      expect(e, what).toBeInstanceOf(BridgeError);
      expect(e!.message, what).toContain("403: edgeconf bridge:");
      expect(e!.message, what).toContain(`lies outside the run's prefix "${RUN}"`);
    }
    expect(await (await bucket.get("mine"))!.text()).toBe("kept");
  });

  test("undefined, null and number keys are the binding's strings inside the folder, never keys at the bucket's root", async () => {
    const root = await bridge.rootBucket(); // the bucket as a whole, past the Worker
    const other = bridgeBucket(bridge.conn, RUN, `${RUN}2/`);
    for (const k of ["undefined", "null", "5"]) {
      await root.put(k, "outside the run");
      await other.put(k, "another test's");
    }
    const call = bucket as unknown as {
      delete(k: unknown): Promise<void>;
      put(k: unknown, v: string): Promise<unknown>;
    };
    for (const k of [undefined, null, 5]) {
      await call.put(k, "mine");
      expect(
        await (await bucket.get(String(k)))?.text(),
        `put(${String(k)}) is the key "${k}" in the test's folder`,
      ).toBe("mine");
    }
    await call.delete(undefined);
    expect(await bucket.head("undefined"), 'delete(undefined) deletes the folder\'s "undefined"').toBeNull();
    await call.delete([null, 5]);
    expect(await bucket.head("null"), 'delete([null, 5]) deletes the folder\'s "null"').toBeNull();
    expect(await bucket.head("5"), 'delete([null, 5]) deletes the folder\'s "5"').toBeNull();
    await call.delete([undefined]);
    for (const k of ["undefined", "null", "5"]) {
      expect(await (await root.get(k))?.text(), `the bucket-root key "${k}" is untouched`).toBe("outside the run");
      expect(await (await other.get(k))?.text(), `another folder's "${k}" is untouched`).toBe("another test's");
    }
    // A client that sends a key that is not a string is refused before the binding sees it.
    const loose = bridgeBucket(bridge.conn, RUN, "");
    for (const keys of [undefined, [undefined], [`${RUN}1/x`, null]]) {
      const e = await rejection((loose as unknown as { delete(k: unknown): Promise<void> }).delete(keys));
      expect(e, `delete(${JSON.stringify(keys)}) from a client without a folder`).toBeInstanceOf(BridgeError);
      expect(e!.message, "the refusal names the key").toMatch(/403: .*deleted key a (undefined|null) key lies outside/);
    }
    expect(await (await root.get("undefined"))?.text(), 'the bucket-root "undefined" is still there').toBe(
      "outside the run",
    );
  });

  test("a frame whose head is not what the protocol says answers 400, never 500", async () => {
    const post = (head: unknown) =>
      fetch(bridge.url, {
        method: "POST",
        headers: { [SECRET_HEADER]: SECRET, [PREFIX_HEADER]: RUN },
        body: frameHead(head as Record<string, unknown>, []) as Uint8Array<ArrayBuffer>,
      });
    for (const head of [
      { op: "call", method: "head", args: null },
      { op: "call", method: "delete", args: { 0: "x" } },
      { op: "call", method: "complete", args: [[]], upload: null },
      { op: "call", method: "abort", args: [], upload: [`${RUN}1/k`] },
    ]) {
      const res = await post(head);
      expect(res.status, `${JSON.stringify(head)}: status`).toBe(400);
      expect(((await res.json()) as { error: string }).error, "the answer names the bridge").toMatch(
        /^edgeconf bridge: (args must be an array|upload must be \[key, uploadId\])/,
      );
    }
    const body = new TextEncoder().encode("null");
    const frame = new Uint8Array(4 + body.byteLength);
    new DataView(frame.buffer).setUint32(0, body.byteLength);
    frame.set(body, 4);
    const res = await fetch(bridge.url, {
      method: "POST",
      headers: { [SECRET_HEADER]: SECRET, [PREFIX_HEADER]: RUN },
      body: frame,
    });
    expect(res.status, "a head of JSON null: status").toBe(400);
  });
});

describe("values cross the bridge unchanged", () => {
  test("every value type of put: string, ArrayBuffer, views (their own bytes), Blob, known-length stream, null", async () => {
    const data = bytes(32);
    const values: [string, unknown, Uint8Array][] = [
      ["string", "héllo ✓", new TextEncoder().encode("héllo ✓")],
      ["arraybuffer", data.buffer.slice(0), data],
      ["uint8array", data.subarray(3, 10), data.subarray(3, 10)],
      ["dataview", new DataView(data.buffer, 5, 7), data.subarray(5, 12)],
      ["int16array", new Int16Array(data.buffer.slice(0, 8)), data.subarray(0, 8)],
      ["blob", new Blob([data.slice(0, 4)], { type: "x/y" }), data.subarray(0, 4)],
      ["stream", knownLengthStream(data), data],
      ["null", null, new Uint8Array(0)],
    ];
    for (const [key, value, want] of values) {
      const put = await bucket.put(key, value as string);
      expect(put!.size, key).toBe(want.byteLength);
      expect(put!.etag, key).toBe(md5(want));
      const got = await bucket.get(key);
      expect(new Uint8Array(await got!.arrayBuffer()), key).toEqual(want);
    }
  });

  test("results keep the binding's own properties in its order, Dates, checksums and keys without the folder", async () => {
    const far = new Date("2150-06-01T12:00:00.456Z");
    const o = await bucket.put("meta", "hello", {
      httpMetadata: new Headers({ "content-type": "text/plain", expires: far.toUTCString() }),
      customMetadata: { a: "1" },
      sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
    });
    expect(Object.keys(o!)).toEqual([
      "ssecKeyMd5",
      "storageClass",
      "range",
      "customMetadata",
      "httpMetadata",
      "uploaded",
      "checksums",
      "httpEtag",
      "etag",
      "size",
      "version",
      "key",
    ]);
    expect(o!.key).toBe("meta");
    expect(o!.uploaded).toBeInstanceOf(Date);
    expect(o!.checksums.toJSON()).toEqual({
      md5: md5(new TextEncoder().encode("hello")),
      sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
    });
    expect(o!.checksums.sha256).toBeInstanceOf(ArrayBuffer);
    const exact = await bucket.put("far", "x", { httpMetadata: { cacheExpiry: far } });
    const head = await bucket.head("far");
    expect(head!.httpMetadata!.cacheExpiry!.getTime()).toBe(far.getTime());
    expect(head!.uploaded.getTime()).toBe(exact!.uploaded.getTime());
    // The binding's own limit on dates crosses as its TypeError.
    const tooFar = await rejection(bucket.put("far", "x", { httpMetadata: { cacheExpiry: new Date("2300-01-01") } }));
    expect(Object.getPrototypeOf(tooFar)).toBe(TypeError.prototype);
    expect(tooFar!.message).toBe("This API doesn't support dates after 2189.");
    const h = new Headers();
    (await bucket.head("meta"))!.writeHttpMetadata(h);
    expect(h.get("content-type")).toBe("text/plain");
    const listed = await bucket.list({ prefix: "me", delimiter: "/" });
    expect(listed.objects.map((x) => x.key)).toEqual(["meta"]);
  });

  test("a Headers onlyIf and a Date condition decide as the binding decides", async () => {
    const put = await bucket.put("cond", "body");
    const etag = put!.httpEtag;
    const matched = await bucket.get("cond", { onlyIf: new Headers({ "if-match": etag }) });
    expect(await (matched as { text(): Promise<string> }).text()).toBe("body");
    const refused = await bucket.get("cond", { onlyIf: new Headers({ "if-none-match": etag }) });
    expect(refused).not.toBeNull();
    expect("body" in refused!).toBe(false);
    expect(refused!.key).toBe("cond");
    const before = new Date(put!.uploaded.getTime() - 60_000);
    expect("body" in (await bucket.get("cond", { onlyIf: { uploadedBefore: before } }))!).toBe(false);
    expect("body" in (await bucket.get("cond", { onlyIf: { uploadedAfter: before } }))!).toBe(true);
  });

  test("a 20 MiB value streams both ways, in many chunks, byte for byte", async () => {
    const big = bytes(20 * MiB);
    const put = await bucket.put("big", knownLengthStream(big));
    expect(put!.size).toBe(20 * MiB);
    const got = await bucket.get("big");
    const reader = got!.body.getReader();
    const hash = createHash("md5");
    let chunks = 0;
    let largest = 0;
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      largest = Math.max(largest, value.byteLength);
      size += value.byteLength;
      hash.update(value);
    }
    expect(size).toBe(20 * MiB);
    expect(hash.digest("hex")).toBe(md5(big));
    expect(put!.etag).toBe(md5(big));
    expect(chunks).toBeGreaterThan(2);
    expect(largest).toBeLessThan(20 * MiB);
  }, 60_000);

  test("errors arrive as the binding threw them: class, message, own properties, nothing added", async () => {
    const e = await rejection(bucket.put("k".repeat(1100), "v"));
    expect(Object.getPrototypeOf(e)).toBe(Error.prototype);
    expect(e!.message).toBe("put: The specified object name is not valid. (10020)");
    expect(Object.getOwnPropertyNames(e).sort()).toEqual(["message", "stack"]);
    const t = await rejection(bucket.put("k", 42 as unknown as string));
    expect(Object.getPrototypeOf(t)).toBe(TypeError.prototype);
    expect(t!.message).toBe(
      "Failed to execute 'put' on 'R2Bucket': parameter 2 is not of type 'ReadableStream or ArrayBuffer or ArrayBufferView or string or Blob'.",
    );
    const s = await rejection(
      bucket.put(
        "k",
        new ReadableStream({
          start(c) {
            c.enqueue(new Uint8Array([1]));
            c.close();
          },
        }),
      ),
    );
    expect(s).toBeInstanceOf(TypeError);
    expect(s!.message).toBe(
      "Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)",
    );
  });

  test("multipart handles: create, upload parts, complete; resume and abort; a bogus upload id fails on use", async () => {
    const u = await bucket.createMultipartUpload("mp", { customMetadata: { m: "1" } });
    expect(Object.keys(u)).toEqual(["uploadId", "key"]);
    expect(u.key).toBe("mp");
    const p1 = await u.uploadPart(1, bytes(5 * MiB));
    const resumed = bucket.resumeMultipartUpload("mp", u.uploadId);
    const p2 = await resumed.uploadPart(2, "tail");
    expect(p1.partNumber).toBe(1);
    const done = await u.complete([p1, p2]);
    expect([done.key, done.size, done.customMetadata]).toEqual(["mp", 5 * MiB + 4, { m: "1" }]);
    const other = await bucket.createMultipartUpload("ab");
    await bucket.resumeMultipartUpload("ab", other.uploadId).abort();
    const gone = await rejection(other.uploadPart(1, "x"));
    expect(gone!.message).toMatch(/^uploadPart: .* \(10024\)$/);
    const bogus = bucket.resumeMultipartUpload("mp", "not-an-upload-id");
    expect([bogus.key, bogus.uploadId]).toEqual(["mp", "not-an-upload-id"]);
    expect((await rejection(bogus.uploadPart(1, "x")))!.message).toMatch(/^uploadPart: .* \(\d+\)$/);
  }, 60_000);
});
