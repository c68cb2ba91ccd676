/**
 * `edgeconf/nock`: nock interceptors that answer the platform's hosts from an in-process simulator,
 * for code under test that uses node:http / node:https (or global fetch, which nock 14 intercepts too).
 *
 *   const sim = createSimulator({ seed: 1 });
 *   const stop = interceptWithNock(sim);
 *   // ... https.request("https://api.cloudflare.com/client/v4/...") is answered by sim.fetch
 *   stop();
 *
 * It serves `api.cloudflare.com` (areas A, B), `plexi.key-transparency.cloudflare.com` (area C) and
 * any `hosts` you add, on http and https, every method, every path (the `/__edgeconf` control
 * surface included). Other hosts are left to nock's own rules (pass `disableNetConnect: true` to
 * refuse them while intercepting).
 *
 * nock hands reply functions a JSON body already parsed (for a JSON Content-Type) or a string (hex
 * for bodies that are not UTF-8); the adapter rebuilds the bytes from that, so a JSON body arrives
 * re-serialised (same value, whitespace not kept) and a malformed JSON body makes nock fail the
 * request before the simulator sees it. Use the undici adapter where byte-exact bodies matter.
 */
import nock from "nock";
import { forwardToSimulator, type HostOptions, type SimulatorLike, servedHosts } from "./hosts.ts";

export { PLATFORM_API_HOST, PLATFORM_HOSTS, PLATFORM_KT_HOST } from "./hosts.ts";

export interface InterceptWithNockOptions extends HostOptions {
  /** Also refuse every host nock does not intercept while active (nock.disableNetConnect). Default false. */
  disableNetConnect?: boolean;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A nock base-path pattern for one host (`name` any port, `name:port` that port). */
function hostPattern(host: string): RegExp {
  const [name, port] = host.split(":") as [string, string | undefined];
  const portPart = port === undefined ? "(:\\d+)?" : `:${escapeRegExp(port)}`;
  return new RegExp(`^https?://${escapeRegExp(name)}${portPart}$`, "i");
}

function isJsonContentType(value: unknown): boolean {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== "string") return false;
  const media = v.split(";")[0]!.trim().toLowerCase();
  return media === "application/json" || media.endsWith("+json");
}

/** Rebuilds the request body bytes from what nock hands a reply function. */
export function bodyFromNock(body: unknown, headers: Record<string, unknown>): Uint8Array | undefined {
  if (body === undefined || body === null || body === "") return undefined;
  if (isJsonContentType(headers["content-type"])) return new TextEncoder().encode(JSON.stringify(body));
  if (typeof body !== "string") return new TextEncoder().encode(JSON.stringify(body));
  const type = String(headers["content-type"] ?? "").toLowerCase();
  const binary = type === "" || type.startsWith("application/octet-stream");
  if (binary && body.length % 2 === 0 && /^[0-9a-f]+$/.test(body)) {
    const bytes = Buffer.from(body, "hex");
    // nock writes a body as hex only when it is not valid UTF-8.
    if (!isUtf8(bytes)) return new Uint8Array(bytes);
  }
  return new TextEncoder().encode(body);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function headersFromNode(raw: Record<string, unknown>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || ["host", "connection", "content-length", "transfer-encoding"].includes(name)) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, String(v));
    else out.append(name, String(value));
  }
  return out;
}

/**
 * Starts answering the platform's hosts (and `options.hosts`) from `sim` through nock. Returns a
 * function that removes exactly the interceptors it added (and re-enables net connect if it disabled it).
 */
export function interceptWithNock(sim: SimulatorLike, options: InterceptWithNockOptions = {}): () => void {
  const hosts = servedHosts(options);
  const interceptors: nock.Interceptor[] = [];
  for (const host of hosts) {
    const scope = nock(hostPattern(host)).persist();
    for (const method of METHODS) {
      const interceptor = scope.intercept(() => true, method);
      interceptor.reply(async function (this: nock.ReplyFnContext, path: string, body: nock.Body) {
        const req = this.req as unknown as { headers: Record<string, unknown>; options?: { proto?: string } };
        const rawHeaders = req.headers ?? {};
        const proto = req.options?.proto ?? "https";
        const hostHeader = String(rawHeaders.host ?? host);
        const bytes = method === "GET" || method === "HEAD" ? undefined : bodyFromNock(body, rawHeaders);
        const request = new Request(`${proto}://${hostHeader}${path}`, {
          method,
          headers: headersFromNode(rawHeaders),
          ...(bytes ? { body: bytes as BodyInit } : {}),
        });
        const response = await forwardToSimulator(sim, request, options);
        const headers: Record<string, string | string[]> = {};
        response.headers.forEach((value, name) => {
          headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
        });
        const payload = Buffer.from(await response.arrayBuffer());
        return [response.status, payload, headers];
      });
      interceptors.push(interceptor);
    }
  }
  if (options.disableNetConnect) nock.disableNetConnect();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const i of interceptors) nock.removeInterceptor(i);
    if (options.disableNetConnect) nock.enableNetConnect();
  };
}
