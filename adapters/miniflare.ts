/**
 * `edgeconf/miniflare`: the simulator behind a Worker's outbound `fetch` when the Worker runs inside
 * workerd (Miniflare, `@cloudflare/vitest-pool-workers`), where Node interceptors (undici, nock) cannot
 * reach: Miniflare hands every outbound request of the Worker to its `outboundService` function, in
 * Node, and `simulatorOutbound(sim)` is that function.
 *
 *   const sim = createSimulator({ seed: 1 });
 *   const mf = new Miniflare({ modules: true, scriptPath: "worker.js", outboundService: simulatorOutbound(sim) });
 *   // the Worker's fetch("https://api.cloudflare.com/client/v4/zones/.../dns_records") is served by sim.fetch
 *
 * It serves `api.cloudflare.com` (areas A, B), `plexi.key-transparency.cloudflare.com` (area C),
 * `/__edgeconf/...` (control) on those, and any `hosts` you add; a request to any other host fails
 * (Miniflare answers the Worker 500 with the reason, naming the host) unless `passthrough` sends it to
 * the network with Node's fetch.
 *
 * Gaps / by design: a request body is read whole before it reaches the simulator (Miniflare's Request
 * is not Node's, so it is copied into one); area D is not served here: give the Worker `sim.bucket()`
 * through Miniflare's own R2 binding or test it with edgeconf's module target (docs/test-double.md).
 */
import {
  forwardToSimulator,
  type HostOptions,
  isHopByHop,
  isServedHost,
  refusedHostError,
  type SimulatorLike,
  servedHosts,
} from "./hosts.ts";

export { PLATFORM_API_HOST, PLATFORM_HOSTS, PLATFORM_KT_HOST } from "./hosts.ts";

export interface SimulatorOutboundOptions extends HostOptions {
  /** A host that is not served: `false` (default) fails the request naming the host; `true` fetches it. */
  passthrough?: boolean;
}

/** The request as Node's own web Request (Miniflare's is another class), hop-by-hop headers left out. */
async function nodeRequest(request: Request): Promise<Request> {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!isHopByHop(name)) headers.append(name, value);
  });
  const method = request.method;
  const body = method === "GET" || method === "HEAD" ? undefined : new Uint8Array(await request.arrayBuffer());
  return new Request(request.url, {
    method,
    headers,
    ...(body !== undefined && body.byteLength > 0 ? { body } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
}

/**
 * Miniflare's `outboundService` answering the platform's hosts (and `options.hosts`) from `sim`.
 * The same options as `simulatorDispatcher` (edgeconf/undici): `hosts`, `clientIdentity`, `passthrough`.
 */
export function simulatorOutbound(
  sim: SimulatorLike,
  options: SimulatorOutboundOptions = {},
): (request: Request) => Promise<Response> {
  const hosts = servedHosts(options);
  return async (request) => {
    const url = new URL(request.url);
    if (!isServedHost(url, hosts)) {
      if (options.passthrough) return fetch(await nodeRequest(request));
      throw refusedHostError(url, hosts, "pass { passthrough: true }");
    }
    return forwardToSimulator(sim, await nodeRequest(request), options);
  };
}
