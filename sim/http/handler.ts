/**
 * The v4 API as a handler: route, authenticate, check access, decode the body, run the route,
 * encode the envelope. Never throws and never answers 5xx: anything unexpected is 400/6000.
 * Two entries share one path: `createHandler` (web Request -> Response, for `sim.fetch`) and
 * `createRawHandler` (method, URL, headers, body bytes -> status + JSON text, for `edgeconf serve`).
 *
 * Gaps / by design: routing comes before authentication (an unknown path is 7003 even without
 * credentials, as on the platform); authentication before body decoding. HEAD and OPTIONS have no
 * routes (7003).
 */
import type { SimCore } from "../core/context.ts";
import { authenticate, checkAccess } from "./auth.ts";
import {
  capBytes,
  contentTypeError,
  DEFAULT_BODY_LIMIT,
  decodeJsonBody,
  isJsonContentType,
  readCapped,
} from "./body.ts";
import { errorText, JSON_CONTENT_TYPE, resultlessEnvelope, successEnvelope, textResponse } from "./envelope.ts";
import { ApiError, BadRequestError, NoRouteError } from "./errors.ts";
import { headerGetter, type RawRequest } from "./raw.ts";
import type { Router } from "./router.ts";
import type { HttpMethod, Principal, RouteRequest, Tenant } from "./types.ts";

export const API_PREFIX = "/client/v4";

export interface HandlerOptions {
  core: SimCore;
  router: Router;
  tenants: readonly Tenant[];
  bodyLimit?: number;
}

/** An answer of the transport: status and the envelope's JSON text (content type JSON_CONTENT_TYPE). */
export interface ApiAnswer {
  status: number;
  text: string;
}

/** What the transport needs of a request, whichever entry it came through. */
interface Incoming {
  method: string;
  url: URL;
  headers: { get(name: string): string | null };
  /** The whole body, or 413 past `limit` (synchronous when the bytes are already there). */
  body(limit: number): Uint8Array | ApiError | Promise<Uint8Array | ApiError>;
}

const NO_BODY = Object.freeze({ value: undefined });

/** The decoded body of a route that takes one ("json" or "optional"), from its bytes. */
function decodeBytes(
  request: Incoming,
  mode: "json" | "optional",
  bytes: Uint8Array | ApiError,
): { value: unknown } | ApiError {
  if (bytes instanceof ApiError) return bytes;
  if (mode === "optional" && bytes.byteLength === 0) return { value: undefined };
  if (!isJsonContentType(request.headers.get("content-type"))) return contentTypeError();
  return decodeJsonBody(bytes);
}

function failed(error: ApiError): ApiAnswer {
  return { status: error.status, text: errorText(error) };
}

/** What a route sees. `query` is parsed only when a route reads it (lists); the others never pay for it. */
class DecodedRequest implements RouteRequest {
  constructor(
    readonly method: HttpMethod,
    readonly url: URL,
    readonly params: Record<string, string>,
    readonly body: unknown,
    readonly principal: Principal,
    readonly core: SimCore,
  ) {}
  get query(): URLSearchParams {
    return this.url.searchParams;
  }
}

function recover(error: unknown): ApiAnswer {
  return error instanceof ApiError ? failed(error) : failed(new BadRequestError());
}

/** Serves one request; never throws or rejects (anything unexpected is 400/6000). */
function answer(incoming: () => Incoming, options: HandlerOptions): Promise<ApiAnswer> {
  try {
    return serve(incoming(), options).catch(recover);
  } catch (error) {
    return Promise.resolve(recover(error));
  }
}

async function serve(request: Incoming, options: HandlerOptions): Promise<ApiAnswer> {
  const url = request.url;
  const below = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  const match = options.router.match(request.method.toUpperCase(), below);
  if (!match) return failed(new NoRouteError(url.pathname));
  const principal = authenticate(request.headers, options.tenants);
  if (principal instanceof ApiError) return failed(principal);
  const denied = checkAccess(principal, match.params);
  if (denied) return failed(denied);
  const mode = match.route.body ?? "none";
  let body: { value: unknown } | ApiError = NO_BODY;
  if (mode !== "none") {
    const read = request.body(options.bodyLimit ?? DEFAULT_BODY_LIMIT);
    body = decodeBytes(request, mode, read instanceof Promise ? await read : read);
  }
  if (body instanceof ApiError) return failed(body);
  const handled = match.route.handle(
    new DecodedRequest(match.route.method as HttpMethod, url, match.params, body.value, principal, options.core),
  );
  const out = handled instanceof Promise ? await handled : handled;
  if (out.resultJson !== undefined) {
    // The same bytes JSON.stringify(successEnvelope(...)) would give, around a cached result text.
    const info = out.result_info ? `,"result_info":${JSON.stringify(out.result_info)}` : "";
    return {
      status: out.status ?? 200,
      text: `{"result":${out.resultJson},"success":true,"errors":[],"messages":[]${info}}`,
    };
  }
  const envelope = out.noResult ? resultlessEnvelope() : successEnvelope(out.result, out.result_info);
  return { status: out.status ?? 200, text: JSON.stringify(envelope) };
}

/** The transport's fetch handler (web Request -> Response). */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const out = await answer(
      () => ({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: (limit) => readCapped(request, limit),
      }),
      options,
    );
    return textResponse(out.text, out.status);
  };
}

/**
 * The transport's raw handler: the same decisions as `createHandler` over a RawRequest, answering the
 * status and JSON text (content type `JSON_CONTENT_TYPE`). `url` may be given already parsed.
 */
export function createRawHandler(options: HandlerOptions): (request: RawRequest, url?: URL) => Promise<ApiAnswer> {
  // No closure per request: a small class instance carries what `serve` reads.
  return (request, url) => {
    try {
      return serve(new RawIncoming(request, url), options).catch(recover);
    } catch (error) {
      return Promise.resolve(recover(error));
    }
  };
}

/** A RawRequest as `serve` sees it. */
class RawIncoming implements Incoming {
  readonly method: string;
  readonly url: URL;
  readonly headers: { get(name: string): string | null };
  readonly #bytes: Uint8Array;
  constructor(request: RawRequest, url: URL | undefined) {
    this.method = request.method;
    this.url = url ?? new URL(request.url);
    this.headers = headerGetter(request.headers);
    this.#bytes = request.body ?? EMPTY;
  }
  body(limit: number): Uint8Array | ApiError {
    return capBytes(this.headers, this.#bytes, limit);
  }
}

const EMPTY = new Uint8Array(0);

export { JSON_CONTENT_TYPE };
