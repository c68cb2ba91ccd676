/**
 * Types of the shared HTTP transport of areas A and B (and the route tables areas plug in).
 *
 * Gaps / by design: routes see a decoded request (params, query, parsed JSON body, the principal
 * that authenticated); they never parse raw HTTP themselves.
 */
import type { SimCore } from "../core/context.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Which scheme a route expects, as the spec says per area (the platform accepts both on both). */
export type AuthScheme = "token" | "key";

/** Who made the call, after authentication. */
export interface Principal {
  scheme: AuthScheme;
  /** Accounts and zones this credential may touch. */
  accounts: ReadonlySet<string>;
  zones: ReadonlySet<string>;
}

export interface RouteRequest {
  method: HttpMethod;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (undefined when there is none). */
  body: unknown;
  principal: Principal;
  core: SimCore;
}

export interface RouteResult {
  status?: number;
  result: unknown;
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages: number };
}

export interface ApiRoute {
  method: HttpMethod;
  /** Path below `/client/v4`, with `:name` segments, e.g. `/zones/:zone_id/dns_records/:record_id`. */
  path: string;
  /** Whether the route needs a body (POST/PUT/PATCH with JSON). */
  body?: "json" | "none" | "optional";
  handle(req: RouteRequest): RouteResult | Promise<RouteResult>;
}

/** What the DNS areas need to know of tenants: which zones exist and their names. */
export interface ZoneDirectory {
  /** The zone's domain name, or undefined when no such zone exists. */
  zoneName(zoneId: string): string | undefined;
}

/** What an HTTP area plugs into the transport: its routes and its state. */
export interface HttpAreaModule {
  readonly routes: readonly ApiRoute[];
  readonly state: import("../core/area.ts").Snapshottable;
}
