/** bridge/protocol.js in Node: every value type survives encode -> frame -> read -> decode unchanged. */
import { describe, expect, test, vi } from "vitest";
import {
  blobsToBytes,
  decodeValue,
  type EncodeOut,
  encodeValue,
  frameHead,
  frameStream,
  readFrame,
} from "../../bridge/protocol.js";

async function roundTrip(value: unknown, streamLength?: (s: ReadableStream) => number | null): Promise<unknown> {
  const carried = await blobsToBytes(value, (s) => (streamLength?.(s) ?? null) !== null);
  const out: EncodeOut = { blobs: [], stream: null };
  const tree = encodeValue(carried, out, streamLength ? { streamLength } : {});
  const head = frameHead({ v: tree, stream: out.stream ? { length: out.stream.length } : null }, out.blobs);
  const frame = await readFrame(frameStream(head, out.stream?.stream));
  return decodeValue(frame.header.v, {
    blobs: frame.blobs,
    stream: frame.rest,
    makeStream: (_length, s) => s,
    lockedStream: () => {
      const s = new ReadableStream();
      s.getReader();
      return s;
    },
    instance: (c, own) => ({ c, own }),
  });
}

class CustomError extends Error {
  code = 10020;
}

describe("bridge protocol", () => {
  test("JSON-less primitives: undefined, NaN, infinities, -0, bigint, symbols keep their identity of kind", async () => {
    const v = (await roundTrip([
      undefined,
      Number.NaN,
      Infinity,
      -Infinity,
      -0,
      10n,
      null,
      "s",
      true,
      1.5,
    ])) as unknown[];
    expect(v).toHaveLength(10);
    expect(v[0]).toBeUndefined();
    expect(v[1]).toBeNaN();
    expect([v[2], v[3]]).toEqual([Infinity, -Infinity]);
    expect(Object.is(v[4], -0)).toBe(true);
    expect(v.slice(5)).toEqual([10n, null, "s", true, 1.5]);
  });

  test("Dates (past 2189 and invalid ones too) and Headers", async () => {
    const [far, bad, h] = (await roundTrip([
      new Date("2300-01-01T00:00:00.123Z"),
      new Date(Number.NaN),
      new Headers({ "if-match": '"abc"', range: "bytes=0-1" }),
    ])) as [Date, Date, Headers];
    expect(far).toBeInstanceOf(Date);
    expect(far.toISOString()).toBe("2300-01-01T00:00:00.123Z");
    expect(bad.getTime()).toBeNaN();
    expect(h).toBeInstanceOf(Headers);
    expect([...h.entries()]).toEqual([
      ["if-match", '"abc"'],
      ["range", "bytes=0-1"],
    ]);
  });

  test("ArrayBuffer, every view class (only the view's bytes), Blob and File", async () => {
    const base = new Uint8Array([9, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const views = [
      new Uint8Array(base.buffer, 1, 4),
      new Int8Array(base.buffer, 1, 4),
      new Uint8ClampedArray(base.buffer, 1, 4),
      new Int16Array(base.buffer.slice(2, 6)),
      new Uint16Array(base.buffer.slice(2, 6)),
      new Int32Array(base.buffer.slice(0, 8)),
      new Uint32Array(base.buffer.slice(0, 8)),
      new Float32Array([1.5]),
      new Float64Array([2.25]),
      new BigInt64Array([-1n]),
      new BigUint64Array([2n ** 63n]),
      new DataView(base.buffer, 2, 3),
    ];
    const out = (await roundTrip([base.buffer.slice(1, 3), ...views])) as ArrayBufferView[];
    expect(out[0]).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(out[0] as unknown as ArrayBuffer)]).toEqual([1, 2]);
    views.forEach((v, i) => {
      const got = out[i + 1]!;
      expect(got.constructor).toBe(v.constructor);
      expect([...new Uint8Array(got.buffer, got.byteOffset, got.byteLength)]).toEqual([
        ...new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
      ]);
    });
    const [blob, file] = (await roundTrip([
      new Blob(["from a blob"], { type: "text/plain" }),
      new File(["f"], "a.txt", { type: "text/x", lastModified: 5 }),
    ])) as [Blob, File];
    expect([blob.type, await blob.text()]).toEqual(["text/plain", "from a blob"]);
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.lastModified, await file.text()]).toEqual(["a.txt", "text/x", 5, "f"]);
  });

  test("plain objects (even with a $t key) and arrays; other instances by class name and own properties", async () => {
    class Thing {
      a = 1;
    }
    const v = await roundTrip({ $t: "u", nested: [{ x: undefined }], t: new Thing() });
    expect(v).toEqual({ $t: "u", nested: [{ x: undefined }], t: { c: "Thing", own: [["a", 1]] } });
    expect(Object.keys((v as { nested: object[] }).nested[0]!)).toEqual(["x"]);
  });

  test("an own key __proto__ stays a key (plain and $t objects), and no copy's prototype changes", async () => {
    const given = JSON.parse(
      '{"m":{"__proto__":"x","a":"b"},"o":{"__proto__":{"polluted":1}},"t":{"$t":1,"__proto__":"y"}}',
    );
    const v = (await roundTrip(given)) as Record<string, Record<string, unknown>>;
    for (const k of ["m", "o", "t"]) {
      expect(Object.hasOwn(v[k]!, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(v[k])).toBe(Object.prototype);
    }
    expect(Object.keys(v.m!)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(v.o!, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(Object.keys(v.t!)).toEqual(["$t", "__proto__"]);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  test("errors keep their class, name, message and own properties, and gain none", async () => {
    const custom = new CustomError("put: bad (10020)");
    Object.defineProperty(custom, "hidden", { value: "h", enumerable: false });
    const [t, c, d, plain] = (await roundTrip([
      new TypeError("bad type"),
      custom,
      new DOMException("gone", "AbortError"),
      new Error("put: The specified object name is not valid. (10020)"),
    ])) as Error[];
    expect(Object.getPrototypeOf(t)).toBe(TypeError.prototype);
    expect(t!.message).toBe("bad type");
    expect(c!.constructor.name).toBe("CustomError");
    expect(c).toBeInstanceOf(Error);
    expect([c!.name, c!.message, (c as CustomError).code]).toEqual(["Error", "put: bad (10020)", 10020]);
    expect(Object.getOwnPropertyDescriptor(c, "hidden")).toMatchObject({ value: "h", enumerable: false });
    expect(d).toBeInstanceOf(DOMException);
    expect([d!.name, d!.message]).toEqual(["AbortError", "gone"]);
    expect(Object.getPrototypeOf(plain)).toBe(Error.prototype);
    expect(Object.getOwnPropertyNames(plain).sort()).toEqual(["message", "stack"]);
  });

  test("a stream of known length follows the head and is read as it comes; one of unknown length is read ahead", async () => {
    const chunks = [new Uint8Array(70_000).fill(1), new Uint8Array(5).fill(2)];
    const known = new ReadableStream({
      start(c) {
        for (const x of chunks) c.enqueue(x);
        c.close();
      },
    });
    const got = (await roundTrip({ s: known }, (s) => (s === known ? 70_005 : null))) as { s: ReadableStream };
    const bytes = new Uint8Array(await new Response(got.s).arrayBuffer());
    expect(bytes.byteLength).toBe(70_005);
    expect(bytes[70_004]).toBe(2);
    const unknown = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array([7, 8]));
        c.close();
      },
    });
    const u = (await roundTrip(unknown)) as ReadableStream;
    expect([...new Uint8Array(await new Response(u).arrayBuffer())]).toEqual([7, 8]);
  });

  test("a frame is read with every byte copied once: linear in its size, not a copy of the buffer per chunk", async () => {
    const chunkSize = 64 * 1024;
    const blob = new Uint8Array(4 * 1024 * 1024).fill(3);
    const head = frameHead({ op: "call" }, [blob]);
    const tail = new Uint8Array(3 * chunkSize + 5).fill(9);
    const whole = new Uint8Array(head.byteLength + tail.byteLength);
    whole.set(head);
    whole.set(tail, head.byteLength);
    // The frame as a network delivers it: many chunks of 64 KiB.
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (at >= whole.byteLength) return c.close();
        c.enqueue(whole.slice(at, at + chunkSize));
        at += chunkSize;
      },
    });
    let copied = 0;
    const set = Uint8Array.prototype.set;
    const spy = vi.spyOn(Uint8Array.prototype, "set").mockImplementation(function (
      this: Uint8Array,
      source: ArrayLike<number>,
      offset?: number,
    ) {
      copied += source.length;
      return set.call(this, source, offset);
    });
    let frame: Awaited<ReturnType<typeof readFrame>>;
    try {
      frame = await readFrame(body);
    } finally {
      spy.mockRestore();
    }
    expect(frame.blobs[0]?.byteLength, "the blob's length").toBe(blob.byteLength);
    expect(
      frame.blobs[0]?.every((b) => b === 3),
      "the blob's bytes",
    ).toBe(true);
    const rest = new Uint8Array(await new Response(frame.rest()).arrayBuffer());
    expect(rest.byteLength, "the stream after the blobs: its length").toBe(tail.byteLength);
    expect(
      rest.every((b) => b === 9),
      "the stream after the blobs: its bytes",
    ).toBe(true);
    // A buffer grown by one copy per chunk copies about size^2 / (2 * chunk) bytes: 128 MiB here.
    expect(copied, "bytes copied while reading the head and the blob (at most each byte once)").toBeLessThanOrEqual(
      head.byteLength,
    );
  });
});
