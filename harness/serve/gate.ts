/**
 * What the API's plain-HTTP port of `edgeconf serve` answers before the simulator sees a request:
 *
 * - any path, a Host that names neither this machine (loopback, the --host address) nor an --allow-host
 *   name: 403 (DNS rebinding: a page of another site reaching the simulator through its own name), with
 *   the v4 envelope (6010) on the API's paths, `{error}` on the control surface's; area C's port runs
 *   the same check (`{error, code: "forbidden"}`, kt-server.ts).
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
import {
  allowedHostnames,
  type ControlAccess,
  controlAccessProblem,
  foreignHostProblem,
} from "../../sim/control/guard.ts";
import { isControlPath } from "../../sim/control/index.ts";
import { errorText, JSON_CONTENT_TYPE } from "../../sim/http/envelope.ts";
import { ForeignHostError, OutsideApiError } from "../../sim/http/errors.ts";
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
 * The Host check of one server: the accepted host names (computed once) and the last Host header that
 * passed (most clients send the same one on every request: compared as a string, not parsed again).
 */
export class HostGate {
  readonly allowed: ReadonlySet<string>;
  #lastAccepted: string | undefined;
  constructor(access: Pick<ControlAccess, "hosts">) {
    this.allowed = allowedHostnames(access);
  }
  /** Why a request with this Host header is refused, or undefined. */
  problem(host: string | undefined): string | undefined {
    if (host !== undefined && host === this.#lastAccepted) return undefined;
    const problem = foreignHostProblem(host, this.allowed);
    if (problem === undefined) this.#lastAccepted = host;
    return problem;
  }
}

/** The first Host header of node's flat raw header list, without building `req.headers`. */
export function hostHeaderOf(rawHeaders: readonly string[]): string | undefined {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === "host") return rawHeaders[i + 1];
  }
  return undefined;
}

/**
 * The API port's answer to a request with a foreign Host (`problem`, from HostGate): `{error}` on the
 * control surface's paths (its own shape), the v4 envelope (403 / 6010) everywhere else.
 */
export function foreignHostRefusal(url: string, problem: string): RawResponse {
  let control = false;
  try {
    control = isControlPath(new URL(url).pathname);
  } catch {}
  if (control) return { status: 403, headers: { "content-type": JSON_TYPE }, body: JSON.stringify({ error: problem }) };
  const e = new ForeignHostError(problem);
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
