/**
 * The control surface's interfaces (what `sim.control` offers), apart from their making (index.ts) and
 * their HTTP form (http.ts), so that neither of those imports the other.
 */
import type { DecodeOptions, EncodeOptions } from "./codec.ts";
import type { ActiveFault, FaultRule } from "./faults.ts";
import type { SimSnapshot } from "./state.ts";

export interface ClockControl {
  /** Simulated ms since the epoch. */
  now(): number;
  /**
   * Moves time forward by `ms` (a whole number >= 0: a fraction is refused, not dropped), firing due
   * events (multipart expiry). Returns the new time.
   */
  advance(ms: number): number;
  /**
   * Moves time forward to `at` (whole ms, Date or ISO 8601 string naming a real instant exactly as
   * written, e.g. `2025-01-01`, `2025-01-01T12:00:00Z`, `2025-01-01T13:00+01:00`; not `2100-02-30`, nor a
   * time of day without its zone); never backwards, never outside the JavaScript Date range (a
   * RangeError before anything changes). Returns the new time.
   */
  set(at: number | Date | string): number;
}

export interface FaultControl {
  /** Adds a rule (validated; throws FaultRuleError saying what is wrong). Returns it with its id. */
  add(rule: FaultRule): ActiveFault;
  /** Replaces every rule at once (all validated first). */
  replace(rules: readonly FaultRule[]): ActiveFault[];
  /** Removes one rule by id; false when there was none. */
  remove(id: string): boolean;
  clear(): void;
  /** The rules, with how often each fired. */
  list(): ActiveFault[];
}

export interface SimControl {
  readonly seed: number;
  /** Empties every area and removes every fault rule. The clock keeps its time. */
  reset(): void;
  /** The whole state as plain data (bytes as Uint8Array), detached from the live simulator. */
  snapshot(): SimSnapshot;
  /** Puts back a state from `snapshot()` (all areas or none; the clock goes to the snapshot's `now`). */
  restore(snapshot: SimSnapshot): void;
  /** `snapshot()` as JSON text, byte-exact (see codec.ts for the encoding). */
  exportSnapshot(options?: EncodeOptions): string;
  /** Restores from `exportSnapshot()` text. */
  importSnapshot(text: string, options?: DecodeOptions): void;
  readonly clock: ClockControl;
  readonly faults: FaultControl;
  /** Serves a `/__edgeconf/...` request. Never throws. */
  handle(request: Request): Promise<Response>;
}
