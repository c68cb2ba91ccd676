/**
 * The whole check of an object-store snapshot (snapshot.ts), run before anything is restored:
 * every bucket, object, upload and part, each refused with the path of its first bad value
 * (`objectStore.buckets["photos"].objects["a.txt"].size`).
 *
 * What is checked, so that every object is one a put (or a multipart completion) could have stored:
 * bucket names (unique, the rule `bucket(name)` applies) and options (as `bucket(name, options)` takes
 * them); object keys (unique, at most 1024 UTF-8 bytes, well-formed Unicode: the binding stores U+FFFD
 * for a lone surrogate, so a key holding one could never have been stored), versions, sizes (an
 * integer equal to the byte count, at most the object size limit), etags (the MD5 of the bytes; a
 * multipart etag `<hex>-<parts>` with 1..10000 parts), upload dates, HTTP metadata (only the binding's
 * fields: known string fields, cacheExpiry a time), custom metadata (strings, at most 8192 bytes),
 * checksums (known algorithms, each the digest of the bytes), storage classes, SSE-C key MD5s;
 * uploads (unique ids of the platform's form, keys as objects', expiry a time, parts with numbers
 * 1..10000, 16-byte MD5s of their bytes matching their etags); finished upload ids. With the
 * snapshot's `now`: no object uploaded later, no upload expiring later than now + 7 days (it was
 * created at the latest now). Every object of the format (area, bucket, options, object, upload,
 * part, httpMetadata) has only the fields snapshot.ts writes: any other is refused, not dropped.
 *
 * Gaps / by design: custom metadata keys are the user's (any string a put takes, `constructor`,
 * `prototype` and `__proto__` included, as the binding sends them and storage keeps them; a stored
 * `__proto__` is refused nowhere else in the format, see `isCustomMetadataPath`). A multipart etag is
 * not recomputed (the part MD5s it derives from are gone once the upload completes).
 */
import { digestHex, HASH_ALGORITHMS, HASH_BYTES, type HashAlgorithm } from "../core/hash.ts";
import {
  array,
  at,
  bytes,
  fail,
  integer,
  notAfter,
  onlyKeys,
  record,
  shown,
  string,
  stringRecord,
  time,
} from "../core/snapshot-check.ts";
import { customMetadataTooLarge, MAX_CUSTOM_METADATA_BYTES } from "./metadata.ts";
import { MAX_PART_NUMBER, UPLOAD_LIFETIME_MS } from "./multipart.ts";
import { bucketNameProblem, MAX_KEY_BYTES, MAX_OBJECT_SIZE, resolveOptions } from "./state.ts";

const HEX32 = /^[0-9a-f]{32}$/;
const MULTIPART_ETAG = /^[0-9a-f]{32}-([1-9]\d{0,4})$/;
const SSEC_MD5 = /^[A-Za-z0-9+/]{22}==$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,1024}$/;
const STORAGE_CLASSES = ["Standard", "InfrequentAccess"];
const HTTP_STRING_FIELDS = ["contentType", "contentLanguage", "contentDisposition", "contentEncoding", "cacheControl"];
const HTTP_FIELDS = [...HTTP_STRING_FIELDS, "cacheExpiry"];
/** The fields snapshot.ts writes, per kind of object. */
const AREA_FIELDS = ["kind", "buckets"];
const BUCKET_FIELDS = ["name", "options", "objects", "uploads", "finished"];
const OPTION_FIELDS = ["minPartSize", "compatibilityDate", "compatibilityFlags", "defaultStorageClass"];
const OBJECT_FIELDS = [
  "key",
  "version",
  "size",
  "etag",
  "uploaded",
  "httpMetadata",
  "customMetadata",
  "checksums",
  "storageClass",
  "ssecKeyMd5",
  "bytes",
];
const UPLOAD_FIELDS = [
  "key",
  "uploadId",
  "httpMetadata",
  "customMetadata",
  "storageClass",
  "ssecKeyMd5",
  "expiresAt",
  "parts",
];
const PART_FIELDS = ["partNumber", "etag", "md5", "bytes"];

const CUSTOM_METADATA_PATH = /^buckets\[\d+\]\.(?:objects|uploads)\[\d+\]\.customMetadata$/;

