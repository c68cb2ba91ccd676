/**
 * Area D entry: the object store, a set of named buckets sharing the simulator's clock and seed.
 *
 * Gaps / by design: STUB — to be replaced by the object-store implementation.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";

export interface BucketOptions {
  /** Minimum size of every non-final multipart part; tests may lower it (default 5 MiB, as on the platform). */
  minPartSize?: number;
  /** The function's compatibility date, `YYYY-MM-DD` (decides whether list honours `include`). */
  compatibilityDate?: string;
  /** Compatibility flags, e.g. `r2_list_honor_include`. */
  compatibilityFlags?: string[];
  defaultStorageClass?: "Standard" | "InfrequentAccess";
}

export interface ObjectStoreArea extends Snapshottable {
  bucket(name: string, options?: BucketOptions): unknown;
}

export function createObjectStoreArea(_core: SimCore, _defaults: BucketOptions = {}): ObjectStoreArea {
  throw new Error("object store not implemented yet");
}
