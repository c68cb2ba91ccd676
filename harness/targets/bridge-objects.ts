/**
 * The bridge's results rebuilt in Node: objects of the platform's class names (HeadResult, GetResult,
 * checksums, R2MultipartUpload, ...) with exactly the own properties the Worker saw, in its order,
 * and the methods of those classes.
 *
 * What a method gives was computed in the Worker when the object was made (writeHttpMetadata's
 * headers or error, toJSON's value) and is replayed here; nothing is filled in. A GetResult's body is
 * the response's stream.
 *
 * Gaps / by design: body reads happen in Node, so `bodyUsed` and the TypeError of a second read are
 * this module's rendering of workerd's Body rules (same message, same class), not observed over the
 * wire: a byte stream of known length, used once read, cancelled or teed; a locked stream refuses
 * reads with the streams' message; text() keeps a BOM. `blob()` types the Blob with
 * httpMetadata.contentType verbatim, as workerd's GetResult does. writeHttpMetadata's argument is
 * checked here (it cannot cross): a Headers, else the binding's TypeError. Fields are read-only
 * (writable false), as the platform's. Prototype members are enumerable and check `this` (jsg's
 * "Illegal invocation" TypeError, thrown synchronously), as workerd's: a rule rendered here, since a
 * call on the wrong object never reaches the Worker.
 */
import { readAll } from "../../bridge/protocol.js";
import { ILLEGAL_INVOCATION, platformMembers } from "../../sim/object-store/convert.ts";
import { observeTee, withKnownLength } from "../../sim/object-store/streams.ts";
import { VerbatimBlob } from "../../sim/object-store/verbatim-blob.ts";

export const BODY_USED_MESSAGE =
  "Body has already been used. It can only be used once. Use tee() first if you need to read it twice.";
const LOCKED_MESSAGE = "This ReadableStream is currently locked to a reader.";

interface HttpReplay {
  ok?: [string, string][];
  err?: () => unknown;
}

interface Hidden {
  http?: HttpReplay;
  json?: unknown;
  body?: ReadableStream<Uint8Array>;
  used?: boolean;
  upload?: UploadCall;
}

const hidden = new WeakMap<object, Hidden>();

function state(o: object): Hidden {
  const h = hidden.get(o);
  if (!h) throw new TypeError(ILLEGAL_INVOCATION);
  return h;
}

class HeadResult {
  writeHttpMetadata(headers: Headers): void {
    if (!(headers instanceof Headers)) {
      throw new TypeError(
        "Failed to execute 'writeHttpMetadata' on 'HeadResult': parameter 1 is not of type 'Headers'.",
      );
    }
    const http = state(this).http;
    if (!http) throw new TypeError(ILLEGAL_INVOCATION);
    if (http.err) throw http.err();
    for (const [k, v] of http.ok ?? []) headers.set(k, v);
  }
}

class GetResult extends HeadResult {
  get body(): ReadableStream<Uint8Array> {
    return state(this).body!;
  }
  get bodyUsed(): boolean {
    return state(this).used === true;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await readBody(this);
    return bytes.buffer.byteLength === bytes.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
  }
  async bytes(): Promise<Uint8Array> {
    return readBody(this);
  }
  async text(): Promise<string> {
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await readBody(this));
  }
  async json<T>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }
  async blob(): Promise<Blob> {
    const bytes = await readBody(this);
    const meta = (this as { httpMetadata?: { contentType?: string } }).httpMetadata;
    return new VerbatimBlob([bytes], meta?.contentType ?? "");
  }
}

/** The base of a class whose toJSON the Worker evaluated (R2 checksums). */
class WithJson {
  toJSON(): unknown {
    return structuredClone(state(this).json);
  }
}

async function readBody(o: object): Promise<Uint8Array> {
  const s = state(o);
  if (s.used) throw new TypeError(BODY_USED_MESSAGE);
  if (s.body!.locked) throw new TypeError(LOCKED_MESSAGE);
  s.used = true;
  return readAll(s.body!);
}

/**
 * A body stream that marks its object used on the first read or cancel (highWaterMark 0: nothing is
 * pulled before someone reads), fed from what was already buffered and then the response.
 */
