/**
 * TTL rules: proxied records are Auto (ttl 1 in responses, 300 seconds); DNS-only records take
 * 1 (Auto) or 60..86400 seconds. A string TTL is 9022, anything else out of range 9021.
 *
 * Gaps / by design: enterprise zones' lower minimum (30) is not modelled; a proxied record still
 * has its sent TTL checked (a proxied create with ttl 5 is refused), then answers ttl 1.
 */
import { CODES, DnsRecordError } from "./errors.ts";

export const TTL_AUTO = 1;
export const TTL_AUTO_SECONDS = 300;
export const TTL_MIN = 60;
export const TTL_MAX = 86400;

export const TTL_RANGE_MESSAGE = "TTL must be between 60 and 86400 seconds, or 1 for Automatic.";
export const TTL_TYPE_MESSAGE = "TTL must be a number, not a string.";

export type TtlCheck = { ok: true; ttl: number } | { ok: false; code: 9021 | 9022 };

/** Checks a sent TTL (undefined means Auto) and gives the TTL the record answers with. */
export function checkTtl(ttl: unknown, proxied: boolean): TtlCheck {
  if (ttl === undefined) return { ok: true, ttl: TTL_AUTO };
  if (typeof ttl === "string") return { ok: false, code: CODES.ttlNotNumber };
  if (typeof ttl !== "number" || !Number.isInteger(ttl)) return { ok: false, code: CODES.ttlRange };
  if (ttl !== TTL_AUTO && (ttl < TTL_MIN || ttl > TTL_MAX)) return { ok: false, code: CODES.ttlRange };
  return { ok: true, ttl: proxied ? TTL_AUTO : ttl };
}

export function resolveTtlOrThrow(ttl: unknown, proxied: boolean): number {
  const r = checkTtl(ttl, proxied);
  if (r.ok) return r.ttl;
  throw new DnsRecordError(400, r.code, r.code === CODES.ttlNotNumber ? TTL_TYPE_MESSAGE : TTL_RANGE_MESSAGE);
}

/** Seconds a TTL means: Auto (1) is 300 seconds. */
export function effectiveSeconds(ttl: number): number {
  return ttl === TTL_AUTO ? TTL_AUTO_SECONDS : ttl;
}
