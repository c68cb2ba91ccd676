/**
 * The Node side of the bridge Worker (bridge/worker.js): an R2Bucket-shaped object whose every method
 * call crosses HTTP to the Worker's binding, with arguments and results carried by bridge/protocol.js.
 * The `workerd` target reaches the Worker inside Miniflare; the `worker` target reaches a deployed one.
 *
 * Keys: a bucket of a shared (production) bridge lives under a folder of the run's prefix; this client
 * puts that folder before every key, list prefix and startAfter it sends, and takes it off every key
 * and delimited prefix it gets back. With an empty prefix (the local workerd target) keys go as given.
 *
 * Gaps / by design: a call crosses HTTP, so a synchronous throw of the binding would arrive as a
 * rejection (the binding's methods return promises and reject; resumeMultipartUpload is the one
 * synchronous method: its handle is made here, key and uploadId converted to strings as the binding
 * does, and its checks happen in the Worker on the handle's first call). A stream value crosses with
 * its known length (streams this target made: knownLengthStream, declaredLengthStream), sent as it is
 * read; any other stream is read whole first and crosses as a stream of unknown length (which the
 * binding refuses unread), so a never-ending stream of unknown length would never be sent. A locked
 * stream crosses as a locked stream of the same length (its bytes cannot be read), the binding's to refuse.
 */
import { types } from "node:util";
import {
  blobsToBytes,
  type DecodeContext,
  decodeValue,
  type EncodeOut,
  encodeValue,
  frameHead,
  frameStream,
  PREFIX_HEADER,
  ProxiedArray,
  readFrame,
  SECRET_HEADER,
} from "../../bridge/protocol.js";
import { platformMembers } from "../../sim/object-store/convert.ts";
import { knownLength } from "../../sim/object-store/streams.ts";
import { attachBody, rebuild, type UploadCall, wantsBody } from "./bridge-objects.ts";
import type { ObjectStoreBucket, ObjectStoreTarget } from "./object-store.ts";

/** How requests reach the Worker: global fetch for a URL, Miniflare's dispatchFetch locally. */
export type BridgeFetch = (url: string, init: RequestInit & { duplex?: "half" }) => Promise<Response>;

export interface BridgeConnection {
  fetch: BridgeFetch;
  url: string;
  secret: string;
}

/** A problem of the bridge itself (refused, unreachable, malformed): never a bucket result. */
export class BridgeError extends Error {
  override name = "BridgeError";
}

const knownLengths = new WeakMap<ReadableStream, number>();

/**
 * The length of a stream value when the platform could tell it: streams this target made, and those
 * the simulator's registry knows (a get()'s body, Blob.stream(), Request/Response bodies of known length).
 */
function lengthOf(s: ReadableStream): number | undefined {
  return knownLengths.get(s) ?? knownLength(s);
}

/** A stream the bridge carries with its length known (the Worker makes a FixedLengthStream of it). */
export function knownLengthStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  const copy = bytes.slice();
  const s = new ReadableStream<Uint8Array>({
    start(c) {
      if (copy.byteLength > 0) c.enqueue(copy);
      c.close();
    },
  });
  knownLengths.set(s, copy.byteLength);
  return s;
}

/** A stream of declared length that never yields a byte (size-limit checks refuse it unread). */
export function declaredLengthStream(length: number): ReadableStream<Uint8Array> {
  const s = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) });
  knownLengths.set(s, length);
  return s;
}

