/**
 * The bucket binding: head, get, put, delete, list and the multipart entry points, shaped as the
 * platform's R2Bucket. Each call checks its arguments (TypeError/RangeError), then the storage rules
 * in the platform's order, then commits in one synchronous step (strong consistency).
 *
 * Gaps / by design: customer-supplied encryption keys (`ssecKey`) are refused rather than modelled;
 * no per-call latency, no eventual consistency, no rate limits (the platform's are not specified).
 */

import type { Headers as PlatformHeaders } from "@cloudflare/workers-types/index.ts";
import type { HashAlgorithm } from "../core/hash.ts";
import { hashChunks, parseSuppliedChecksum } from "./checksums.ts";
import { evaluateConditional, parseConditional } from "./conditional.ts";
import { badDigest, StoreError, storeError } from "./errors.ts";
import { type GateHolder, passGate } from "./gate.ts";
import { decodeCursor, encodeCursor, listPage } from "./listing.ts";
import {
  customMetadataTooLarge,
  type HttpMetadata,
  isStorageClass,
  parseCustomMetadata,
  parseHttpMetadata,
  type StorageClass,
} from "./metadata.ts";
import { type StoredObject, StoreObject, StoreObjectBody } from "./object.ts";
import { parseRange, resolveRange } from "./range.ts";
import { type BucketState, checkKey, honoursInclude, keyArgument, MAX_OBJECT_SIZE } from "./state.ts";
import { createUpload, MultipartUploadHandle } from "./upload.ts";
import { checkValue, declaredSize, type PutValue, readValue } from "./values.ts";

export type { PutValue } from "./values.ts";

/** Headers as Node's fetch or as the platform's types declare them (the same object at run time). */
export type AnyHeaders = Headers | PlatformHeaders;

/** Range of a get: object form or a Headers object carrying `Range`. */
export type StoreRange = { offset: number; length?: number } | { offset?: number; length: number } | { suffix: number };

export interface StoreConditional {
  etagMatches?: string;
  etagDoesNotMatch?: string;
  uploadedBefore?: Date;
  uploadedAfter?: Date;
  secondsGranularity?: boolean;
}

export interface StoreGetOptions {
  onlyIf?: StoreConditional | AnyHeaders;
  range?: StoreRange | AnyHeaders;
}

export interface StorePutOptions {
  onlyIf?: StoreConditional | AnyHeaders;
  httpMetadata?: HttpMetadata | AnyHeaders;
  customMetadata?: Record<string, string>;
  md5?: ArrayBuffer | ArrayBufferView | string;
  sha1?: ArrayBuffer | ArrayBufferView | string;
  sha256?: ArrayBuffer | ArrayBufferView | string;
  sha384?: ArrayBuffer | ArrayBufferView | string;
  sha512?: ArrayBuffer | ArrayBufferView | string;
  storageClass?: string;
}

export interface StoreMultipartOptions {
  httpMetadata?: HttpMetadata | AnyHeaders;
  customMetadata?: Record<string, string>;
  storageClass?: string;
}

export interface StoreListOptions {
  limit?: number;
  prefix?: string;
  cursor?: string;
  delimiter?: string;
  startAfter?: string;
  include?: ("httpMetadata" | "customMetadata")[];
}

export type StoreObjects = {
  objects: StoreObject[];
  delimitedPrefixes: string[];
} & ({ truncated: true; cursor: string } | { truncated: false });

/** With include honoured and non-empty, a page holds at most this many entries (the platform may return fewer). */
export const INCLUDE_PAGE_CAP = 100;

function options(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object")
    throw new TypeError(`Failed to execute '${what}' on 'R2Bucket': options is not an object.`);
  return value as Record<string, unknown>;
}

function noSsec(o: Record<string, unknown>): void {
  if (o.ssecKey !== undefined) throw new TypeError("ssecKey is not supported by the simulator.");
}

