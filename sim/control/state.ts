/**
 * Whole-simulator snapshots: take, check, restore (all areas at once, or none), reset.
 *
 * A snapshot is `{format, version, seed, credentials, now, areas: {<area>: <area snapshot>}}`, plain
 * data with Uint8Array for bytes; `encodeState` (codec.ts) turns it into JSON text byte-exactly.
 *
 * A restore checks the whole snapshot first (frame, every area present, each area's `check`), so a
 * bad one is refused naming its first bad path and nothing changes. It refuses anything the simulator
 * could not have written: a field `snapshot()` never writes (at the top, in `credentials`, or in any
 * area's objects), a key `__proto__` anywhere but as a custom-metadata key (`Snapshottable.userKeyed`),
 * nesting deeper than the format's (`checkTree`), and
 * (in the areas) a time the simulator stamps from its clock later than the snapshot's `now`.
 *
 * A restore is a full replacement: every area's state becomes the snapshot's (buckets, uploads,
 * zones, rules, namespaces that exist now but not in the snapshot are gone), and the clock is put at
 * the snapshot's `now`, earlier or later (`FakeClock.restoreTo`, firing nothing; the areas schedule
 * their own events again), so the next snapshot equals the restored one byte for byte.
 *
 * Gaps / by design: a snapshot only restores
 * into a simulator with the same seed and credentials (ids and tenants derive from them). Fault rules
 * are configuration, not state: snapshots neither hold nor replace them.
 */
import type { Snapshottable } from "../core/area.ts";
import { type FakeClock, timeProblem } from "../core/clock.ts";
import type { Credentials } from "../core/context.ts";
import { SimUsageError } from "../core/errors.ts";
import { checkTree, isRecord, onlyKeys } from "../core/snapshot-check.ts";

export const SNAPSHOT_FORMAT = "edgeconf.snapshot";
export const SNAPSHOT_VERSION = 1;

export interface SimSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  seed: number;
  credentials: Credentials;
  /** The simulated time (ms) when the snapshot was taken. */
  now: number;
  areas: Record<string, unknown>;
}

export interface StateParts {
  seed: number;
  credentials: Credentials;
  clock: FakeClock;
  areas: Readonly<Record<string, Snapshottable>>;
}

export function takeSnapshot(parts: StateParts): SimSnapshot {
  const areas: Record<string, unknown> = {};
  for (const [name, area] of Object.entries(parts.areas)) areas[name] = area.snapshot();
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    seed: parts.seed,
    credentials: { ...parts.credentials },
    now: parts.clock.now(),
    areas,
  };
}

/** The fields of a snapshot's frame, as `takeSnapshot` writes them. */
const FRAME_KEYS = ["format", "version", "seed", "credentials", "now", "areas"] as const;

/** Checks that `input` is a snapshot this simulator can restore; throws SimUsageError saying why not. */
export function checkSnapshot(input: unknown, parts: StateParts): SimSnapshot {
  // The whole tree first: no `__proto__` key (but in an area's user-keyed records), no nesting past
  // the format's, before any walk that recurses.
  checkTree(input, "snapshot", new Set(["snapshot", "areas"]), (path) => userKeyed(parts, path));
  if (!isRecord(input) || input.format !== SNAPSHOT_FORMAT) {
    throw new SimUsageError(`not an edgeconf snapshot (expected format "${SNAPSHOT_FORMAT}")`);
  }
  if (input.version !== SNAPSHOT_VERSION) {
    throw new SimUsageError(
      `snapshot version ${String(input.version)} is not supported (expected ${SNAPSHOT_VERSION})`,
    );
  }
  if (input.seed !== parts.seed) {
    throw new SimUsageError(
      `snapshot was taken with seed ${String(input.seed)}; this simulator has seed ${parts.seed} (create it with the same seed)`,
    );
  }
  onlyKeys(input, "", FRAME_KEYS, "a snapshot");
  if (!isRecord(input.credentials)) throw new SimUsageError("snapshot has no credentials");
  onlyKeys(input.credentials, "credentials", Object.keys(parts.credentials), "the credentials");
  for (const [k, v] of Object.entries(parts.credentials)) {
    if (input.credentials[k] !== v) {
      throw new SimUsageError(
        `snapshot credential ${k} differs from this simulator's (create it with the same credentials)`,
      );
    }
  }
  const timeBad = timeProblem(input.now);
  if (timeBad) throw new SimUsageError(`now: ${timeBad}`);
  if (!isRecord(input.areas)) throw new SimUsageError("areas: snapshot has no areas");
  for (const name of Object.keys(parts.areas)) {
    if (!Object.hasOwn(input.areas, name) || input.areas[name] === undefined || input.areas[name] === null) {
      throw new SimUsageError(`${name}: snapshot lacks area "${name}" (a missing area is an error, not an empty one)`);
    }
  }
  for (const name of Object.keys(input.areas)) {
    if (!Object.hasOwn(parts.areas, name)) throw new SimUsageError(`snapshot has unknown area "${name}"`);
  }
  return input as unknown as SimSnapshot;
}

/**
 * Restores every area, or none. Everything is checked first (the snapshot's frame, then each area's
 * whole state, see `Snapshottable.check`), so a bad snapshot is refused with the path of its first bad
 * value before anything changes. Should an area still refuse half-way, the areas are put back.
 */
export function restoreSnapshot(input: unknown, parts: StateParts): void {
  const snapshot = checkSnapshot(input, parts);
  for (const [name, area] of Object.entries(parts.areas)) area.check(snapshot.areas[name], name, snapshot.now);
  const before = takeSnapshot(parts);
  const done: string[] = [];
  // The clock first: areas schedule their events (upload expiry, proof runs) from the snapshot's time.
  parts.clock.restoreTo(snapshot.now);
  try {
    for (const [name, area] of Object.entries(parts.areas)) {
      area.restore(snapshot.areas[name]);
      done.push(name);
    }
  } catch (e) {
    const area = Object.keys(parts.areas)[done.length];
    parts.clock.restoreTo(before.now);
    // Put back the areas already restored and the one that failed half-way (best effort for that one).
    for (const name of [...done, area ?? ""]) {
      try {
        parts.areas[name]?.restore(before.areas[name]);
      } catch {
        if (name !== area) throw e;
      }
    }
    throw new SimUsageError(`area "${area}" refused the snapshot, nothing was changed: ${(e as Error).message}`);
  }
}

/** Whether `path` (`<area>.<path in the area>`) is a record of user keys by its area's `userKeyed`. */
function userKeyed(parts: StateParts, path: string): boolean {
  for (const [name, area] of Object.entries(parts.areas)) {
    if (area.userKeyed && path.startsWith(`${name}.`) && area.userKeyed(path.slice(name.length + 1))) return true;
  }
  return false;
}

export function resetAll(parts: StateParts): void {
  for (const area of Object.values(parts.areas)) area.reset();
}
