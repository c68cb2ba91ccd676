/**
 * The multipart upload handle (StoreMultipartUpload): uploadPart, abort, complete, over the
 * bucket's state.
 *
 * Arguments are converted as the binding does: part numbers are jsg `int`s (1.5 -> 1, "2" -> 2, out of
 * int32 -> TypeError), the value is checked before the part number's range, uploadPart's third
 * parameter is R2UploadPartOptions (`ssecKey`), and complete refuses part numbers outside 1..10000.
 *
 * Gaps / by design: an upload id unknown to the bucket (never created, or created for another key)
 * gives 10024 on uploadPart, complete and abort; an upload that was completed or aborted gives 10024
 * on uploadPart and complete, and abort stays a no-op (idempotent), as on the platform. A part larger
 * than 5 GiB gives 100100 (the platform documents the limit, not its code).
 */

import { coerceString, dictionaryParam, paramTypeError, platformMembers, toInt } from "./convert.ts";
import { storeError } from "./errors.ts";
import { type GateHolder, passGate } from "./gate.ts";
import type { HttpMetadata, StorageClass } from "./metadata.ts";
import {
  assembleParts,
  checkPartNumber,
  checkUploadedParts,
  MAX_PART_SIZE,
  multipartEtag,
  partDigest,
  type StoredPart,
  UPLOAD_LIFETIME_MS,
  type UploadRecord,
} from "./multipart.ts";
import { type StoredObject, StoreObject } from "./object.ts";
import { checkSsecKey, convertSsecKey, ssecAccess } from "./ssec.ts";
import { type BucketState, checkKey } from "./state.ts";
import { checkValue, declaredSize, type PartValue, readValue, requireKnownLength, totalSize } from "./values.ts";

export interface StoreUploadedPart {
  partNumber: number;
  etag: string;
}

/** The third parameter of uploadPart (the platform's R2UploadPartOptions). */
export interface StoreUploadPartOptions {
  ssecKey?: ArrayBuffer | ArrayBufferView | string;
}

export function createUpload(
  state: BucketState,
  key: string,
  httpMetadata: HttpMetadata,
  customMetadata: Record<string, string>,
  storageClass: StorageClass,
  ssecKeyMd5?: string,
): UploadRecord {
  const record: UploadRecord = {
    key,
    uploadId: state.newUploadId(),
    httpMetadata,
    customMetadata,
    storageClass,
    ...(ssecKeyMd5 === undefined ? {} : { ssecKeyMd5 }),
    expiresAt: state.now() + UPLOAD_LIFETIME_MS,
    parts: new Map(),
  };
  state.addUpload(record);
  return record;
}

/** The platform names this class R2MultipartUpload (it shows in messages). */
let isUpload: (o: unknown) => boolean;

class R2MultipartUpload {
  static {
    isUpload = (o) => typeof o === "object" && o !== null && #state in o;
  }
  // Own keys in the platform's order: uploadId, key (r2-multipart.h, lazy instance properties).
  readonly uploadId: string;
  readonly key: string;
  readonly #state: BucketState;
  readonly #gates: GateHolder;

  constructor(state: BucketState, key: string, uploadId: string, gates: GateHolder = { gate: undefined }) {
    this.#state = state;
    this.#gates = gates;
    const k = coerceString(key);
    this.uploadId = coerceString(uploadId);
    this.key = k;
    Object.freeze(this);
  }

  #active(): UploadRecord | undefined {
    const u = this.#state.uploads.get(this.uploadId);
    return u && u.key === this.key ? u : undefined;
  }

  uploadPart(partNumber: number, value: PartValue, options?: StoreUploadPartOptions): Promise<StoreUploadedPart>;
  async uploadPart(...args: unknown[]): Promise<StoreUploadedPart> {
    const wait = passGate(this.#gates, "uploadPart", this.#state.name);
    if (wait) await wait;
    // 1. Conversion: part number (int), value, options.
    if (args.length === 0) throw paramTypeError("uploadPart", "R2MultipartUpload", 1, "integer");
    const number = toInt(args[0]);
    const value = checkValue(args[1], "uploadPart");
    const o = dictionaryParam(args[2], "uploadPart", "R2MultipartUpload", 3, "UploadPartOptions");
    const ssecArg = convertSsecKey(o.ssecKey);
    // 2. Value checks.
    const n = checkPartNumber(number);
    const ssec = checkSsecKey(ssecArg);
    const checked = requireKnownLength(value);
    // 3. Storage.
    checkKey("uploadPart", this.key);
    const found = this.#active();
    if (!found) throw storeError("uploadPart", "noSuchUpload");
    const access = ssecAccess(found.ssecKeyMd5, ssec);
    if (access !== "ok") throw storeError("uploadPart", access === "missing" ? "ssecKeyMissing" : "ssecKeyMismatch");
    if (declaredSize(checked) > MAX_PART_SIZE) throw storeError("uploadPart", "entityTooLarge");
    const chunks = await readValue(checked);
    // The upload may have been completed or aborted while the value was read.
    const upload = this.#active();
    if (!upload) throw storeError("uploadPart", "noSuchUpload");
    const { md5, etag } = partDigest(chunks);
    const part: StoredPart = { partNumber: n, etag, md5, size: totalSize(chunks), chunks };
    upload.parts.set(n, part);
    return { partNumber: n, etag };
  }

  async abort(): Promise<void> {
    const wait = passGate(this.#gates, "abortMultipartUpload", this.#state.name);
    if (wait) await wait;
    checkKey("abortMultipartUpload", this.key);
    if (this.#active()) {
      this.#state.finishUpload(this.uploadId);
      return;
    }
    if (this.#state.finished.has(this.uploadId)) return;
    throw storeError("abortMultipartUpload", "noSuchUpload");
  }

  complete(uploadedParts: StoreUploadedPart[]): Promise<StoreObject>;
  async complete(...args: unknown[]): Promise<StoreObject> {
    const wait = passGate(this.#gates, "completeMultipartUpload", this.#state.name);
    if (wait) await wait;
    const refs = checkUploadedParts(args.length === 0 ? undefined : args[0]);
    for (const r of refs) checkPartNumber(r.partNumber);
    checkKey("completeMultipartUpload", this.key);
    const state = this.#state;
    const upload = this.#active();
    if (!upload) throw storeError("completeMultipartUpload", "noSuchUpload");
    const assembled = assembleParts(refs, upload.parts, state.options.minPartSize);
    if (!assembled.ok) throw storeError("completeMultipartUpload", assembled.error);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (const p of assembled.parts) {
      for (const c of p.chunks) chunks.push(c);
      size += p.size;
    }
    const record: StoredObject = {
      key: upload.key,
      version: state.newVersion(),
      size,
      etag: multipartEtag(assembled.parts),
      uploaded: state.now(),
      httpMetadata: upload.httpMetadata,
      customMetadata: upload.customMetadata,
      checksums: {},
      storageClass: upload.storageClass,
      ...(upload.ssecKeyMd5 === undefined ? {} : { ssecKeyMd5: upload.ssecKeyMd5 }),
      chunks,
    };
    state.finishUpload(upload.uploadId);
    state.commitObject(record);
    return new StoreObject(record);
  }
}

platformMembers(R2MultipartUpload.prototype, ["uploadPart", "abort", "complete"], isUpload);

export { R2MultipartUpload as MultipartUploadHandle };
