/**
 * Value types a bucket accepts (put, uploadPart) and how they become stored bytes.
 *
 * string (UTF-8; lone surrogates as their WTF-8 bytes, as the binding sends them), ArrayBuffer,
 * SharedArrayBuffer, ArrayBufferView (its own bytes only; a detached buffer is empty), Blob, null/undefined (empty, put only; a
 * missing argument is refused), and a ReadableStream of known length (see streams.ts).
 *
 * Types are told as V8 tells them (brand checks, not `instanceof`): an object that only inherits
 * Blob.prototype is no Blob. A locked stream is refused when read (workerd's `pumpTo` message), then a
 * stream already read from or cancelled (`removeSource`'s).
 *
 * Gaps / by design: every value is copied exactly once (the caller may mutate its buffer afterwards);
 * streams are kept as the chunks they delivered, never concatenated.
 */

import * as nodeStream from "node:stream";
import { types } from "node:util";
import type {
  Blob as PlatformBlob,
  ReadableStream as PlatformReadableStream,
} from "@cloudflare/workers-types/index.ts";
import { bufferBytes } from "./convert.ts";
import { UNKNOWN_LENGTH_STREAM, wrongValueType } from "./errors.ts";
import { knownLength } from "./streams.ts";

export { FixedLengthStream, knownLength, withKnownLength } from "./streams.ts";

/**
 * A value accepted by put (null included) before it is read. The platform's own stream and Blob
 * types are accepted too, so code typed against the platform compiles unchanged.
 */
export type PutValue = PartValue | null;
export type PartValue =
  | ReadableStream
  | PlatformReadableStream
  | ArrayBuffer
  | ArrayBufferView
  | string
  | Blob
  | PlatformBlob;

/** What a value is, once its type is checked (synchronous part of the checks). */
export type CheckedValue =
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "blob"; blob: Blob }
  | { kind: "stream"; stream: ReadableStream; length: number }
  /** A stream of unknown length: refused by `requireKnownLength`, after the options' checks. */
  | { kind: "unknown-stream"; stream: ReadableStream };

const encoder = new TextEncoder();

function copyOf(view: Uint8Array): Uint8Array {
  const out = new Uint8Array(view.byteLength);
  out.set(view);
  return out;
}

/**
 * Type check of a value. Throws the platform's TypeError for a wrong type or a stream of unknown
 * length. Copies bytes at once (strings, buffers, views) so later caller mutation cannot reach the store.
 */
export function checkValue(value: unknown, method: "put" | "uploadPart", given = true): CheckedValue {
  const className = method === "put" ? "R2Bucket" : "R2MultipartUpload";
  if (value === null || value === undefined) {
    if (method === "put" && given) return { kind: "bytes", bytes: new Uint8Array(0) };
    throw wrongValueType(method, className);
  }
  if (typeof value === "string") return { kind: "bytes", bytes: encodeString(value) };
  if (isAnyArrayBuffer(value) || ArrayBuffer.isView(value)) return { kind: "bytes", bytes: copyOf(bufferBytes(value)) };
  if (isBlob(value)) return { kind: "blob", blob: value };
  if (isReadableStream(value)) {
    const length = knownLength(value);
    if (length === undefined) return { kind: "unknown-stream", stream: value };
    return { kind: "stream", stream: value, length };
  }
  throw wrongValueType(method, className);
}

const LONE = /\p{Cs}/u;

/** UTF-8, except that lone surrogates keep their WTF-8 bytes (what V8 hands the binding). */
export function encodeString(s: string): Uint8Array {
  if (!LONE.test(s)) return encoder.encode(s);
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
        i++;
        continue;
      }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return new Uint8Array(out);
}

/**
 * The binding's last check before it sends a value: a stream must have a known length (workerd
 * `doR2HTTPPutRequest`, r2-rpc.c++:179, after every option was checked). The refused stream is left
 * as it was (not cancelled: put disarmed its cancel before, uploadPart has none), still readable.
 */
export function requireKnownLength(value: CheckedValue): KnownValue {
  if (value.kind !== "unknown-stream") return value;
  throw new TypeError(UNKNOWN_LENGTH_STREAM);
}

/** workerd's TypeError for a locked stream value (streams/readable.c++:578). */
const VALUE_STREAM_LOCKED = "The ReadableStream has been locked to a reader.";

/** workerd's TypeError for a stream value already read from or cancelled (streams/internal.c++:922, `removeSource`). */
const VALUE_STREAM_DISTURBED = "This ReadableStream is disturbed.";

/** Whether a stream was read from or cancelled (Node's stream.isDisturbed, which covers web streams). */
const isDisturbed = (nodeStream as unknown as { isDisturbed(s: unknown): boolean }).isDisturbed;

