/**
 * The multipart upload handle (StoreMultipartUpload): uploadPart, abort, complete, over the
 * bucket's state.
 *
 * Gaps / by design: an upload id unknown to the bucket (never created, or created for another key)
 * gives 10024 on uploadPart, complete and abort; an upload that was completed or aborted gives 10024
 * on uploadPart and complete, and abort stays a no-op (idempotent), as on the platform.
 */

import { storeError } from "./errors.ts";
import { type GateHolder, passGate } from "./gate.ts";
import type { HttpMetadata, StorageClass } from "./metadata.ts";
import {
  assembleParts,
  checkPartNumber,
  checkUploadedParts,
  multipartEtag,
  partDigest,
  type StoredPart,
  UPLOAD_LIFETIME_MS,
  type UploadRecord,
} from "./multipart.ts";
import { type StoredObject, StoreObject } from "./object.ts";
import { type BucketState, checkKey } from "./state.ts";
import { checkValue, type PartValue, readValue, totalSize } from "./values.ts";

export interface StoreUploadedPart {
  partNumber: number;
  etag: string;
}

export function createUpload(
  state: BucketState,
  key: string,
  httpMetadata: HttpMetadata,
  customMetadata: Record<string, string>,
  storageClass: StorageClass,
): UploadRecord {
  const record: UploadRecord = {
    key,
    uploadId: state.newUploadId(),
    httpMetadata,
    customMetadata,
    storageClass,
    expiresAt: state.now() + UPLOAD_LIFETIME_MS,
    parts: new Map(),
  };
  state.addUpload(record);
  return record;
}

export class MultipartUploadHandle {
  readonly key: string;
  readonly uploadId: string;
  readonly #state: BucketState;
  readonly #gates: GateHolder;

  constructor(state: BucketState, key: string, uploadId: string, gates: GateHolder = { gate: undefined }) {
    this.#state = state;
    this.#gates = gates;
    this.key = key;
    this.uploadId = uploadId;
  }

  #active(): UploadRecord | undefined {
    const u = this.#state.uploads.get(this.uploadId);
    return u && u.key === this.key ? u : undefined;
  }

  async uploadPart(partNumber: number, value: PartValue): Promise<StoreUploadedPart> {
    const wait = passGate(this.#gates, "uploadPart", this.#state.name);
    if (wait) await wait;
    const n = checkPartNumber(partNumber);
    const checked = checkValue(value, "uploadPart");
    checkKey("uploadPart", this.key);
    if (!this.#active()) throw storeError("uploadPart", "noSuchUpload");
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

  async complete(uploadedParts: StoreUploadedPart[]): Promise<StoreObject> {
    const wait = passGate(this.#gates, "completeMultipartUpload", this.#state.name);
    if (wait) await wait;
    const refs = checkUploadedParts(uploadedParts);
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
      chunks,
    };
    state.finishUpload(upload.uploadId);
    state.commitObject(record);
    return new StoreObject(record);
  }
}