/**
 * Whether `path` (below the area, as core's `checkTree` names it) is an object's or an upload's custom
 * metadata: its keys are the user's, and a key `__proto__` there is one a put stores (an own key of
 * the caller's object), so it restores; its value is checked as any other (a string).
 */
export function isCustomMetadataPath(path: string): boolean {
  return CUSTOM_METADATA_PATH.test(path);
}

function storageClass(v: unknown, path: string): void {
  if (typeof v !== "string" || !STORAGE_CLASSES.includes(v)) {
    fail(path, `must be ${STORAGE_CLASSES.join(" or ")}, got ${shown(v)}`);
  }
}

function key(v: unknown, path: string): string {
  const k = string(v, path);
  if (Buffer.byteLength(k, "utf8") > MAX_KEY_BYTES) fail(path, `a key is at most ${MAX_KEY_BYTES} UTF-8 bytes`);
  if (LONE_SURROGATE.test(k)) {
    fail(path, "holds a lone surrogate (the binding stores U+FFFD instead, so no put could have stored this key)");
  }
  return k;
}

function httpMetadata(v: unknown, path: string): void {
  const m = record(v, path);
  for (const f of Object.keys(m)) {
    if (!HTTP_FIELDS.includes(f)) fail(`${path}.${f}`, `is not an HTTP metadata field (${HTTP_FIELDS.join(", ")})`);
  }
  for (const f of HTTP_STRING_FIELDS) if (m[f] !== undefined) string(m[f], `${path}.${f}`);
  if (m.cacheExpiry !== undefined) time(m.cacheExpiry, `${path}.cacheExpiry`);
}

function customMetadata(v: unknown, path: string): void {
  const m = stringRecord(v, path);
  if (customMetadataTooLarge(m)) fail(path, `custom metadata is at most ${MAX_CUSTOM_METADATA_BYTES} bytes`);
}

function checksums(v: unknown, path: string, body: Uint8Array): void {
  const c = record(v, path);
  for (const [alg, hex] of Object.entries(c)) {
    const p = `${path}.${alg}`;
    if (!(HASH_ALGORITHMS as readonly string[]).includes(alg)) fail(p, `unknown checksum algorithm`);
    const len = HASH_BYTES[alg as HashAlgorithm] * 2;
    string(hex, p, { pattern: new RegExp(`^[0-9a-f]{${len}}$`) });
    const actual = digestHex(alg as HashAlgorithm, body);
    if (hex !== actual) fail(p, `is not the ${alg} of the object's bytes (${actual})`);
  }
}

function etag(v: unknown, path: string, body: Uint8Array): void {
  const e = string(v, path);
  if (MULTIPART_ETAG.test(e)) {
    const parts = Number(MULTIPART_ETAG.exec(e)![1]);
    if (parts > MAX_PART_NUMBER) fail(path, `a multipart etag counts at most ${MAX_PART_NUMBER} parts, got ${parts}`);
    return;
  }
  string(e, path, { pattern: HEX32 });
  const md5 = digestHex("md5", body);
  if (e !== md5) fail(path, `is not the MD5 of the object's bytes (${md5}) nor a multipart etag`);
}

function ssecKeyMd5(v: unknown, path: string): void {
  if (v !== undefined) string(v, path, { pattern: SSEC_MD5 });
}

function checkObject(v: unknown, path: string, now: number | undefined): void {
  const o = record(v, path);
  onlyKeys(o, path, OBJECT_FIELDS, "an object");
  string(o.version, `${path}.version`, { pattern: HEX32 });
  const body = bytes(o.bytes, `${path}.bytes`);
  const size = integer(o.size, `${path}.size`, 0, MAX_OBJECT_SIZE);
  if (size !== body.byteLength) fail(`${path}.size`, `is ${size} but the object has ${body.byteLength} bytes`);
  etag(o.etag, `${path}.etag`, body);
  notAfter(time(o.uploaded, `${path}.uploaded`), now, `${path}.uploaded`);
  httpMetadata(o.httpMetadata, `${path}.httpMetadata`);
  customMetadata(o.customMetadata, `${path}.customMetadata`);
  checksums(o.checksums, `${path}.checksums`, body);
  storageClass(o.storageClass, `${path}.storageClass`);
  ssecKeyMd5(o.ssecKeyMd5, `${path}.ssecKeyMd5`);
}

