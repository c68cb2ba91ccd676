/**
 * Streams of known length: which ReadableStreams put and uploadPart accept, as the platform does
 * (workerd: `tryGetLength`), and the platform's FixedLengthStream.
 *
 * Known: a body handed out by get (its range's length), the readable half of `FixedLengthStream`,
 * `Blob.prototype.stream()` (the blob's size), the body of a Request or Response made from a value of
 * known length (string, buffer, Blob, form data...), and any stream marked with `withKnownLength`.
 * Unknown (refused with the platform's TypeError): any other stream, including a Request/Response
 * body made from a stream, and IdentityTransformStream-like pipes.
 *
 * Gaps / by design: Node does not say a stream's length, so this module records it where such streams
 * are made: on import it wraps `Blob.prototype.stream` and the `body` getters of `Request` and
 * `Response` (same results, plus one WeakMap entry). The length of a Request/Response body is read from
 * undici's internal state (Node 20..24); where that state is not found, such bodies count as unknown.
 * The lengths live in one map per realm (a global symbol), so that a second copy of this module, whose
 * hooks are not installed again, sees what the first copy's hooks record. A stream that was partly read
 * keeps the length it was made with. FixedLengthStream's writers refuse a chunk that is not bytes at
 * once (workerd's messages) through own methods on the writable side and its writers; a pipeTo into
 * that side is not checked.
 */

/**
 * One map per realm, shared by every copy of this module (vi.resetModules, vitest `isolate: false`, two copies
 * of the package): the prototype hooks below are installed once, by the first copy, and write here.
 */
const SHARED = Symbol.for("edgeconf.object-store.knownLengths");
const realm = globalThis as { [SHARED]?: WeakMap<object, number> };
realm[SHARED] ??= new WeakMap<object, number>();
const knownLengths: WeakMap<object, number> = realm[SHARED];

/** Marks `stream` as having `length` bytes (what a request body with Content-Length is on the platform). */
export function withKnownLength<S extends ReadableStream>(stream: S, length: number): S {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`length must be an integer >= 0, got ${length}`);
  knownLengths.set(stream, length);
  return stream;
}

/** The length of `stream` when the platform could tell it, else undefined. */
export function knownLength(stream: object): number | undefined {
  return knownLengths.get(stream);
}

const nativeTee = ReadableStream.prototype.tee;

/**
 * Calls `onTee` after each `stream.tee()` that succeeds, the stream staying an instance of the global
 * ReadableStream (constructor and prototype as a platform body's): the hook is an own, non-enumerable
 * `tee` method, the one trace it leaves (`Object.getOwnPropertyNames` lists it).
 */
export function observeTee<S extends ReadableStream>(stream: S, onTee: () => void): S {
  Object.defineProperty(stream, "tee", {
    value: function tee(this: ReadableStream) {
      const branches = nativeTee.call(this);
      onTee();
      return branches;
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
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
    byteWriters(this.writable);
  }
}

/** workerd's rejections of a chunk that is not bytes (streams/internal.c++:1047-1059). */
const STRING_CHUNK =
  "This TransformStream is being used as a byte stream, but received a string on its writable side. If you wish to write a string, you'll probably want to explicitly UTF-8-encode it with TextEncoder.";
const OBJECT_CHUNK =
  "This TransformStream is being used as a byte stream, but received an object of non-ArrayBuffer/ArrayBufferView type on its writable side.";

const nativeGetWriter = WritableStream.prototype.getWriter;
const nativeWrite = WritableStreamDefaultWriter.prototype.write;

/**
 * The writers of a FixedLengthStream's writable side refuse a chunk that is not an ArrayBuffer or a
 * view at once, as workerd's byte streams do: that write rejects and the stream stays open (a close()
 * then finds the bytes missing). Done with own `getWriter`/`write` methods on the instances (a gap:
 * pipeTo into the writable side does not check).
 */
function byteWriters(writable: WritableStream): void {
  Object.defineProperty(writable, "getWriter", { value: byteGetWriter, writable: true, configurable: true });
}

/** The getWriter of byteWriters' streams (one function for all of them). */
function byteGetWriter(this: WritableStream): WritableStreamDefaultWriter<unknown> {
  const writer = nativeGetWriter.call(this) as WritableStreamDefaultWriter<unknown>;
  Object.defineProperty(writer, "write", { value: byteWrite, writable: true, configurable: true });
  return writer;
}

/** The write of byteWriters' writers: a chunk that is not bytes is refused at once. */
function byteWrite(this: WritableStreamDefaultWriter<unknown>, chunk: unknown): Promise<void> {
  if (typeof chunk === "string") return Promise.reject(new TypeError(STRING_CHUNK));
  if (!(chunk instanceof ArrayBuffer) && !ArrayBuffer.isView(chunk)) return Promise.reject(new TypeError(OBJECT_CHUNK));
  return nativeWrite.call(this, chunk);
}

let stateSymbol: symbol | null | undefined;

/** The byte length undici recorded for a Request/Response body (null when made from a stream). */
function undiciBodyLength(message: object): number | undefined {
  if (stateSymbol === undefined) {
    stateSymbol = Object.getOwnPropertySymbols(message).find((s) => s.description === "state") ?? null;
  }
  if (stateSymbol === null) return undefined;
  const state = (message as Record<symbol, { body?: { length?: unknown } | null } | undefined>)[stateSymbol];
  const length = state?.body?.length;
  return typeof length === "number" ? length : undefined;
}

function hookBody(proto: object | undefined): void {
  if (!proto) return;
  const desc = Object.getOwnPropertyDescriptor(proto, "body");
  const get = desc?.get;
  if (!desc || !get || (get as { edgeconfHook?: true }).edgeconfHook) return;
  const hooked = function (this: object) {
    const stream = get.call(this) as ReadableStream | null;
    if (stream && !knownLengths.has(stream)) {
      const length = undiciBodyLength(this);
      if (length !== undefined) knownLengths.set(stream, length);
    }
    return stream;
  };
  Object.defineProperty(hooked, "name", { value: "get body" });
  (hooked as { edgeconfHook?: true }).edgeconfHook = true;
  Object.defineProperty(proto, "body", { ...desc, get: hooked });
}

function hookBlobStream(): void {
  if (typeof Blob === "undefined") return;
  const original = Blob.prototype.stream as Blob["stream"] & { edgeconfHook?: true };
  if (original.edgeconfHook) return;
  const hooked = {
    stream(this: Blob) {
      const stream = original.call(this);
      knownLengths.set(stream, this.size);
      return stream;
    },
  }.stream as Blob["stream"] & { edgeconfHook?: true };
  hooked.edgeconfHook = true;
  Object.defineProperty(Blob.prototype, "stream", {
    ...Object.getOwnPropertyDescriptor(Blob.prototype, "stream"),
    value: hooked,
  });
}

hookBlobStream();
hookBody(typeof Response === "undefined" ? undefined : Response.prototype);
hookBody(typeof Request === "undefined" ? undefined : Request.prototype);
