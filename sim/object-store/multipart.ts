/**
 * Multipart uploads: the upload record, part-number checks, the assembly rules of complete (part
 * sizes, etags) and the etags the platform computes. Pure: the bucket holds the state.
 *
 * Gaps / by design: the 5 GiB per-part maximum is checked on the declared size of a part (uploadPart);
 * the 10,000-part count on the part number; the minimum part size defaults to 5 MiB and a bucket
 * option may lower it (tests). Part bytes stay as their chunks; complete links them, never copies.
 */
import { createHash } from "node:crypto";
import { coerceString, jsgArray, requiredMembersError, toInt } from "./convert.ts";
import type { StoreErrorName } from "./errors.ts";
import type { HttpMetadata, StorageClass } from "./metadata.ts";

export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Largest part: 5 GiB (the platform's documented limit). */
export const MAX_PART_SIZE = 5 * 1024 ** 3;
export const MAX_PART_NUMBER = 10_000;
export const UPLOAD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface StoredPart {
  readonly partNumber: number;
  readonly etag: string;
  /** Binary md5 of the part (for the object etag). */
  readonly md5: Uint8Array;
  readonly size: number;
  readonly chunks: readonly Uint8Array[];
}

export interface UploadRecord {
  readonly key: string;
  readonly uploadId: string;
  readonly httpMetadata: HttpMetadata;
  readonly customMetadata: Readonly<Record<string, string>>;
  readonly storageClass: StorageClass;
  /** MD5 of the upload's customer key (SSE-C), base64; parts need the same key. */
  readonly ssecKeyMd5?: string;
  /** ms since epoch: when the upload is aborted automatically. */
  readonly expiresAt: number;
  readonly parts: Map<number, StoredPart>;
}

/** The binding's range check of a part number, once converted to an int (TypeError). */
export function checkPartNumber(n: number): number {
  if (n < 1 || n > MAX_PART_NUMBER) {
    throw new TypeError(`Part number must be between 1 and ${MAX_PART_NUMBER} (inclusive). Actual value was: ${n}`);
  }
  return n;
}

/** A part's md5 over its chunks: binary and the hex etag. */
export function partDigest(chunks: readonly Uint8Array[]): { md5: Uint8Array; etag: string } {
  const h = createHash("md5");
  for (const c of chunks) h.update(c);
  const md5 = new Uint8Array(h.digest());
  return { md5, etag: Buffer.from(md5).toString("hex") };
}

/** The object etag of a completed upload: md5 of the concatenated binary part md5s, hex, `-N`. */
export function multipartEtag(parts: readonly { md5: Uint8Array }[]): string {
  const h = createHash("md5");
  for (const p of parts) h.update(p.md5);
  return `${h.digest("hex")}-${parts.length}`;
}

export interface UploadedPartRef {
  partNumber: number;
  etag: string;
}

/**
 * The parts complete assembles, in part-number order, or the name of the error (check order as the
 * platform: duplicates, unknown or mismatched parts, then sizes).
 */
export function assembleParts(
  given: readonly UploadedPartRef[],
  stored: ReadonlyMap<number, StoredPart>,
  minPartSize: number,
): { ok: true; parts: StoredPart[] } | { ok: false; error: Exclude<StoreErrorName, "badDigest"> } {
  const seen = new Set<number>();
  for (const g of given) {
    if (seen.has(g.partNumber)) return { ok: false, error: "internal" };
    seen.add(g.partNumber);
  }
  const parts: StoredPart[] = [];
  for (const g of given) {
    const p = stored.get(g.partNumber);
    if (!p || p.etag !== g.etag) return { ok: false, error: "invalidPart" };
    parts.push(p);
  }
  parts.sort((a, b) => a.partNumber - b.partNumber);
  const first = parts[0];
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!;
    if (p.size < minPartSize) return { ok: false, error: "entityTooSmall" };
    if (first && p.size !== first.size) return { ok: false, error: "badUpload" };
  }
  const last = parts[parts.length - 1];
  if (first && last && parts.length > 1 && last.size > first.size) return { ok: false, error: "badUpload" };
  return { ok: true, parts };
}

/** The C++ name (typeid) jsg's messages give R2MultipartUpload::UploadedPart. */
const UPLOADED_PART = "N7workerd3api11public_beta17R2MultipartUpload12UploadedPartE";

/**
 * Converts the refs passed to complete as the binding does: an Array of UploadedPart dictionaries
 * (`partNumber` an int, `etag` a coerced string; both required, so a null or undefined element (a
 * hole too) is jsg's "Cannot initialize ..." TypeError; a Proxy of an array is no Array).
 */
export function checkUploadedParts(value: unknown): UploadedPartRef[] {
  const parts = jsgArray(value);
  if (parts === undefined) {
    throw new TypeError("Failed to execute 'complete' on 'R2MultipartUpload': parameter 1 is not of type 'Array'.");
  }
  return parts.map((v, i) => {
    if (v === null || v === undefined) throw requiredMembersError(UPLOADED_PART);
    if (typeof v !== "object" && typeof v !== "function") {
      throw new TypeError(`Incorrect type for array element ${i}: the provided value is not of type 'UploadedPart'.`);
    }
    const o = v as Record<string, unknown>;
    return { partNumber: toInt(o.partNumber), etag: coerceString(o.etag) };
  });
}
