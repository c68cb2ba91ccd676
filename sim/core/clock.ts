/**
 * FakeClock: the only source of time in the simulator.
 *
 * Time moves only when a caller advances or sets it. Scheduled events (multipart expiry, anything
 * time-driven) fire in time order, each seeing `now()` equal to its own due time, when the clock
 * passes them.
 *
 * Every time the clock holds is a whole number of milliseconds inside the JavaScript Date range
 * (|ms| <= 8.64e15, MAX_TIME_MS): a set, advance or start outside it, a non-finite or fractional one
 * (the clock would drop the fraction: four advances of 0.5 would not move it), or a move backwards
 * throws a RangeError before anything changes (no event fires, the time stays). The one exception is `restoreTo`, a
 * restore's jump to the time of a snapshot (backwards included), which fires nothing: the areas
 * restored with it replace their scheduled events themselves.
 *
 * Gaps / by design: no wall clock, no timers, no sub-millisecond resolution (callers that need
 * microseconds derive them deterministically, see time.ts). Events scheduled at the same instant
 * fire in scheduling order.
 */

/** The largest |ms| a JavaScript Date can hold (ECMA-262 TimeClip): 8.64e15, 100 000 000 days. */
export const MAX_TIME_MS = 8.64e15;

/**
 * A value as the caller gave it, for an error message: strings quoted (so `"5"` is not mistaken for
 * the number 5), numbers as JavaScript prints them (NaN, Infinity), other things briefly.
 */
export function givenValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}...` : v);
  if (typeof v === "bigint") return `${v}n`;
  if (v === null || typeof v !== "object") return String(v);
  if (v instanceof Date) return `a Date (${Number.isNaN(v.getTime()) ? "invalid" : v.toISOString()})`;
  if (Array.isArray(v)) return "an array";
  return "an object";
}

/**
 * The rule of the clock's times that `ms` breaks (`a finite number of ms`, `a whole number of ms ...`,
 * `within the JavaScript Date range ...`), or undefined when it can be a time of the clock.
 */
export function brokenTimeRule(ms: unknown): string | undefined {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "a finite number of ms";
  if (!Number.isInteger(ms)) return "a whole number of ms (the clock counts milliseconds)";
  if (Math.abs(ms) > MAX_TIME_MS) return `within the JavaScript Date range (|ms| <= ${MAX_TIME_MS})`;
  return undefined;
}

/** Why `ms` cannot be a time of the clock, or undefined when it can. */
export function timeProblem(ms: unknown): string | undefined {
  const rule = brokenTimeRule(ms);
  return rule === undefined ? undefined : `a time must be ${rule}, got ${givenValue(ms)}`;
}
export type ScheduledTask = () => void;

export interface ScheduledHandle {
  readonly at: number;
  cancel(): void;
}

interface Entry {
  at: number;
  seq: number;
  task: ScheduledTask;
  cancelled: boolean;
}

export class FakeClock {
  #now: number;
  #seq = 0;
  #queue: Entry[] = [];

  constructor(startMs: number) {
    const problem = timeProblem(startMs);
    if (problem) throw new RangeError(`clock start: ${problem}`);
    this.#now = startMs;
  }

  /** Milliseconds since the Unix epoch, simulated. */
  now(): number {
    return this.#now;
  }

  /** The current simulated instant as a fresh Date. */
  date(): Date {
    return new Date(this.#now);
  }

  /** Moves time forward by `ms` (a whole number >= 0), firing every event due on the way. Returns the new time. */
  advance(ms: number): number {
    if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0) {
      throw new RangeError(
        `clock.advance needs a whole number of ms >= 0 (the clock counts milliseconds), got ${givenValue(ms)}`,
      );
    }
    const target = this.#now + ms;
    if (target > MAX_TIME_MS) {
      throw new RangeError(
        `clock.advance(${ms}) would pass the end of the JavaScript Date range (${MAX_TIME_MS} ms); the time stays ${this.#now}`,
      );
    }
    return this.set(target);
  }

  /** Sets the time (never backwards), firing every event due up to it. Returns the new time. */
  set(ms: number): number {
    const problem = timeProblem(ms);
    if (problem) throw new RangeError(`clock.set: ${problem}`);
    const target = ms;
    if (target < this.#now) throw new RangeError(`clock.set cannot move time backwards (${target} < ${this.#now})`);
    for (;;) {
      const next = this.#peek();
      if (!next || next.at > target) break;
      this.#queue.shift();
      if (next.cancelled) continue;
      this.#now = next.at;
      next.task();
    }
    this.#now = target;
    return this.#now;
  }

  /**
   * Puts the clock at `ms` (a snapshot's time, earlier or later) without firing any event: for a
   * restore, whose areas cancel their own scheduled events and schedule those of the snapshot.
   */
  restoreTo(ms: number): void {
    const problem = timeProblem(ms);
    if (problem) throw new RangeError(`clock restore: ${problem}`);
    this.#now = ms;
  }

  /** Runs `task` when the clock reaches `at` (ms). An `at` in the past fires on the next advance/set. */
  schedule(at: number, task: ScheduledTask): ScheduledHandle {
    const entry: Entry = { at: Math.trunc(at), seq: this.#seq++, task, cancelled: false };
    // Insert keeping (at, seq) order; binary search since expiries mostly append.
    let lo = 0;
    let hi = this.#queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.#queue[mid]!;
      if (m.at < entry.at || (m.at === entry.at && m.seq < entry.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.#queue.splice(lo, 0, entry);
    return {
      at: entry.at,
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Number of pending (not cancelled) events; for tests and snapshots. */
  pending(): number {
    return this.#queue.filter((e) => !e.cancelled).length;
  }

  #peek(): Entry | undefined {
    while (this.#queue.length > 0 && this.#queue[0]!.cancelled) this.#queue.shift();
    return this.#queue[0];
  }
}
