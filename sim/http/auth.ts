/**
 * Authentication of the v4 API: `Authorization: Bearer <token>` (area A's scheme) or
 * `X-Auth-Email` + `X-Auth-Key` (area B's). The platform accepts either scheme on both areas, and so
 * does the simulator. Pure: headers and tenants in, a Principal or an ApiError out.
 *
 * Gaps / by design: when both schemes are sent, Authorization decides. Header formats are checked
 * loosely (a bearer token of RFC 6750 characters, an email with one `@` and a dot in the domain, a
 * key of letters and digits); anything well-formed but unknown is 403/10000. No permissions or
 * scopes inside a tenant (the spec: "not shown").
 */
import {
  type ApiError,
  AuthenticationError,
  HEADER_CHAIN,
  InvalidHeadersError,
  MissingCredentialsError,
  UnauthorizedError,
} from "./errors.ts";
import type { ErrorItem, Principal, Tenant } from "./types.ts";

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const KEY = /^[A-Za-z0-9]{1,256}$/;

export interface CredentialHeaders {
  get(name: string): string | null;
}

/** Principals are made once per tenant list, tenant and scheme (they are read-only), not per request. */
const PRINCIPALS = new WeakMap<readonly Tenant[], Map<string, Principal>>();

function principalOf(tenants: readonly Tenant[], index: number, scheme: Principal["scheme"]): Principal {
  let made = PRINCIPALS.get(tenants);
  if (!made) {
    made = new Map();
    PRINCIPALS.set(tenants, made);
  }
  const t = tenants[index]!;
  const key = `${index} ${scheme}`;
  let p = made.get(key);
  if (!p) {
    p = Object.freeze({ scheme, accounts: new Set([t.account_id]), zones: new Set([t.zone_id]), tenant: index });
    made.set(key, p);
  }
  return p;
}

/** Who is calling, or the platform's error for missing (9106), malformed (6003) or unknown (10000) credentials. */
export function authenticate(headers: CredentialHeaders, tenants: readonly Tenant[]): Principal | ApiError {
  const authorization = headers.get("authorization");
  const email = headers.get("x-auth-email");
  const key = headers.get("x-auth-key");
  if (authorization === null && email === null && key === null) return new MissingCredentialsError();
  if (authorization !== null) {
    const m = BEARER.exec(authorization.trim());
    if (!m) return new InvalidHeadersError([HEADER_CHAIN.authorization]);
    const token = m[1]!;
    const index = tenants.findIndex((t) => t.api_token === token);
    return index < 0 ? new AuthenticationError() : principalOf(tenants, index, "token");
  }
  const chain: ErrorItem[] = [];
  if (email === null || !EMAIL.test(email.trim())) chain.push(HEADER_CHAIN.email);
  if (key === null || !KEY.test(key.trim())) chain.push(HEADER_CHAIN.key);
  if (chain.length > 0) return new InvalidHeadersError(chain);
  const index = tenants.findIndex(
    (t) => t.auth_email.toLowerCase() === email!.trim().toLowerCase() && t.auth_key === key!.trim(),
  );
  return index < 0 ? new AuthenticationError() : principalOf(tenants, index, "key");
}

/** 403/9109 unless the principal may touch the account and zone named in the path params. */
export function checkAccess(principal: Principal, params: Readonly<Record<string, string>>): ApiError | undefined {
  const account = params.account_id;
  const zone = params.zone_id;
  if (account !== undefined && !principal.accounts.has(account)) return new UnauthorizedError();
  if (zone !== undefined && !principal.zones.has(zone)) return new UnauthorizedError();
  return undefined;
}
