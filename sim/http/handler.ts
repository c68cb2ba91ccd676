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
import { StampRangeError } from "../core/stamps.ts";
import { authenticate, checkAccess } from "./auth.ts";
import {
  capBytes,
  contentTypeError,
  DEFAULT_BODY_LIMIT,
  decodeJsonBody,
  isJsonContentType,
  readCapped,
} from "./body.ts";
import {
  errorText,
  JSON_CONTENT_TYPE,
  resultlessEnvelope,
  successEnvelope,
  successEnvelopeJson,
  textResponse,
} from "./envelope.ts";
import { ApiError, BadRequestError, NoRouteError } from "./errors.ts";
import { headerGetter, type RawRequest } from "./raw.ts";
import type { RouteMatch, Router } from "./router.ts";
import type { HttpMethod, Principal, RouteRequest, RouteResult, Tenant } from "./types.ts";

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
  /** The URL's pathname (what `url.pathname` is). */
  pathname: string;
  /** The parsed URL (made when first asked for on the raw path). */
  readonly url: URL;
  /** `url.search !== ""`. */
  readonly hasQuery: boolean;
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
  readonly #incoming: Incoming;
  constructor(
    readonly method: HttpMethod,
    incoming: Incoming,
    readonly params: Record<string, string>,
    readonly body: unknown,
    readonly principal: Principal,
    readonly core: SimCore,
  ) {
    this.#incoming = incoming;
  }
  get url(): URL {
    return this.#incoming.url;
  }
  get query(): URLSearchParams {
    return this.url.searchParams;
  }
  get hasQuery(): boolean {
    return this.#incoming.hasQuery;
  }
}

function recover(error: unknown): ApiAnswer {
  if (error instanceof ApiError) return failed(error);
  // No timestamp left at the end of the Date range (sim/core/stamps.ts): 400 saying so.
  if (error instanceof StampRangeError) return failed(new BadRequestError(error.message));
  return failed(new BadRequestError());
}

/**
 * Serves one request: the answer, synchronous when nothing on the way is (a raw request's body is
 * already bytes and the routes of areas A and B answer synchronously), else a promise. May throw or
 * reject: the callers recover (400/6000 for anything that is not an ApiError).
 */
function serve(request: Incoming, options: HandlerOptions): ApiAnswer | Promise<ApiAnswer> {
  const pathname = request.pathname;
  const below = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname;
  const match = options.router.match(request.method.toUpperCase(), below);
  if (!match) return failed(new NoRouteError(pathname));
  const principal = authenticate(request.headers, options.tenants);
  if (principal instanceof ApiError) return failed(principal);
  const denied = checkAccess(principal, match.params);
  if (denied) return failed(denied);
  const mode = match.route.body ?? "none";
  if (mode === "none") return run(request, options, match, principal, NO_BODY);
  const read = request.body(options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  if (read instanceof Promise) {
    return read.then((bytes) => run(request, options, match, principal, decodeBytes(request, mode, bytes)));
  }
  return run(request, options, match, principal, decodeBytes(request, mode, read));
}

/** The route's answer as the envelope's text (after routing, authentication and the body). */
function run(
  request: Incoming,
  options: HandlerOptions,
  match: RouteMatch,
  principal: Principal,
  body: { value: unknown } | ApiError,
): ApiAnswer | Promise<ApiAnswer> {
  if (body instanceof ApiError) return failed(body);
  const handled = match.route.handle(
    new DecodedRequest(match.route.method as HttpMethod, request, match.params, body.value, principal, options.core),
  );
  return handled instanceof Promise ? handled.then(encode) : encode(handled);
}

function encode(out: RouteResult): ApiAnswer {
  if (out.envelopeJson !== undefined && out.result_info === undefined) {
    return { status: out.status ?? 200, text: out.envelopeJson };
  }
  if (out.resultJson !== undefined) {
    return { status: out.status ?? 200, text: successEnvelopeJson(out.resultJson, out.result_info) };
  }
  const envelope = out.noResult ? resultlessEnvelope() : successEnvelope(out.result, out.result_info);
  return { status: out.status ?? 200, text: JSON.stringify(envelope) };
}

/** `serve`, never throwing or rejecting (anything unexpected is 400/6000); synchronous when it can be. */
function answer(request: () => Incoming, options: HandlerOptions): ApiAnswer | Promise<ApiAnswer> {
  try {
    const out = serve(request(), options);
    return out instanceof Promise ? out.catch(recover) : out;
  } catch (error) {
    return recover(error);
  }
}

/** The transport's fetch handler (web Request -> Response). */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const answered = answer(() => {
      const url = new URL(request.url);
      return {
        method: request.method,
        pathname: url.pathname,
        url,
        hasQuery: url.search !== "",
        headers: request.headers,
        body: (limit) => readCapped(request, limit),
      };
    }, options);
    const out = answered instanceof Promise ? await answered : answered;
    return textResponse(out.text, out.status);
  };
}

/**
 * The transport's raw handler: the same decisions as `createHandler` over a RawRequest, answering the
 * status and JSON text (content type `JSON_CONTENT_TYPE`), synchronously when nothing on the way is
 * asynchronous. `target` may be given already parsed: a URL, or the pathname of a URL that is known
 * to parse (the URL itself is then made only if a route asks for it). Never throws or rejects.
 */
export function createRawHandler(
  options: HandlerOptions,
): (request: RawRequest, target?: URL | string) => ApiAnswer | Promise<ApiAnswer> {
  // No closure per request: a small class instance carries what `serve` reads.
  return (request, target) => {
    try {
      const out = serve(new RawIncoming(request, target), options);
      return out instanceof Promise ? out.catch(recover) : out;
    } catch (error) {
      return recover(error);
    }
  };
}

/** A RawRequest as `serve` sees it. */
class RawIncoming implements Incoming {
  readonly method: string;
  readonly pathname: string;
  /** False for a known plain pathname (letters, digits, "-", "_", "/" to the end: no query). */
  readonly hasQuery: boolean;
  readonly headers: { get(name: string): string | null };
  readonly #href: string;
  #url: URL | undefined;
  readonly #bytes: Uint8Array;
  constructor(request: RawRequest, target: URL | string | undefined) {
    this.method = request.method;
    this.#href = request.url;
    if (typeof target === "string") {
      this.pathname = target;
      this.hasQuery = false;
    } else {
      this.#url = target ?? new URL(request.url);
      this.pathname = this.#url.pathname;
      this.hasQuery = this.#url.search !== "";
    }
    this.headers = headerGetter(request.headers);
    this.#bytes = request.body ?? EMPTY;
  }
  get url(): URL {
    this.#url ??= new URL(this.#href);
    return this.#url;
  }
  body(limit: number): Uint8Array | ApiError {
    return capBytes(this.headers, this.#bytes, limit);
  }
}

const EMPTY = new Uint8Array(0);

export { JSON_CONTENT_TYPE };
