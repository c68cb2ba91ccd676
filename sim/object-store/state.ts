/**
 * The state of one bucket: objects by key, the ordered key index, multipart uploads, and the few
 * things every operation shares (options, clock, ids). Mutations are synchronous and all-or-nothing:
 * an operation computes everything first, then commits in one step.
 *
 * Gaps / by design: no replication or eventual consistency (the platform is strongly consistent);
 * ids come from the area's seeded random stream, so they depend on the order of calls in the area.
 */
import { givenValue, type ScheduledHandle } from "../core/clock.ts";
import type { SimCore } from "../core/context.ts";
import type { SeededRandom } from "../core/random.ts";
import { type StoreAction, storeError } from "./errors.ts";
import { KeyIndex } from "./listing.ts";
import type { StorageClass } from "./metadata.ts";
import { MIN_PART_SIZE, type UploadRecord } from "./multipart.ts";
import type { StoredObject } from "./object.ts";

export interface BucketOptions {
  /** Minimum size of every non-final multipart part; tests may lower it (default 5 MiB, as on the platform). */
  minPartSize?: number;
  /** The function's compatibility date, `YYYY-MM-DD` (decides whether list honours `include`). */
  compatibilityDate?: string;
  /** Compatibility flags, e.g. `r2_list_honor_include`. */
  compatibilityFlags?: string[];
  defaultStorageClass?: "Standard" | "InfrequentAccess";
}

export interface ResolvedBucketOptions {
  minPartSize: number;
  compatibilityDate: string;
  compatibilityFlags: string[];
  defaultStorageClass: StorageClass;
}

/** Default compatibility date of a bucket: recent enough that list honours `include`. */
export const DEFAULT_COMPATIBILITY_DATE = "2025-01-01";
export const INCLUDE_COMPATIBILITY_DATE = "2022-08-04";
export const INCLUDE_FLAGS = ["r2_list_honor_include", "store_list_honor_include"] as const;

/** Object size limit: 5 GiB - 5 MiB. */
export const MAX_OBJECT_SIZE = 5 * 1024 ** 3 - 5 * 1024 ** 2;
export const MAX_KEY_BYTES = 1024;

export function resolveOptions(given: BucketOptions = {}, base?: ResolvedBucketOptions): ResolvedBucketOptions {
  const minPartSize = given.minPartSize ?? base?.minPartSize ?? MIN_PART_SIZE;
  if (!Number.isSafeInteger(minPartSize) || minPartSize < 0) {
    throw new RangeError(`minPartSize must be an integer >= 0, got ${givenValue(minPartSize)}`);
  }
  const compatibilityDate = given.compatibilityDate ?? base?.compatibilityDate ?? DEFAULT_COMPATIBILITY_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(compatibilityDate)) {
    throw new RangeError(`compatibilityDate must be YYYY-MM-DD, got ${givenValue(compatibilityDate)}`);
  }
  const defaultStorageClass = given.defaultStorageClass ?? base?.defaultStorageClass ?? "Standard";
  if (defaultStorageClass !== "Standard" && defaultStorageClass !== "InfrequentAccess") {
    throw new RangeError(
      `defaultStorageClass must be Standard or InfrequentAccess, got ${givenValue(defaultStorageClass)}`,
    );
  }
  return {
    minPartSize,
    compatibilityDate,
    compatibilityFlags: [...(given.compatibilityFlags ?? base?.compatibilityFlags ?? [])],
    defaultStorageClass,
  };
}

/** Whether list honours `include` (spec rule 5): compatibility date >= 2022-08-04, or the flag. */
export function honoursInclude(
  options: Pick<ResolvedBucketOptions, "compatibilityDate" | "compatibilityFlags">,
): boolean {
  return (
    options.compatibilityDate >= INCLUDE_COMPATIBILITY_DATE ||
    options.compatibilityFlags.some((f) => (INCLUDE_FLAGS as readonly string[]).includes(f))
  );
}

/**
 * Why `name` cannot name a bucket of the simulator, or undefined when it can: the platform's rule
 * (a-z, 0-9 and "-", starting and ending with a letter or digit, at most 63), except that names of
 * 1 or 2 characters are allowed (short names in tests). `bucket(name)` and snapshots apply it alike.
 */
export function bucketNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)) {
    return `a bucket name is 1-63 characters of a-z, 0-9 and "-", starting and ending with a letter or digit, got ${typeof name === "string" ? JSON.stringify(name.length > 70 ? `${name.slice(0, 70)}...` : name) : String(name)}`;
  }
  return undefined;
}

/** Throws 10020 for a key longer than 1024 UTF-8 bytes. */
export function checkKey(action: StoreAction, key: string): void {
  if (key.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) {
    throw storeError(action, "invalidObjectName");
  }
}

/** The binding's string conversion of a key argument. */
export function keyArgument(key: unknown): string {
  return typeof key === "string" ? key : String(key);
}

export class BucketState {
  readonly name: string;
  options: ResolvedBucketOptions;
  readonly objects = new Map<string, StoredObject>();
  readonly index = new KeyIndex<StoredObject>();
  /** Active uploads by id. */
  readonly uploads = new Map<string, UploadRecord>();
  /** Ids of uploads that were completed or aborted (abort stays a no-op for them). */
  readonly finished = new Set<string>();
  readonly expiries = new Map<string, ScheduledHandle>();
  readonly #core: SimCore;
  readonly #random: SeededRandom;
  /** Called on every write (the area lists the bucket again if a restore or reset unlisted it). */
  readonly #touched: () => void;

  constructor(
    name: string,
    core: SimCore,
    random: SeededRandom,
    options: ResolvedBucketOptions,
    touched: () => void = () => {},
  ) {
    this.name = name;
    this.#core = core;
    this.#random = random;
    this.options = options;
    this.#touched = touched;
  }

  now(): number {
    return this.#core.clock.now();
  }

  newVersion(): string {
    return this.#random.hex(32);
  }

  newUploadId(): string {
    return this.#random.string(128, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
  }

  commitObject(record: StoredObject): void {
    this.#touched();
    this.index.insert(record);
    this.objects.set(record.key, record);
  }

  deleteObject(key: string): void {
    if (this.objects.delete(key)) this.index.remove(key);
  }

  addUpload(record: UploadRecord): void {
    this.#touched();
    this.uploads.set(record.uploadId, record);
    this.scheduleExpiry(record);
  }

  scheduleExpiry(record: UploadRecord): void {
    this.expiries.get(record.uploadId)?.cancel();
    const handle = this.#core.clock.schedule(record.expiresAt, () => {
      this.finishUpload(record.uploadId);
    });
    this.expiries.set(record.uploadId, handle);
  }

  /** Completed or aborted (by a call or by expiry): the upload and its parts are gone. */
  finishUpload(uploadId: string): void {
    this.#touched();
    this.uploads.delete(uploadId);
    this.finished.add(uploadId);
    this.expiries.get(uploadId)?.cancel();
    this.expiries.delete(uploadId);
  }

  cancelAllExpiries(): void {
    for (const h of this.expiries.values()) h.cancel();
    this.expiries.clear();
  }

  /** Empties the bucket (objects, uploads, expiries); the binding stays usable. */
  clear(): void {
    this.cancelAllExpiries();
    this.objects.clear();
    this.index.clear();
    this.uploads.clear();
    this.finished.clear();
  }
}
