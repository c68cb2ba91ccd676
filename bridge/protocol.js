/**
 * The edgeconf bridge protocol: how a bucket method call and its result cross HTTP, shared by the
 * bridge Worker (bridge/worker.js, inside workerd) and the Node client (harness/targets/bridge-client.ts).
 * Plain JavaScript with no imports, so the Worker deploys as is (`wrangler deploy`) and Node runs it too.
 *
 * A message (request or response body) is one frame:
 *   [u32 big-endian length of H][H: UTF-8 JSON][blob 0 bytes][blob 1 bytes]...[stream bytes, to the end]
 * H = { ...fields, blobs: [byte lengths], stream: null | { length: number | null } }.
 * Values inside H are a JSON tree where what JSON cannot say is tagged `{ "$t": tag, ... }`:
 *   u undefined · num NaN/Infinity/-0 · big bigint · date Date (its time value) · fakedate an object
 *   whose prototype is Date.prototype · fake an object whose prototype is class c's (Blob, ReadableStream,
 *   Headers, ArrayBuffer) but no instance · hdr Headers · ab ArrayBuffer (blob n, or detached) · sab
 *   SharedArrayBuffer (blob n) · view typed array or DataView (class c, blob n, or a view of a detached
 *   buffer) · blob Blob/File · stream the frame's stream (known
 *   length) or, with n, a stream of unknown length whose bytes are blob n, or with locked a locked
 *   stream of that length (no bytes)
 *   fn function · sym symbol · obj a plain object that itself has a "$t" key · err an Error
 *   parr a Proxy of an array (items v; the sender marks it with ProxiedArray)
 *   inst an instance of a platform class (class c, own properties in order, extra x).
 * Bytes never go through JSON: they are blobs, and a stream's bytes are the end of the frame, sent and
 * read as they come (never buffered whole).
 */

import { toBytes } from "./frame.js";

export { frameHead, frameStream, readFrame } from "./frame.js";

export const PROTOCOL_VERSION = 1;
export const SECRET_HEADER = "x-edgeconf-secret";
export const PREFIX_HEADER = "x-edgeconf-prefix";

const VIEW_CLASSES = [
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "DataView",
];

/**
 * Sets an own, enumerable data property: a key `__proto__` (an own key of JSON.parse's objects)
 * crosses as a key, as the caller gave it, and never sets the prototype of the copy.
 */
function setOwn(o, k, v) {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/**
 * Encodes a value into `out` ({ blobs: Uint8Array[], stream: null | { stream, length } }).
 * `hooks.instance(value)` may encode a platform object (returns a tree) or return undefined;
 * `hooks.streamLength(stream)` gives the known length of a stream (or null).
 */
export function encodeValue(value, out, hooks = {}) {
  const enc = (v) => encodeValue(v, out, hooks);
  if (v_isPrimitive(value)) {
    if (value === undefined) return { $t: "u" };
    if (typeof value === "number") {
      if (Number.isNaN(value) || !Number.isFinite(value) || Object.is(value, -0)) {
        return { $t: "num", v: Object.is(value, -0) ? "-0" : String(value) };
      }
      return value;
    }
    if (typeof value === "bigint") return { $t: "big", v: value.toString() };
    if (typeof value === "symbol") return { $t: "sym", v: value.description ?? null };
    return value;
  }
  if (typeof value === "function") return { $t: "fn", v: value.name };
  if (value instanceof ProxiedArray) return { $t: "parr", v: Array.from(value.items, enc) };
  // Holes read as undefined (as the binding reads them), never as JSON's null.
  if (Array.isArray(value)) return Array.from(value, enc);
  if (value instanceof Date) {
    // The Date's own time value (a getTime override is not what the binding reads); an object that
    // only inherits from Date.prototype has none and crosses as such.
    let t;
    try {
      t = Date.prototype.getTime.call(value);
    } catch {
      return { $t: "fakedate" };
    }
    return { $t: "date", v: Number.isNaN(t) ? "NaN" : t };
  }
  const fake = fakeClass(value);
  if (fake !== undefined) return { $t: "fake", c: fake };
  if (typeof Headers !== "undefined" && value instanceof Headers) return { $t: "hdr", v: [...value.entries()] };
  if (value instanceof ArrayBuffer) {
    if (isDetached(value)) return { $t: "ab", detached: true };
    return { $t: "ab", n: pushBlob(out, new Uint8Array(value.slice(0))) };
  }
  if (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer) {
    return { $t: "sab", n: pushBlob(out, new Uint8Array(value).slice()) };
  }
  if (ArrayBuffer.isView(value)) {
    const c = value.constructor.name;
    if (!VIEW_CLASSES.includes(c)) throw new TypeError(`edgeconf bridge: cannot carry a ${c}`);
    if (value.buffer instanceof ArrayBuffer && isDetached(value.buffer)) return { $t: "view", c, detached: true };
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
    return { $t: "view", c, n: pushBlob(out, bytes) };
  }
  if (typeof ReadableStream !== "undefined" && value instanceof ReadableStream) {
    const length = hooks.streamLength ? hooks.streamLength(value) : null;
    // A locked stream cannot be read: it crosses as a locked stream of the same length, no bytes.
    if (value.locked) return { $t: "stream", length, locked: true };
    if (out.stream) throw new TypeError("edgeconf bridge: one stream per call");
    out.stream = { stream: value, length };
    return { $t: "stream", length };
  }
  if (value instanceof CarriedBlob) return encodeCarriedBlob(value, out);
  if (value instanceof CarriedStream) return { $t: "stream", length: null, n: pushBlob(out, value.bytes) };
  if (typeof Blob !== "undefined" && value instanceof Blob) {
    throw new TypeError("edgeconf bridge: read Blobs with blobsToBytes before encoding");
  }
  if (value instanceof Error || isDomException(value)) return encodeError(value, out, hooks);
  const custom = hooks.instance ? hooks.instance(value) : undefined;
  if (custom !== undefined) return custom;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const o = {};
    for (const k of Object.keys(value)) setOwn(o, k, enc(value[k]));
    return Object.hasOwn(value, "$t") ? { $t: "obj", v: o } : o;
  }
  // Any other instance: its class name and own enumerable properties, in order.
  return {
    $t: "inst",
    c: proto?.constructor?.name ?? "Object",
    own: Object.keys(value).map((k) => [k, enc(value[k])]),
  };
}

