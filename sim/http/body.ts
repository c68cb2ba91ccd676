/**
 * Request bodies of the v4 API: size cap, Content-Type check, strict UTF-8 and JSON decoding. Pure
 * where it can be (`decodeJsonBody` over bytes); `readCapped` reads a stream and stops at the cap.
 *
 * Gaps / by design: only `application/json` bodies (the platform also takes multipart/form-data on
 * some endpoints, none of areas A and B's). The cap (1 MiB by default) is ours: the platform's
 * edge refuses large bodies with 413 too, but its exact limit is not public.
 */
import {
  type ApiError,
  HEADER_CHAIN,
  InvalidHeadersError,
  MalformedJsonError,
  PayloadTooLargeError,
} from "./errors.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** True when the Content-Type is `application/json` (any parameters, any case). */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  if (contentType === "application/json") return true;
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return essence === "application/json";
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Decodes a JSON body; invalid UTF-8 or invalid JSON is 400/6007. */
export function decodeJsonBody(bytes: Uint8Array): { value: unknown } | ApiError {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return new MalformedJsonError();
  }
  if (text.trim() === "") return new MalformedJsonError();
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return new MalformedJsonError();
  }
}

/** The Content-Type error of the platform (400 / 6003 + 6105). */
export function contentTypeError(): ApiError {
  return new InvalidHeadersError([HEADER_CHAIN.contentType]);
}

/** `^\d+$` without the regex. */
function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function declaredTooLarge(headers: { get(name: string): string | null }, limit: number): boolean {
  const declared = headers.get("content-length");
  return declared !== null && isDigits(declared) && Number(declared) > limit;
}

/** Bytes already read whole, under the same cap as `readCapped` (declared length first, then actual). */
export function capBytes(
  headers: { get(name: string): string | null },
  bytes: Uint8Array,
  limit = DEFAULT_BODY_LIMIT,
): Uint8Array | ApiError {
  if (declaredTooLarge(headers, limit)) return new PayloadTooLargeError(limit);
  return bytes.byteLength > limit ? new PayloadTooLargeError(limit) : bytes;
}

/** Reads the whole body, or answers 413 as soon as it passes `limit` bytes (never buffers more). */
export async function readCapped(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<Uint8Array | ApiError> {
  if (declaredTooLarge(request.headers, limit)) return new PayloadTooLargeError(limit);
  const attached = attachedBody(request);
  if (attached) return attached.byteLength > limit ? new PayloadTooLargeError(limit) : attached;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return new PayloadTooLargeError(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * A side channel for in-process servers: `edgeconf serve` attaches the bytes it already read to the
 * Request under this symbol, so the transport does not read them again through a web stream. Only
 * an optimisation: without it, the body stream is read as usual.
 */
export const RAW_BODY = Symbol.for("edgeconf.rawBody");

/** The bytes attached under RAW_BODY, if any. */
export function attachedBody(request: Request): Uint8Array | undefined {
  const raw = (request as unknown as Record<symbol, unknown>)[RAW_BODY];
  return raw instanceof Uint8Array ? raw : undefined;
}
