/**
 * Value types a bucket accepts (put, uploadPart) and how they become stored bytes.
 *
 * string (UTF-8), ArrayBuffer, ArrayBufferView (its own bytes only), Blob, null/undefined (empty,
 * put only), and a ReadableStream of known length. A stream's length is known when it is the
 * readable half of a `FixedLengthStream` (exported here, as the platform's global of that name) or
 * was registered with `withKnownLength`; any other stream is refused, as on the platform.
 *
 * Gaps / by design: Node has no request/response bodies of known length, so only the two ways above
 * mark a stream. Every value is copied exactly once (the caller may mutate its buffer afterwards);
 * streams are kept as the chunks they delivered, never concatenated.
 */
import type {
  Blob as PlatformBlob,
  ReadableStream as PlatformReadableStream,
} from "@cloudflare/workers-types/index.ts";
import { UNKNOWN_LENGTH_STREAM, wrongValueType } from "./errors.ts";

const knownLengths = new WeakMap<ReadableStream, number>();

/** Marks `stream` as having `length` bytes (what a request body with Content-Length is on the platform). */
export function withKnownLength<S extends ReadableStream>(stream: S, length: number): S {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`length must be an integer >= 0, got ${length}`);
  knownLengths.set(stream, length);
  return stream;
}

/** The platform's FixedLengthStream: an identity TransformStream whose readable half has a known length. */
export class FixedLengthStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(expectedLength: number) {
    let seen = 0;
    super({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > expectedLength) {
          controller.error(new TypeError("Attempt to write too many bytes through a FixedLengthStream."));
          return;
        }
        controller.enqueue(chunk);
      },
      flush(controller) {
        if (seen < expectedLength)
          controller.error(new TypeError("FixedLengthStream did not see all expected bytes before close()."));
      },
    });
    withKnownLength(this.readable, expectedLength);
  }
}

export function knownLength(stream: ReadableStream): number | undefined {
  return knownLengths.get(stream);
}

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
  | { kind: "stream"; stream: ReadableStream; length: number };

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
export function checkValue(value: unknown, method: "put" | "uploadPart"): CheckedValue {
  const className = method === "put" ? "R2Bucket" : "R2MultipartUpload";
  if (value === null || value === undefined) {
    if (method === "put") return { kind: "bytes", bytes: new Uint8Array(0) };
    throw wrongValueType(method, className);
  }
  if (typeof value === "string") return { kind: "bytes", bytes: encoder.encode(value) };
  if (value instanceof ArrayBuffer) return { kind: "bytes", bytes: copyOf(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) {
    return { kind: "bytes", bytes: copyOf(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  }
  if (typeof Blob !== "undefined" && value instanceof Blob) return { kind: "blob", blob: value };
  if (typeof ReadableStream !== "undefined" && value instanceof ReadableStream) {
    const length = knownLength(value);
    if (length === undefined) throw new TypeError(UNKNOWN_LENGTH_STREAM);
    return { kind: "stream", stream: value, length };
  }
  throw wrongValueType(method, className);
}

/** The declared size of a checked value (known before reading it). */
export function declaredSize(value: CheckedValue): number {
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
export async function readValue(value: CheckedValue): Promise<Uint8Array[]> {
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
 * Miniflare's), recognised by its tag.
 */
export function isHeaders(v: unknown): v is Headers {
  if (typeof v !== "object" || v === null) return false;
  if (typeof Headers !== "undefined" && v instanceof Headers) return true;
  return Object.prototype.toString.call(v) === "[object Headers]" && typeof (v as Headers).get === "function";
}
