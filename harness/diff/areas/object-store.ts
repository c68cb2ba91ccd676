/**
 * Area D for `edgeconf diff`: put (values of every kind, metadata as objects and as Headers,
 * checksums right and wrong, storage classes, conditionals), get (ranges, conditionals), head,
 * delete (one key or many), list (prefix, delimiter, limit, cursor, include, startAfter) and
 * multipart uploads (create, parts, complete, abort, resume with an unknown id) on a fresh bucket
 * per run. Conditionals name what they compare with symbolically (`current` etag, `upload-1s`),
 * resolved on each side against that side's own object, so both sides are asked the same question.
 */
import { createHash } from "node:crypto";
import type { ObjectStoreBucket, ObjectStoreTarget } from "../../targets/object-store.ts";
import type { Target } from "../../targets/types.ts";
import type { Answer, DiffArea, DiffOp, DiffSession, Json } from "../types.ts";
import { bigBytes, objectStoreOp } from "./object-store-ops.ts";
import { plain, storeObject, thrown, writtenHeaders } from "./object-store-values.ts";

interface Upload {
  key: string;
  uploadId: string;
  handle: { uploadPart: Function; complete: Function; abort: Function };
  parts: { partNumber: number; etag: string }[];
}

const NO_ETAG = "ffffffffffffffffffffffffffffffff";
const STALE_ETAG = "0123456789abcdef0123456789abcdef";
const FAR_PAST = Date.parse("2000-01-01T00:00:00.000Z");
const FAR_FUTURE = Date.parse("2100-01-01T00:00:00.000Z");

function bytesOf(v: Json | undefined): Uint8Array {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    if (typeof v.text === "string") return new TextEncoder().encode(v.text);
    if (typeof v.blob === "string") return new TextEncoder().encode(v.blob);
    const n = v.bytes;
    if (typeof n === "number") return Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) % 256);
    if (v.big) return bigBytes();
  }
  return new Uint8Array(0);
}

function storedValue(v: Json | undefined): unknown {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    if (typeof v.text === "string") return v.text;
    if (typeof v.blob === "string") return new Blob([v.blob]);
  }
  return v === null ? null : bytesOf(v);
}

function digest(algorithm: string, spec: Json | undefined, bytes: Uint8Array): unknown {
  const right = createHash(algorithm).update(bytes).digest();
  switch (spec) {
    case "right":
      return right.toString("hex");
    case "right-bytes":
      return new Uint8Array(right).buffer;
    case "wrong":
      return createHash(algorithm).update("something else").digest("hex");
    case "malformed":
      return "xyz";
    default:
      return undefined;
  }
}

function bodyJson(buf: ArrayBuffer): Json {
  try {
    return { $text: new TextDecoder("utf-8", { fatal: true }).decode(buf) };
  } catch {
    return { $bytes: Buffer.from(buf).toString("hex") };
  }
}

