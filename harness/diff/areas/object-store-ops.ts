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

const key = mostly(fc.constantFrom(...OBJECT_KEYS), fc.constantFrom("", "x".repeat(1025), "\u0000nul", "ü/ñ"), 25);

/** A value to store: text, bytes, empty, null, or (rarely, for multipart) 5 MiB. */
const value = fc.oneof(
  { arbitrary: fc.constantFrom(...SENTENCES).map((text) => ({ text })), weight: 6 },
  { arbitrary: fc.nat(40).map((bytes) => ({ bytes })), weight: 2 },
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
  fc.constantFrom("owner", "x-tag", "Camel", "ü"),
  fc.constantFrom(...SENTENCES, ""),
  {
    maxKeys: 3,
  },
);

const etagSpec = fc.constantFrom<Json>("current", "current", "stale", "*", "quoted-current", "weak-current", "list");
const timeSpec = fc.constantFrom<Json>("upload-1s", "upload+1s", "upload", "far-past", "far-future");
const onlyIf = optionalFields({
  etagMatches: etagSpec,
  etagDoesNotMatch: etagSpec,
  uploadedBefore: timeSpec,
  uploadedAfter: timeSpec,
}).chain((c) => fc.boolean().map((asHeaders) => ({ ...c, ...(asHeaders ? { asHeaders: true } : {}) })));

const range = fc.oneof(
  fc.record({ offset: fc.nat(12) }),
  fc.record({ length: fc.nat(12) }),
  fc.record({ offset: fc.nat(12), length: fc.nat(12) }),
  fc.record({ suffix: fc.nat(12) }),
  fc.constantFrom<Json>({ offset: -1 }, { suffix: -2 }, { offset: 1, suffix: 2 }, {}),
  fc.constantFrom("bytes=0-3", "bytes=2-", "bytes=-4", "bytes=9-2", "bytes=0-1,3-4").map((h) => ({ header: h })),
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
      storageClass: sometimes(mostly(fc.constantFrom("Standard", "InfrequentAccess"), fc.constant("Glacier")), 8),
    },
    { requiredKeys: ["key", "value"] },
  )
  .map((r) => ({ op: "put", ...JSON.parse(JSON.stringify(r)) }) as DiffOp);

export const objectStoreOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: putOp, weight: 6 },
  {
    arbitrary: fc
      .record({ key, onlyIf: sometimes(onlyIf, 4), range: sometimes(range, 3) }, { requiredKeys: ["key"] })
      .map((r) => ({ op: "get", ...JSON.parse(JSON.stringify(r)) }) as DiffOp),
    weight: 4,
  },
  { arbitrary: key.map((k) => ({ op: "head", key: k })), weight: 2 },
  {
    arbitrary: fc.oneof(key, fc.uniqueArray(key, { maxLength: 3 })).map((keys) => ({ op: "delete", keys })),
    weight: 2,
  },
  {
    arbitrary: optionalFields({
      prefix: fc.constantFrom("photos/", "photos/2024/", "p", "etc/", "zzz"),
      delimiter: fc.constantFrom("/", "o", "//"),
      limit: mostly(fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 1000, 1001, 2.5, -1)),
      cursor: mostly(fc.constant("last"), fc.constant("bogus")),
      include: fc.subarray(["httpMetadata", "customMetadata"]),
      startAfter: fc.constantFrom(...OBJECT_KEYS),
    }).map((o) => ({ op: "list", ...o })),
    weight: 3,
  },
  {
    arbitrary: fc
      .record(
        { key, httpMetadata: sometimes(httpMetadata, 3), customMetadata: sometimes(customMetadata, 3) },
        { requiredKeys: ["key"] },
      )
      .map((r) => ({ op: "mpu-create", ...JSON.parse(JSON.stringify(r)) }) as DiffOp),
    weight: 3,
  },
  {
    arbitrary: fc
      .record({
        upload: refArb,
        part: mostly(fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, 10001, 1.5)),
        value: partValue,
        resume: fc.boolean(),
      })
      .map((r) => ({ op: "mpu-part", ...r })),
    weight: 3,
  },
  {
    arbitrary: fc
      .record({
        upload: refArb,
        parts: fc.constantFrom("all", "all", "reversed", "first", "wrong-etag", "unknown-part", "none"),
      })
      .map((r) => ({ op: "mpu-complete", ...r })),
    weight: 2,
  },
  { arbitrary: refArb.map((upload) => ({ op: "mpu-abort", upload })), weight: 1 },
);
