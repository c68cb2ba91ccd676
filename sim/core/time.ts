/**
 * Timestamp formats of the platform, derived deterministically from the fake clock.
 *
 * Gaps / by design: the clock has millisecond resolution; the extra microsecond digits the platform
 * prints come from the caller (usually the seeded random stream), never from a real clock.
 */

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** Years 0..9999 as four digits, others in ISO 8601's expanded form (`+275760`, `-000001`), as Date does. */
function year(y: number): string {
  return y >= 0 && y <= 9999 ? pad(y, 4) : `${y < 0 ? "-" : "+"}${pad(Math.abs(y), 6)}`;
}

/** The last instant printed and its text up to the milliseconds (the clock seldom moves between stamps). */
let lastLocalMs = Number.NaN;
let lastMillisPart = "";

/** `YYYY-MM-DDTHH:MM:SS.mmm` of the instant `localMs` (a pure function of it; the last one is kept). */
function millisPart(localMs: number): string {
  if (localMs === lastLocalMs) return lastMillisPart;
  const local = new Date(localMs);
  const text =
    `${year(local.getUTCFullYear())}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}` +
    `T${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}` +
    `.${pad(local.getUTCMilliseconds(), 3)}`;
  lastLocalMs = localMs;
  lastMillisPart = text;
  return text;
}

/**
 * ISO 8601 with six fractional digits: `2023-01-17T20:37:05.368097Z` (offsetMinutes 0 and zulu)
 * or `2023-10-01T13:10:38.762503+01:00`. `micros` is 0..999 added after the milliseconds.
 */
export function isoMicros(ms: number, micros = 0, offsetMinutes = 0, zulu = true): string {
  const base = `${millisPart(ms + offsetMinutes * 60_000)}${pad(Math.trunc(micros) % 1000, 3)}`;
  if (zulu && offsetMinutes === 0) return `${base}Z`;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${base}${sign}${pad(Math.trunc(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}
