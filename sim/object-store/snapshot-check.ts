/**
 * The whole check of an object-store snapshot (snapshot.ts), run before anything is restored:
 * every bucket, object, upload and part, each refused with the path of its first bad value
 * (`objectStore.buckets["photos"].objects["a.txt"].size`).
 *
 * What is checked: bucket names (unique) and options (as `bucket(name, options)` takes them); object
 * keys (unique, at most 1024 UTF-8 bytes), versions, sizes (an integer equal to the byte count, at
 * most the object size limit), etags, upload dates, HTTP metadata (known string fields, cacheExpiry a
 * time), custom metadata (strings, at most 8192 bytes), checksums (known algorithms, hex of the right
 * length), storage classes; uploads (unique ids of the platform's form, expiry a time, parts with
 * numbers 1..10000, 16-byte MD5s matching their etags); finished upload ids.
 *
 * Gaps / by design: unknown extra fields are ignored (restore ignores them too), so a snapshot of a
 * newer edgeconf with more object fields still loads. Object etags and checksums are not recomputed
 * from the bytes (an edited snapshot may carry any well-formed digest, as a test fixture may want).
 */
import { HASH_ALGORITHMS, HASH_BYTES } from "../core/hash.ts";
import { array, at, bytes, fail, integer, record, shown, string, stringRecord, time } from "../core/snapshot-check.ts";
import { customMetadataTooLarge, MAX_CUSTOM_METADATA_BYTES } from "./metadata.ts";
import { MAX_PART_NUMBER } from "./multipart.ts";
import { MAX_KEY_BYTES, MAX_OBJECT_SIZE, resolveOptions } from "./state.ts";

const HEX32 = /^[0-9a-f]{32}$/;
const OBJECT_ETAG = /^[0-9a-f]{32}(-\d{1,5})?$/;
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,1024}$/;
const STORAGE_CLASSES = ["Standard", "InfrequentAccess"];
const HTTP_STRING_FIELDS = ["contentType", "contentLanguage", "contentDisposition", "contentEncoding", "cacheControl"];

function storageClass(v: unknown, path: string): void {
  if (typeof v !== "string" || !STORAGE_CLASSES.includes(v)) {
    fail(path, `must be ${STORAGE_CLASSES.join(" or ")}, got ${shown(v)}`);
  }
}

function key(v: unknown, path: string): string {
  const k = string(v, path);
  if (Buffer.byteLength(k, "utf8") > MAX_KEY_BYTES) fail(path, `a key is at most ${MAX_KEY_BYTES} UTF-8 bytes`);
  return k;
}

function httpMetadata(v: unknown, path: string): void {
  const m = record(v, path);
  for (const f of HTTP_STRING_FIELDS) if (m[f] !== undefined) string(m[f], `${path}.${f}`);
  if (m.cacheExpiry !== undefined) time(m.cacheExpiry, `${path}.cacheExpiry`);
}

function customMetadata(v: unknown, path: string): void {
  const m = stringRecord(v, path);
  if (customMetadataTooLarge(m)) fail(path, `custom metadata is at most ${MAX_CUSTOM_METADATA_BYTES} bytes`);
}

function checksums(v: unknown, path: string): void {
  const c = record(v, path);
  for (const [alg, hex] of Object.entries(c)) {
    const p = `${path}.${alg}`;
    if (!(HASH_ALGORITHMS as readonly string[]).includes(alg)) fail(p, `unknown checksum algorithm`);
    const len = HASH_BYTES[alg as keyof typeof HASH_BYTES] * 2;
    string(hex, p, { pattern: new RegExp(`^[0-9a-f]{${len}}$`) });
  }
}

function checkObject(v: unknown, path: string): void {
  const o = record(v, path);
  string(o.version, `${path}.version`, { pattern: HEX32 });
  const body = bytes(o.bytes, `${path}.bytes`);
  const size = integer(o.size, `${path}.size`, 0, MAX_OBJECT_SIZE);
  if (size !== body.byteLength) fail(`${path}.size`, `is ${size} but the object has ${body.byteLength} bytes`);
  string(o.etag, `${path}.etag`, { pattern: OBJECT_ETAG });
  time(o.uploaded, `${path}.uploaded`);
  httpMetadata(o.httpMetadata, `${path}.httpMetadata`);
  customMetadata(o.customMetadata, `${path}.customMetadata`);
  checksums(o.checksums, `${path}.checksums`);
  storageClass(o.storageClass, `${path}.storageClass`);
}

