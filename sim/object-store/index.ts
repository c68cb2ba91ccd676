/**
 * Area D entry: the object store, a set of named buckets sharing the simulator's clock and seed.
 * `bucket(name)` returns the binding (created on first use), typed to be usable wherever the
 * platform's R2Bucket is expected (see r2-compat.typecheck.ts).
 *
 * Gaps / by design: buckets have no management API (creation is implicit, as a binding is); bucket
 * options given on a later `bucket(name, options)` call update that bucket's options. The snapshot
 * does not include the random stream's position (see snapshot.ts). A restore or reset replaces the
 * set of buckets too: a bucket the snapshot lacks is emptied and unlisted (its binding, if handed
 * out, stays usable and lists the bucket again on its next write or `bucket(name)` call).
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { StoreBucket } from "./bucket.ts";
import type { CallGate, GateHolder } from "./gate.ts";
import { type ObjectStoreSnapshot, restoreBucket, snapshotBucket } from "./snapshot.ts";
import { checkObjectStoreSnapshot, isCustomMetadataPath } from "./snapshot-check.ts";
import {
  type BucketOptions,
  BucketState,
  bucketNameProblem,
  type ResolvedBucketOptions,
  resolveOptions,
} from "./state.ts";

export type {
  StoreConditional,
  StoreGetOptions,
  StoreListOptions,
  StoreMultipartOptions,
  StoreObjects,
  StorePutOptions,
  StoreRange,
} from "./bucket.ts";
export { StoreBucket } from "./bucket.ts";
export { storeErrorAction, storeErrorCode } from "./errors.ts";
export type { CallGate, GatedOperation } from "./gate.ts";
export type { HttpMetadata as StoreHTTPMetadata } from "./metadata.ts";
export { StoreObject, StoreObjectBody } from "./object.ts";
export type { ObjectStoreSnapshot } from "./snapshot.ts";
export type { BucketOptions } from "./state.ts";
export {
  MultipartUploadHandle as StoreMultipartUpload,
  type StoreUploadedPart,
  type StoreUploadPartOptions,
} from "./upload.ts";
export { FixedLengthStream, knownLength, withKnownLength } from "./values.ts";

export interface ObjectStoreArea extends Snapshottable {
  bucket(name: string, options?: BucketOptions): StoreBucket;
  /** Sets (or, with undefined, removes) the gate every storage call of every binding asks first. */
  setGate(gate: CallGate | undefined): void;
  /** Names of the buckets made so far, in creation order. */
  bucketNames(): string[];
  snapshot(): ObjectStoreSnapshot;
}

export function createObjectStoreArea(core: SimCore, defaults: BucketOptions = {}): ObjectStoreArea {
  const base: ResolvedBucketOptions = resolveOptions(defaults);
  const random = core.random.fork("object-store");
  const states = new Map<string, BucketState>();
  const bindings = new Map<string, StoreBucket>();
  /** The buckets that exist (made or written since the last restore/reset), in the order they were made. */
  const listed = new Set<string>();
  const gates: GateHolder = { gate: undefined };

  function ensure(name: string, options?: BucketOptions): BucketState {
    let state = states.get(name);
    if (!state) {
      state = new BucketState(name, core, random, resolveOptions(options, base), () => listed.add(name));
      states.set(name, state);
      bindings.set(name, new StoreBucket(state, gates));
    } else if (options) {
      state.options = resolveOptions(options, listed.has(name) ? state.options : base);
    } else if (!listed.has(name)) {
      state.options = resolveOptions(undefined, base);
    }
    listed.add(name);
    return state;
  }

  /**
   * Empties and unlists every bucket (back to a fresh area); bindings already handed out stay valid
   * (they see the new state, and list their bucket again when written to).
   */
  function clear(): void {
    for (const s of states.values()) {
      s.clear();
      s.options = resolveOptions(undefined, base);
    }
    listed.clear();
  }

  return {
    bucket(name, options) {
      const problem = bucketNameProblem(name);
      if (problem) throw new TypeError(problem);
      ensure(name, options);
      return bindings.get(name)!;
    },
    bucketNames: () => [...listed],
    setGate(gate) {
      gates.gate = gate;
    },
    snapshot() {
      return { kind: "object-store", buckets: [...listed].map((name) => snapshotBucket(states.get(name)!)) };
    },
    check: checkObjectStoreSnapshot,
    userKeyed: isCustomMetadataPath,
    restore(input) {
      checkObjectStoreSnapshot(input, "objectStore");
      const snapshot = input as ObjectStoreSnapshot;
      clear();
      for (const b of snapshot.buckets) {
        const state = ensure(b.name);
        state.options = resolveOptions(b.options);
        restoreBucket(state, b);
      }
    },
    reset() {
      clear();
    },
  };
}
