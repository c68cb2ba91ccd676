/**
 * The shape every area of the simulator exposes to `createSimulator` and the control surface.
 *
 * Gaps / by design: snapshots are plain structured data (Uint8Array for bytes); serialising them to
 * a file is the control surface's job, not the area's.
 */
export interface Snapshottable {
  /** A deep, self-contained copy of the area's state (no shared references with live state). */
  snapshot(): unknown;
  /**
   * Checks a whole snapshot of this area before anything is restored; throws a SnapshotError
   * (sim/core/snapshot-check.ts) naming the first bad value under `path` (the area's name). `now` is
   * the snapshot's time: nothing the area stamps from the clock may be later (the control surface
   * always passes it; an area re-checking its own restore may leave it out).
   */
  check(state: unknown, path: string, now?: number): void;
  /**
   * Whether the record at `path` (below the area's name, as `checkTree` names it:
   * `buckets[0].objects[2].customMetadata`) holds the user's own keys, where `__proto__` is one a
   * write can store; everywhere else a key `__proto__` is refused. Absent: no such record.
   */
  userKeyed?(path: string): boolean;
  /** Replaces the area's state with a snapshot taken from the same kind of area (checked first). */
  restore(state: unknown): void;
  /** Back to the empty state the area had when created. */
  reset(): void;
}
