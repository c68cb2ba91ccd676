/**
 * Stored objects (immutable records) and the values a bucket hands out: StoreObject (metadata) and
 * StoreObjectBody (metadata + body).
 *
 * A stored record never changes: an overwrite replaces the record, so a body being read keeps the
 * bytes it had when get resolved. Handed-out objects carry copies of the metadata.
 *
 * Gaps / by design: `ssecKeyMd5` (customer keys) is not modelled. The body is a plain
 * ReadableStream of Uint8Array pieces (at most 1 MiB each, copied as they are read, so a reader can
 * never alter stored bytes); it is not a byte stream (no BYOB reader).
 */

import type {
  Blob as PlatformBlob,
  Headers as PlatformHeaders,
  ReadableStream as PlatformReadableStream,
} from "@cloudflare/workers-types/index.ts";
import { type ChecksumsHex, StoreChecksums } from "./checksums.ts";
import { BODY_USED } from "./errors.ts";
import { copyHttpMetadata, type HttpMetadata, type StorageClass, writeHttpMetadataTo } from "./metadata.ts";
import type { ResolvedRange } from "./range.ts";

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
  /** The bytes, as chunks (never mutated). */
  readonly chunks: readonly Uint8Array[];
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

export class StoreObject {
  readonly key: string;
  readonly version: string;
  readonly size: number;
  readonly etag: string;
  readonly httpEtag: string;
  readonly uploaded: Date;
  readonly httpMetadata?: HttpMetadata;
  readonly customMetadata?: Record<string, string>;
  readonly range?: ResolvedRange;
  readonly checksums: StoreChecksums;
  readonly storageClass: StorageClass;

  constructor(record: StoredObject, view: ObjectView = {}) {
    this.key = record.key;
    this.version = record.version;
    this.size = record.size;
    this.etag = record.etag;
    this.httpEtag = `"${record.etag}"`;
    this.uploaded = new Date(record.uploaded);
    if (view.httpMetadata !== false) this.httpMetadata = copyHttpMetadata(record.httpMetadata);
    if (view.customMetadata !== false) this.customMetadata = { ...record.customMetadata };
    if (view.range) this.range = { ...view.range };
    this.checksums = new StoreChecksums(record.checksums);
    this.storageClass = record.storageClass;
  }

  writeHttpMetadata(headers: Headers | PlatformHeaders): void {
    if (this.httpMetadata === undefined) {
      throw new TypeError(
        `HTTP metadata unknown for key \`${this.key}\`. Did you forget to add 'httpMetadata' to \`include\` when listing?`,
      );
    }
    writeHttpMetadataTo(this.httpMetadata, headers as Headers);
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

const decoder = new TextDecoder();

export class StoreObjectBody extends StoreObject {
  readonly #chunks: readonly Uint8Array[];
  readonly #offset: number;
  readonly #length: number;
  #stream: StoreBodyStream | undefined;
  #used = false;

  constructor(record: StoredObject, range: ResolvedRange) {
    super(record, { range });
    this.#chunks = record.chunks;
    this.#offset = range.offset;
    this.#length = range.length;
  }

  get body(): StoreBodyStream {
    if (!this.#stream) {
      const pieces = slicePieces(this.#chunks, this.#offset, this.#length);
      this.#stream = new ReadableStream<Uint8Array>(
        {
          pull: (controller) => {
            this.#used = true;
            const next = pieces.next();
            if (next.done) controller.close();
            else controller.enqueue(next.value.slice());
          },
        },
        { highWaterMark: 0 },
      ) as unknown as StoreBodyStream;
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  #take(): void {
    if (this.#used || this.#stream?.locked) throw new TypeError(BODY_USED);
    this.#used = true;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.#take();
    return copyRange(this.#chunks, this.#offset, this.#length);
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    return decoder.decode(await this.arrayBuffer());
  }

  async json<T>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }

  async blob(): Promise<PlatformBlob> {
    this.#take();
    const type = this.httpMetadata?.contentType ?? "";
    const blob = new Blob([...slicePieces(this.#chunks, this.#offset, this.#length)] as BlobPart[], { type });
    return blob as unknown as PlatformBlob;
  }
}
