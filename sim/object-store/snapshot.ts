/**
 * Snapshot and restore of the object store: plain, deep copies of every bucket (objects with their
 * bytes, in-progress uploads with their parts, finished upload ids), for the control surface. Custom
 * metadata is copied by spread (own data properties), so a stored key `__proto__` stays a key.
 *
 * Gaps / by design: the random stream's position is not part of a snapshot, so ids issued after a
 * restore differ from those issued after the original state. Restored uploads get their 7-day expiry
 * scheduled again on the clock at their original due time.
 */
import type { HashAlgorithm } from "../core/hash.ts";
import type { HttpMetadata, StorageClass } from "./metadata.ts";
import type { StoredPart, UploadRecord } from "./multipart.ts";
import type { StoredObject } from "./object.ts";
import type { BucketState, ResolvedBucketOptions } from "./state.ts";

export interface ObjectSnapshot {
  key: string;
  version: string;
  size: number;
  etag: string;
  uploaded: number;
  httpMetadata: Omit<HttpMetadata, "cacheExpiry"> & { cacheExpiry?: number };
  customMetadata: Record<string, string>;
  checksums: Partial<Record<HashAlgorithm, string>>;
  storageClass: StorageClass;
  /** Base64 MD5 of the SSE-C key the object was written with (absent without one). */
  ssecKeyMd5?: string;
  bytes: Uint8Array;
}

export interface PartSnapshot {
  partNumber: number;
  etag: string;
  md5: Uint8Array;
  bytes: Uint8Array;
}

export interface UploadSnapshot {
  key: string;
  uploadId: string;
  httpMetadata: Omit<HttpMetadata, "cacheExpiry"> & { cacheExpiry?: number };
  customMetadata: Record<string, string>;
  storageClass: StorageClass;
  ssecKeyMd5?: string;
  expiresAt: number;
  parts: PartSnapshot[];
}

export interface BucketSnapshot {
  name: string;
  options: ResolvedBucketOptions;
  objects: ObjectSnapshot[];
  uploads: UploadSnapshot[];
  finished: string[];
}

export interface ObjectStoreSnapshot {
  kind: "object-store";
  buckets: BucketSnapshot[];
}

function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function metaOut(m: HttpMetadata): ObjectSnapshot["httpMetadata"] {
  const { cacheExpiry, ...rest } = m;
  return cacheExpiry ? { ...rest, cacheExpiry: cacheExpiry.getTime() } : { ...rest };
}

function metaIn(m: ObjectSnapshot["httpMetadata"]): HttpMetadata {
  const { cacheExpiry, ...rest } = m;
  return cacheExpiry === undefined ? { ...rest } : { ...rest, cacheExpiry: new Date(cacheExpiry) };
}

export function snapshotBucket(state: BucketState): BucketSnapshot {
  const objects: ObjectSnapshot[] = [];
  for (const r of state.index.items()) {
    objects.push({
      key: r.key,
      version: r.version,
      size: r.size,
      etag: r.etag,
      uploaded: r.uploaded,
      httpMetadata: metaOut(r.httpMetadata),
      customMetadata: { ...r.customMetadata },
      checksums: { ...r.checksums },
      storageClass: r.storageClass,
      ...(r.ssecKeyMd5 === undefined ? {} : { ssecKeyMd5: r.ssecKeyMd5 }),
      bytes: joinChunks(r.chunks),
    });
  }
  const uploads: UploadSnapshot[] = [...state.uploads.values()].map((u) => ({
    key: u.key,
    uploadId: u.uploadId,
    httpMetadata: metaOut(u.httpMetadata),
    customMetadata: { ...u.customMetadata },
    storageClass: u.storageClass,
    ...(u.ssecKeyMd5 === undefined ? {} : { ssecKeyMd5: u.ssecKeyMd5 }),
    expiresAt: u.expiresAt,
    parts: [...u.parts.values()].map((p) => ({
      partNumber: p.partNumber,
      etag: p.etag,
      md5: p.md5.slice(),
      bytes: joinChunks(p.chunks),
    })),
  }));
  return {
    name: state.name,
    options: { ...state.options, compatibilityFlags: [...state.options.compatibilityFlags] },
    objects,
    uploads,
    finished: [...state.finished],
  };
}

/** Loads `snap` into an empty `state` (copies every byte array). */
export function restoreBucket(state: BucketState, snap: BucketSnapshot): void {
  for (const o of snap.objects) {
    const bytes = o.bytes.slice();
    const record: StoredObject = {
      key: o.key,
      version: o.version,
      size: o.size,
      etag: o.etag,
      uploaded: o.uploaded,
      httpMetadata: metaIn(o.httpMetadata),
      customMetadata: { ...o.customMetadata },
      checksums: { ...o.checksums },
      storageClass: o.storageClass,
      ...(o.ssecKeyMd5 === undefined ? {} : { ssecKeyMd5: o.ssecKeyMd5 }),
      chunks: bytes.byteLength === 0 ? [] : [bytes],
    };
    state.commitObject(record);
  }
  for (const u of snap.uploads) {
    const parts = new Map<number, StoredPart>();
    for (const p of u.parts) {
      const bytes = p.bytes.slice();
      parts.set(p.partNumber, {
        partNumber: p.partNumber,
        etag: p.etag,
        md5: p.md5.slice(),
        size: bytes.byteLength,
        chunks: bytes.byteLength === 0 ? [] : [bytes],
      });
    }
    const record: UploadRecord = {
      key: u.key,
      uploadId: u.uploadId,
      httpMetadata: metaIn(u.httpMetadata),
      customMetadata: { ...u.customMetadata },
      storageClass: u.storageClass,
      ...(u.ssecKeyMd5 === undefined ? {} : { ssecKeyMd5: u.ssecKeyMd5 }),
      expiresAt: u.expiresAt,
      parts,
    };
    state.addUpload(record);
  }
  for (const id of snap.finished) state.finished.add(id);
}
