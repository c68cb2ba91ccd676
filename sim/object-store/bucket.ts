/**
 * The bucket binding: head, get, put, delete, list and the multipart entry points, shaped as the
 * platform's R2Bucket. Each call converts its arguments as workerd's binding does (convert.ts: every
 * parameter, then every options field in declaration order), then checks their values in the binding's
 * order, then applies the storage rules, then commits in one synchronous step (strong consistency).
 *
 * Gaps / by design: no per-call latency, no eventual consistency, no rate limits (the platform's are
 * not specified). SSE-C keys are modelled, not applied (ssec.ts). Methods check `this` first (jsg's
 * synchronous Illegal invocation), one wrapper call each (convert.ts `platformMembers`).
 */

import type { Headers as PlatformHeaders } from "@cloudflare/workers-types/index.ts";
import type { HashAlgorithm } from "../core/hash.ts";
import { ALGORITHM_NAMES, checkChecksums, convertChecksums, hashChunks } from "./checksums.ts";
import { convertConditional, evaluateConditional, unwrapConditional } from "./conditional.ts";
import {
  coerceString,
  dictionaryParam,
  fieldTypeError,
  jsgArray,
  nonCoercibleString,
  paramTypeError,
  platformMembers,
  toInt,
} from "./convert.ts";
import { badDigest, type StoreAction, storeError } from "./errors.ts";
import { type GateHolder, passGate } from "./gate.ts";
import { decodeCursor, encodeCursor, listPage } from "./listing.ts";
import {
  convertHttpMetadata,
  customMetadataTooLarge,
  type HttpMetadata,
  isStorageClass,
  parseCustomMetadata,
  readHttpMetadata,
  type StorageClass,
} from "./metadata.ts";
import { type StoredObject, StoreObject, StoreObjectBody } from "./object.ts";
import { checkRange, convertRange, resolveRange } from "./range.ts";
import { checkSsecKey, convertSsecKey, ssecAccess } from "./ssec.ts";
import { type BucketState, checkKey, honoursInclude, MAX_OBJECT_SIZE } from "./state.ts";
import { createUpload, MultipartUploadHandle } from "./upload.ts";
import { cancelStreamValue, checkValue, declaredSize, type PutValue, readValue, requireKnownLength } from "./values.ts";

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
  /** Customer key (SSE-C): 32 bytes, or 64 lowercase hex characters. */
  ssecKey?: ArrayBuffer | ArrayBufferView | string;
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
  ssecKey?: ArrayBuffer | ArrayBufferView | string;
}

export interface StoreMultipartOptions {
  httpMetadata?: HttpMetadata | AnyHeaders;
  customMetadata?: Record<string, string>;
  storageClass?: string;
  ssecKey?: ArrayBuffer | ArrayBufferView | string;
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

/** Most keys one delete may name (the platform's documented limit). */
export const MAX_DELETE_KEYS = 1000;

/** A required string parameter: coerced; missing -> the binding's TypeError. */
function stringParam(args: readonly unknown[], i: number, method: string, cls = "R2Bucket"): string {
  if (args.length <= i) throw paramTypeError(method, cls, i + 1, "string");
  return coerceString(args[i]);
}

function optionalString(v: unknown): string | undefined {
  return v === undefined ? undefined : coerceString(v);
}

export function parseStorageClass(
  action: "put" | "createMultipartUpload",
  value: string | undefined,
  fallback: StorageClass,
): StorageClass {
  if (value === undefined) return fallback;
  if (!isStorageClass(value)) throw storeError(action, "invalidStorageClass");
  return value;
}

/** The error of a read that does not give the customer key the object was stored with, if any. */
function ssecError(action: StoreAction, record: StoredObject, given: string | undefined): Error | undefined {
  const access = ssecAccess(record.ssecKeyMd5, given);
  if (access === "ok") return undefined;
  return storeError(action, access === "missing" ? "ssecKeyMissing" : "ssecKeyMismatch");
}

let isBucket: (o: unknown) => boolean;

/** The platform names this class R2Bucket (constructor.name); exported as StoreBucket. */
class R2Bucket {
  static {
    isBucket = (o) => typeof o === "object" && o !== null && #state in o;
  }
  readonly #state: BucketState;
  readonly #gates: GateHolder;

  constructor(state: BucketState, gates: GateHolder = { gate: undefined }) {
    this.#state = state;
    this.#gates = gates;
  }

