/**
 * The v4 API as a fetch handler: route, authenticate, check access, decode the body, run the route,
 * encode the envelope. Never throws and never answers 5xx: anything unexpected is 400/6000.
 *
 * Gaps / by design: routing comes before authentication (an unknown path is 7003 even without
 * credentials, as on the platform); authentication before body decoding. HEAD and OPTIONS have no
 * routes (7003).
 */
import type { SimCore } from "../core/context.ts";
import { authenticate, checkAccess } from "./auth.ts";
import { contentTypeError, DEFAULT_BODY_LIMIT, decodeJsonBody, isJsonContentType, readCapped } from "./body.ts";
import { errorResponse, jsonResponse, successEnvelope } from "./envelope.ts";
import { ApiError, BadRequestError, NoRouteError } from "./errors.ts";
import type { Router } from "./router.ts";
import type { HttpMethod, Tenant } from "./types.ts";

export const API_PREFIX = "/client/v4";

export interface HandlerOptions {
  core: SimCore;
  router: Router;
  tenants: readonly Tenant[];
  bodyLimit?: number;
}

async function decodeBody(
  request: Request,
  mode: "json" | "none" | "optional",
  limit: number,
): Promise<{ value: unknown } | ApiError> {
  if (mode === "none") return { value: undefined };
  const bytes = await readCapped(request, limit);
  if (bytes instanceof ApiError) return bytes;
  if (mode === "optional" && bytes.byteLength === 0) return { value: undefined };
  if (!isJsonContentType(request.headers.get("content-type"))) return contentTypeError();
  return decodeJsonBody(bytes);
}

async function serve(request: Request, options: HandlerOptions): Promise<Response> {
  const url = new URL(request.url);
  const below = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  const match = options.router.match(request.method.toUpperCase(), below);
  if (!match) return errorResponse(new NoRouteError(url.pathname));
  const principal = authenticate(request.headers, options.tenants);
  if (principal instanceof ApiError) return errorResponse(principal);
  const denied = checkAccess(principal, match.params);
  if (denied) return errorResponse(denied);
  const body = await decodeBody(request, match.route.body ?? "none", options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  if (body instanceof ApiError) return errorResponse(body);
  const out = await match.route.handle({
    method: match.route.method as HttpMethod,
    url,
    params: match.params,
    query: url.searchParams,
    body: body.value,
    principal,
    core: options.core,
  });
  return jsonResponse(successEnvelope(out.result, out.result_info), out.status ?? 200);
}

/** The transport's fetch handler. */
export function createHandler(options: HandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await serve(request, options);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      return errorResponse(new BadRequestError());
    }
  };
}
