/**
 * Area D as suites reach it: fresh buckets on the chosen implementation.
 * STUB — owned by the object-store work; it defines the bucket type and the sim factory.
 */
import type { Simulator } from "../../sim/index.ts";
import type { BucketOptions } from "../../sim/object-store/index.ts";

export interface ObjectStoreTarget {
  /** A fresh, empty bucket for one test. */
  bucket(options?: BucketOptions): Promise<unknown>;
  /** Moves the target's clock forward (capability "clock"). */
  advanceClock?(ms: number): Promise<void>;
}

export function createSimObjectStoreTarget(_sim: Simulator): ObjectStoreTarget {
  throw new Error("not implemented yet");
}
