/**
 * The control surface over HTTP, under the reserved prefix `/__edgeconf` (served by `sim.fetch`, so
 * by `edgeconf serve` too, on either of its servers):
 *
 *   GET    /__edgeconf                 {seed, now, iso, faults}: what this simulator is
 *   POST   /__edgeconf/reset           empty every area, remove every fault
 *   GET    /__edgeconf/snapshot        the whole state as JSON (bytes as base64)
 *   PUT    /__edgeconf/snapshot        restore a state taken with GET (all areas or none)
 *   GET    /__edgeconf/clock           {now, iso}
 *   POST   /__edgeconf/clock           {"advance": ms} or {"set": ms | ISO string} -> {now, iso}
 *                                      (whole ms only; an ISO date must name a real instant as written,
 *                                      see parseIsoInstant in sim/core/time.ts)
 *   GET    /__edgeconf/faults          {faults: [...]}
 *   POST   /__edgeconf/faults          add one rule -> 201 {fault}
 *   PUT    /__edgeconf/faults          replace all rules (a rule, an array, or {faults: [...]})
 *   DELETE /__edgeconf/faults[/<id>]   remove all rules, or one
 *
 * Errors are `{"error": "<what failed and how to fix it>"}` with 400 (bad input), 404 (unknown path
 * or fault id), 405 (wrong method, with Allow) or 413 (a body past its cap: 1 MiB, like the API's;
 * 64 MiB for a snapshot). A failed call changes nothing.
 *
 * Gaps / by design: this handler does not authenticate: in-process callers (`sim.fetch`) hold the
 * simulator anyway. Over the network, `edgeconf serve` checks the control token, the Host and the
 * Origin before a request gets here (guard.ts).
 */

import { givenValue } from "../core/clock.ts";
import { DEFAULT_BODY_LIMIT, readCapped } from "../http/body.ts";
import { ApiError } from "../http/errors.ts";
import type { FaultRule } from "./faults.ts";
import type { SimControl } from "./types.ts";

export const CONTROL_PREFIX = "/__edgeconf";

/** Largest body of a clock or faults request (the API's cap). */
export const CONTROL_BODY_LIMIT = DEFAULT_BODY_LIMIT;
/** Largest snapshot body (`PUT /__edgeconf/snapshot`): object bodies travel inline as base64. */
export const SNAPSHOT_BODY_LIMIT = 64 * 1024 * 1024;

/** The body as UTF-8 text, or a 413 answer past `limit` bytes (never buffers more than that). */
async function cappedText(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const bytes = await readCapped(request, limit);
  if (bytes instanceof ApiError) {
    return { ok: false, response: fail(413, `the body is larger than ${limit} bytes; nothing was changed`) };
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

function fail(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers });
}

function wrongMethod(allow: string[]): Response {
  return fail(405, `method not allowed here; use ${allow.join(", ")}`, { allow: allow.join(", ") });
}

async function jsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const read = await cappedText(request, CONTROL_BODY_LIMIT);
  if (!read.ok) return read;
  const text = read.text;
  if (text.trim() === "") return { ok: false, response: fail(400, "a JSON body is required") };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, response: fail(400, `the body is not valid JSON: ${(e as Error).message}`) };
  }
}

function clockBody(control: SimControl): { now: number; iso: string } {
  const now = control.clock.now();
  return { now, iso: new Date(now).toISOString() };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** True when `pathname` belongs to the control surface. */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

/** Serves one control request. Never throws. */
export async function handleControlRequest(control: SimControl, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const rest = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/+$/, "");
  const method = request.method.toUpperCase();
  try {
    if (rest === "") {
      if (method !== "GET") return wrongMethod(["GET"]);
      return Response.json({ seed: control.seed, ...clockBody(control), faults: control.faults.list().length });
    }
    if (rest === "/reset") {
      if (method !== "POST") return wrongMethod(["POST"]);
      control.reset();
      return Response.json({ reset: true, ...clockBody(control) });
    }
    if (rest === "/snapshot") {
      if (method === "GET") {
        return new Response(control.exportSnapshot(), { headers: { "content-type": "application/json" } });
      }
      if (method === "PUT") {
        const read = await cappedText(request, SNAPSHOT_BODY_LIMIT);
        if (!read.ok) return read.response;
        try {
          control.importSnapshot(read.text);
        } catch (e) {
          return fail(400, errorText(e));
        }
        return Response.json({ restored: true, ...clockBody(control) });
      }
      return wrongMethod(["GET", "PUT"]);
    }
    if (rest === "/clock") {
      if (method === "GET") return Response.json(clockBody(control));
      if (method !== "POST") return wrongMethod(["GET", "POST"]);
      const body = await jsonBody(request);
      if (!body.ok) return body.response;
      const v = body.value as Record<string, unknown> | null;
      const keys = v !== null && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : [];
      if (keys.length !== 1 || (keys[0] !== "advance" && keys[0] !== "set")) {
        return fail(400, 'send {"advance": <ms>} or {"set": <ms since epoch or ISO date>}');
      }
      try {
        if (keys[0] === "advance") {
          if (typeof v!.advance !== "number") {
            return fail(400, `"advance" must be a whole number of ms >= 0, got ${givenValue(v!.advance)}`);
          }
          control.clock.advance(v!.advance);
        } else {
          if (typeof v!.set !== "number" && typeof v!.set !== "string") {
            return fail(
              400,
              `"set" must be a whole number of ms since the epoch or an ISO 8601 date string, got ${givenValue(v!.set)}`,
            );
          }
          control.clock.set(v!.set);
        }
      } catch (e) {
        return fail(400, errorText(e));
      }
      return Response.json(clockBody(control));
    }
    if (rest === "/faults") {
      if (method === "GET") return Response.json({ faults: control.faults.list() });
      if (method === "DELETE") {
        control.faults.clear();
        return Response.json({ faults: [] });
      }
      if (method !== "POST" && method !== "PUT") return wrongMethod(["GET", "POST", "PUT", "DELETE"]);
      const body = await jsonBody(request);
      if (!body.ok) return body.response;
      try {
        if (method === "POST")
          return Response.json({ fault: control.faults.add(body.value as FaultRule) }, { status: 201 });
        const v = body.value;
        const rules = Array.isArray(v)
          ? v
          : v !== null && typeof v === "object" && "faults" in v && Array.isArray((v as { faults: unknown }).faults)
            ? (v as { faults: unknown[] }).faults
            : [v];
        return Response.json({ faults: control.faults.replace(rules as FaultRule[]) });
      } catch (e) {
        return fail(400, errorText(e));
      }
    }
    const one = /^\/faults\/([^/]+)$/.exec(rest);
    if (one) {
      if (method !== "DELETE") return wrongMethod(["DELETE"]);
      const id = decodeURIComponent(one[1]!);
      if (!control.faults.remove(id))
        return fail(404, `no fault with id "${id}" (GET ${CONTROL_PREFIX}/faults lists them)`);
      return Response.json({ removed: id });
    }
    return fail(
      404,
      `unknown control path ${url.pathname}; see ${CONTROL_PREFIX}/reset, /snapshot, /clock, /faults (docs/test-double.md)`,
    );
  } catch (e) {
    return fail(400, errorText(e));
  }
}
