/**
 * Types of the shared HTTP transport of areas A and B (and the route tables areas plug in).
 *
 * Gaps / by design: routes see a decoded request (params, query, parsed JSON body, the principal
 * that authenticated); they never parse raw HTTP themselves. Access to `:account_id` and `:zone_id`
 * is checked by the transport before a route runs, so routes never see another tenant's ids.
 */
import type { Snapshottable } from "../core/area.ts";
import type { Credentials, SimCore } from "../core/context.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const HTTP_METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Which scheme a route expects, as the spec says per area (the platform accepts both on both). */
export type AuthScheme = "token" | "key";

/** Who made the call, after authentication. */
export interface Principal {
  scheme: AuthScheme;
  /** Accounts and zones this credential may touch. */
  accounts: ReadonlySet<string>;
  zones: ReadonlySet<string>;
  /** Index of the tenant in `ApiArea.tenants` (0 = the primary tenant, `core.credentials`). */
  tenant?: number;
}

export interface RouteRequest {
  method: HttpMethod;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Whether the URL has a query (`url.search !== ""`), known without parsing the URL on serve's fast path. */
  hasQuery: boolean;
  /** The parsed JSON body (undefined when there is none). */
  body: unknown;
  principal: Principal;
  core: SimCore;
}

export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  /** Absent where the platform's schema of the list has none (area A's dos_api-response-collection). */
  total_pages?: number;
}

export interface RouteResult {
  status?: number;
  result: unknown;
  result_info?: ResultInfo;
  /** The envelope carries no `result` key at all (the platform's schema for some deletes). */
  noResult?: true;
  /** `result` already as JSON text (a cached serialisation); used instead of `result` when set. */
  resultJson?: string;
  /**
   * The whole success envelope already as JSON text (a kept answer, `{"result":...,"success":true,
   * "errors":[],"messages":[]}`): answered as it is, before `resultJson` and `result`. Only for an
   * answer without result_info.
   */
  envelopeJson?: string;
}

export interface ApiRoute {
  method: HttpMethod;
  /** Path below `/client/v4`, with `:name` segments, e.g. `/zones/:zone_id/dns_records/:record_id`. */
  path: string;
  /**
   * Whether the route needs a body (POST/PUT/PATCH with JSON). "json": a JSON body is required
   * (Content-Type application/json); "optional": parsed when present; "none" (default): ignored.
   */
  body?: "json" | "none" | "optional";
  /**
   * Shape of `:name` segments; a segment that does not match answers 400/7003 (malformed id), as the
   * platform does. `account_id` and `zone_id` default to 32 lowercase hex (see DEFAULT_PARAM_PATTERNS).
   */
  params?: Readonly<Record<string, RegExp>>;
  handle(req: RouteRequest): RouteResult | Promise<RouteResult>;
}

/** What the DNS areas need to know of tenants: which zones exist and their names. */
export interface ZoneDirectory {
  /** The zone's domain name, or undefined when no such zone exists. */
  zoneName(zoneId: string): string | undefined;
  /** The account owning the zone, or undefined when no such zone exists. */
  accountOf?(zoneId: string): string | undefined;
  /** Every zone id known to the simulator, primary tenant first. */
  zoneIds?(): readonly string[];
}

/** What an HTTP area plugs into the transport: its routes and its state. */
export interface HttpAreaModule {
  readonly routes: readonly ApiRoute[];
  readonly state: Snapshottable;
}

/** One tenant of the simulator: an account with one zone and its two credentials (token; email + key). */
export type Tenant = Credentials;

/** An error item of the v4 envelope. */
export interface ErrorItem {
  code: number;
  message: string;
  error_chain?: ErrorItem[];
}