function bodyStream(o: object, first: Uint8Array[], rest: ReadableStreamDefaultReader<Uint8Array> | undefined) {
  const stream = new ReadableStream<Uint8Array>(
    {
      type: "bytes",
      async pull(c) {
        const controller = c as unknown as ReadableByteStreamController;
        state(o).used = true;
        for (;;) {
          const next = first.shift() ?? (rest ? (await rest.read()).value : undefined);
          if (next === undefined) break;
          if (next.byteLength > 0) return controller.enqueue(next.slice());
        }
        controller.close();
        controller.byobRequest?.respond(0);
      },
      async cancel(reason) {
        state(o).used = true;
        await rest?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  // tee() uses the body, as workerd's does; the stream stays a plain ReadableStream (as workerd's).
  observeTee(stream, () => {
    state(o).used = true;
  });
  // Of known length, as workerd's body is: put(dst, (await get(src)).body) works.
  const range = (o as { range?: { length?: unknown } }).range;
  if (typeof range?.length === "number") withKnownLength(stream, range.length);
  return stream;
}

/** Bodies up to this size are read at once, so the connection is free even if nobody reads them. */
const EAGER_BYTES = 1024 * 1024;

/** Sends a method call of a multipart upload handle through the bridge. */
export type UploadCall = (
  handle: object,
  method: "uploadPart" | "abort" | "complete",
  args: unknown[],
) => Promise<unknown>;

class R2MultipartUpload {
  uploadPart(...args: unknown[]): Promise<unknown> {
    return state(this).upload!(this, "uploadPart", args);
  }
  abort(...args: unknown[]): Promise<unknown> {
    return state(this).upload!(this, "abort", args);
  }
  complete(...args: unknown[]): Promise<unknown> {
    return state(this).upload!(this, "complete", args);
  }
}

// As jsg's: prototype members enumerable, and `this` checked first (a synchronous TypeError).
const isRebuilt = (C: { prototype: object }) => (o: unknown) =>
  typeof o === "object" && o !== null && hidden.has(o) && o instanceof (C as unknown as new () => object);
platformMembers(HeadResult.prototype, ["writeHttpMetadata"], isRebuilt(HeadResult));
platformMembers(
  GetResult.prototype,
  ["body", "bodyUsed", "arrayBuffer", "bytes", "text", "json", "blob"],
  isRebuilt(GetResult),
);
platformMembers(WithJson.prototype, ["toJSON"], isRebuilt(WithJson));
platformMembers(R2MultipartUpload.prototype, ["uploadPart", "abort", "complete"], isRebuilt(R2MultipartUpload));

const KNOWN: Record<string, { prototype: object }> = { HeadResult, GetResult, R2MultipartUpload };
const others = new Map<string, { prototype: object }>();

/** A class named as in the platform, with the methods of that platform class. */
function classNamed(name: string, withJson: boolean): { prototype: object } {
  const known = KNOWN[name];
  if (known) return known;
  const key = `${name}${withJson ? "+json" : ""}`;
  let C = others.get(key);
  if (!C) {
    C = withJson ? { [name]: class extends WithJson {} }[name]! : { [name]: class {} }[name]!;
    others.set(key, C);
  }
  return C;
}

export interface Rebuild {
  className: string;
  own: [string, unknown][];
  extra: { http?: { ok?: [string, string][]; err?: unknown }; json?: unknown; body?: boolean } | undefined;
  /** Decodes an error tree (fresh each time). */
  decodeError(tree: unknown): unknown;
}

/** Rebuilds one platform object (without its body: see `attachBody`). */
export function rebuild(r: Rebuild, upload: UploadCall): object {
  const C = classNamed(r.className, r.extra?.json !== undefined);
  const o = Object.create(C.prototype) as object;
  const h: Hidden = C === R2MultipartUpload ? { upload } : {};
  const http = r.extra?.http;
  if (http) h.http = http.err !== undefined ? { err: () => r.decodeError(http.err) } : { ok: http.ok ?? [] };
  if (r.extra?.json !== undefined) h.json = r.extra.json;
  hidden.set(o, h);
  for (const [k, v] of r.own) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: false, configurable: true });
  }
  return o;
}

/** Gives a GetResult its body: small bodies are read now, larger ones stream as they are read. */
export async function attachBody(o: object, stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  const first: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (size > EAGER_BYTES) {
      state(o).body = bodyStream(o, first, reader);
      return;
    }
    const { done, value } = await reader.read();
    if (done) break;
    first.push(value);
    size += value.byteLength;
  }
  state(o).body = bodyStream(o, first, undefined);
}

/** Whether an object was rebuilt with a body to attach. */
export function wantsBody(r: Rebuild): boolean {
  return r.extra?.body === true;
}
