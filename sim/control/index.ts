/**
 * The control surface of one simulator: reset, snapshot/restore, clock, faults, in-process
 * (`sim.control`) and over HTTP (`/__edgeconf/...`, see http.ts).
 *
 * Gaps / by design: pure and deterministic like the rest of `sim/` (no file I/O: writing snapshots to
 * files or directories lives in adapters/snapshot-files.ts). Fault decisions draw from the simulator's
 * own `faults` random stream. Latency waits through the `sleep` given (a real timer by default).
 */
import type { Snapshottable } from "../core/area.ts";
import type { FakeClock } from "../core/clock.ts";
import type { Credentials } from "../core/context.ts";
import { toTimeMs } from "../core/context.ts";
import type { SeededRandom } from "../core/random.ts";
import { realSleep, type Sleep } from "./apply.ts";
import { type DecodeOptions, decodeState, type EncodeOptions, encodeState } from "./codec.ts";
import { type ActiveFault, FaultTable } from "./faults.ts";
import { handleControlRequest } from "./http.ts";
import { resetAll, restoreSnapshot, type SimSnapshot, type StateParts, takeSnapshot } from "./state.ts";

export type { Sleep } from "./apply.ts";
export * from "./codec.ts";
export * from "./faults.ts";
export { CONTROL_PREFIX, isControlPath } from "./http.ts";
export type { SimSnapshot } from "./state.ts";
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from "./state.ts";

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
  add(rule: import("./faults.ts").FaultRule): ActiveFault;
  /** Replaces every rule at once (all validated first). */
  replace(rules: readonly import("./faults.ts").FaultRule[]): ActiveFault[];
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

export interface ControlParts {
  seed: number;
  credentials: Credentials;
  clock: FakeClock;
  random: SeededRandom;
  areas: Readonly<Record<string, Snapshottable>>;
  sleep?: Sleep;
}

export interface ControlInternals {
  control: SimControl;
  table: FaultTable;
  sleep: Sleep;
}

export function createControl(parts: ControlParts): ControlInternals {
  const table = new FaultTable(parts.random.fork("faults"));
  const state: StateParts = {
    seed: parts.seed,
    credentials: parts.credentials,
    clock: parts.clock,
    areas: parts.areas,
  };
  const control: SimControl = {
    seed: parts.seed,
    reset() {
      resetAll(state);
      table.clear();
    },
    snapshot: () => takeSnapshot(state),
    restore: (snapshot) => restoreSnapshot(snapshot, state),
    exportSnapshot: (options) => encodeState(takeSnapshot(state), options),
    importSnapshot: (text, options) => restoreSnapshot(decodeState(text, options), state),
    clock: {
      now: () => parts.clock.now(),
      advance: (ms) => parts.clock.advance(ms),
      set: (at) => parts.clock.set(toTimeMs(at, "set")),
    },
    faults: {
      add: (rule) => table.add(rule),
      replace: (rules) => table.replace(rules),
      remove: (id) => table.remove(id),
      clear: () => table.clear(),
      list: () => table.list(),
    },
    handle: (request) => handleControlRequest(control, request),
  };
  return { control, table, sleep: parts.sleep ?? realSleep };
}
