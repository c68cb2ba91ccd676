/**
 * Helpers for checking a snapshot before anything is restored: every area checks its whole state
 * with these and throws a SnapshotError naming the first bad path, in the form
 * `objectStore.buckets["photos"].objects["a.txt"].size`.
 *
 * A snapshot holds only what `snapshot()` writes: every object of the format has a closed set of
 * fields (`onlyKeys`; the maps whose keys are data, such as custom metadata, check their keys
 * themselves), no key is `__proto__` but a custom-metadata key the platform stores (`checkTree`,
 * which also bounds the nesting), and times
 * the simulator stamps from its clock are not later than the snapshot's own `now` (`notAfter`).
 *
 * Gaps / by design: checks stop at the first problem (one path per error), as the API's validators do.
 */

import { givenValue, timeProblem } from "./clock.ts";
import { SimUsageError } from "./errors.ts";
import type { Stamp } from "./stamps.ts";

/** A snapshot refused before anything changed; `path` names the first bad value. */
export class SnapshotError extends SimUsageError {
  readonly path: string;
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.path = path;
  }
}

export function fail(path: string, problem: string): never {
  throw new SnapshotError(path, problem);
}

/** A plain object (not an array, Map, Date, byte array or other class instance). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** `path["name"]` (the name JSON-quoted). */
export function at(path: string, name: string): string {
  return `${path}[${JSON.stringify(name)}]`;
}

/** A short rendering of a bad value for an error message. */
export function shown(v: unknown): string {
  return v instanceof Uint8Array ? `${v.byteLength} bytes` : givenValue(v);
}

export function record(v: unknown, path: string): Record<string, unknown> {
  if (!isRecord(v)) fail(path, `must be an object, got ${shown(v)}`);
  return v;
}

export function array(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) fail(path, `must be an array, got ${shown(v)}`);
  return v;
}

export function string(v: unknown, path: string, options: { nonEmpty?: boolean; pattern?: RegExp } = {}): string {
  if (typeof v !== "string") fail(path, `must be a string, got ${shown(v)}`);
  if (options.nonEmpty && v === "") fail(path, "must not be empty");
  if (options.pattern && !options.pattern.test(v)) fail(path, `has the wrong form (${shown(v)})`);
  return v;
}

export function boolean(v: unknown, path: string): boolean {
  if (typeof v !== "boolean") fail(path, `must be a boolean, got ${shown(v)}`);
  return v;
}

export function integer(v: unknown, path: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) {
    fail(path, `must be an integer from ${min} to ${max}, got ${shown(v)}`);
  }
  return v;
}

/** A time in ms the fake clock could hold (inside the JavaScript Date range). */
export function time(v: unknown, path: string): number {
  const problem = timeProblem(v);
  if (problem) fail(path, problem);
  return v as number;
}

/** An ISO date string that parses to a time inside the Date range. */
export function isoDate(v: unknown, path: string): string {
  const s = string(v, path);
  // Years past 9999 or before 0 in the Date's extended form (+275760-09-13T00:00:00.000Z).
  const form = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
  if (!form.test(s) || !Number.isFinite(Date.parse(s))) {
    fail(path, `must be an ISO date, got ${shown(s)}`);
  }
  return s;
}

export function bytes(v: unknown, path: string): Uint8Array {
  if (!(v instanceof Uint8Array)) fail(path, `must be bytes, got ${shown(v)}`);
  return v;
}

/** A record whose every value is a string. */
export function stringRecord(v: unknown, path: string): Record<string, string> {
  const r = record(v, path);
  for (const [k, x] of Object.entries(r)) string(x, at(path, k));
  return r as Record<string, string>;
}