export function parseStorageClass(
  action: "put" | "createMultipartUpload",
  value: unknown,
  fallback: StorageClass,
): StorageClass {
  if (value === undefined) return fallback;
  if (!isStorageClass(value)) throw storeError(action, "invalidStorageClass");
  return value;
}

export class StoreBucket {
  readonly #state: BucketState;
  readonly #gates: GateHolder;

  constructor(state: BucketState, gates: GateHolder = { gate: undefined }) {
    this.#state = state;
    this.#gates = gates;
  }

  async head(key: string): Promise<StoreObject | null> {
    const wait = passGate(this.#gates, "head", this.#state.name);
    if (wait) await wait;
    const k = keyArgument(key);
    checkKey("head", k);
    const record = this.#state.objects.get(k);
    return record ? new StoreObject(record, { range: { offset: 0, length: record.size } }) : null;
  }

  get(
    key: string,
    options: StoreGetOptions & { onlyIf: StoreConditional | AnyHeaders },
  ): Promise<StoreObjectBody | StoreObject | null>;
  get(key: string, options?: StoreGetOptions): Promise<StoreObjectBody | null>;
  async get(key: string, opts?: StoreGetOptions): Promise<StoreObjectBody | StoreObject | null> {
    const wait = passGate(this.#gates, "get", this.#state.name);
    if (wait) await wait;
    const o = options(opts, "get");
    noSsec(o);
    const cond = parseConditional(o.onlyIf);
    const range = parseRange(o.range);
    const k = keyArgument(key);
    checkKey("get", k);
    const record = this.#state.objects.get(k);
    if (!record) return null;
    const whole = { offset: 0, length: record.size };
    if (cond && !evaluateConditional(cond, record)) return new StoreObject(record, { range: whole });
    const resolved = resolveRange(range, record.size);
    if (resolved === "unsatisfiable") throw storeError("get", "invalidRange");
    return new StoreObjectBody(record, resolved);
  }

  put(
    key: string,
    value: PutValue,
    options: StorePutOptions & { onlyIf: StoreConditional | AnyHeaders },
  ): Promise<StoreObject | null>;
  put(key: string, value: PutValue, options?: StorePutOptions): Promise<StoreObject>;
  async put(key: string, value: PutValue, opts?: StorePutOptions): Promise<StoreObject | null> {
    const wait = passGate(this.#gates, "put", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    // 1. Argument checks (binding).
    const checked = checkValue(value, "put");
    const o = options(opts, "put");
    noSsec(o);
    const supplied = parseSuppliedChecksum(o as Partial<Record<HashAlgorithm, unknown>>);
    const cond = parseConditional(o.onlyIf);
    const httpMetadata = parseHttpMetadata(o.httpMetadata);
    const customMetadata = parseCustomMetadata(o.customMetadata);
    const k = keyArgument(key);
    // 2. Storage checks, in the platform's order.
    checkKey("put", k);
    if (declaredSize(checked) > MAX_OBJECT_SIZE) throw storeError("put", "entityTooLarge");
    if (customMetadataTooLarge(customMetadata)) throw storeError("put", "metadataTooLarge");
    const storageClass = parseStorageClass("put", o.storageClass, state.options.defaultStorageClass);
    const chunks = await readValue(checked);
    const hashes = hashChunks(chunks, supplied?.algorithm);
    if (supplied) {
      const actual = hashes[supplied.algorithm]!;
      if (actual !== supplied.hex) throw badDigest("put", algorithmName(supplied.algorithm), supplied.hex, actual);
    }
    const size = declaredSize(checked);
    // 3. Precondition against the object as it is now (after the value was read).
    if (cond && !evaluateConditional(cond, state.objects.get(k))) return null;
    const record: StoredObject = {
      key: k,
      version: state.newVersion(),
      size,
      etag: hashes.md5!,
      uploaded: state.now(),
      httpMetadata,
      customMetadata,
      checksums: hashes,
      storageClass,
      chunks,
    };
    state.commitObject(record);
    return new StoreObject(record);
  }

  async delete(keys: string | string[]): Promise<void> {
    const wait = passGate(this.#gates, "delete", this.#state.name);
    if (wait) await wait;
    if (typeof keys === "string") {
      checkKey("delete", keys);
      this.#state.deleteObject(keys);
      return;
    }
    const list = Array.isArray(keys) ? keys.map(keyArgument) : [keyArgument(keys)];
    for (const k of list) checkKey("delete", k);
    for (const k of list) this.#state.deleteObject(k);
  }

  async list(opts?: StoreListOptions): Promise<StoreObjects> {
    const wait = passGate(this.#gates, "list", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    const o = options(opts, "list");
    const include = o.include === undefined ? [] : o.include;
    if (!Array.isArray(include)) throw new TypeError("Incorrect type for the 'include' field on 'R2ListOptions'.");
    for (const i of include) {
      if (i !== "httpMetadata" && i !== "customMetadata")
        throw new RangeError(`Unsupported include value ${String(i)}`);
    }
    const limit = o.limit === undefined ? 1000 : Number(o.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw storeError("list", "invalidMaxKeys");
    const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));
    const prefix = str(o.prefix);
    const delimiter = str(o.delimiter);
    const startAfter = str(o.startAfter);
    const cursorText = str(o.cursor);
    const cursor = cursorText === undefined || cursorText === "" ? undefined : decodeCursor(cursorText);
    if (cursorText && !cursor) throw storeError("list", "internal");
    if (prefix !== undefined) checkKey("list", prefix);
    if (startAfter !== undefined) checkKey("list", startAfter);
    const honoured = honoursInclude(state.options);
    const withHttp = honoured ? include.includes("httpMetadata") : true;
    const withCustom = honoured ? include.includes("customMetadata") : true;
    const pageLimit = withHttp || withCustom ? Math.min(limit, INCLUDE_PAGE_CAP) : limit;
    const page = listPage(state.index, {
      ...(prefix !== undefined ? { prefix } : {}),
      ...(delimiter !== undefined ? { delimiter } : {}),
      ...(startAfter !== undefined ? { startAfter } : {}),
      ...(cursor ? { cursor } : {}),
      limit: pageLimit,
    });
    const view = { httpMetadata: withHttp, customMetadata: withCustom };
    const objects = page.items.map((record) => new StoreObject(record, view));
    if (page.truncated && page.cursor) {
      return { objects, delimitedPrefixes: page.delimitedPrefixes, truncated: true, cursor: encodeCursor(page.cursor) };
    }
    return { objects, delimitedPrefixes: page.delimitedPrefixes, truncated: false };
  }

  async createMultipartUpload(key: string, opts?: StoreMultipartOptions): Promise<MultipartUploadHandle> {
    const wait = passGate(this.#gates, "createMultipartUpload", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    const o = options(opts, "createMultipartUpload");
    noSsec(o);
    const httpMetadata = parseHttpMetadata(o.httpMetadata);
    const customMetadata = parseCustomMetadata(o.customMetadata);
    const k = keyArgument(key);
    checkKey("createMultipartUpload", k);
    if (customMetadataTooLarge(customMetadata)) throw storeError("createMultipartUpload", "metadataTooLarge");
    const storageClass = parseStorageClass("createMultipartUpload", o.storageClass, state.options.defaultStorageClass);
    const record = createUpload(state, k, httpMetadata, customMetadata, storageClass);
    return new MultipartUploadHandle(state, k, record.uploadId, this.#gates);
  }

  /** Synchronous, checks nothing (spec): the handle's calls find out. */
  resumeMultipartUpload(key: string, uploadId: string): MultipartUploadHandle {
    return new MultipartUploadHandle(this.#state, keyArgument(key), String(uploadId), this.#gates);
  }
}

function algorithmName(a: HashAlgorithm): string {
  return { md5: "MD5", sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" }[a];
}

export { StoreError };
