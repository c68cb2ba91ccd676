/**
 * Areas A and B as suites reach them: HTTP requests below the base URL, with credentials.
 *
 * One ApiTarget over any transport (`sim.fetch` in-process, or undici over the network). A request
 * carries the credentials of the scheme its area uses (A: bearer token, B: email + key) unless told
 * otherwise: `auth: "none" | "token" | "key" | "other-token" | "other-key" | { headers } | { derive }` sends no
 * credentials, a chosen scheme, the second tenant's, raw headers (malformed credentials), or headers made
 * from the primary tenant's own (a near miss: one character changed; the test never sees the secret itself).
 */
import { Agent, fetch as undiciFetch } from "undici";
import type { Simulator } from "../../sim/index.ts";
import { recordImplementation, serverImplementation } from "./identity.ts";
import { secondTenantFromEnv } from "./second-tenant.ts";
import type { ApiCredentials, ApiSecrets, TenantCredentials } from "./tenant.ts";

export type { ApiCredentials, ApiSecrets, TenantCredentials } from "./tenant.ts";

export type AuthScheme = "token" | "key";

export type ApiAuth =
  | "default"
  | "none"
  | AuthScheme
  | "other-token"
  | "other-key"
  | { readonly headers: Readonly<Record<string, string>> }
  /** Headers made from the primary tenant's credentials of `scheme` (default: the path's area's scheme). */
  | {
      readonly derive: (headers: Readonly<Record<string, string>>) => Record<string, string>;
      readonly scheme?: AuthScheme;
    };

export interface ApiRequestInit extends RequestInit {
  /** Which credentials to send (default: the scheme of the path's area, the primary tenant). */
  auth?: ApiAuth;
}

