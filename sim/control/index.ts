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
import { decodeState, encodeState } from "./codec.ts";
import { FaultTable } from "./faults.ts";
import { handleControlRequest } from "./http.ts";
import { resetAll, restoreSnapshot, type StateParts, takeSnapshot } from "./state.ts";
import type { SimControl } from "./types.ts";

export type { Sleep } from "./apply.ts";
export * from "./codec.ts";
export * from "./faults.ts";
export { CONTROL_PREFIX, isControlPath } from "./http.ts";
export type { SimSnapshot } from "./state.ts";
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from "./state.ts";
export type { ClockControl, FaultControl, SimControl } from "./types.ts";

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