function checkPart(v: unknown, path: string, seen: Set<number>): void {
  const p = record(v, path);
  const n = integer(p.partNumber, `${path}.partNumber`, 1, MAX_PART_NUMBER);
  if (seen.has(n)) fail(`${path}.partNumber`, `part ${n} appears twice`);
  seen.add(n);
  const md5 = bytes(p.md5, `${path}.md5`);
  if (md5.byteLength !== 16) fail(`${path}.md5`, `must be 16 bytes, got ${md5.byteLength}`);
  const etag = string(p.etag, `${path}.etag`, { pattern: HEX32 });
  if (etag !== Buffer.from(md5).toString("hex")) fail(`${path}.etag`, "must be the hex of the part's md5");
  bytes(p.bytes, `${path}.bytes`);
}

function checkUpload(v: unknown, path: string): void {
  const u = record(v, path);
  key(u.key, `${path}.key`);
  httpMetadata(u.httpMetadata, `${path}.httpMetadata`);
  customMetadata(u.customMetadata, `${path}.customMetadata`);
  storageClass(u.storageClass, `${path}.storageClass`);
  time(u.expiresAt, `${path}.expiresAt`);
  const parts = array(u.parts, `${path}.parts`);
  const seen = new Set<number>();
  parts.forEach((p, i) => {
    checkPart(p, `${path}.parts[${i}]`, seen);
  });
}

function checkBucket(v: unknown, path: string): void {
  const b = record(v, path);
  const opts = record(b.options, `${path}.options`);
  try {
    resolveOptions(opts);
  } catch (e) {
    fail(`${path}.options`, (e as Error).message);
  }
  const flags = array(opts.compatibilityFlags, `${path}.options.compatibilityFlags`);
  flags.forEach((f, i) => {
    string(f, `${path}.options.compatibilityFlags[${i}]`);
  });
  const keys = new Set<string>();
  array(b.objects, `${path}.objects`).forEach((o, i) => {
    const k = key(record(o, `${path}.objects[${i}]`).key, `${path}.objects[${i}].key`);
    const p = at(`${path}.objects`, k);
    if (keys.has(k)) fail(p, "appears twice");
    keys.add(k);
    checkObject(o, p);
  });
  const ids = new Set<string>();
  array(b.uploads, `${path}.uploads`).forEach((u, i) => {
    const id = string(record(u, `${path}.uploads[${i}]`).uploadId, `${path}.uploads[${i}].uploadId`, {
      pattern: UPLOAD_ID,
    });
    const p = at(`${path}.uploads`, id);
    if (ids.has(id)) fail(p, "appears twice");
    ids.add(id);
    checkUpload(u, p);
  });
  array(b.finished, `${path}.finished`).forEach((id, i) => {
    string(id, `${path}.finished[${i}]`, { pattern: UPLOAD_ID });
    if (ids.has(id as string)) fail(`${path}.finished[${i}]`, "an upload cannot be both in progress and finished");
  });
}

/** Checks a whole object-store snapshot; throws a SnapshotError naming the first bad path. */
export function checkObjectStoreSnapshot(value: unknown, path: string): void {
  const s = record(value, path);
  if (s.kind !== "object-store") fail(`${path}.kind`, `must be "object-store", got ${shown(s.kind)}`);
  const names = new Set<string>();
  array(s.buckets, `${path}.buckets`).forEach((b, i) => {
    const name = string(record(b, `${path}.buckets[${i}]`).name, `${path}.buckets[${i}].name`, { nonEmpty: true });
    const p = at(`${path}.buckets`, name);
    if (names.has(name)) fail(p, "appears twice");
    names.add(name);
    checkBucket(b, p);
  });
}
