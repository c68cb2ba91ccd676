/**
 * The microsecond timestamps of areas A and B: the clock's ms plus three seeded digits, each stamp
 * strictly after the last one given (a burst of writes in one simulated millisecond counts on by 1 µs).
 *
 * A stamp is kept as whole ms and µs apart, never as their sum in µs: `ms * 1000 + µs` leaves the safe
 * integer range past 2^53 µs (the year 2255), where doubles round, so stamps repeated and, near the end
 * of the Date range, became NaN. Apart, they are exact over the clock's whole range. In a snapshot the
 * last stamp is one integer of µs: a number while it is a safe integer (as snapshots always wrote it), a
 * bigint past that (the snapshot codec writes `{"$bigint": "<decimal>"}`).
 *
 * Gaps / by design: a stamp cannot pass the end of the Date range (+275760-09-13T00:00:00.000999Z): once
 * that last microsecond is taken (a burst of writes in the last millisecond, up to 1000 of them), a write has
 * no later stamp and is refused (StampRangeError; the transport answers 400/6000 saying so) before it changes
 * anything; moving the clock does not help there (it is at its end).
 */
import { MAX_TIME_MS } from "./clock.ts";

export interface Stamp {
  /** Whole ms since the epoch (the clock's). */
  readonly ms: number;
  /** The microseconds after `ms`, 0..999. */
  readonly us: number;
}

/** Where both areas start: no stamp is earlier than 1 µs after the epoch. */
export const EPOCH_STAMP: Stamp = { ms: 0, us: 0 };

/** No stamp after the last one of the Date range is possible. */
export class StampRangeError extends RangeError {
  override readonly name = "StampRangeError";
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareStamps(a: Stamp, b: Stamp): number {
  return a.ms !== b.ms ? a.ms - b.ms : a.us - b.us;
}

/**
 * The stamp of a write at clock time `nowMs` with seeded digits `us` (0..999): that time, or 1 µs after
 * `last` when that time is not later. Throws StampRangeError past the end of the Date range.
 */
export function nextStamp(nowMs: number, us: number, last: Stamp): Stamp {
  if (nowMs > last.ms || (nowMs === last.ms && us > last.us)) return { ms: nowMs, us };
  if (last.us < 999) return { ms: last.ms, us: last.us + 1 };
  if (last.ms >= MAX_TIME_MS) {
    throw new StampRangeError(
      "no timestamp is left after the last microsecond of the Date range (+275760-09-13T00:00:00.000999Z)",
    );
  }
  return { ms: last.ms + 1, us: 0 };
}

/** The stamp as one integer of µs: a number while that is a safe integer, else a bigint (exact). */
export function stampMicros(s: Stamp): number | bigint {
  const n = s.ms * 1000 + s.us;
  return Number.isSafeInteger(n) ? n : BigInt(s.ms) * 1000n + BigInt(s.us);
}

/** The stamp of an integer of µs (a number or a bigint, as `stampMicros` gives or a snapshot holds). */
export function stampOfMicros(micros: number | bigint): Stamp {
  const big = BigInt(micros);
  let ms = big / 1000n;
  let us = big % 1000n;
  if (us < 0n) {
    ms -= 1n;
    us += 1000n;
  }
  return { ms: Number(ms), us: Number(us) };
}

/** The largest |µs| a stamp can be: the end of the Date range plus 999 µs. */
export const MAX_STAMP_MICROS = BigInt(MAX_TIME_MS) * 1000n + 999n;

/** True when `v` is an integer of µs a stamp can be (a number or a bigint within ±MAX_STAMP_MICROS). */
export function isStampMicros(v: unknown): v is number | bigint {
  if (typeof v === "number") return Number.isInteger(v) && BigInt(Math.abs(v)) <= MAX_STAMP_MICROS;
  if (typeof v === "bigint") return (v < 0n ? -v : v) <= MAX_STAMP_MICROS;
  return false;
}
