/**
 * Area D answers as plain JSON, built only from what a caller of the binding can observe: the
 * documented fields of StoreObject (read through their getters, so class instances and proxies of
 * other implementations serialise alike), the body's bytes, the headers `writeHttpMetadata` writes,
 * and thrown errors' name and message. Types survive: a Date is `{$date}`, bytes are `{$bytes}`,
 * undefined is `{$undefined}`, so a field of the wrong type is a difference.
 */
import type { Json } from "../types.ts";

const OBJECT_FIELDS = [
  "key",
  "version",
  "size",
  "etag",
  "httpEtag",
  "uploaded",
  "httpMetadata",
  "customMetadata",
  "range",
  "checksums",
  "storageClass",
  "ssecKeyMd5",
] as const;
const CHECKSUMS = ["md5", "sha1", "sha256", "sha384", "sha512"] as const;

function hex(bytes: ArrayBuffer | ArrayBufferView): string {
  const view =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Buffer.from(view).toString("hex");
}

function isBytes(v: unknown): v is ArrayBuffer | ArrayBufferView {
  return (
    v instanceof ArrayBuffer || ArrayBuffer.isView(v) || Object.prototype.toString.call(v) === "[object ArrayBuffer]"
  );
}

/** Any observable value as JSON (plain objects by their own keys, sorted). */
export function plain(v: unknown, depth = 0): Json {
  if (v === undefined) return { $undefined: true };
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : { $number: String(v) };
  if (v instanceof Date || Object.prototype.toString.call(v) === "[object Date]") {
    const t = (v as Date).getTime();
    return { $date: Number.isNaN(t) ? "Invalid Date" : (v as Date).toISOString() };
  }
  if (isBytes(v)) return { $bytes: hex(v) };
  if (typeof v === "function") return { $function: true };
  if (depth > 6) return { $deep: true };
  if (Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  if (typeof v === "object") {
    const out: { [k: string]: Json } = {};
    for (const k of Object.keys(v as object).sort()) out[k] = plain((v as Record<string, unknown>)[k], depth + 1);
    return out;
  }
  return { $type: typeof v };
}

function checksums(c: unknown): Json {
  if (c === undefined || c === null) return plain(c);
  const out: { [k: string]: Json } = {};
  for (const k of CHECKSUMS) {
    const v = (c as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = plain(v);
  }
  return out;
}

/** A StoreObject (or StoreObjectBody, without its body) by its documented fields. */
export function storeObject(o: unknown): Json {
  if (o === null || o === undefined || typeof o !== "object") return plain(o);
  const r = o as Record<string, unknown>;
  const out: { [k: string]: Json } = {};
  for (const k of OBJECT_FIELDS) {
    const v = r[k];
    if (v === undefined) continue;
    out[k] = k === "checksums" ? checksums(v) : plain(v);
  }
  return out;
}

/** The headers `writeHttpMetadata` writes onto an empty Headers object, as sorted pairs. */
export function writtenHeaders(o: unknown, makeHeaders: () => Headers): Json {
  const write = (o as { writeHttpMetadata?: (h: Headers) => void }).writeHttpMetadata;
  if (typeof write !== "function") return { $missing: "writeHttpMetadata" };
  const h = makeHeaders();
  write.call(o, h);
  const pairs: Json[] = [];
  h.forEach((value, name) => {
    pairs.push([name, value]);
  });
  return pairs.sort((a, b) => String((a as string[])[0]).localeCompare(String((b as string[])[0])));
}

/** A thrown value: its name and exact message (the platform's messages are part of the contract). */
export function thrown(e: unknown): Json {
  if (e instanceof Error || (e !== null && typeof e === "object" && "message" in e)) {
    const err = e as Error;
    return { name: String(err.name), message: String(err.message) };
  }
  return { name: "(not an Error)", message: String(e) };
}
