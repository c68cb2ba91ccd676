/**
 * Which hosts the interceptors serve from the simulator, and how a request reaches `sim.fetch`.
 *
 * The platform's hosts: the v4 management API (`api.cloudflare.com`, areas A and B under
 * `/client/v4`) and the key-transparency auditor (`plexi.key-transparency.cloudflare.com`, area C).
 * Callers add their own hosts (e.g. a custom base URL) with `hosts`.
 */
import type { Simulator } from "../sim/index.ts";

/** Host of the platform's v4 management API (areas A and B, below `/client/v4`). */
export const PLATFORM_API_HOST = "api.cloudflare.com";
/** Host of the platform's key-transparency auditor (area C). */
export const PLATFORM_KT_HOST = "plexi.key-transparency.cloudflare.com";
/** The hosts served by default. */
export const PLATFORM_HOSTS: readonly string[] = [PLATFORM_API_HOST, PLATFORM_KT_HOST];

/** What the interceptors need of a simulator: its in-process fetch. */
export type SimulatorLike = Pick<Simulator, "fetch">;

export interface HostOptions {
  /** Extra hosts to serve from the simulator, as `hostname` (any port) or `hostname:port`. */
  hosts?: readonly string[];
  /**
   * Area C: identity (certificate CN) presented as the client certificate on kt requests, since
   * there is no TLS in-process. Default: none, as for a caller without a client certificate.
   */
  clientIdentity?: string;
}

/** The hosts an interceptor serves, lowercased. */
export function servedHosts(options: HostOptions = {}): string[] {
  const extra = options.hosts ?? [];
  for (const h of extra) {
    if (typeof h !== "string" || h === "" || /[/\s]/.test(h)) {
      throw new TypeError(`hosts: "${String(h)}" is not a host name (give "example.test" or "example.test:8080")`);
    }
  }
  return [...PLATFORM_HOSTS, ...extra].map((h) => h.toLowerCase());
}

/** Whether `url`'s host is one of `hosts` (a bare hostname matches any port). */
export function isServedHost(url: URL, hosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  return hosts.includes(hostname) || hosts.includes(host);
}

export function refusedHostError(url: URL, hosts: readonly string[], how: string): Error {
  return new Error(
    `edgeconf: refused a request to ${url.origin}${url.pathname}: ${url.host} is not a platform host served by the simulator ` +
      `(${hosts.join(", ")}). Add it with { hosts: ["${url.host}"] } to serve it from the simulator, or ${how} to let it reach the network.`,
  );
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "expect",
  "host",
  "proxy-connection",
]);

/** Drops headers that belong to a connection rather than to the request. */
export function isHopByHop(name: string): boolean {
  return HOP_BY_HOP.has(name.toLowerCase());
}

/** Sends one request to the simulator, with the kt client identity when configured. */
export function forwardToSimulator(sim: SimulatorLike, request: Request, options: HostOptions = {}): Promise<Response> {
  return options.clientIdentity === undefined
    ? sim.fetch(request)
    : sim.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body, duplex: "half" } : {}),
        signal: request.signal,
        clientIdentity: options.clientIdentity,
      } as RequestInit & { clientIdentity: string });
}
