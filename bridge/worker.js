/**
 * The edgeconf bridge Worker: one R2 bucket binding (`BUCKET`), driven over HTTP by edgeconf's
 * `worker` and `workerd` targets so the area-D suites reach the platform's own binding.
 *
 * Every request is `POST /` with the shared secret in `x-edgeconf-secret` (the Worker refuses any
 * call without it, 403) and the run's key prefix in `x-edgeconf-prefix`. The body is a frame of
 * bridge/protocol.js naming a call: `{ op: "call", method, args, upload? }` or `{ op: "info" }`.
 * The Worker decodes the arguments into the values the binding takes (Headers, Dates, ArrayBuffers,
 * views, Blobs, a FixedLengthStream of the declared length fed from the request), calls the binding,
 * and answers a frame with the result (objects with every own property, in order; a GetResult's body
 * streamed after the head) or the thrown error (its class, name, message and own properties; nothing
 * added). Protocol problems answer 4xx with `{ "error": ... }`, never a bucket result.
 *
 * Safety: keys, list prefixes and deleted keys must lie inside the run's prefix, which must lie
 * under `EDGECONF_PREFIX_ROOT` (default "edgeconf/"); a call outside is refused (403) before the
 * binding sees it. Only an explicitly empty root (local runs on a throwaway bucket) lifts this.
 *
 * Configuration (wrangler.toml / secrets): BUCKET (r2_buckets binding), EDGECONF_SECRET (a secret:
 * `wrangler secret put EDGECONF_SECRET`), EDGECONF_PREFIX_ROOT (a var; optional).
 */
import {
  decodeValue,
  encodeValue,
  frameHead,
  frameStream,
  PREFIX_HEADER,
  PROTOCOL_VERSION,
  readFrame,
  SECRET_HEADER,
} from "./protocol.js";

const DEFAULT_PREFIX_ROOT = "edgeconf/";
const DRAIN_WAIT_MS = 2000;
const BUCKET_METHODS = ["head", "get", "put", "delete", "list", "createMultipartUpload", "resumeMultipartUpload"];
const UPLOAD_METHODS = ["uploadPart", "abort", "complete"];

export default {
  async fetch(request, env, ctx) {
    const secret = env.EDGECONF_SECRET;
    if (typeof secret !== "string" || secret.length < 16) {
      return refuse(403, "the bridge has no EDGECONF_SECRET of at least 16 characters configured");
    }
    if (!sameSecret(request.headers.get(SECRET_HEADER) ?? "", secret)) {
      // 403, not 401: fetch clients (undici) turn a 401 to a streamed request into a network error.
      return refuse(403, `missing or wrong ${SECRET_HEADER}`);
    }
    if (request.method !== "POST" || !request.body) return refuse(405, "POST a frame");
    if (!env.BUCKET) return refuse(403, "the bridge has no BUCKET binding");
    const root = typeof env.EDGECONF_PREFIX_ROOT === "string" ? env.EDGECONF_PREFIX_ROOT : DEFAULT_PREFIX_ROOT;
    const prefix = request.headers.get(PREFIX_HEADER) ?? "";
    if (!prefix.startsWith(root) || (root !== "" && (prefix === root || !prefix.endsWith("/")))) {
      return refuse(403, `${PREFIX_HEADER} must be a folder under "${root}" (like "${root}run-1/"), got "${prefix}"`);
    }
    let frame;
    try {
      frame = await readFrame(request.body, { drain: true });
    } catch (e) {
      return refuse(400, `unreadable frame: ${e.message}`);
    }
    const { header } = frame;
    if (typeof header !== "object" || header === null || Array.isArray(header)) {
      return refuse(400, "the frame's head must be a JSON object");
    }
    if (header.op === "info") {
      return answer({
        ok: true,
        v: encodeValue({ protocol: PROTOCOL_VERSION, now: Date.now(), prefixRoot: root, runtime: runtime() }, out0()),
      });
    }
    if (header.op !== "call") return refuse(400, `unknown op ${JSON.stringify(header.op)}`);
    const isUpload = header.upload !== undefined;
    if (!(isUpload ? UPLOAD_METHODS : BUCKET_METHODS).includes(header.method)) {
      return refuse(400, `unknown method ${JSON.stringify(header.method)}`);
    }
    let args;
    let upload;
    const piping = { piped: undefined };
    try {
      const ctx = decodeContext(frame, piping);
      args = decodeValue(header.args, ctx);
      upload = isUpload ? decodeValue(header.upload, ctx) : undefined;
    } catch (e) {
      return refuse(400, `undecodable arguments: ${e.message}`);
    }
    // The protocol's shapes, checked before anything reads them: a malformed head is a 400, never a 500.
    if (!Array.isArray(args)) return refuse(400, "args must be an array of the call's arguments");
    if (isUpload && (!Array.isArray(upload) || upload.length !== 2)) {
      return refuse(400, "upload must be [key, uploadId]");
    }
    const outside = prefix === "" ? undefined : outsidePrefix(header.method, isUpload ? [upload[0]] : args, prefix);
    if (outside !== undefined) return refuse(403, `${outside} lies outside the run's prefix "${prefix}"`);

    const out = out0();
    let result;
    try {
      const target = isUpload ? env.BUCKET.resumeMultipartUpload(upload[0], upload[1]) : env.BUCKET;
      const value = await target[header.method](...args);
      result = { ok: true, v: encodeValue(value, out, { instance: (v) => encodePlatformObject(v, out) }) };
    } catch (e) {
      result = { ok: false, e: encodeValue(e, out, { instance: (v) => encodePlatformObject(v, out) }) };
    }
    // The request body is read to its end before the answer (a value the binding refused unread is
    // still coming): an answer while the client still writes breaks the connection under it. A stream
    // that never ends (a declared length refused unread) is given a moment, then read on afterwards.
    const drained = frame.drain();
    await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_WAIT_MS))]);
    ctx?.waitUntil?.(drained);
    // A stream value the binding cancelled (put, on a refused option): its reason, for the client to
    // cancel its own stream with (the pipe into the FixedLengthStream failed with it).
    if (!result.ok && piping.piped) {
      const reason = await Promise.race([piping.piped, new Promise((r) => setTimeout(r, DRAIN_WAIT_MS))]);
      if (reason instanceof Error) result.cancelled = encodeValue(reason, out);
    }
    return answer(result, out);
  },
};