function checkPart(v: unknown, path: string, seen: Set<number>): void {
  const p = record(v, path);
  onlyKeys(p, path, PART_FIELDS, "a part");
  const n = integer(p.partNumber, `${path}.partNumber`, 1, MAX_PART_NUMBER);
  if (seen.has(n)) fail(`${path}.partNumber`, `part ${n} appears twice`);
  seen.add(n);
  const md5 = bytes(p.md5, `${path}.md5`);
  if (md5.byteLength !== 16) fail(`${path}.md5`, `must be 16 bytes, got ${md5.byteLength}`);
  const hex = string(p.etag, `${path}.etag`, { pattern: HEX32 });
  if (hex !== Buffer.from(md5).toString("hex")) fail(`${path}.etag`, "must be the hex of the part's md5");
  const body = bytes(p.bytes, `${path}.bytes`);
  if (hex !== digestHex("md5", body)) fail(`${path}.md5`, "is not the MD5 of the part's bytes");
}

function checkUpload(v: unknown, path: string, now: number | undefined): void {
  const u = record(v, path);
  onlyKeys(u, path, UPLOAD_FIELDS, "an upload");
  key(u.key, `${path}.key`);
  httpMetadata(u.httpMetadata, `${path}.httpMetadata`);
  customMetadata(u.customMetadata, `${path}.customMetadata`);
  storageClass(u.storageClass, `${path}.storageClass`);
  ssecKeyMd5(u.ssecKeyMd5, `${path}.ssecKeyMd5`);
  const expiresAt = time(u.expiresAt, `${path}.expiresAt`);
  if (now !== undefined && expiresAt > now + UPLOAD_LIFETIME_MS) {
    fail(
      `${path}.expiresAt`,
      `is more than 7 days after the snapshot's now (${new Date(now).toISOString()}): an upload expires 7 days after it was created, by the simulator's clock`,
    );
  }
  const parts = array(u.parts, `${path}.parts`);
  const seen = new Set<number>();
  parts.forEach((p, i) => {
    checkPart(p, `${path}.parts[${i}]`, seen);
  });
}

function checkBucket(v: unknown, path: string, now: number | undefined): void {
  const b = record(v, path);
  onlyKeys(b, path, BUCKET_FIELDS, "a bucket");
  const opts = record(b.options, `${path}.options`);
  onlyKeys(opts, `${path}.options`, OPTION_FIELDS, "bucket options");
  integer(opts.minPartSize, `${path}.options.minPartSize`, 0);
  string(opts.compatibilityDate, `${path}.options.compatibilityDate`);
  string(opts.defaultStorageClass, `${path}.options.defaultStorageClass`);
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
    checkObject(o, p, now);
  });
  const ids = new Set<string>();
  array(b.uploads, `${path}.uploads`).forEach((u, i) => {
    const id = string(record(u, `${path}.uploads[${i}]`).uploadId, `${path}.uploads[${i}].uploadId`, {
      pattern: UPLOAD_ID,
    });
    const p = at(`${path}.uploads`, id);
    if (ids.has(id)) fail(p, "appears twice");
    ids.add(id);
    checkUpload(u, p, now);
  });
  array(b.finished, `${path}.finished`).forEach((id, i) => {
    string(id, `${path}.finished[${i}]`, { pattern: UPLOAD_ID });
    if (ids.has(id as string)) fail(`${path}.finished[${i}]`, "an upload cannot be both in progress and finished");
  });
}

/**
 * Checks a whole object-store snapshot; throws a SnapshotError naming the first bad path. `now` (the
 * snapshot's time) is left out by unit tests of the check alone.
 */
export function checkObjectStoreSnapshot(value: unknown, path: string, now?: number): void {
  const s = record(value, path);
  onlyKeys(s, path, AREA_FIELDS, "the object-store area");
  if (s.kind !== "object-store") fail(`${path}.kind`, `must be "object-store", got ${shown(s.kind)}`);
  const names = new Set<string>();
  array(s.buckets, `${path}.buckets`).forEach((b, i) => {
    const name = string(record(b, `${path}.buckets[${i}]`).name, `${path}.buckets[${i}].name`, { nonEmpty: true });
    const nameBad = bucketNameProblem(name);
    if (nameBad) fail(`${path}.buckets[${i}].name`, nameBad);
    const p = at(`${path}.buckets`, name);
    if (names.has(name)) fail(p, "appears twice");
    names.add(name);
    checkBucket(b, p, now);
  });
}
