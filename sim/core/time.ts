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

/** Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1..12), exact for any year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(y: number, m: number): number {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

/** The ISO 8601 forms a clock time may be given in (ECMA-262's date-time string format, zone required). */
const ISO_TIME_FORMS =
  "YYYY-MM-DD (UTC midnight) or YYYY-MM-DDTHH:MM[:SS[.fff]] ending in Z or +HH:MM/-HH:MM (years past 9999 or before 0 as +YYYYYY/-YYYYYY)";

const ISO_TIME =
  /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))?)?$/;

/**
 * The instant (ms since the epoch) an ISO 8601 date string names exactly as written, or a string
 * saying why it names none. Every field is checked against the calendar (no 2100-02-30 rolled over to
 * March, no hour 24, no second 60), a time of day needs its zone (a local time would depend on the
 * machine's time zone), and digits past the milliseconds must be zeros (the clock counts whole ms).
 * The range of the result is the caller's to check.
 */
export function parseIsoInstant(text: string): number | string {
  const m = ISO_TIME.exec(text);
  if (!m) return `not an ISO 8601 date: use ${ISO_TIME_FORMS}`;
  const [, ys, mos, ds, hs, mis, ss, frac, zone, sign, ohs, oms] = m;
  if (ys === "-000000") return "-000000 is not a year (ISO 8601 writes year 0 as 0000)";
  if (hs !== undefined && zone === undefined) {
    return "a time of day needs its zone (Z or +HH:MM): a local time would depend on the machine's time zone";
  }
  const y = Number(ys);
  const mo = Number(mos);
  const d = Number(ds);
  const h = Number(hs ?? 0);
  const mi = Number(mis ?? 0);
  const s = Number(ss ?? 0);
  if (mo < 1 || mo > 12) return `month ${mos} does not exist (01 to 12)`;
  const days = daysInMonth(y, mo);
  if (d < 1 || d > days) return `day ${ds} does not exist in ${ys}-${mos} (01 to ${days})`;
  if (h > 23) return `hour ${hs} does not exist (00 to 23)`;
  if (mi > 59) return `minute ${mis} does not exist (00 to 59)`;
  if (s > 59) return `second ${ss} does not exist (00 to 59)`;
  const digits = (frac ?? "").padEnd(3, "0");
  if (/[1-9]/.test(digits.slice(3))) {
    return `.${frac} is finer than a millisecond (the clock counts whole milliseconds)`;
  }
  let offset = 0;
  if (sign !== undefined) {
    const oh = Number(ohs);
    const om = Number(oms);
    if (oh > 23 || om > 59) return `zone offset ${sign}${ohs}:${oms} does not exist (-23:59 to +23:59)`;
    offset = (sign === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Number(digits.slice(0, 3));
  return daysFromCivil(y, mo, d) * 86_400_000 + ((h * 60 + mi - offset) * 60 + s) * 1000 + ms;
}
