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

export interface CredentialHeaders {
  get(name: string): string | null;
}

/**
 * Principals are made once per tenant list, tenant and scheme (they are read-only), not per request:
 * per tenant list, at 2 * index the token principal and at 2 * index + 1 the key principal.
 */
const PRINCIPALS = new WeakMap<readonly Tenant[], (Principal | undefined)[]>();

/** The last tenant list asked for and its principals (one list per simulator: no WeakMap lookup). */
let lastTenants: readonly Tenant[] | undefined;
let lastMade: (Principal | undefined)[] = [];

function principalOf(tenants: readonly Tenant[], index: number, scheme: Principal["scheme"]): Principal {
  let made: (Principal | undefined)[] | undefined;
  if (tenants === lastTenants) made = lastMade;
  else {
    made = PRINCIPALS.get(tenants);
    if (!made) {
      made = [];
      PRINCIPALS.set(tenants, made);
    }
    lastTenants = tenants;
    lastMade = made;
  }
  const slot = 2 * index + (scheme === "key" ? 1 : 0);
  let p = made[slot];
  if (!p) {
    const t = tenants[index]!;
    p = Object.freeze({ scheme, accounts: new Set([t.account_id]), zones: new Set([t.zone_id]), tenant: index });
    made[slot] = p;
  }
  return p;
}

/** `/^[A-Za-z0-9]{1,256}$/.test(key)` without the regex: 1 to 256 ASCII letters and digits. */
function isKey(key: string): boolean {
  if (key.length === 0 || key.length > 256) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

/**
 * The last key-scheme caller recognised: the same email and key headers again, against the same
 * tenant list whose tenant still has that email and key, are the same principal (speed only: the
 * checks below would decide the same).
 */
let lastKeyCall:
  | {
      tenants: readonly Tenant[];
      index: number;
      email: string;
      key: string;
      tenantEmail: string;
      tenantKey: string;
      principal: Principal;
    }
  | undefined;

/** Who is calling, or the platform's error for missing (9106), malformed (6003) or unknown (10000) credentials. */
export function authenticate(headers: CredentialHeaders, tenants: readonly Tenant[]): Principal | ApiError {
  const authorization = headers.get("authorization");
  const email = headers.get("x-auth-email");
  const key = headers.get("x-auth-key");
  if (authorization === null && email === null && key === null) return new MissingCredentialsError();
  const last = lastKeyCall;
  if (
    authorization === null &&
    last !== undefined &&
    email === last.email &&
    key === last.key &&
    tenants === last.tenants
  ) {
    const t = tenants[last.index];
    if (t !== undefined && t.auth_email === last.tenantEmail && t.auth_key === last.tenantKey) return last.principal;
  }
  if (authorization !== null) {
    const m = BEARER.exec(authorization.trim());
    if (!m) return new InvalidHeadersError([HEADER_CHAIN.authorization]);
    const token = m[1]!;
    const index = tenants.findIndex((t) => t.api_token === token);
    return index < 0 ? new AuthenticationError() : principalOf(tenants, index, "token");
  }
  const chain: ErrorItem[] = [];
  if (email === null || !EMAIL.test(email.trim())) chain.push(HEADER_CHAIN.email);
  if (key === null || !isKey(key.trim())) chain.push(HEADER_CHAIN.key);
  if (chain.length > 0) return new InvalidHeadersError(chain);
  const givenEmail = email!.trim().toLowerCase();
  const givenKey = key!.trim();
  let index = -1;
  for (let i = 0; i < tenants.length; i++) {
    const t = tenants[i]!;
    if (t.auth_email.toLowerCase() === givenEmail && t.auth_key === givenKey) {
      index = i;
      break;
    }
  }
  if (index < 0) return new AuthenticationError();
  const principal = principalOf(tenants, index, "key");
  const t = tenants[index]!;
  lastKeyCall = {
    tenants,
    index,
    email: email!,
    key: key!,
    tenantEmail: t.auth_email,
    tenantKey: t.auth_key,
    principal,
  };
  return principal;
}

/** 403/9109 unless the principal may touch the account and zone named in the path params. */
export function checkAccess(principal: Principal, params: Readonly<Record<string, string>>): ApiError | undefined {
  const account = params.account_id;
  const zone = params.zone_id;
  if (account !== undefined && !principal.accounts.has(account)) return new UnauthorizedError();
  if (zone !== undefined && !principal.zones.has(zone)) return new UnauthorizedError();
  return undefined;
}
