/**
 * The host to print in a URL for the address a server listens on: a wildcard address (`0.0.0.0`, `::`)
 * is where a server listens, not one a client can connect to portably, and the control surface's Host
 * check refuses it; the URLs printed for it name loopback instead (127.0.0.1, [::1]), which the Host
 * check and area C's certificate (SAN 127.0.0.1, ::1, localhost) accept.
 *
 * Gaps / by design: other interfaces' addresses are not guessed; from another machine, use the
 * machine's own address (the API answers it; the control surface, by design, does not).
 */

const WILDCARDS_V4 = new Set(["0.0.0.0", "0"]);
const WILDCARDS_V6 = new Set(["::", "[::]", "::0", "0:0:0:0:0:0:0:0"]);

/** `host` as a client on this machine reaches it: loopback for a wildcard, else unchanged. */
export function reachableHost(host: string): string {
  if (WILDCARDS_V4.has(host)) return "127.0.0.1";
  if (WILDCARDS_V6.has(host)) return "::1";
  return host;
}

/** `host` for a URL (IPv6 in brackets), loopback for a wildcard. */
export function urlHostOf(host: string): string {
  const h = reachableHost(host);
  return h.includes(":") && !h.startsWith("[") ? `[${h}]` : h;
}
