import { describe, expect, test } from "vitest";
import { slicePieces } from "./object.ts";
import { checkValue, FixedLengthStream, isHeaders, readValue, requireKnownLength } from "./values.ts";

describe("values", () => {
  test("copies buffers once, views keep only their bytes", async () => {
    const buf = new Uint8Array([1, 2, 3, 4, 5]);
    const v = checkValue(buf.subarray(1, 3), "put");
    buf.fill(0);
    expect(await readValue(requireKnownLength(v))).toEqual([new Uint8Array([2, 3])]);
  });
  test("streams need a known length", async () => {
    expect(() => requireKnownLength(checkValue(new ReadableStream(), "put"))).toThrow(TypeError);
    const f = new FixedLengthStream(4);
    const w = f.writable.getWriter();
    void w
      .write(new Uint8Array([1, 2]))
      .then(() => w.write(new Uint8Array([3, 4])))
      .then(() => w.close());
    const chunks = await readValue(requireKnownLength(checkValue(f.readable, "put")));
    expect(Buffer.concat(chunks)).toEqual(Buffer.from([1, 2, 3, 4]));
  });
  test("null is empty for put and refused for parts", () => {
    expect(checkValue(null, "put")).toEqual({ kind: "bytes", bytes: new Uint8Array(0) });
    expect(() => checkValue(null, "uploadPart")).toThrow(TypeError);
  });
  test("slicePieces walks chunks without copying", () => {
    const chunks = [new Uint8Array([0, 1, 2]), new Uint8Array([3, 4]), new Uint8Array([5, 6, 7])];
    const pieces = [...slicePieces(chunks, 2, 5, 2)].map((p) => [...p]);
    expect(pieces).toEqual([[2], [3, 4], [5, 6]]);
  });
});

describe("isHeaders", () => {
  test("the global class and other classes tagged Headers, real ones only", () => {
    expect(isHeaders(new Headers())).toBe(true);
    // Another implementation's class (undici's, Miniflare's): its methods check the brand.
    class OtherHeaders {
      readonly #map = new Map<string, string>();
      has(name: string) {
        return this.#map.has(name);
      }
      get [Symbol.toStringTag]() {
        return "Headers";
      }
    }
    expect(isHeaders(new OtherHeaders())).toBe(true);
    expect(isHeaders(Object.create(OtherHeaders.prototype))).toBe(false);
    // workerd: a dictionary, not Headers (checked on workerd 2026-11-27: httpMetadata's contentType is read).
    expect(isHeaders({ get: () => null, has: () => false, [Symbol.toStringTag]: "Headers" })).toBe(false);
    class Imitation {
      has() {
        return false;
      }
      get [Symbol.toStringTag]() {
        return "Headers";
      }
    }
    expect(isHeaders(new Imitation())).toBe(false);
    // workerd: not Headers (the audit's probes 511, 513, 514, 539, 540).
    expect(isHeaders({ get: () => null, [Symbol.toStringTag]: "Headers" })).toBe(false);
    expect(isHeaders(Object.create(Headers.prototype))).toBe(false);
    expect(isHeaders({ get: () => null })).toBe(false);
    expect(isHeaders(null)).toBe(false);
  });
});
