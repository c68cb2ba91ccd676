/**
 * A `fetch` for HTTP clients made for the platform (the official `cloudflare` SDK's `fetch` option):
 * each request the client builds goes through an ApiTarget instead of the network, so the client
 * reaches whatever the run's target is (the in-process simulator, serve, the user's implementation).
 *
 * The request is handed over unchanged (method, path below the target's base URL, query string,
 * headers, body, signal) except for the credentials: the client's own auth headers are dropped and the
 * target sends its credentials of the scheme asked for. A URL that is not below the target's base URL
 * is refused (an error, nothing sent).
 */
import type { ApiAuth, ApiTarget } from "./api.ts";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Auth headers a platform client may send; the target sends its own instead. */
export const CLIENT_AUTH_HEADERS: readonly string[] = [
  "authorization",
  "x-auth-email",
  "x-auth-key",
  "x-auth-user-service-key",
];

/** The path (with its query string) of `url` below `baseUrl`, or undefined when it is not below it. */
export function pathBelow(baseUrl: string, url: string): string | undefined {
  const base = new URL(baseUrl);
  const at = new URL(url);
  const basePath = base.pathname.replace(/\/+$/, "");
  if (at.origin !== base.origin) return undefined;
  if (at.pathname !== basePath && !at.pathname.startsWith(`${basePath}/`)) return undefined;
  return `${at.pathname.slice(basePath.length)}${at.search}`;
}

/** A fetch that sends each request through `api` with the credentials `auth` names. */
export function targetFetch(api: ApiTarget, auth: ApiAuth): FetchLike {
  return async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) {
      // A Request: its method, headers and body, with `init` over them, as fetch would take them.
      const request = new Request(input, init);
      const body = request.body === null ? undefined : await request.arrayBuffer();
      return send(request.url, {
        method: request.method,
        headers: request.headers,
        ...(body === undefined ? {} : { body }),
        signal: request.signal,
      });
    }
    return send(typeof input === "string" ? input : input.href, init);
  };
  async function send(url: string, init: RequestInit | undefined): Promise<Response> {
    const path = pathBelow(api.baseUrl, url);
    if (path === undefined) {
      throw new Error(`the client asked for ${url}, which is not below the target's base URL ${api.baseUrl}`);
    }
    const headers = new Headers(init?.headers);
    for (const name of CLIENT_AUTH_HEADERS) headers.delete(name);
    return api.fetch(path, { ...init, headers, auth });
  }
}
