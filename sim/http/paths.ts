/**
 * Request targets on the API's port: which ones stay inside `/client/v4` once normalised.
 *
 * A URL parser resolves `..`, `%2e%2e` and `\` (`/client/v4/../__edgeconf` is `/__edgeconf`), so a
 * decision on the parsed path alone would let a request that names the API reach something else.
 * `escapesApiPrefix` compares the raw target of the request line with the parsed path.
 *
 * Gaps / by design: only the path matters here; the query and fragment never change routing.
 */
import { API_PREFIX } from "./handler.ts";

/** True when `pathname` (already normalised) is the v4 API's. */
export function isApiPathname(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/** The path part of a raw request target (`/a/b?x#y` -> `/a/b`). */
export function rawPathOf(target: string): string {
  let end = target.length;
  const q = target.indexOf("?");
  if (q >= 0) end = q;
  const h = target.indexOf("#");
  if (h >= 0 && h < end) end = h;
  return target.slice(0, end);
}

/** True when the raw target starts inside `/client/v4` but its normalised path lies outside it. */
export function escapesApiPrefix(rawTarget: string, pathname: string): boolean {
  const raw = rawPathOf(rawTarget);
  const inside = raw === API_PREFIX || raw.startsWith(`${API_PREFIX}/`) || raw.startsWith(`${API_PREFIX}\\`);
  return inside && !isApiPathname(pathname);
}

/** True when the raw target cannot change once parsed: no dot segment, escape or backslash. */
export function isPlainTarget(rawTarget: string): boolean {
  return !/[.%\\]/.test(rawPathOf(rawTarget));
}