/** Wraps any error a validator throws as a SnapshotError at `path`. */
export function accepted<T>(path: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof SnapshotError) throw e;
    fail(path, `refused: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** `path.name`, or `path["name"]` when the name is not an identifier (`name` alone at the top, path ""). */
export function field(path: string, name: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(name)) return path === "" ? name : `${path}.${name}`;
  return at(path, name);
}

/**
 * Refuses a field of `o` that is not in `known`: the snapshot format is what `snapshot()` writes, so
 * a field it never writes is not silently dropped but refused (`what` names the kind of object).
 */
export function onlyKeys(o: Record<string, unknown>, path: string, known: readonly string[], what: string): void {
  for (const k of Object.keys(o)) {
    if (!known.includes(k)) {
      fail(
        field(path, k),
        `is not a field of ${what} (${known.join(", ")}); a snapshot holds only what the simulator writes`,
      );
    }
  }
}

/** A path short enough for a message: its first 100 characters. */
export function shortPath(path: string): string {
  return path.length > 100 ? `${path.slice(0, 100)}...` : path;
}

/** Deeper than this, a value is refused: the simulator's own snapshots nest about 12 levels. */
export const MAX_SNAPSHOT_DEPTH = 64;

/**
 * Walks a whole snapshot (iteratively: any depth is judged without exhausting the stack) before the
 * frame and the areas look at it: a value nested deeper than MAX_SNAPSHOT_DEPTH, or a key `__proto__`
 * anywhere in the format's structure (the simulator never writes one there) is refused naming its
 * path. The one exception is a record whose keys are the user's (`userKeyed(path)`: an object's
 * custom metadata, where the platform stores a key `__proto__`); its values are the area's to check,
 * and restore copies it as own data properties. Byte arrays and other non-plain values are left to
 * the area checks. The children of a path in `bare` are named by their key alone (the frame's fields,
 * and the areas: `now`, `objectStore.buckets[0]`, as the other checks name them).
 */
export function checkTree(
  value: unknown,
  path: string,
  bare: ReadonlySet<string> = new Set(),
  userKeyed: (path: string) => boolean = () => false,
): void {
  const stack: [unknown, string, number][] = [[value, path, 0]];
  while (stack.length > 0) {
    const [v, p, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    const list = Array.isArray(v);
    if (!list && !isRecord(v)) continue;
    if (depth >= MAX_SNAPSHOT_DEPTH) {
      throw new SnapshotError(
        shortPath(p),
        `the snapshot is nested too deeply: more than ${MAX_SNAPSHOT_DEPTH} levels here (the simulator writes about 12)`,
      );
    }
    if (list) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${p}[${i}]`, depth + 1]);
      continue;
    }
    for (const k of Object.keys(v)) {
      const child = bare.has(p) ? k : field(p, k);
      if (k === "__proto__" && !userKeyed(p)) fail(child, "a key __proto__ is never part of a snapshot");
      stack.push([(v as Record<string, unknown>)[k], child, depth + 1]);
    }
  }
}

/** `ms` (a checked time) is not later than the snapshot's `now`, when given: the simulator stamped it from its clock. */
export function notAfter(ms: number, now: number | undefined, path: string): void {
  if (now !== undefined && ms > now) {
    fail(
      path,
      `is later than the snapshot's now (${new Date(ms).toISOString()} > ${new Date(now).toISOString()}); the simulator stamps it from its clock`,
    );
  }
}

/**
 * How far (µs) the DNS areas' microsecond stamps may run ahead of the clock: each stamp is at least
 * 1 µs after the last, so a burst of writes in one simulated millisecond runs past it (populate does,
 * by a few µs). 10^9 µs would take a billion writes without the clock moving; no run makes that.
 */
const MAX_STAMP_LEAD_MICROS = 1_000_000_000;

/**
 * A DNS area's stamp (ms and µs, sim/core/stamps.ts) is not further ahead of the snapshot's `now` than
 * MAX_STAMP_LEAD_MICROS. Both models start their last stamp at 0 (1970), so before 1970 their stamps
 * begin there. Exact over the clock's whole range (the lead is computed from the difference in ms).
 */
export function stampNotAhead(stamp: Stamp, now: number | undefined, path: string): void {
  if (now === undefined) return;
  // How far past the last µs of `now` (or past the epoch, before 1970) the stamp is.
  const lead = now >= 0 ? (stamp.ms - now) * 1000 + (stamp.us - 999) : stamp.ms * 1000 + stamp.us;
  if (lead > MAX_STAMP_LEAD_MICROS) {
    fail(
      path,
      `is later than the snapshot's now (${new Date(now).toISOString()}) by more than a burst of writes in one millisecond could take it (${MAX_STAMP_LEAD_MICROS} µs); the simulator stamps from its clock`,
    );
  }
}
