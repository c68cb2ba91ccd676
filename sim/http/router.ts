/**
 * Router of the v4 API: method + path pattern -> route and params. Pure.
 *
 * Gaps / by design: the platform answers an unknown path, an unsupported method and a malformed id
 * alike (400 / 7003 + 7000), so `matchRoute` says only "matched" or "no route". Paths are matched
 * segment by segment after percent-decoding; a trailing slash is tolerated; no wildcards.
 */
import type { ApiRoute, HttpMethod } from "./types.ts";

/** Shapes of well-known path parameters, applied when a route does not say otherwise. */
export const DEFAULT_PARAM_PATTERNS: Readonly<Record<string, RegExp>> = {
  account_id: /^[0-9a-f]{32}$/,
  zone_id: /^[0-9a-f]{32}$/,
};

interface Compiled {
  route: ApiRoute;
  segments: readonly string[];
}

export interface RouteMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

export interface Router {
  match(method: string, path: string): RouteMatch | undefined;
  readonly routes: readonly ApiRoute[];
}

export function splitPath(path: string): string[] | undefined {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  if (start === end) return [];
  const parts = path.slice(start, end).split("/");
  if (!path.includes("%")) return parts;
  const out: string[] = [];
  for (const p of parts) {
    try {
      out.push(decodeURIComponent(p));
    } catch {
      return undefined;
    }
  }
  return out;
}

function matchSegments(c: Compiled, parts: readonly string[]): Record<string, string> | undefined {
  if (c.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const pattern = c.segments[i]!;
    const value = parts[i]!;
    if (pattern.startsWith(":")) {
      const name = pattern.slice(1);
      const shape = c.route.params?.[name] ?? DEFAULT_PARAM_PATTERNS[name];
      if (value === "" || (shape && !shape.test(value))) return undefined;
      params[name] = value;
    } else if (pattern !== value) {
      return undefined;
    }
  }
  return params;
}

/** Builds a router over `routes`; the first route that matches method and path wins. */
export function createRouter(routes: readonly ApiRoute[]): Router {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: splitPath(route.path) ?? [] }));
  return {
    routes,
    match(method: string, path: string): RouteMatch | undefined {
      const parts = splitPath(path);
      if (!parts) return undefined;
      for (const c of compiled) {
        if (c.route.method !== (method as HttpMethod)) continue;
        const params = matchSegments(c, parts);
        if (params) return { route: c.route, params };
      }
      return undefined;
    },
  };
}