async function openSession(store: ObjectStoreTarget): Promise<DiffSession> {
  const bucket: ObjectStoreBucket = await store.bucket();
  const uploads: Upload[] = [];
  let lastCursor: string | undefined;
  const headers = (init: Record<string, string>) => store.headers(init);

  const current = async (k: string) => {
    try {
      const o = await bucket.head(k);
      return o ? { etag: o.etag, uploaded: o.uploaded.getTime() } : undefined;
    } catch {
      return undefined;
    }
  };

  const condition = async (k: string, spec: Json | undefined): Promise<unknown> => {
    if (!spec || typeof spec !== "object" || Array.isArray(spec)) return undefined;
    const now = await current(k);
    const etag = now?.etag ?? NO_ETAG;
    const at = now?.uploaded ?? FAR_PAST;
    const etagOf = (s: Json | undefined, quoted: boolean): string | undefined => {
      const q = (e: string) => (quoted ? `"${e}"` : e);
      switch (s) {
        case "current":
          return q(etag);
        case "stale":
          return q(STALE_ETAG);
        case "*":
          return "*";
        case "quoted-current":
          return `"${etag}"`;
        case "weak-current":
          return `W/"${etag}"`;
        case "list":
          return `${q(STALE_ETAG)}, ${q(etag)}`;
        default:
          return undefined;
      }
    };
    const timeOf = (s: Json | undefined): Date | undefined => {
      const ms = {
        "upload-1s": at - 1000,
        "upload+1s": at + 1000,
        "upload-0.5s": at - 500,
        "upload+0.5s": at + 500,
        "upload+1ms": at + 1,
        upload: at,
        "far-past": FAR_PAST,
        "far-future": FAR_FUTURE,
      }[String(s)];
      return ms === undefined ? undefined : new Date(ms);
    };
    if (spec.asHeaders) {
      const h: Record<string, string> = {};
      const m = etagOf(spec.etagMatches, true);
      const n = etagOf(spec.etagDoesNotMatch, true);
      const before = timeOf(spec.uploadedBefore);
      const after = timeOf(spec.uploadedAfter);
      if (m) h["if-match"] = m;
      if (n) h["if-none-match"] = n;
      if (before) h["if-unmodified-since"] = before.toUTCString();
      if (after) h["if-modified-since"] = after.toUTCString();
      return headers(h);
    }
    const c: Record<string, unknown> = {};
    if (spec.etagMatches !== undefined) c.etagMatches = etagOf(spec.etagMatches, false);
    if (spec.etagDoesNotMatch !== undefined) c.etagDoesNotMatch = etagOf(spec.etagDoesNotMatch, false);
    if (spec.uploadedBefore !== undefined) c.uploadedBefore = timeOf(spec.uploadedBefore);
    if (spec.uploadedAfter !== undefined) c.uploadedAfter = timeOf(spec.uploadedAfter);
    return c;
  };

  const metadata = (m: Json | undefined): unknown => {
    if (!m || typeof m !== "object" || Array.isArray(m)) return undefined;
    const { asHeaders, cacheExpiry, ...rest } = m as Record<string, Json>;
    if (asHeaders) {
      const h: Record<string, string> = {};
      const names: Record<string, string> = {
        contentType: "content-type",
        contentLanguage: "content-language",
        contentDisposition: "content-disposition",
        contentEncoding: "content-encoding",
        cacheControl: "cache-control",
      };
      for (const [k, v] of Object.entries(rest)) if (names[k]) h[names[k]] = String(v);
      if (typeof cacheExpiry === "string") h.expires = new Date(cacheExpiry).toUTCString();
      return headers(h);
    }
    return { ...rest, ...(typeof cacheExpiry === "string" ? { cacheExpiry: new Date(cacheExpiry) } : {}) };
  };

  const described = (o: unknown): Answer =>
    o === null || o === undefined
      ? { result: plain(o) }
      : { result: storeObject(o), headers: writtenHeaders(o, () => headers({})) };

  const upload = (ref: Json | undefined): Upload | undefined =>
    typeof ref === "number" && uploads.length > 0 ? uploads[ref % uploads.length] : undefined;

  /** An upload id of the side's own format that names no active upload: one created and aborted at once. */
  let gone: Promise<{ key: string; uploadId: string }> | undefined;
  const goneUpload = () => {
    gone ??= (async () => {
      const h = await bucket.createMultipartUpload("aborted-upload");
      await h.abort();
      return { key: h.key, uploadId: h.uploadId };
    })();
    return gone;
  };

  /** Distinct keys this side wrote (put, multipart create), in order: what `{written: n}` names. */
  const written: string[] = [];
  const keyOf = (spec: Json | undefined): string => {
    if (spec && typeof spec === "object" && !Array.isArray(spec) && typeof spec.written === "number") {
      return written.length === 0 ? "a" : written[spec.written % written.length]!;
    }
    return spec as string;
  };
  const wrote = (k: string) => {
    if (typeof k === "string" && !written.includes(k)) written.push(k);
  };

  const run = async (op: DiffOp): Promise<Answer> => {
    const k = keyOf(op.key);
    switch (op.op) {
      case "put": {
        const bytes = bytesOf(op.value);
        const options: Record<string, unknown> = {};
        if (op.httpMetadata) options.httpMetadata = metadata(op.httpMetadata);
        if (op.customMetadata) options.customMetadata = op.customMetadata;
        if (op.onlyIf) options.onlyIf = await condition(k, op.onlyIf);
        if (op.md5) options.md5 = digest("md5", op.md5, bytes);
        if (op.sha256) options.sha256 = digest("sha256", op.sha256, bytes);
        if (op.sha1) options.sha1 = digest("sha1", op.sha1, bytes);
        if (op.storageClass) options.storageClass = op.storageClass;
        wrote(k);
        return described(await bucket.put(k, storedValue(op.value) as string, options));
      }
      case "get": {
        const options: Record<string, unknown> = {};
        if (op.onlyIf) options.onlyIf = await condition(k, op.onlyIf);
        const r = op.range as Record<string, Json> | undefined;
        if (r) options.range = typeof r.header === "string" ? headers({ range: r.header }) : r;
        const o = await bucket.get(k, options);
        const answer = described(o);
        if (o && "body" in o && o.body !== undefined && o.body !== null) {
          answer.body = bodyJson(await o.arrayBuffer());
        } else if (o) answer.body = { $none: true };
        return answer;
      }
      case "head":
        return described(await bucket.head(k));
      case "delete":
        await bucket.delete((Array.isArray(op.keys) ? op.keys.map(keyOf) : keyOf(op.keys)) as string | string[]);
        return { result: { $undefined: true } };
      case "list": {
        const options: Record<string, unknown> = {};
        for (const f of ["prefix", "delimiter", "limit", "include", "startAfter"] as const) {
          if (op[f] !== undefined) options[f] = op[f];
        }
        if (op.cursor === "bogus") options.cursor = "bogus-cursor";
        else if (op.cursor === "last" && lastCursor !== undefined) options.cursor = lastCursor;
        const l = await bucket.list(options);
        if (l.truncated) lastCursor = l.cursor;
        return {
          result: {
            objects: l.objects.map((o) => storeObject(o)),
            truncated: plain(l.truncated),
            ...("cursor" in l ? { cursor: plain(l.cursor) } : {}),
            delimitedPrefixes: plain(l.delimitedPrefixes),
          },
        };
      }
      case "mpu-create": {
        const options: Record<string, unknown> = {};
        if (op.httpMetadata) options.httpMetadata = metadata(op.httpMetadata);
        if (op.customMetadata) options.customMetadata = op.customMetadata;
        wrote(k);
        const h = await bucket.createMultipartUpload(k, options);
        uploads.push({ key: h.key, uploadId: h.uploadId, handle: h, parts: [] });
        return { result: { key: plain(h.key), uploadId: plain(h.uploadId) } };
      }
      case "mpu-part":
      case "mpu-complete":
      case "mpu-abort": {
        const u = upload(op.upload);
        const target =
          u ?? (op.upload === "malformed" ? { key: "a", uploadId: "not-an-upload-id" } : await goneUpload());
        const handle = u && !op.resume ? u.handle : bucket.resumeMultipartUpload(target.key, target.uploadId);
        if (op.op === "mpu-abort") {
          await handle.abort();
          return { result: { $undefined: true } };
        }
        if (op.op === "mpu-part") {
          const part = await handle.uploadPart(op.part as number, storedValue(op.value) as string);
          if (u) u.parts = [...u.parts.filter((p) => p.partNumber !== part.partNumber), { ...part }];
          return { result: { partNumber: plain(part.partNumber), etag: plain(part.etag) } };
        }
        const all = [...(u?.parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
        const first = all.slice(0, 1);
        const parts = {
          all,
          reversed: [...all].reverse(),
          first,
          "wrong-etag": first.map((p) => ({ ...p, etag: STALE_ETAG })),
          "unknown-part": [...all, { partNumber: 99, etag: all[0]?.etag ?? STALE_ETAG }],
          none: [],
        }[op.parts as string];
        return described(await handle.complete(parts ?? []));
      }
      default:
        throw new Error(`unknown object-store operation ${op.op}`);
    }
  };

  return {
    context: { substitutions: [] },
    async exec(op) {
      try {
        return await run(op);
      } catch (e) {
        return { threw: thrown(e) };
      }
    },
    async close() {},
  };
}

export const objectStoreArea: DiffArea = {
  name: "object-store",
  capability: "object-store",
  op: objectStoreOp,
  rules: [
    { name: "version", keys: ["version"], kind: "role", why: "versions are random per upload" },
    { name: "upload-id", keys: ["uploadId"], kind: "role", role: "upload", why: "upload ids are random" },
    { name: "cursor", keys: ["cursor"], kind: "role", why: "list cursors are opaque" },
    {
      name: "part-etag",
      keys: ["etag"],
      ops: ["mpu-part"],
      kind: "role",
      why: "a part's etag is the implementation's own token, not the part's md5",
    },
    { name: "timestamp", keys: ["uploaded"], kind: "timestamp", why: "upload times come from each side's clock" },
  ],
  async open(target: Target) {
    if (!target.objectStore) throw new Error(`target ${target.name} does not reach area D (object-store)`);
    return openSession(target.objectStore);
  },
};
