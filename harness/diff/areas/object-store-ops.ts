/**
 * Area D operations for `edgeconf diff`, as plain JSON: what to store (text, bytes, Blob, null, 5 MiB
 * parts), metadata as objects or Headers, checksums right and wrong, conditionals and ranges named
 * symbolically (resolved per side in object-store.ts).
 */
import fc from "fast-check";
import type { DiffOp, Json } from "../types.ts";
import { CONTENT_TYPES, OBJECT_KEYS, SENTENCES } from "../values.ts";
import { mostly, optionalFields, refArb, sometimes } from "./shared.ts";

const MIB5 = 5 * 1024 * 1024;
let big: Uint8Array | undefined;
/** A 5 MiB part (the platform's minimum part size), made once. */
export const bigBytes = () => {
  big ??= new Uint8Array(MIB5).map((_, i) => i % 251);
  return big;
};

/**
 * Keys: a small space of four, weighted, so that operations meet each other's objects (a get after a
 * put of the same key, a list over several); now and then faker's keys, keys that differ only in case,
 * keys at the length limit (1024 bytes) and past it, and keys of odd bytes.
 */
export const HOT_KEYS = ["a", "photos/a.jpg", "photos/2024/b.png", "Photos/C.jpg"] as const;
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...HOT_KEYS), weight: 30 },
  { arbitrary: fc.constantFrom(...OBJECT_KEYS, "PHOTOS/a.jpg", "b/"), weight: 4 },
  { arbitrary: fc.constantFrom("k".repeat(1024), "ü/ñ", "a b", "%2F"), weight: 1 },
  { arbitrary: fc.constantFrom("", "x".repeat(1025), "\u0000nul"), weight: 1 },
);

/**
 * A key to read, delete or list after: mostly one this side already wrote (`{written: n}`, the n-th
 * distinct key written in the sequence, modulo their count; both sides wrote the same keys), else any key.
 */
const readKey = fc.oneof(
  { arbitrary: fc.nat(3).map((n) => ({ written: n })), weight: 3 },
  { arbitrary: key, weight: 2 },
);

/** A value to store: text, bytes (sizes around the ranges' offsets), empty, null, a Blob, or (rarely, for multipart) 5 MiB. */
const value = fc.oneof(
  { arbitrary: fc.constantFrom(...SENTENCES).map((text) => ({ text })), weight: 6 },
  { arbitrary: fc.constantFrom(0, 1, 3, 7, 10, 11, 12, 40).map((bytes) => ({ bytes })), weight: 3 },
  { arbitrary: fc.constantFrom<Json>({ text: "" }, null, { blob: "blob value" }), weight: 1 },
);
const partValue = fc.oneof(
  { arbitrary: value, weight: 12 },
  { arbitrary: fc.constant<Json>({ big: true }), weight: 1 },
);

const httpMetadata = optionalFields({
  contentType: fc.constantFrom(...CONTENT_TYPES),
  contentLanguage: fc.constantFrom("en-US", "fr"),
  contentDisposition: fc.constantFrom('attachment; filename="a.txt"', "inline"),
  contentEncoding: fc.constantFrom("gzip", "identity"),
  cacheControl: fc.constantFrom("max-age=60", "no-store"),
  cacheExpiry: fc.constantFrom("2030-01-01T00:00:00.000Z", "2001-02-03T04:05:06.789Z"),
}).chain((m) => fc.boolean().map((asHeaders) => ({ ...m, ...(asHeaders ? { asHeaders: true } : {}) })));

const customMetadata = fc.dictionary(
  fc.constantFrom("owner", "x-tag", "Camel", "ü", "UPPER"),
  fc.constantFrom(...SENTENCES, "", "ü value"),
  {
    maxKeys: 3,
  },
);

const etagSpec = fc.constantFrom<Json>("current", "current", "stale", "*", "quoted-current", "weak-current", "list");
const timeSpec = fc.constantFrom<Json>(
  "upload-1s",
  "upload+1s",
  "upload",
  "upload-0.5s",
  "upload+0.5s",
  "upload+1ms",
  "far-past",
  "far-future",
);
const onlyIf = optionalFields({
  etagMatches: etagSpec,
  etagDoesNotMatch: etagSpec,
  uploadedBefore: timeSpec,
  uploadedAfter: timeSpec,
}).chain((c) => fc.boolean().map((asHeaders) => ({ ...c, ...(asHeaders ? { asHeaders: true } : {}) })));

