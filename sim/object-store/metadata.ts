/**
 * HTTP metadata (from an object or from Headers), custom metadata and their checks, and how
 * writeHttpMetadata turns them back into headers.
 *
 * Conversion as the binding's: the five string fields coerce (`String(v)`, so null is "null"),
 * cacheExpiry is a jsg date (a Date or ms); customMetadata is an object whose keys and values coerce.
 * An own key `__proto__` of customMetadata is stored (and counted against the limit) but is in no
 * customMetadata handed out, as on the platform (`platformDict`).
 * From Headers, Expires is read as the binding reads it (`headerDate`: an unparseable date is the
 * epoch, dates outside about 1677..2262 wrap as int64 nanoseconds do).
 *
 * Gaps / by design: the custom-metadata limit counts UTF-8 bytes of keys plus values against 8192
 * (the platform's production limit, Miniflare's is lower). Unknown httpMetadata fields are dropped.
 * writeHttpMetadata follows current workerd (Headers::setCommon checks values since v1.20260602.1):
 * each value is trimmed of HTTP whitespace, and one with CR, LF or NUL left inside throws TypeError
 * "Invalid header value." (the headers before it are written, the rest are not). It writes into
 * immutable headers there; here it cannot write into Node's immutable Headers nor a value above U+00FF
 * (Node refuses both; workerd writes them), and those are left out without an error.
 */
import { headerDate } from "./conditional.ts";
import { coerceString, dictionaryOrHeaders, stringRecord, toDate } from "./convert.ts";
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

/** httpMetadata once its types are checked: a Headers (read later), or the converted fields. */
export type ConvertedHttpMetadata = { headers: Headers } | { fields: HttpMetadata };

/** Type conversion of `httpMetadata` (a field of `owner`: 'PutOptions' or 'MultipartOptions'). */
export function convertHttpMetadata(value: unknown, owner: string): ConvertedHttpMetadata | undefined {
  if (value === undefined) return undefined;
  const v = dictionaryOrHeaders(value, "httpMetadata", owner, "HttpMetadata or Headers", isHeaders);
  if ("headers" in v) return { headers: v.headers };
  const o = v.dict;
  const fields: HttpMetadata = {};
  for (const f of STRING_FIELDS) {
    const x = o[f];
    if (x !== undefined) fields[f] = coerceString(x);
  }
  const exp = o.cacheExpiry;
  if (exp !== undefined) fields.cacheExpiry = new Date(toDate(exp, "cacheExpiry", "HttpMetadata"));
  return { fields };
}

/** The metadata a converted value carries (Headers are read now: Expires -> cacheExpiry). */
export function readHttpMetadata(c: ConvertedHttpMetadata | undefined): HttpMetadata {
  if (c === undefined) return {};
  if ("fields" in c) return c.fields;
  const out: HttpMetadata = {};
  const h = c.headers;
  for (const f of STRING_FIELDS) {
    const v = h.get(HEADER_OF[f]);
    if (v !== null) out[f] = v;
  }
  const expires = h.get("expires");
  if (expires !== null) out.cacheExpiry = new Date(headerDate(expires));
  return out;
}

/** Converts and reads httpMetadata in one step. */
export function parseHttpMetadata(value: unknown, owner = "PutOptions"): HttpMetadata {
  return readHttpMetadata(convertHttpMetadata(value, owner));
}

/** Type conversion of customMetadata (a field of `owner`); returns a copy. */
export function parseCustomMetadata(value: unknown, owner = "PutOptions"): Record<string, string> {
  if (value === undefined) return {};
  return stringRecord(value, "customMetadata", owner);
}

const PROTO_KEY = "__proto__";

/**
 * The customMetadata object the binding hands out for stored metadata: jsg's DictWrapper::wrap
 * (jsg/value.h:1098-1104, v1.20260410.1) makes a plain object and `Set`s each key on it, so a stored
 * key `__proto__` meets Object.prototype's `__proto__` setter, which ignores a string: the key is not
 * there and the prototype is Object.prototype. Here it is skipped, never assigned.
 */
export function platformDict(meta: Readonly<Record<string, string>>): Record<string, string> {
  // A spread copies an own `__proto__` as an own key (it never sets the prototype); delete drops it.
  const out: Record<string, string> = { ...meta };
  if (Object.hasOwn(out, PROTO_KEY)) Reflect.deleteProperty(out, PROTO_KEY);
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

/**
 * Sets the six headers present in `m` on `headers`, leaving other headers alone, in workerd's order; a
 * value with CR, LF or NUL inside (after trimming HTTP whitespace) throws, as workerd's
 * `normalizeHeaderValue` does (headers.c++, setCommon; commit 5165b467, "validate header values in
 * Headers::setCommon to prevent CRLF injection").
 */
export function writeHttpMetadataTo(m: HttpMetadata, headers: Headers): void {
  for (const f of STRING_FIELDS) {
    const v = m[f];
    if (v === undefined) continue;
    if (/[\r\n\0]/.test(v.replace(/^[\t\r\n ]+|[\t\r\n ]+$/g, ""))) throw new TypeError("Invalid header value.");
    setCommon(headers, HEADER_OF[f], v);
  }
  if (m.cacheExpiry) setCommon(headers, "expires", m.cacheExpiry.toUTCString());
}

/**
 * One header written as workerd's `Headers::setCommon` writes it (headers.c++:624-635): no guard check
 * (immutable headers too), never an error here (the value check of current workerd is the caller's:
 * writeHttpMetadataTo). Node's Headers keep their list in a private field, so the only way in is `set`,
 * which checks the guard, trims, and refuses CR/LF/NUL and characters above U+00FF: such a header is left
 * as it was (a gap: workerd writes it). Used by the simulator and by the workerd target's replay of what
 * the binding wrote (which must not add a check the binding did not make).
 */
export function setCommon(headers: Headers, name: string, value: string): void {
  try {
    headers.set(name, value);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
}

export const STORAGE_CLASSES = ["Standard", "InfrequentAccess"] as const;
export type StorageClass = (typeof STORAGE_CLASSES)[number];

export function isStorageClass(v: unknown): v is StorageClass {
  return v === "Standard" || v === "InfrequentAccess";
}
