/**
 * Stored objects (immutable records) and the values a bucket hands out: StoreObject (metadata) and
 * StoreObjectBody (metadata + body).
 *
 * A stored record never changes: an overwrite replaces the record, so a body being read keeps the
 * bytes it had when get resolved. Handed-out objects carry copies of the metadata.
 *
 * As on the platform, every field is an own, read-only property (httpMetadata and customMetadata are
 * plain objects the caller may change, as the platform's are; the object itself is frozen), present even
 * when undefined (range, ssecKeyMd5, metadata a list did not include). The body is a byte stream
 * (BYOB readers work) of known length: put(dst, (await get(src)).body) copies an object.
 *
 * Gaps / by design: the body hands out Uint8Array pieces of at most 1 MiB, each a copy, so a reader
 * can never alter stored bytes. The body is a plain ReadableStream whose tee() (which uses the body,
 * as on the platform) is observed through an own, non-enumerable `tee` method (`observeTee`).
 */

import * as nodeStream from "node:stream";
import type {
  Blob as PlatformBlob,
  Headers as PlatformHeaders,
  ReadableStream as PlatformReadableStream,
} from "@cloudflare/workers-types/index.ts";
import { type ChecksumsHex, StoreChecksums } from "./checksums.ts";
import { paramTypeError, platformMembers } from "./convert.ts";
import { BODY_USED, STREAM_LOCKED } from "./errors.ts";
import {
  copyHttpMetadata,
  type HttpMetadata,
  platformDict,
  type StorageClass,
  writeHttpMetadataTo,
} from "./metadata.ts";
import type { ResolvedRange } from "./range.ts";
import { observeTee, withKnownLength } from "./streams.ts";
import { isHeaders } from "./values.ts";
import { VerbatimBlob } from "./verbatim-blob.ts";

export interface StoredObject {
  readonly key: string;
  readonly version: string;
  readonly size: number;
  readonly etag: string;
  /** ms since epoch */
  readonly uploaded: number;
  readonly httpMetadata: HttpMetadata;
  readonly customMetadata: Readonly<Record<string, string>>;
  readonly checksums: ChecksumsHex;
  readonly storageClass: StorageClass;
  /** MD5 of the customer key (SSE-C) the object was written with, base64; absent without one. */
  readonly ssecKeyMd5?: string;
  /** The bytes, as chunks (never mutated). */
  readonly chunks: readonly Uint8Array[];
}

/**
 * The platform's fields are own data properties, read-only: assigning one throws in strict code. The
 * simulator freezes its objects (one fast call) where the platform only makes each field non-writable:
 * unlike the platform's, they also refuse new properties (defining twelve read-only properties one by
 * one would make head four times slower).
 */
function readOnly(o: object, key: string, value: unknown): void {
  (o as Record<string, unknown>)[key] = value;
}

/** What of a record a handed-out object shows. */
export interface ObjectView {
  /** Range to report (head/get); absent for put, complete and list. */
  range?: ResolvedRange;
  /** Include httpMetadata (default true). */
  httpMetadata?: boolean;
  /** Include customMetadata (default true). */
  customMetadata?: boolean;
}

/** The platform names this class HeadResult (it shows in messages); exported as StoreObject. */
let isHeadResult: (o: unknown) => boolean;
let isGetResult: (o: unknown) => boolean;

class HeadResult {
  static {
    isHeadResult = (o) => typeof o === "object" && o !== null && #http in o;
  }
  // Declared only: the constructor sets them in one fixed order (one shared shape), then freezes.
  declare readonly key: string;
  declare readonly version: string;
  declare readonly size: number;
  declare readonly etag: string;
  declare readonly httpEtag: string;
  declare readonly uploaded: Date;
  declare readonly httpMetadata?: HttpMetadata;
  declare readonly customMetadata?: Record<string, string>;
  declare readonly range?: ResolvedRange;
  declare readonly checksums: StoreChecksums;
  declare readonly storageClass: StorageClass;
  declare readonly ssecKeyMd5?: string;
  /** What writeHttpMetadata writes: the stored metadata, not the (mutable) object handed out. */
  readonly #http: HttpMetadata | undefined;

  constructor(record: StoredObject, view: ObjectView = {}) {
    this.#http = view.httpMetadata === false ? undefined : record.httpMetadata;
    // The platform's own-key order (V8 lists lazy instance properties in reverse declaration order).
    readOnly(this, "ssecKeyMd5", record.ssecKeyMd5);
    readOnly(this, "storageClass", record.storageClass);
    readOnly(this, "range", view.range ? { ...view.range } : undefined);
    readOnly(this, "customMetadata", view.customMetadata === false ? undefined : platformDict(record.customMetadata));
    readOnly(this, "httpMetadata", view.httpMetadata === false ? undefined : copyHttpMetadata(record.httpMetadata));
    readOnly(this, "uploaded", new Date(record.uploaded));
    readOnly(this, "checksums", new StoreChecksums(record.checksums));
    readOnly(this, "httpEtag", `"${record.etag}"`);
    readOnly(this, "etag", record.etag);
    readOnly(this, "size", record.size);
    readOnly(this, "version", record.version);
    readOnly(this, "key", record.key);
    if (new.target === HeadResult) Object.freeze(this);
  }

