/**
 * Helpers for checking a snapshot before anything is restored: every area checks its whole state
 * with these and throws a SnapshotError naming the first bad path, in the form
 * `objectStore.buckets["photos"].objects["a.txt"].size`.
 *
 * Gaps / by design: checks stop at the first problem (one path per error), as the API's validators do.
 */
import { timeProblem } from "./clock.ts";
import { SimUsageError } from "./errors.ts";

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
  if (v instanceof Uint8Array) return `${v.byteLength} bytes`;
  if (typeof v === "number" || typeof v === "boolean" || v === null || v === undefined) return String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}...` : v);
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
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
