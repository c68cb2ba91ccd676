/**
 * What the API's plain-HTTP port of `edgeconf serve` answers before the simulator sees a request:
 *
 * - `/client/v4/...`: areas A and B (forwarded).
 * - `/__edgeconf/...`: the control surface, only for a request that passes sim/control/guard.ts
 *   (loopback Host, no cross-site Origin, the per-process control token); else 401/403 `{error}`.
 * - anything else, including a path that starts inside `/client/v4` and normalises outside it
 *   (`/client/v4/../__edgeconf/reset`): 404 with the v4 envelope (7000 "No route for that URI").
 *   Area C is served by its own HTTPS server only (mTLS is its authentication).
 *
 * Every refusal happens before the body is read, so it changes nothing.
 */
import { randomBytes } from "node:crypto";
import { type ControlAccess, controlAccessProblem } from "../../sim/control/guard.ts";
import { isControlPath } from "../../sim/control/index.ts";
import { errorText, JSON_CONTENT_TYPE } from "../../sim/http/envelope.ts";
import { OutsideApiError } from "../../sim/http/errors.ts";
import { escapesApiPrefix, isApiPathname, isPlainTarget } from "../../sim/http/paths.ts";
import type { RawResponse } from "../../sim/index.ts";

/** A new control token: 32 random bytes (node:crypto), base64url. Never derived from the seed. */
export function newControlToken(): string {
  return randomBytes(32).toString("base64url");
}

const JSON_TYPE = "application/json";

function outside(): RawResponse {
  const e = new OutsideApiError();
  return { status: e.status, headers: { "content-type": JSON_CONTENT_TYPE }, body: errorText(e) };
}

/**
 * The answer the API port gives instead of forwarding `target` (the raw request target), or
 * undefined to forward it. `headers` are the request's (node's lower-case header object).
 */
export function apiPortRefusal(
  target: string,
  url: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  access: ControlAccess,
): RawResponse | undefined {
  if (isPlainTarget(target) && target.startsWith("/client/v4/")) return undefined;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined; // the simulator answers its own 400 for a URL it cannot parse
  }
  if (escapesApiPrefix(target, pathname)) return outside();
  if (isApiPathname(pathname)) return undefined;
  if (!isControlPath(pathname)) return outside();
  const problem = controlAccessProblem(
    {
      get: (name) => {
        const v = headers[name];
        return Array.isArray(v) ? v.join(", ") : v;
      },
    },
    access,
  );
  if (!problem) return undefined;
  return {
    status: problem.status,
    headers: { "content-type": JSON_TYPE, ...problem.headers },
    body: JSON.stringify({ error: problem.error }),
  };
}
