/**
 * Router of the v4 API: method + path pattern -> route and params. Pure.
 *
 * Gaps / by design: the platform answers an unknown path, an unsupported method and a malformed id
 * alike (400 / 7003 + 7000), so `matchRoute` says only "matched" or "no route". Paths are matched
 * segment by segment after percent-decoding; a trailing slash is tolerated; no wildcards.
 */
import type { ApiRoute } from "./types.ts";

/** Shapes of well-known path parameters, applied when a route does not say otherwise. */
export const DEFAULT_PARAM_PATTERNS: Readonly<Record<string, RegExp>> = {
  account_id: /^[0-9a-f]{32}$/,
  zone_id: /^[0-9a-f]{32}$/,
};

interface Compiled {
  route: ApiRoute;
  segments: readonly string[];
  /** Per segment: the parameter's name (the segment without its ":"), or undefined for a literal. */
  names: readonly (string | undefined)[];
  /** Per segment: the parameter's shape, if any (the route's own, else the default for its name). */
  shapes: readonly (((value: string) => boolean) | undefined)[];
}

/** The shape of ids (32 lowercase hex), checked without a regex: the commonest parameter. */
const HEX32_SOURCE = "^[0-9a-f]{32}$";

function isHex32(value: string): boolean {
  if (value.length !== 32) return false;
  for (let i = 0; i < 32; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** `shape.test` as a function (the same answers; ids without the regex). */
function testerOf(shape: RegExp | undefined): ((value: string) => boolean) | undefined {
  if (shape === undefined) return undefined;
  if (shape.source === HEX32_SOURCE && shape.flags === "") return isHex32;
  return (value) => shape.test(value);
}

function compile(route: ApiRoute): Compiled {
  const segments = splitPath(route.path) ?? [];
  const names = segments.map((s) => (s.startsWith(":") ? s.slice(1) : undefined));
  const shapes = names.map((name) =>
    name === undefined ? undefined : testerOf(route.params?.[name] ?? DEFAULT_PARAM_PATTERNS[name]),
  );
  return { route, segments, names, shapes };
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

/**
 * The params of `parts` under `c`, or undefined when they do not match. Literal segments are compared
 * first (no allocation for the routes a path misses); the answer is the same as checking in order.
 */
function matchSegments(c: Compiled, parts: readonly string[]): Record<string, string> | undefined {
  const n = parts.length;
  if (c.segments.length !== n) return undefined;
  const names = c.names;
  for (let i = 0; i < n; i++) {
    if (names[i] === undefined && c.segments[i] !== parts[i]) return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const name = names[i];
    if (name === undefined) continue;
    const value = parts[i]!;
    const shape = c.shapes[i];
    if (value === "" || (shape && !shape(value))) return undefined;
    params[name] = value;
  }
  return params;
}

/** Builds a router over `routes`; the first route that matches method and path wins. */
export function createRouter(routes: readonly ApiRoute[]): Router {
  // Per method, per number of segments: the routes in their order (only those can match a path).
  const byMethod = new Map<string, Compiled[][]>();
  for (const c of routes.map(compile)) {
    let byLength = byMethod.get(c.route.method);
    if (!byLength) {
      byLength = [];
      byMethod.set(c.route.method, byLength);
    }
    const n = c.segments.length;
    while (byLength.length <= n) byLength.push([]);
    byLength[n]!.push(c);
  }
  // Per method, the last path matched and its match (a client repeating a request, e.g. creates on
  // one collection, is matched once). Matches are only read, never changed, by their users.
  const lastByMethod = new Map<string, { path: string; match: RouteMatch }>();
  return {
    routes,
    match(method: string, path: string): RouteMatch | undefined {
      const last = lastByMethod.get(method);
      if (last !== undefined && last.path === path) return last.match;
      const byLength = byMethod.get(method);
      if (!byLength) return undefined;
      const parts = splitPath(path);
      if (!parts || parts.length >= byLength.length) return undefined;
      for (const c of byLength[parts.length]!) {
        const params = matchSegments(c, parts);
        if (params) {
          const match = { route: c.route, params };
          lastByMethod.set(method, { path, match });
          return match;
        }
      }
      return undefined;
    },
  };
}