/** A decoded response: status, headers, raw text and JSON (undefined when the body is not JSON). */
export interface ApiResult<T = unknown> {
  /** The call, `METHOD path?query` below the base URL: failure messages name it. */
  call: string;
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface ApiTarget {
  /** The primary tenant's account and zone. */
  readonly credentials: ApiCredentials;
  /** A second tenant (isolation tests), when the target has one (capability "tenants"). */
  readonly otherTenant?: ApiCredentials;
  /** Schemes the target has credentials for. */
  readonly schemes: ReadonlySet<AuthScheme>;
  /** The base URL requests go below (ends in /client/v4). */
  readonly baseUrl: string;
  /** Sends a request to `{base_url}{path}`. */
  fetch(path: string, init?: ApiRequestInit): Promise<Response>;
  /** JSON convenience: sends `body` as JSON (when given) and decodes the answer. */
  request<T = unknown>(method: string, path: string, body?: unknown, init?: ApiRequestInit): Promise<ApiResult<T>>;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

function schemeOfPath(path: string): AuthScheme {
  return path.startsWith("/zones") ? "key" : "token";
}

function authHeaders(tenant: ApiSecrets | undefined, scheme: AuthScheme): Record<string, string> {
  if (!tenant) throw new Error("this target has no second tenant (capability tenants)");
  if (scheme === "token") {
    if (!tenant.api_token) throw new Error("no API token for this target (CLOUDFLARE_API_TOKEN)");
    return { authorization: `Bearer ${tenant.api_token}` };
  }
  if (!tenant.auth_email || !tenant.auth_key)
    throw new Error("no email/key for this target (CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY)");
  return { "x-auth-email": tenant.auth_email, "x-auth-key": tenant.auth_key };
}

export function schemesOf(t: ApiSecrets): Set<AuthScheme> {
  const s = new Set<AuthScheme>();
  if (t.api_token) s.add("token");
  if (t.auth_email && t.auth_key) s.add("key");
  return s;
}

/** An ApiTarget over any `send` function (the shared part of the sim and http targets). */
export function createApiTarget(options: {
  baseUrl: string;
  primary: TenantCredentials;
  other?: TenantCredentials;
  send: Send;
}): ApiTarget {
  const { primary, other, send } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const schemes = schemesOf(primary);
  const pick = (path: string, auth: ApiAuth): Record<string, string> => {
    if (typeof auth === "object")
      return "headers" in auth ? { ...auth.headers } : auth.derive(pick(path, auth.scheme ?? "default"));
    switch (auth) {
      case "none":
        return {};
      case "token":
      case "key":
        return authHeaders(primary, auth);
      case "other-token":
        return authHeaders(other, "token");
      case "other-key":
        return authHeaders(other, "key");
      case "default": {
        const wanted = schemeOfPath(path);
        return authHeaders(primary, schemes.has(wanted) ? wanted : wanted === "token" ? "key" : "token");
      }
    }
  };
  const target: ApiTarget = {
    credentials: { account_id: primary.account_id, zone_id: primary.zone_id, zone_name: primary.zone_name },
    ...(other
      ? { otherTenant: { account_id: other.account_id, zone_id: other.zone_id, zone_name: other.zone_name } }
      : {}),
    schemes,
    baseUrl,
    fetch(path, init = {}) {
      const { auth = "default", headers, ...rest } = init;
      const merged = new Headers(headers);
      for (const [k, v] of Object.entries(pick(path, auth))) merged.set(k, v);
      return send(`${baseUrl}${path}`, { ...rest, headers: merged });
    },
    async request<T>(method: string, path: string, body?: unknown, init: ApiRequestInit = {}) {
      const headers = new Headers(init.headers);
      const withBody = body !== undefined;
      if (withBody && !headers.has("content-type")) headers.set("content-type", "application/json");
      const res = await target.fetch(path, {
        ...init,
        method,
        headers,
        ...(withBody ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { call: `${method} ${path}`, status: res.status, headers: res.headers, text, json: json as T };
    },
  };
  return target;
}

/** In-process, through `sim.fetch`; the second tenant is the simulator's. */
export function createSimApiTarget(sim: Simulator): ApiTarget {
  const other = sim.areas.api.tenants[1];
  return createApiTarget({
    baseUrl: "https://api.cloudflare.com/client/v4",
    primary: sim.credentials,
    ...(other ? { other } : {}),
    send: (url, init) => sim.fetch(url, init),
  });
}

export interface HttpApiTargetOptions {
  /** Per-request timeout in ms (default EDGECONF_TIMEOUT_MS or 15000). */
  timeoutMs?: number;
  /** Primary credentials instead of the environment's. */
  primary?: TenantCredentials;
  /** A second tenant, for isolation tests (default: EDGECONF_SECOND_*, see second-tenant.ts). */
  other?: TenantCredentials;
}

let sharedAgent: Agent | undefined;

/**
 * From CLOUDFLARE_API_TOKEN, CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY, CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_ZONE_ID and a
 * base URL; the second tenant from EDGECONF_SECOND_* when all are set.
 */
export function createHttpApiTarget(
  baseUrl: string,
  env: NodeJS.ProcessEnv,
  options: HttpApiTargetOptions = {},
): ApiTarget {
  const timeoutMs = options.timeoutMs ?? (Number(env.EDGECONF_TIMEOUT_MS) || 15_000);
  const primary: TenantCredentials = options.primary ?? {
    account_id: env.CLOUDFLARE_ACCOUNT_ID ?? "",
    zone_id: env.CLOUDFLARE_ZONE_ID ?? "",
    zone_name: env.CLOUDFLARE_ZONE_NAME ?? "",
    ...(env.CLOUDFLARE_API_TOKEN ? { api_token: env.CLOUDFLARE_API_TOKEN } : {}),
    ...(env.CLOUDFLARE_EMAIL ? { auth_email: env.CLOUDFLARE_EMAIL } : {}),
    ...(env.CLOUDFLARE_API_KEY ? { auth_key: env.CLOUDFLARE_API_KEY } : {}),
  };
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  const dispatcher = sharedAgent;
  const send: Send = async (url, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const res = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      headers: Object.fromEntries(new Headers(init.headers)),
      signal,
      dispatcher,
    } as Parameters<typeof undiciFetch>[1]);
    // Who answers, for the report (the server header of the first response).
    recordImplementation(serverImplementation(res.headers.get("server")));
    return res as unknown as Response;
  };
  const other = options.other ?? secondTenantFromEnv(env);
  return createApiTarget({ baseUrl, primary, ...(other ? { other } : {}), send });
}