/**
 * Blobs, and streams of unknown length, are read before encoding (call before encodeValue): a
 * Blob's bytes are a blob of the frame; so are an unknown-length stream's, rebuilt on the other side as
 * a stream of unknown length again (the binding refuses those unread, so its bytes only need to exist;
 * sending them ahead keeps the request whole). `known(stream)` says whether a stream's length is known.
 */
export async function blobsToBytes(value, known = () => false) {
  const walk = (v) => blobsToBytes(v, known);
  if (typeof Blob === "undefined" || v_isPrimitive(value) || typeof value === "function") return value;
  if (fakeClass(value) !== undefined) return value;
  if (value instanceof Blob) return new CarriedBlob(value, new Uint8Array(await value.arrayBuffer()));
  if (typeof ReadableStream !== "undefined" && value instanceof ReadableStream && !known(value) && !value.locked) {
    return new CarriedStream(await readAll(value));
  }
  if (Array.isArray(value)) return Promise.all(value.map(walk));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const o = {};
  for (const k of Object.keys(value)) setOwn(o, k, await walk(value[k]));
  return o;
}

/** The whole of a stream's bytes (chunks of any byte view). */
export async function readAll(stream) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const b = toBytes(value);
    parts.push(b);
    size += b.byteLength;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Classes whose instances a brand-checking member tells from objects that only inherit the prototype. */
const BRANDS = [
  ["Blob", (v) => Object.getOwnPropertyDescriptor(Blob.prototype, "size").get.call(v)],
  ["ReadableStream", (v) => Object.getOwnPropertyDescriptor(ReadableStream.prototype, "locked").get.call(v)],
  ["Headers", (v) => Headers.prototype.has.call(v, "x")],
  ["ArrayBuffer", (v) => Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get.call(v)],
];

/**
 * The class an object pretends to be (its prototype chain has the class's prototype, but it is no
 * instance: `Object.create(Blob.prototype)`), else undefined. It crosses as such an object again.
 */
function fakeClass(value) {
  for (const [c, check] of BRANDS) {
    const C = globalThis[c];
    if (typeof C !== "function" || !(value instanceof C)) continue;
    try {
      check(value);
      return undefined;
    } catch {
      return c;
    }
  }
  return undefined;
}

/** Whether an ArrayBuffer was detached (transferred): 0 bytes, and slice throws. */
function isDetached(ab) {
  if (ab.byteLength !== 0) return false;
  try {
    ab.slice(0);
    return false;
  } catch {
    return true;
  }
}

/** A detached ArrayBuffer (views made on it read as 0 bytes). */
function detached() {
  const ab = new ArrayBuffer(8);
  structuredClone(ab, { transfer: [ab] });
  return ab;
}

/** A Proxy of an array (which the binding does not take for an Array), with the items read through it. */
export class ProxiedArray {
  constructor(items) {
    this.items = items;
  }
}

/** The bytes of a stream of unknown length, read ahead. */
export class CarriedStream {
  constructor(bytes) {
    this.bytes = bytes;
  }
}

/** A Blob whose bytes were read, ready for the synchronous encoder. */
export class CarriedBlob {
  constructor(blob, bytes) {
    this.blob = blob;
    this.bytes = bytes;
  }
}

export function encodeCarriedBlob(value, out) {
  const b = value.blob;
  const file = typeof File !== "undefined" && b instanceof File;
  return {
    $t: "blob",
    n: pushBlob(out, value.bytes),
    type: b.type,
    ...(file ? { name: b.name, lastModified: b.lastModified } : {}),
  };
}