  writeHttpMetadata(headers: Headers | PlatformHeaders): void {
    if (!isHeaders(headers)) throw paramTypeError("writeHttpMetadata", "HeadResult", 1, "Headers");
    if (this.#http === undefined) {
      throw new TypeError(
        `HTTP metadata unknown for key \`${this.key}\`. Did you forget to add 'httpMetadata' to \`include\` when listing?`,
      );
    }
    writeHttpMetadataTo(this.#http!, headers as Headers);
  }
}

const PIECE = 1024 * 1024;

/**
 * The body stream, typed as the platform's ReadableStream (Node's ReadableStream is the same object
 * at run time: async-iterable, with getReader/pipeTo/tee).
 */
export type StoreBodyStream = PlatformReadableStream<Uint8Array>;

/** The pieces of `chunks` covering [offset, offset+length), as views (no copy). */
export function* slicePieces(
  chunks: readonly Uint8Array[],
  offset: number,
  length: number,
  maxPiece = PIECE,
): Generator<Uint8Array> {
  let skip = offset;
  let left = length;
  for (const c of chunks) {
    if (left <= 0) return;
    if (skip >= c.byteLength) {
      skip -= c.byteLength;
      continue;
    }
    let start = skip;
    skip = 0;
    const end = Math.min(c.byteLength, start + left);
    while (start < end) {
      const stop = Math.min(end, start + maxPiece);
      yield c.subarray(start, stop);
      left -= stop - start;
      start = stop;
    }
  }
}

/** A copy of the bytes in [offset, offset+length) in one ArrayBuffer. */
export function copyRange(chunks: readonly Uint8Array[], offset: number, length: number): ArrayBuffer {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of slicePieces(chunks, offset, length, Number.POSITIVE_INFINITY)) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out.buffer;
}

/** Whether a stream was read from or cancelled (Node's stream.isDisturbed, which covers web streams). */
const isDisturbed = (nodeStream as unknown as { isDisturbed(s: unknown): boolean }).isDisturbed;

/** text() keeps a byte-order mark, as the platform does; bad UTF-8 reads as U+FFFD. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The platform names this class GetResult; exported as StoreObjectBody. */
class GetResult extends HeadResult {
  static {
    isGetResult = (o) => typeof o === "object" && o !== null && #chunks in o;
  }
  readonly #chunks: readonly Uint8Array[];
  readonly #offset: number;
  readonly #length: number;
  #stream: ReadableStream<Uint8Array> | undefined;
  #used = false;
  /** tee() of the body counts as using it, as on the platform. */
  #teed = false;

  constructor(record: StoredObject, range: ResolvedRange) {
    super(record, { range });
    this.#chunks = record.chunks;
    this.#offset = range.offset;
    this.#length = range.length;
    Object.freeze(this);
  }

  get body(): StoreBodyStream {
    if (!this.#stream) {
      const pieces = slicePieces(this.#chunks, this.#offset, this.#length);
      // A plain byte stream (constructor ReadableStream, as the platform's body).
      const stream = new ReadableStream<Uint8Array>(
        {
          type: "bytes",
          pull(c) {
            const controller = c as unknown as ReadableByteStreamController;
            const next = pieces.next();
            if (next.done) {
              controller.close();
              controller.byobRequest?.respond(0);
            } else controller.enqueue(next.value.slice());
          },
        },
        { highWaterMark: 0 },
      );
      withKnownLength(stream, this.#length);
      observeTee(stream, () => {
        this.#teed = true;
      });
      this.#stream = stream;
      // Consumed by arrayBuffer()/text()/... before the stream was asked for: locked and disturbed.
      if (this.#used) void stream.getReader().cancel();
    }
    return this.#stream as unknown as StoreBodyStream;
  }

  get bodyUsed(): boolean {
    const s = this.#stream;
    return this.#used || this.#teed || (s !== undefined && isDisturbed(s));
  }

  #take(): void {
    const s = this.#stream;
    if (this.#used || this.#teed || (s !== undefined && isDisturbed(s))) throw new TypeError(BODY_USED);
    if (s?.locked) throw new TypeError(STREAM_LOCKED);
    this.#used = true;
    if (s) void s.getReader().cancel();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.#take();
    return copyRange(this.#chunks, this.#offset, this.#length);
  }

  async bytes(): Promise<Uint8Array> {
    this.#take();
    return new Uint8Array(copyRange(this.#chunks, this.#offset, this.#length));
  }

  async text(): Promise<string> {
    this.#take();
    return decoder.decode(copyRange(this.#chunks, this.#offset, this.#length));
  }

  async json<T>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }

  async blob(): Promise<PlatformBlob> {
    this.#take();
    const type = this.httpMetadata?.contentType ?? "";
    const parts = [...slicePieces(this.#chunks, this.#offset, this.#length)];
    return new VerbatimBlob(parts, type) as unknown as PlatformBlob;
  }
}

platformMembers(HeadResult.prototype, ["writeHttpMetadata"], isHeadResult);
platformMembers(GetResult.prototype, ["body", "bodyUsed", "arrayBuffer", "bytes", "text", "json", "blob"], isGetResult);

export { GetResult as StoreObjectBody, HeadResult as StoreObject };