function out0() {
  return { blobs: [], stream: null };
}

function runtime() {
  return typeof navigator !== "undefined" ? navigator.userAgent : "unknown";
}

function refuse(status, error) {
  return Response.json({ error: `edgeconf bridge: ${error}` }, { status });
}

function answer(result, out = out0()) {
  const head = frameHead({ ...result, stream: out.stream ? { length: out.stream.length } : null }, out.blobs);
  return new Response(frameStream(head, out.stream?.stream), {
    headers: { "content-type": "application/vnd.edgeconf.bridge" },
  });
}

function sameSecret(given, secret) {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(secret);
  if (a.byteLength !== b.byteLength) return false;
  if (crypto.subtle.timingSafeEqual) return crypto.subtle.timingSafeEqual(a, b);
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Decoding of the arguments: a declared-length stream becomes a FixedLengthStream fed from the request. */
function decodeContext(frame, piping) {
  return {
    blobs: frame.blobs,
    stream: frame.rest,
    makeStream(length, rest) {
      if (length === null) return rest; // no known length: the binding decides what to do with it
      const fixed = new FixedLengthStream(length);
      piping.piped = rest.pipeTo(fixed.writable).then(
        () => undefined,
        (e) => e,
      );
      return fixed.readable;
    },
    lockedStream(length) {
      const s = length === null ? new ReadableStream() : new FixedLengthStream(length).readable;
      s.getReader();
      return s;
    },
    instance(c) {
      throw new TypeError(`cannot rebuild a ${c} in the Worker`);
    },
  };
}

/**
 * The key-bearing argument of a call outside the prefix, described; undefined when inside. Only strings
 * are inside: the binding converts any other key to a string (`undefined` is the key "undefined", at the
 * bucket's root), so the client converts a primitive key itself and adds its folder (bridge-client.ts).
 */
function outsidePrefix(method, args, prefix) {
  // A symbol makes no key: the binding refuses it (a TypeError) before it touches any key.
  const inside = (k) => (typeof k === "string" && k.startsWith(prefix)) || typeof k === "symbol";
  const show = (k) => (typeof k === "string" ? JSON.stringify(k) : `a ${k === null ? "null" : typeof k} key`);
  // No argument at all: the binding refuses the call (a TypeError) before it touches any key. list()
  // lists the whole bucket: the client always sends a prefix.
  if (args.length === 0 && method !== "list") return undefined;
  switch (method) {
    case "list": {
      const p = args[0]?.prefix;
      return inside(p) ? undefined : `list prefix ${show(p)}`;
    }
    case "delete": {
      const keys = Array.isArray(args[0]) ? args[0] : [args[0]];
      // By index, not by value: an undefined key is itself what `find` would return for "none".
      const bad = keys.findIndex((k) => !inside(k));
      return bad === -1 ? undefined : `deleted key ${show(keys[bad])}`;
    }
    default:
      return inside(args[0]) ? undefined : `key ${show(args[0])}`;
  }
}

/**
 * The platform's result objects: class name and own properties in order (as Object.keys lists
 * them), plus what their methods give that the client cannot ask for later: writeHttpMetadata's
 * headers (or its error), toJSON's value, and a GetResult's body as the frame's stream.
 */
function encodePlatformObject(v, out) {
  if (typeof v !== "object" || v === null) return undefined;
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null || Array.isArray(v) || v instanceof Date) return undefined;
  if (v instanceof Headers || v instanceof ArrayBuffer || ArrayBuffer.isView(v) || v instanceof Error) {
    return undefined;
  }
  const hooks = { instance: (w) => encodePlatformObject(w, out) };
  const x = {};
  if (typeof v.writeHttpMetadata === "function") {
    try {
      const h = new Headers();
      v.writeHttpMetadata(h);
      x.http = { ok: [...h.entries()] };
    } catch (e) {
      x.http = { err: encodeValue(e, out, hooks) };
    }
  }
  if (typeof v.toJSON === "function") x.json = v.toJSON();
  if ("body" in v && v.body instanceof ReadableStream) {
    out.stream = { stream: v.body, length: null };
    x.body = true;
  }
  return {
    $t: "inst",
    c: proto?.constructor?.name ?? "Object",
    own: Object.keys(v).map((k) => [k, encodeValue(v[k], out, hooks)]),
    x,
  };
}
