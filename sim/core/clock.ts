/**
 * FakeClock: the only source of time in the simulator.
 *
 * Time moves only when a caller advances or sets it. Scheduled events (multipart expiry, anything
 * time-driven) fire in time order, each seeing `now()` equal to its own due time, when the clock
 * passes them.
 *
 * Gaps / by design: no wall clock, no timers, no sub-millisecond resolution (callers that need
 * microseconds derive them deterministically, see time.ts). Events scheduled at the same instant
 * fire in scheduling order.
 */
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
    if (!Number.isFinite(startMs)) throw new RangeError(`clock start must be a finite number of ms, got ${startMs}`);
    this.#now = Math.trunc(startMs);
  }

  /** Milliseconds since the Unix epoch, simulated. */
  now(): number {
    return this.#now;
  }

  /** The current simulated instant as a fresh Date. */
  date(): Date {
    return new Date(this.#now);
  }

  /** Moves time forward by `ms` (>= 0), firing every event due on the way. Returns the new time. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.advance needs a finite ms >= 0, got ${ms}`);
    return this.set(this.#now + Math.trunc(ms));
  }

  /** Sets the time (never backwards), firing every event due up to it. Returns the new time. */
  set(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError(`clock.set needs a finite ms, got ${ms}`);
    const target = Math.trunc(ms);
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