  head(key: string): Promise<StoreObject | null>;
  async head(...args: unknown[]): Promise<StoreObject | null> {
    const wait = passGate(this.#gates, "head", this.#state.name);
    if (wait) await wait;
    const k = stringParam(args, 0, "head");
    checkKey("head", k);
    const record = this.#state.objects.get(k);
    return record ? new StoreObject(record, { range: { offset: 0, length: record.size } }) : null;
  }

  get(
    key: string,
    options: StoreGetOptions & { onlyIf: StoreConditional | AnyHeaders },
  ): Promise<StoreObjectBody | StoreObject | null>;
  get(key: string, options?: StoreGetOptions): Promise<StoreObjectBody | null>;
  async get(...args: unknown[]): Promise<StoreObjectBody | StoreObject | null> {
    const wait = passGate(this.#gates, "get", this.#state.name);
    if (wait) await wait;
    // 1. Conversion of every argument (types).
    const k = stringParam(args, 0, "get");
    const o = dictionaryParam(args[1], "get", "R2Bucket", 2, "GetOptions");
    const onlyIf = convertConditional(o.onlyIf, "GetOptions");
    const rangeArg = convertRange(o.range);
    const ssecArg = convertSsecKey(o.ssecKey);
    // 2. Value checks, in the binding's order.
    const cond = unwrapConditional(onlyIf);
    const range = checkRange(rangeArg);
    const ssec = checkSsecKey(ssecArg);
    // 3. Storage.
    checkKey("get", k);
    const record = this.#state.objects.get(k);
    if (!record) return null;
    const refused = ssecError("get", record, ssec);
    if (refused) throw refused;
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
  async put(...args: unknown[]): Promise<StoreObject | null> {
    const wait = passGate(this.#gates, "put", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    // 1. Conversion of every argument (types), fields in the binding's declaration order.
    const k = stringParam(args, 0, "put");
    const value = checkValue(args[1], "put", args.length > 1);
    const o = dictionaryParam(args[2], "put", "R2Bucket", 3, "PutOptions");
    const onlyIf = convertConditional(o.onlyIf, "PutOptions");
    const httpArg = convertHttpMetadata(o.httpMetadata, "PutOptions");
    const customMetadata = parseCustomMetadata(o.customMetadata, "PutOptions");
    const checksumArgs = convertChecksums(o as Partial<Record<HashAlgorithm, unknown>>);
    const storageClassArg = optionalString(o.storageClass);
    const ssecArg = convertSsecKey(o.ssecKey);
    // 2. Value checks, in the binding's order. One failing cancels a stream value (workerd's put
    // arms a cancel for them, r2-bucket.c++:570-576, disarmed at :819, before the length check).
    let cond: ReturnType<typeof unwrapConditional>;
    let httpMetadata: HttpMetadata;
    let supplied: ReturnType<typeof checkChecksums>;
    let ssecKeyMd5: string | undefined;
    try {
      cond = unwrapConditional(onlyIf);
      httpMetadata = readHttpMetadata(httpArg);
      supplied = checkChecksums(checksumArgs);
      ssecKeyMd5 = checkSsecKey(ssecArg);
    } catch (e) {
      cancelStreamValue(value);
      throw e;
    }
    const checked = requireKnownLength(value);
    // 3. Storage checks, in the platform's order.
    checkKey("put", k);
    if (declaredSize(checked) > MAX_OBJECT_SIZE) throw storeError("put", "entityTooLarge");
    if (customMetadataTooLarge(customMetadata)) throw storeError("put", "metadataTooLarge");
    const storageClass = parseStorageClass("put", storageClassArg, state.options.defaultStorageClass);
    const chunks = await readValue(checked);
    const hashes = hashChunks(chunks, supplied?.algorithm);
    if (supplied) {
      const actual = hashes[supplied.algorithm]!;
      if (actual !== supplied.hex) throw badDigest("put", ALGORITHM_NAMES[supplied.algorithm], supplied.hex, actual);
    }
    const size = declaredSize(checked);
    // 4. Precondition against the object as it is now (after the value was read).
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
      ...(ssecKeyMd5 === undefined ? {} : { ssecKeyMd5 }),
      chunks,
    };
    state.commitObject(record);
    return new StoreObject(record);
  }

  delete(keys: string | string[]): Promise<void>;
  async delete(...args: unknown[]): Promise<void> {
    const wait = passGate(this.#gates, "delete", this.#state.name);
    if (wait) await wait;
    if (args.length === 0) throw paramTypeError("delete", "R2Bucket", 1, "string or Array");
    const keys = jsgArray(args[0]);
    if (keys === undefined) {
      const k = coerceString(args[0]);
      checkKey("delete", k);
      this.#state.deleteObject(k);
      return;
    }
    const list = keys.map(coerceString);
    if (list.length > MAX_DELETE_KEYS) throw storeError("delete", "tooManyKeys");
    for (const k of list) checkKey("delete", k);
    for (const k of list) this.#state.deleteObject(k);
  }

  list(options?: StoreListOptions): Promise<StoreObjects>;
  async list(...args: unknown[]): Promise<StoreObjects> {
    const wait = passGate(this.#gates, "list", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    // 1. Conversion (types), fields in declaration order.
    const o = dictionaryParam(args[0], "list", "R2Bucket", 1, "ListOptions");
    // Each field read once, in declaration order (jsg reads a struct's fields once).
    const limitField = o.limit;
    const limitArg = limitField === undefined ? undefined : toInt(limitField);
    const str = (field: string): string | undefined => {
      const v = o[field];
      return v === undefined ? undefined : nonCoercibleString(v, field, "ListOptions");
    };
    const prefix = str("prefix");
    const cursorText = str("cursor");
    const delimiter = str("delimiter");
    const startAfter = str("startAfter");
    let include: string[] = [];
    const includeField = o.include;
    if (includeField !== undefined) {
      const given = jsgArray(includeField);
      if (given === undefined) throw fieldTypeError("include", "ListOptions", "Array");
      include = given.map((v: unknown, i: number) => {
        if (typeof v !== "string") {
          throw new TypeError(`Incorrect type for array element ${i}: the provided value is not of type 'string'.`);
        }
        return v;
      });
    }
    // 2. Value checks.
    for (const i of include) {
      if (i !== "httpMetadata" && i !== "customMetadata") throw new RangeError(`Unsupported include value ${i}`);
    }
    // 3. Storage. -1 is the wire default (no limit sent): 1000.
    const limit = limitArg === undefined || limitArg === -1 ? 1000 : limitArg;
    if (limit < 1 || limit > 1000) throw storeError("list", "invalidMaxKeys");
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
      return { objects, truncated: true, cursor: encodeCursor(page.cursor), delimitedPrefixes: page.delimitedPrefixes };
    }
    // The platform's key order (r2-bucket.h ListResult: objects, truncated, cursor, delimitedPrefixes).
    return { objects, truncated: false, delimitedPrefixes: page.delimitedPrefixes };
  }

  createMultipartUpload(key: string, options?: StoreMultipartOptions): Promise<MultipartUploadHandle>;
  async createMultipartUpload(...args: unknown[]): Promise<MultipartUploadHandle> {
    const wait = passGate(this.#gates, "createMultipartUpload", this.#state.name);
    if (wait) await wait;
    const state = this.#state;
    const k = stringParam(args, 0, "createMultipartUpload");
    const o = dictionaryParam(args[1], "createMultipartUpload", "R2Bucket", 2, "MultipartOptions");
    const httpArg = convertHttpMetadata(o.httpMetadata, "MultipartOptions");
    const customMetadata = parseCustomMetadata(o.customMetadata, "MultipartOptions");
    const storageClassArg = optionalString(o.storageClass);
    const ssecArg = convertSsecKey(o.ssecKey);
    const httpMetadata = readHttpMetadata(httpArg);
    const ssecKeyMd5 = checkSsecKey(ssecArg);
    checkKey("createMultipartUpload", k);
    if (customMetadataTooLarge(customMetadata)) throw storeError("createMultipartUpload", "metadataTooLarge");
    const storageClass = parseStorageClass("createMultipartUpload", storageClassArg, state.options.defaultStorageClass);
    const record = createUpload(state, k, httpMetadata, customMetadata, storageClass, ssecKeyMd5);
    return new MultipartUploadHandle(state, k, record.uploadId, this.#gates);
  }

  /** Synchronous, checks nothing but its arguments' presence (spec): the handle's calls find out. */
  resumeMultipartUpload(key: string, uploadId: string): MultipartUploadHandle;
  resumeMultipartUpload(...args: unknown[]): MultipartUploadHandle {
    const key = stringParam(args, 0, "resumeMultipartUpload");
    const uploadId = stringParam(args, 1, "resumeMultipartUpload");
    return new MultipartUploadHandle(this.#state, key, uploadId, this.#gates);
  }
}

platformMembers(
  R2Bucket.prototype,
  ["head", "get", "put", "createMultipartUpload", "resumeMultipartUpload", "delete", "list"],
  isBucket,
);

export { R2Bucket as StoreBucket };