/** Ranges as the suites send them: offsets, lengths and suffixes around the values' sizes, and invalid ones. */
const small = fc.constantFrom(0, 1, 2, 3, 4, 6, 7, 10, 11, 12, 100);
const range = fc.oneof(
  { arbitrary: fc.record({ offset: small }), weight: 2 },
  { arbitrary: fc.record({ length: small }), weight: 2 },
  { arbitrary: fc.record({ offset: small, length: small }), weight: 3 },
  { arbitrary: fc.record({ suffix: small }), weight: 3 },
  {
    arbitrary: fc.constantFrom<Json>(
      { offset: -1 },
      { suffix: -1 },
      { suffix: 1, offset: 0 },
      { suffix: 1, length: 1 },
      { offset: 1.5 },
      {},
    ),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom("bytes=0-3", "bytes=2-", "bytes=-4", "bytes=9-2", "bytes=0-1,3-4", "bytes=0-100")
      .map((h) => ({ header: h })),
    weight: 1,
  },
);

const putOp = fc
  .record(
    {
      key,
      value,
      httpMetadata: sometimes(httpMetadata, 3),
      customMetadata: sometimes(customMetadata, 3),
      onlyIf: sometimes(onlyIf, 5),
      md5: sometimes(fc.constantFrom("right", "wrong", "malformed", "right-bytes"), 8),
      sha256: sometimes(fc.constantFrom("right", "wrong"), 12),
      sha1: sometimes(fc.constantFrom("right", "wrong"), 16),
      storageClass: sometimes(mostly(fc.constantFrom("Standard", "InfrequentAccess"), fc.constant("Glacier")), 8),
    },
    { requiredKeys: ["key", "value"] },
  )
  .map((r) => ({ op: "put", ...JSON.parse(JSON.stringify(r)) }) as DiffOp);

const list = optionalFields({
  prefix: fc.constantFrom("photos/", "photos/2024/", "p", "Photos/", "PHOTOS/", "etc/", "zzz", ""),
  delimiter: fc.constantFrom("/", "/", "o", "//"),
  limit: fc.oneof(
    { arbitrary: fc.constantFrom(1, 2, 3, 4), weight: 6 },
    { arbitrary: fc.constantFrom(1000, 1001), weight: 2 },
    { arbitrary: fc.constantFrom(0, 2.5, -1), weight: 1 },
  ),
  cursor: mostly(fc.constant("last"), fc.constant("bogus")),
  include: mostly(fc.subarray(["httpMetadata", "customMetadata"]), fc.constant<Json>(["bogus"]), 20),
  // Keys in the space, between them, before the first and past the last.
  startAfter: fc.constantFrom(...HOT_KEYS, "photos/", "b", "", "zzzz", "~"),
}).map((o) => ({ op: "list", ...o }));

export const objectStoreOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: putOp, weight: 7 },
  {
    arbitrary: fc
      .record({ key: readKey, onlyIf: sometimes(onlyIf, 4), range: sometimes(range, 2) }, { requiredKeys: ["key"] })
      .map((r) => ({ op: "get", ...JSON.parse(JSON.stringify(r)) }) as DiffOp),
    weight: 5,
  },
  { arbitrary: readKey.map((k) => ({ op: "head", key: k })), weight: 2 },
  {
    arbitrary: fc
      .oneof(readKey, fc.uniqueArray(readKey, { minLength: 2, maxLength: 3 }), fc.constant<Json>([]))
      .map((keys) => ({ op: "delete", keys })),
    weight: 2,
  },
  { arbitrary: list, weight: 4 },
  {
    arbitrary: fc
      .record(
        { key, httpMetadata: sometimes(httpMetadata, 3), customMetadata: sometimes(customMetadata, 3) },
        { requiredKeys: ["key"] },
      )
      .map((r) => ({ op: "mpu-create", ...JSON.parse(JSON.stringify(r)) }) as DiffOp),
    weight: 2,
  },
  {
    arbitrary: fc
      .record({
        upload: refArb,
        part: mostly(fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, 10000, 10001, 1.5)),
        value: partValue,
        resume: fc.boolean(),
      })
      .map((r) => ({ op: "mpu-part", ...r })),
    weight: 2,
  },
  {
    arbitrary: fc
      .record({
        upload: refArb,
        parts: fc.constantFrom("all", "all", "reversed", "first", "wrong-etag", "unknown-part", "none"),
      })
      .map((r) => ({ op: "mpu-complete", ...r })),
    weight: 1,
  },
  { arbitrary: refArb.map((upload) => ({ op: "mpu-abort", upload })), weight: 1 },
);