/** The reason put cancels a stream value with when one of its options' values is refused. */
const PUT_CANCELLED = "Stream cancelled because the associated put operation encountered an error.";

/** Cancels a stream value (of known length or not) as put does on a refused option (an Error reason). */
export function cancelStreamValue(value: CheckedValue): void {
  if (value.kind !== "stream" && value.kind !== "unknown-stream") return;
  value.stream.cancel(new Error(PUT_CANCELLED)).catch(() => undefined);
}

export type KnownValue = Exclude<CheckedValue, { kind: "unknown-stream" }>;

/** The declared size of a checked value (known before reading it). */
export function declaredSize(value: KnownValue): number {
  switch (value.kind) {
    case "bytes":
      return value.bytes.byteLength;
    case "blob":
      return value.blob.size;
    case "stream":
      return value.length;
  }
}

/** Reads a checked value into stored chunks (one copy). */
export async function readValue(value: KnownValue): Promise<Uint8Array[]> {
  switch (value.kind) {
    case "bytes":
      return value.bytes.byteLength === 0 ? [] : [value.bytes];
    case "blob": {
      const bytes = new Uint8Array(await value.blob.arrayBuffer());
      return bytes.byteLength === 0 ? [] : [bytes];
    }
    case "stream": {
      const chunks: Uint8Array[] = [];
      let total = 0;
      // workerd `ReadableStream::pumpTo` (streams/readable.c++:578): a locked stream (a read body too).
      if (value.stream.locked) throw new TypeError(VALUE_STREAM_LOCKED);
      // Then `removeSource` (streams/internal.c++:922): a stream read from, or cancelled, is refused.
      if (isDisturbed(value.stream)) throw new TypeError(VALUE_STREAM_DISTURBED);
      const reader = value.stream.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        const view = toBytes(chunk);
        if (view.byteLength === 0) continue;
        chunks.push(copyOf(view));
        total += view.byteLength;
      }
      if (total !== value.length) {
        throw new TypeError(`Provided readable stream had ${total} bytes, not the ${value.length} it announced`);
      }
      return chunks;
    }
  }
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError(
    "This TransformStream is being used as a byte stream, but received an object of non-ArrayBuffer/ArrayBufferView type on its writable side.",
  );
}

export function totalSize(chunks: readonly Uint8Array[]): number {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  return n;
}

/**
 * Whether `v` is a Headers object: the global class, or another implementation of it (undici's,
 * Miniflare's), recognised by its tag and its brand-checking `has`; in both cases a real one (its `has`
 * works), not an object that only inherits from the prototype or imitates the tag and the methods (the
 * binding checks the type, not the prototype chain).
 */
export function isHeaders(v: unknown): v is Headers {
  if (typeof v !== "object" || v === null) return false;
  if (typeof Headers !== "undefined" && v instanceof Headers) return branded(() => headersHas.call(v, "x"));
  return Object.prototype.toString.call(v) === "[object Headers]" && foreignHeaders(v);
}

/**
 * Another implementation's Headers: `has`, inherited from its prototype, answers for `v` and refuses a bare
 * object of that prototype (a brand check, as every Headers class has). An object that only imitates the tag
 * and the methods (own ones, or a class without a brand check) is no Headers: the binding takes it as a
 * dictionary (workerd checks the object's type, never its tag).
 */
function foreignHeaders(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as { has?: unknown } | null;
  const answers = (receiver: object) => branded(() => Reflect.apply(proto!.has as Headers["has"], receiver, ["x"]));
  return answers(v) && !answers(Object.create(proto));
}

// Type checks as V8's (the object's own kind, not its prototype chain): an object made with
// Object.create(Blob.prototype) is no Blob. Node's brand-checking getters tell.
const isAnyArrayBuffer = types.isAnyArrayBuffer as (v: unknown) => v is ArrayBuffer;
const headersHas = typeof Headers === "undefined" ? undefined! : Headers.prototype.has;
const blobSize = getter(typeof Blob === "undefined" ? undefined : Blob.prototype, "size");
const streamLocked = getter(typeof ReadableStream === "undefined" ? undefined : ReadableStream.prototype, "locked");

function getter(proto: object | undefined, name: string): (() => unknown) | undefined {
  return proto ? Object.getOwnPropertyDescriptor(proto, name)?.get : undefined;
}

function branded(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/** A real Blob (or subclass instance). */
function isBlob(v: unknown): v is Blob {
  return typeof Blob !== "undefined" && v instanceof Blob && branded(() => blobSize!.call(v));
}

/** A real ReadableStream (or subclass instance). */
function isReadableStream(v: unknown): v is ReadableStream {
  return typeof ReadableStream !== "undefined" && v instanceof ReadableStream && branded(() => streamLocked!.call(v));
}
