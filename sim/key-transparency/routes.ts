/**
 * Area C HTTP routes: decode the request, call the model, encode a bare JSON body.
 *
 * Check order of a write: identity (401), route and namespace (404), owner (403), read-only
 * Disabled namespace (400, publication only), content type (415), size (413), JSON (400), fields
 * (400), state rules (400/409). Reads need no identity.
 *
 * Every answer carries a `Date` header from the simulator's clock (the target's clock as a client
 * sees it; audit timestamps are that clock's milliseconds). Bodies are read and written with exact
 * u64 integers (json.ts).
 *
 * Gaps / by design: no HEAD/OPTIONS, query strings are ignored, GET on reports_uri and on the audits
 * collection are not modelled (404 and 405). Every failure is a 4xx JSON body; handle never throws.
 */
import { DISABLED_MESSAGE, KtError } from "./errors.ts";
import { JsonSyntaxError, parseJsonExact, stringifyJson } from "./json.ts";
import { type KtModel, requireActor } from "./model.ts";
import { parseEpochText, validatePublish, validateRegister, validateStatusPatch } from "./validate.ts";
import { auditJson, infoJson, lastVerifiedJson, namespaceJson } from "./wire.ts";

/** Largest request body accepted (bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface KtRouteContext {
  clientIdentity?: string;
}

export interface KtRouteDeps {
  model: KtModel;
  /** not_before of the auditor key in GET /info (ms). */
  keyNotBefore: number;
  /** The simulator's clock (ms), for the Date header. */
  now: () => number;
}

function json(deps: KtRouteDeps, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(stringifyJson(body), {
    status,
    headers: { "content-type": "application/json", date: new Date(deps.now()).toUTCString(), ...headers },
  });
}

function errorResponse(deps: KtRouteDeps, e: KtError, headers: Record<string, string> = {}): Response {
  return json(deps, e.toJSON(), e.status, headers);
}

/** Whether a Content-Type header names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const media = value.split(";")[0]!.trim().toLowerCase();
  return media === "application/json";
}

async function readJson(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new KtError("unsupported_media_type", "send the body as JSON with Content-Type: application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES)
    throw new KtError("payload_too_large", `the body must be at most ${MAX_BODY_BYTES} bytes`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES)
    throw new KtError("payload_too_large", `the body must be at most ${MAX_BODY_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new KtError("invalid_json", "the body is not valid UTF-8");
  }
  try {
    return parseJsonExact(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new KtError("invalid_json", `the body is not valid JSON: ${e.message}`);
    throw e;
  }
}

type Route =
  | { kind: "info" }
  | { kind: "namespaces" }
  | { kind: "namespace"; name: string }
  | { kind: "audits"; name: string }
  | { kind: "audit"; name: string; epoch: string }
  | { kind: "last-verified"; name: string }
  | { kind: "reports"; name: string };

const ALLOW: Record<Route["kind"], string> = {
  info: "GET",
  namespaces: "GET, POST",
  namespace: "GET, PATCH",
  audits: "POST",
  audit: "GET",
  "last-verified": "GET",
  reports: "",
};

function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Matches a path of the kt service, or undefined. Pure. */
export function matchRoute(pathname: string): Route | undefined {
  if (pathname === "/info") return { kind: "info" };
  if (pathname === "/namespaces") return { kind: "namespaces" };
  const parts = pathname.split("/");
  if (parts[0] !== "" || parts[1] !== "namespaces") return undefined;
  const name = parts[2] === undefined || parts[2] === "" ? undefined : decodeSegment(parts[2]);
  if (name === undefined) return undefined;
  if (parts.length === 3) return { kind: "namespace", name };
  if (parts.length === 4 && parts[3] === "audits") return { kind: "audits", name };
  if (parts.length === 4 && parts[3] === "last-verified-epoch") return { kind: "last-verified", name };
  if (parts.length === 4 && parts[3] === "reports") return { kind: "reports", name };
  if (parts.length === 5 && parts[3] === "audits" && parts[4] !== "") return { kind: "audit", name, epoch: parts[4]! };
  return undefined;
}

export async function handleKtRequest(deps: KtRouteDeps, request: Request, ctx: KtRouteContext): Promise<Response> {
  try {
    return await route(deps, request, ctx);
  } catch (e) {
    if (e instanceof KtError) return errorResponse(deps, e);
    const message = e instanceof Error ? e.message : String(e);
    return json(deps, { error: `the request could not be processed: ${message}`, code: "invalid_body" }, 400);
  }
}

async function route(deps: KtRouteDeps, request: Request, ctx: KtRouteContext): Promise<Response> {
  const { model } = deps;
  const url = new URL(request.url);
  const r = matchRoute(url.pathname);
  if (!r || r.kind === "reports") {
    throw new KtError("not_found", `no route for ${request.method} ${url.pathname}`);
  }
  const method = request.method.toUpperCase();
  const allowed = ALLOW[r.kind].split(", ");
  if (!allowed.includes(method)) {
    return errorResponse(
      deps,
      new KtError("method_not_allowed", `${method} is not allowed on ${url.pathname}; use ${ALLOW[r.kind]}`),
      { allow: ALLOW[r.kind] },
    );
  }
  const actor = ctx.clientIdentity;
  switch (r.kind) {
    case "info":
      return json(
        deps,
        infoJson(
          model.key,
          deps.keyNotBefore,
          model.listPublic().map((n) => n.name),
        ),
      );
    case "namespaces": {
      if (method === "GET") return json(deps, { namespaces: model.listPublic().map(namespaceJson) });
      requireActor(actor);
      const input = validateRegister(await readJson(request));
      return json(deps, namespaceJson(model.register(actor, input)));
    }
    case "namespace": {
      if (method === "GET") return json(deps, namespaceJson(model.get(r.name)));
      model.authorizeWrite(actor, r.name);
      const status = validateStatusPatch(await readJson(request));
      return json(deps, namespaceJson(model.setStatus(actor, r.name, status)));
    }
    case "audits": {
      const ns = model.authorizeWrite(actor, r.name);
      if (ns.status === "Disabled") throw new KtError("namespace_disabled", DISABLED_MESSAGE);
      const input = validatePublish(await readJson(request));
      const audit = model.publish(actor, r.name, input);
      return json(deps, auditJson(model.get(r.name), audit, model.key));
    }
    case "audit": {
      const ns = model.get(r.name);
      const epoch = parseEpochText(r.epoch);
      if (epoch === undefined) {
        throw new KtError("invalid_field", `the epoch in the path must be a u64 integer, got "${r.epoch}"`);
      }
      return json(deps, auditJson(ns, model.audit(r.name, epoch), model.key));
    }
    case "last-verified":
      return json(deps, lastVerifiedJson(model.lastVerified(r.name)));
  }
}