function encodeError(e, out, hooks) {
  const own = [];
  for (const k of Object.getOwnPropertyNames(e)) {
    if (k === "stack" || k === "message") continue;
    const d = Object.getOwnPropertyDescriptor(e, k);
    if (!d || !("value" in d)) continue;
    own.push([k, encodeValue(d.value, out, hooks), d.enumerable === true]);
  }
  return {
    $t: "err",
    c: Object.getPrototypeOf(e)?.constructor?.name ?? "Error",
    name: String(e.name),
    message: String(e.message),
    own,
  };
}

function isDomException(v) {
  return typeof DOMException !== "undefined" && v instanceof DOMException;
}

function v_isPrimitive(v) {
  return v === null || (typeof v !== "object" && typeof v !== "function");
}

function pushBlob(out, bytes) {
  out.blobs.push(bytes);
  return out.blobs.length - 1;
}

/**
 * Decodes a tree. `ctx` = { blobs: Uint8Array[], stream: () => ReadableStream (the frame's stream),
 * instance(c, own, x) => object, makeStream(length, stream) => ReadableStream, lockedStream(length) =>
 * ReadableStream (locked to a reader), Headers }.
 */
export function decodeValue(tree, ctx) {
  const dec = (t) => decodeValue(t, ctx);
  if (tree === null || typeof tree !== "object") return tree;
  if (Array.isArray(tree)) return tree.map(dec);
  if (!Object.hasOwn(tree, "$t")) {
    const o = {};
    for (const k of Object.keys(tree)) setOwn(o, k, dec(tree[k]));
    return o;
  }
  switch (tree.$t) {
    case "u":
      return undefined;
    case "parr":
      return new Proxy(tree.v.map(dec), {});
    case "num":
      return tree.v === "-0" ? -0 : Number(tree.v);
    case "big":
      return BigInt(tree.v);
    case "sym":
      return Symbol(tree.v ?? undefined);
    case "fn":
      return { [tree.v]: () => undefined }[tree.v];
    case "date":
      return new Date(tree.v === "NaN" ? Number.NaN : tree.v);
    case "hdr":
      return new (ctx.Headers ?? Headers)(tree.v);
    case "ab":
      return tree.detached ? detached() : blobAt(ctx, tree.n).slice().buffer;
    case "fakedate":
      return Object.create(Date.prototype);
    case "fake":
      return Object.create(globalThis[tree.c].prototype);
    case "sab": {
      const bytes = blobAt(ctx, tree.n);
      const sab = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(sab).set(bytes);
      return sab;
    }
    case "view": {
      const buf = tree.detached ? new ArrayBuffer(8) : blobAt(ctx, tree.n).slice().buffer;
      const view = tree.c === "DataView" ? new DataView(buf) : new globalThis[tree.c](buf);
      if (tree.detached) structuredClone(buf, { transfer: [buf] });
      return view;
    }
    case "blob": {
      const bytes = blobAt(ctx, tree.n);
      if (tree.name !== undefined && typeof File !== "undefined") {
        return new File([bytes], tree.name, { type: tree.type, lastModified: tree.lastModified });
      }
      return new Blob([bytes], { type: tree.type });
    }
    case "stream": {
      if (tree.locked) return ctx.lockedStream(tree.length);
      if (tree.n === undefined) return ctx.makeStream(tree.length, ctx.stream());
      const bytes = blobAt(ctx, tree.n);
      return ctx.makeStream(
        null,
        new ReadableStream({
          start(c) {
            if (bytes.byteLength > 0) c.enqueue(bytes);
            c.close();
          },
        }),
      );
    }
    case "obj": {
      const o = {};
      for (const k of Object.keys(tree.v)) setOwn(o, k, dec(tree.v[k]));
      return o;
    }
    case "err":
      return decodeError(tree, ctx);
    case "inst":
      return ctx.instance(
        tree.c,
        tree.own.map(([k, v]) => [k, dec(v)]),
        tree.x,
      );
    default:
      throw new TypeError(`edgeconf bridge: unknown tag ${JSON.stringify(tree.$t)}`);
  }
}

function blobAt(ctx, n) {
  const b = ctx.blobs[n];
  if (!b) throw new TypeError(`edgeconf bridge: no blob ${n}`);
  return b;
}

/** An error of the same class (made when the runtime has none of that name), message and own data. */
function decodeError(tree, ctx) {
  const Known = globalThis[tree.c];
  let e;
  if (tree.c === "DOMException" && typeof DOMException !== "undefined") {
    e = new DOMException(tree.message, tree.name);
  } else if (typeof Known === "function" && (Known === Error || Known.prototype instanceof Error)) {
    e = new Known(tree.message);
  } else {
    const Made = { [tree.c]: class extends Error {} }[tree.c];
    // The class is not in this runtime: its name is what the error showed (inherited, as it was).
    Object.defineProperty(Made.prototype, "name", { value: tree.name, configurable: true, writable: true });
    e = new Made(tree.message);
  }
  for (const [k, v, enumerable] of tree.own) {
    Object.defineProperty(e, k, { value: decodeValue(v, ctx), enumerable, writable: true, configurable: true });
  }
  return e;
}
