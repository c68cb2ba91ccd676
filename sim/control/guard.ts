/**
 * Who may use the control surface over the network: the checks `edgeconf serve` runs before it
 * forwards a `/__edgeconf` request to the simulator. Pure (headers in, a refusal or nothing out).
 *
 *   1. Host: a loopback name (`localhost`, `127.0.0.1`, `[::1]`) or the address the server listens
 *      on. A page on another site that rebinds its own name to 127.0.0.1 (DNS rebinding) sends its
 *      own name as Host, and is refused: 403.
 *   2. Origin: absent (curl, SDKs, test code), or one whose host passes check 1. A browser page of
 *      another site always sends its own Origin on a POST, PUT or DELETE, and is refused: 403. So is
 *      `Origin: null` and `Sec-Fetch-Site: cross-site`.
 *   3. The token: `Authorization: Bearer <token>` or `X-Edgeconf-Control-Token: <token>`, the
 *      per-process secret `edgeconf serve` makes and prints as `control_token`. Absent or wrong:
 *      401 with `WWW-Authenticate: Bearer realm="edgeconf-control"`.
 *
 * A refused request changes nothing: the checks run before its body is read.
 *
 * Check 1 (`foreignHostProblem`) is also what `edgeconf serve` runs on every other request of both its
 * ports (harness/serve/gate.ts): the API's records and rules are as much worth a rebinding page's while
 * as the control surface. `--allow-host NAME` adds a name to the accepted ones, everywhere.
 *
 * Gaps / by design: in-process use (`sim.control`, `sim.fetch`, the undici and nock adapters) needs
 * no token: whoever holds the simulator object already has it all. The token is made in
 * harness/serve (node:crypto), never from the seed, since the seed is printed and shared. The same
 * model as Miniflare's own control channels: a random per-process secret (its `MF-Op-Secret`
 * header, 401 without it) and a Host/Origin allow-list on its inspector (401 otherwise).
 */

export const CONTROL_TOKEN_HEADER = "x-edgeconf-control-token";

/** Host names that always mean this machine. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

export interface ControlAccess {
  /** The secret every request must carry. */
  token: string;
  /** Host names accepted besides the loopback ones (the address the server listens on, --allow-host names). */
  hosts?: readonly string[];
}

export interface ControlRefusal {
  status: 401 | 403;
  error: string;
  headers: Record<string, string>;
}

interface HeaderSource {
  get(name: string): string | null | undefined;
}

/** The host name of a Host header or an origin's authority (lower case, IPv6 in brackets), or undefined. */
function hostnameOf(authority: string): string | undefined {
  if (authority === "" || /[\s/\\?#@]/.test(authority)) return undefined;
  try {
    return new URL(`http://${authority}`).hostname;
  } catch {
    return undefined;
  }
}

/** The accepted host names: the loopback ones plus `access.hosts`, in URL hostname form. */
export function allowedHostnames(access: Pick<ControlAccess, "hosts">): Set<string> {
  const out = new Set(LOOPBACK_HOSTNAMES);
  for (const h of access.hosts ?? []) {
    const name = hostnameOf(h.includes(":") && !h.startsWith("[") ? `[${h}]` : h);
    if (name !== undefined && name !== "0.0.0.0" && name !== "[::]") out.add(name);
  }
  return out;
}

/**
 * Why `name` cannot be given to `--allow-host` (a host name or IP address, no port, scheme or path),
 * or undefined when it can.
 */
export function allowHostProblem(name: string): string | undefined {
  const bare = name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
  const parsed = hostnameOf(bare);
  if (parsed === undefined || /[:/]/.test(bare.replace(/^\[[^\]]*\]$/, ""))) {
    return `--allow-host takes a host name or IP address (no scheme, port or path), got ${JSON.stringify(name)}`;
  }
  return undefined;
}

/**
 * Why a request whose Host header is `host` must be refused, or undefined when its host name is one of
 * `allowed` (from allowedHostnames). A page on another site that rebinds its own name to this machine
 * (DNS rebinding) sends its own name as Host.
 */
export function foreignHostProblem(host: string | null | undefined, allowed: ReadonlySet<string>): string | undefined {
  const hostname = typeof host === "string" ? hostnameOf(host.trim()) : undefined;
  if (hostname !== undefined && allowed.has(hostname)) return undefined;
  return (
    `edgeconf serve answers only requests addressed to this machine (Host ${[...allowed].join(", ")}); ` +
    `got Host ${JSON.stringify(host ?? null)}; to accept another name, start it with --allow-host NAME`
  );
}

/** Compares two strings in time that depends only on their lengths. */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The token a request carries (Bearer or the dedicated header), or undefined. */
export function presentedToken(headers: HeaderSource): string | undefined {
  const direct = headers.get(CONTROL_TOKEN_HEADER);
  if (typeof direct === "string" && direct !== "") return direct.trim();
  const auth = headers.get("authorization");
  if (typeof auth !== "string") return undefined;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth);
  return m ? m[1] : undefined;
}

function forbidden(error: string): ControlRefusal {
  return { status: 403, error, headers: {} };
}

/** Why a control request must be refused, or undefined when it may go on. */
export function controlAccessProblem(headers: HeaderSource, access: ControlAccess): ControlRefusal | undefined {
  const allowed = allowedHostnames(access);
  const hostProblem = foreignHostProblem(headers.get("host"), allowed);
  if (hostProblem) return forbidden(hostProblem);
  const origin = headers.get("origin");
  if (typeof origin === "string") {
    const m = /^https?:\/\/([^/]*)\/?$/i.exec(origin.trim());
    const originHost = m ? hostnameOf(m[1]!) : undefined;
    if (originHost === undefined || !allowed.has(originHost)) {
      return forbidden(`the control surface refuses cross-site requests (Origin ${JSON.stringify(origin)})`);
    }
  }
  if (headers.get("sec-fetch-site")?.toLowerCase() === "cross-site") {
    return forbidden("the control surface refuses cross-site requests (Sec-Fetch-Site: cross-site)");
  }
  const token = presentedToken(headers);
  if (token === undefined || !sameSecret(token, access.token)) {
    return {
      status: 401,
      error: `${token === undefined ? "the control token is missing" : "the control token is wrong"}: send the control_token that edgeconf serve printed, as "Authorization: Bearer <token>" or "X-Edgeconf-Control-Token: <token>"`,
      headers: { "www-authenticate": 'Bearer realm="edgeconf-control"' },
    };
  }
  return undefined;
}