/** Proxies of arrays in arguments marked so they cross as proxies (the binding takes none for an Array). */
function markProxies(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    const items = Array.from(v, markProxies);
    return types.isProxy(v) ? new ProxiedArray(items) : items;
  }
  if (types.isProxy(v)) return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const o: Record<string, unknown> = {};
  // Own data properties: a key `__proto__` (JSON.parse makes one) stays a key and sets no prototype.
  for (const k of Object.keys(v)) {
    const value = markProxies((v as Record<string, unknown>)[k]);
    Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** A stream locked to a reader (what a locked stream value becomes after crossing). */
function lockedStream(): ReadableStream {
  const s = new ReadableStream();
  s.getReader();
  return s;
}

interface Answer {
  ok: boolean;
  /** The reason the binding cancelled the stream value with (put, on a refused option). */
  cancelled?: unknown;
  v?: unknown;
  e?: unknown;
}

/** Sends one frame; returns the decoded value of the answer, or throws the decoded error. */
async function send(
  conn: BridgeConnection,
  prefix: string,
  header: Record<string, unknown>,
  values: unknown[],
  upload: UploadCall,
  mapKey: (key: string) => string,
): Promise<unknown> {
  const carried = await blobsToBytes(markProxies(values) as unknown[], (s) => lengthOf(s) !== undefined);
  const out: EncodeOut = { blobs: [], stream: null };
  const trees = carried.map((v) => encodeValue(v, out, { streamLength: (s) => lengthOf(s) ?? null }));
  const head = frameHead(
    { ...header, args: trees[0], ...(trees.length > 1 ? { upload: trees[1] } : {}), stream: out.stream },
    out.blobs,
  );
  const control: { finish?: (reason?: unknown) => void } = {};
  let res: Response;
  try {
    res = await conn.fetch(conn.url, {
      method: "POST",
      headers: { [SECRET_HEADER]: conn.secret, [PREFIX_HEADER]: prefix, "content-type": "application/octet-stream" },
      ...(out.stream
        ? { body: frameStream(head, out.stream.stream, control), duplex: "half" }
        : { body: head as Uint8Array<ArrayBuffer> }),
    });
  } catch (e) {
    throw new BridgeError(
      `the bridge at ${conn.url} cannot be reached: ${(e as Error).message}${(e as { cause?: Error }).cause ? ` (${(e as { cause?: Error }).cause?.message})` : ""}`,
    );
  }
  if (res.status !== 200 || !res.body) {
    const text = await res.text().catch(() => "");
    let why = text;
    try {
      why = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {}
    throw new BridgeError(`the bridge at ${conn.url} answered ${res.status}: ${why.slice(0, 500)}`);
  }
  const frame = await readFrame(res.body);
  const answer = frame.header as unknown as Answer;
  const bodies: object[] = [];
  const ctx: DecodeContext = {
    blobs: frame.blobs,
    stream: frame.rest,
    makeStream: (_length, stream) => stream,
    lockedStream: () => lockedStream(),
    instance(className, own, extra) {
      const mapped = own.map(([k, v]): [string, unknown] => [k, k === "key" && typeof v === "string" ? mapKey(v) : v]);
      const r = {
        className,
        own: mapped,
        extra: extra as Parameters<typeof rebuild>[0]["extra"],
        decodeError: (t: unknown) => decodeValue(t, ctx),
      };
      const o = rebuild(r, upload);
      if (wantsBody(r)) bodies.push(o);
      return o;
    },
  };
  // The answer is here: a stream value the Worker did not read (refused unread) need not be sent; one
  // the binding cancelled is cancelled here with the binding's reason.
  control.finish?.(answer.cancelled === undefined ? undefined : decodeValue(answer.cancelled, ctx));
  const value = decodeValue(answer.ok ? answer.v : answer.e, ctx);
  if (bodies.length > 0) await attachBody(bodies[0]!, frame.rest());
  else await frame.discard();
  if (!answer.ok) throw value;
  return value;
}

/**
 * An R2Bucket-shaped binding over the bridge, for the keys under `folder` (inside the run's prefix
 * `prefix`, which the Worker checks).
 */
export function bridgeBucket(conn: BridgeConnection, prefix: string, folder: string): ObjectStoreBucket {
  // The binding converts a key to a string (`undefined` is the key "undefined", null "null", 5 "5"): a
  // primitive key is converted here, as the binding would, and goes into the folder. Objects and symbols go
  // as they are (the Worker refuses an object key outside an empty root; the binding refuses a symbol).
  const add = (k: unknown) =>
    typeof k === "string"
      ? folder + k
      : folder !== "" && (k === undefined || k === null || ["number", "boolean", "bigint"].includes(typeof k))
        ? folder + String(k)
        : k;
  const strip = (k: string) => (k.startsWith(folder) ? k.slice(folder.length) : k);
  const upload: UploadCall = async (handle, method, args) => {
    const h = handle as { key: unknown; uploadId: unknown };
    return call(method, args, [add(h.key), h.uploadId]);
  };
  const call = (method: string, args: unknown[], handle?: unknown[]) =>
    send(conn, prefix, { op: "call", method }, handle ? [args, handle] : [args], upload, strip);

  // Arguments go as given, as many as given: a missing one stays missing (the binding refuses it).
  const keyed = (a: unknown[]) => (a.length === 0 ? a : [add(a[0]), ...a.slice(1)]);
  const bucket = {
    head: (...a: unknown[]) => call("head", keyed(a)),
    get: (...a: unknown[]) => call("get", keyed(a)),
    put: (...a: unknown[]) => call("put", keyed(a)),
    createMultipartUpload: (...a: unknown[]) => call("createMultipartUpload", keyed(a)),
    async delete(...a: unknown[]) {
      if (a.length === 0) return call("delete", a);
      const keys = a[0];
      // A Proxy of an array is one key for the binding (its string): it crosses as a proxy of that key.
      const sent = !Array.isArray(keys)
        ? add(keys)
        : types.isProxy(keys)
          ? new Proxy([add(String(keys))], {})
          : keys.map(add);
      return call("delete", [sent, ...a.slice(1)]);
    },
    async list(...args: unknown[]) {
      const options = args[0];
      let sent: unknown = options;
      if (folder !== "") {
        if (options === undefined || options === null) sent = { prefix: folder };
        else if (typeof options === "object" && !Array.isArray(options)) {
          const o = { ...(options as Record<string, unknown>) };
          o.prefix = folder + (o.prefix === undefined ? "" : String(o.prefix));
          if (typeof o.startAfter === "string") o.startAfter = folder + o.startAfter;
          sent = o;
        }
      }
      const result = (await call("list", [sent, ...args.slice(1)])) as { delimitedPrefixes?: unknown };
      if (folder !== "" && Array.isArray(result?.delimitedPrefixes)) {
        result.delimitedPrefixes = result.delimitedPrefixes.map((p) => (typeof p === "string" ? strip(p) : p));
      }
      return result;
    },
    resumeMultipartUpload(...a: unknown[]) {
      // The binding takes both as strings (ToString): so does its handle. It is synchronous: a missing
      // argument throws here, with the binding's message.
      if (a.length < 2) {
        throw new TypeError(
          `Failed to execute 'resumeMultipartUpload' on 'R2Bucket': parameter ${a.length + 1} is not of type 'string'.`,
        );
      }
      const [key, uploadId] = a;
      const str = (v: unknown) => (typeof v === "symbol" || typeof v === "object" ? v : String(v));
      return rebuild(
        {
          className: "R2MultipartUpload",
          own: [
            ["uploadId", str(uploadId)],
            ["key", str(key)],
          ],
          extra: undefined,
          decodeError: () => undefined,
        },
        upload,
      );
    },
  };
  const b = Object.create(R2Bucket.prototype) as object;
  bucketImpls.set(b, bucket);
  return b as unknown as ObjectStoreBucket;
}

type BucketImpl = Record<(typeof BUCKET_METHODS)[number], (...a: unknown[]) => unknown>;
const BUCKET_METHODS = [
  "head",
  "get",
  "put",
  "createMultipartUpload",
  "resumeMultipartUpload",
  "delete",
  "list",
] as const;
const bucketImpls = new WeakMap<object, BucketImpl>();

/**
 * The binding's class (constructor.name R2Bucket): methods on the prototype, enumerable, checking
 * `this` first (jsg's synchronous "Illegal invocation" TypeError), as workerd's; the calls go to the
 * bucket's closures above.
 */
class R2Bucket {}
for (const name of BUCKET_METHODS) {
  Object.defineProperty(R2Bucket.prototype, name, {
    value: {
      [name](this: object, ...a: unknown[]) {
        return bucketImpls.get(this)![name](...a);
      },
    }[name],
    writable: true,
    configurable: true,
  });
}
platformMembers(R2Bucket.prototype, BUCKET_METHODS, (o) => typeof o === "object" && o !== null && bucketImpls.has(o));

export interface BridgeInfo {
  protocol: number;
  now: number;
  prefixRoot: string;
  runtime: string;
}

/** Asks the Worker who it is and what its clock says (also proves the secret). */
export async function bridgeInfo(conn: BridgeConnection, prefix: string): Promise<BridgeInfo> {
  const noUpload: UploadCall = async () => undefined;
  return (await send(conn, prefix, { op: "info" }, [[]], noUpload, (k) => k)) as BridgeInfo;
}

/**
 * Area D over a bridge: the n-th test's bucket is the folder `folderOf(n)`, readied by `fresh` (the
 * workerd target empties its one bucket).
 */
export function bridgeObjectStore(
  conn: BridgeConnection,
  prefix: string,
  fresh: (bucket: ObjectStoreBucket) => Promise<void>,
  folderOf: (n: number) => string,
  /** Whether the storage refuses an oversized declared length before the bytes come (not Miniflare's). */
  declaredLength: boolean,
): ObjectStoreTarget {
  let n = 0;
  return {
    async bucket() {
      n += 1;
      const b = bridgeBucket(conn, prefix, folderOf(n));
      await fresh(b);
      return b;
    },
    async now() {
      return (await bridgeInfo(conn, prefix)).now;
    },
    headers: (init) => new Headers(init),
    knownLengthStream,
    ...(declaredLength ? { declaredLengthStream } : {}),
    unavailable: BRIDGE_UNAVAILABLE,
  };
}

/** What a bridge target (workerd, worker) cannot offer, and why. */
const BRIDGE_UNAVAILABLE = {
  declaredLengthStream:
    "Miniflare's storage behind the workerd target reads a value before checking its declared size, so a " +
    "stream whose bytes never come would wait forever (docs/bridge.md, Gaps).",
  fixedLengthStream: "The binding's FixedLengthStream lives in the bridge Worker: the test process cannot write to it.",
  replica: "The bridge's bucket is real storage: it has no seed to start a second instance from.",
  argumentsAsGiven:
    "The bridge carries arguments over HTTP as copies: the binding reads the Worker's copy, not the test's objects.",
} as const;

/** Deletes every object of a bucket (under its folder), page by page. */
export async function emptyBucket(b: ObjectStoreBucket): Promise<void> {
  for (;;) {
    const page = await b.list({ limit: 1000 });
    if (page.objects.length === 0) return;
    await b.delete(page.objects.map((o) => o.key));
  }
}
