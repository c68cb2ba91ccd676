/**
 * HTTP metadata (from an object or from Headers), custom metadata and their checks, and how
 * writeHttpMetadata turns them back into headers.
 *
 * Gaps / by design: the custom-metadata limit counts UTF-8 bytes of keys plus values against 8192
 * (the platform's production limit, Miniflare's is lower). Unknown httpMetadata fields are dropped.
 */
import { isHeaders } from "./values.ts";

export interface HttpMetadata {
  contentType?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  cacheExpiry?: Date;
}

export const MAX_CUSTOM_METADATA_BYTES = 8192;

const STRING_FIELDS = [
  "contentType",
  "contentLanguage",
  "contentDisposition",
  "contentEncoding",
  "cacheControl",
] as const;

const HEADER_OF: Record<(typeof STRING_FIELDS)[number], string> = {
  contentType: "content-type",
  contentLanguage: "content-language",
  contentDisposition: "content-disposition",
  contentEncoding: "content-encoding",
  cacheControl: "cache-control",
};

/** Parses httpMetadata given as an object or as Headers (Expires -> cacheExpiry). */
export function parseHttpMetadata(value: unknown): HttpMetadata {
  const out: HttpMetadata = {};
  if (value === undefined || value === null) return out;
  if (isHeaders(value)) {
    for (const f of STRING_FIELDS) {
      const v = value.get(HEADER_OF[f]);
      if (v !== null) out[f] = v;
    }
    const expires = value.get("expires");
    if (expires !== null) {
      const ms = Date.parse(expires);
      if (Number.isFinite(ms)) out.cacheExpiry = new Date(ms);
    }
    return out;
  }
  if (typeof value !== "object") {
    throw new TypeError(
      "Incorrect type for the 'httpMetadata' field: the provided value is not of type 'R2HTTPMetadata or Headers'.",
    );
  }
  const o = value as Record<string, unknown>;
  for (const f of STRING_FIELDS) {
    const v = o[f];
    if (v === undefined) continue;
    if (typeof v !== "string") {
      throw new TypeError(
        `Incorrect type for the '${f}' field on 'R2HTTPMetadata': the provided value is not of type 'string'.`,
      );
    }
    out[f] = v;
  }
  if (o.cacheExpiry !== undefined) {
    if (!(o.cacheExpiry instanceof Date)) {
      throw new TypeError(
        "Incorrect type for the 'cacheExpiry' field on 'R2HTTPMetadata': the provided value is not of type 'Date'.",
      );
    }
    out.cacheExpiry = new Date(o.cacheExpiry.getTime());
  }
  return out;
}

/** Checks custom metadata is a record of strings; returns a copy. */
export function parseCustomMetadata(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || value === null) return out;
  if (typeof value !== "object") {
    throw new TypeError(
      "Incorrect type for the 'customMetadata' field on 'R2PutOptions': the provided value is not of type 'Record<string, string>'.",
    );
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v !== "string") {
      throw new TypeError(`Incorrect type for map entry '${k}': the provided value is not of type 'string'.`);
    }
    out[k] = v;
  }
  return out;
}

/** Bytes the platform counts against the metadata limit. */
export function customMetadataSize(meta: Readonly<Record<string, string>>): number {
  let n = 0;
  for (const [k, v] of Object.entries(meta)) n += Buffer.byteLength(k, "utf8") + Buffer.byteLength(v, "utf8");
  return n;
}

export function customMetadataTooLarge(meta: Readonly<Record<string, string>>): boolean {
  return customMetadataSize(meta) > MAX_CUSTOM_METADATA_BYTES;
}

export function copyHttpMetadata(m: HttpMetadata): HttpMetadata {
  const out: HttpMetadata = { ...m };
  if (m.cacheExpiry !== undefined) out.cacheExpiry = new Date(m.cacheExpiry.getTime());
  return out;
}

/** Sets the six headers present in `m` on `headers`, leaving other headers alone. */
export function writeHttpMetadataTo(m: HttpMetadata, headers: Headers): void {
  for (const f of STRING_FIELDS) {
    const v = m[f];
    if (v !== undefined) headers.set(HEADER_OF[f], v);
  }
  if (m.cacheExpiry) headers.set("expires", m.cacheExpiry.toUTCString());
}

export const STORAGE_CLASSES = ["Standard", "InfrequentAccess"] as const;
export type StorageClass = (typeof STORAGE_CLASSES)[number];

export function isStorageClass(v: unknown): v is StorageClass {
  return v === "Standard" || v === "InfrequentAccess";
}
