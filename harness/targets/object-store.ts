/**
 * Area D as suites reach it: fresh buckets on the chosen implementation, typed as the platform's
 * R2Bucket shape (the simulator's StoreBucket type, which tsc proves assignable to R2Bucket).
 *
 * Suites assert only on observable values: a bucket from another implementation (Miniflare) hands
 * out proxies, so `instanceof` checks on its results are meaningless.
 */
import { createSimulator, type Simulator } from "../../sim/index.ts";
import { type BucketOptions, FixedLengthStream, type StoreBucket } from "../../sim/object-store/index.ts";

export type { BucketOptions } from "../../sim/object-store/index.ts";

/** The bucket binding suites call: the platform's R2Bucket methods. */
export type ObjectStoreBucket = StoreBucket;

export interface ObjectStoreTarget {
  /** A fresh, empty bucket for one test. Options the target cannot honour are ignored (see capabilities). */
  bucket(options?: BucketOptions): Promise<ObjectStoreBucket>;
  /** Moves the target's clock forward (capability "clock"). */
  advanceClock?(ms: number): Promise<void>;
  /** The target's current time in ms (the clock that stamps `uploaded`). */
  now(): Promise<number>;
  /** Headers the target's bucket accepts as onlyIf / range / httpMetadata (Miniflare needs its own class). */
  headers(init?: Record<string, string>): Headers;
  /** A ReadableStream of known length carrying `bytes`, when the target can make one. */
  knownLengthStream?(bytes: Uint8Array): ReadableStream;
  /** A ReadableStream of known (declared) length that is never read (size-limit checks), when possible. */
  declaredLengthStream?(length: number): ReadableStream;
  /**
   * Arguments reach the binding as they are (not copied across a wire first), so how often and in
   * which order it reads their fields is observable.
   */
  argumentsAsGiven?: boolean;
  /** The target's own FixedLengthStream of `length` bytes (both halves), when the suite can hold one. */
  fixedLengthStream?(length: number): { readable: ReadableStream; writable: WritableStream };
  /** A new, independent instance started exactly as this one was (same seed and start), when possible. */
  replica?(): ObjectStoreTarget;
  /** Why an argument with an own key `__proto__` cannot reach the binding, when it cannot (tests of one skip). */
  protoKeyUnsendable?: string;
  /**
   * Why arguments of an unusual make (a Proxy of an array, a detached or shared buffer, a Date with own methods
   * or of a subclass, Headers of another class, an object that only inherits a class's prototype) cannot reach
   * the binding as they are, when they cannot (tests of them skip).
   */
  exoticArgumentsUnsendable?: string;
  /**
   * Why a stream value the binding refuses before reading it (a bad md5 or sha1 option) may not come back with
   * the binding's error, when it may not (tests of such a refusal skip).
   */
  refusedStreamUnreliable?: string;
  /** Why a locked stream, or a body already read, cannot be handed to the binding, when it cannot (its test skips). */
  lockedStreamUnsendable?: string;
  /**
   * Why the target lacks an optional feature, in its own words (a module names the export it lacks, a
   * bridge says what the wire cannot carry); tests that need the feature skip with this sentence.
   */
  unavailable?: Partial<Record<ObjectStoreFeature, string>>;
}

/** How long a call with a declared-length stream may take before the test fails naming the likely cause. */
export const UNREAD_STREAM_WAIT_MS = 10_000;

/**
 * Waits for a call given a `declaredLengthStream` (whose bytes never come) to settle, either way; past `ms`
 * it fails the test with the likely cause instead of letting it hang until the test's own timeout: the bucket
 * must refuse an oversized declared length before it reads the stream (docs/bridge.md, declaredLengthStream).
 * Assert on the call itself afterwards.
 */
export async function settlesUnread(call: Promise<unknown>, what: string, ms: number = UNREAD_STREAM_WAIT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${what} did not settle within ${ms / 1000} s when given a stream of declared length whose bytes never ` +
              "come: the bucket likely reads the stream before checking its declared size (it must refuse an " +
              "oversized length unread: docs/bridge.md, declaredLengthStream)",
          ),
        ),
      ms,
    );
    timer.unref?.();
  });
  const settled = call.then(
    () => undefined,
    () => undefined,
  );
  try {
    await Promise.race([settled, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a target of area D only (workerd, worker, module, miniflare) skips the tests of the other areas. */
export function areaDOnly(name: string): { api: string; kt: string } {
  const why = `The ${name} target serves only area D (the bucket binding): areas A, B and C need --target http or sim.`;
  return { api: why, kt: why };
}

/** The optional features of an object-store target that some tests need. */
export type ObjectStoreFeature =
  | "knownLengthStream"
  | "declaredLengthStream"
  | "fixedLengthStream"
  | "replica"
  | "argumentsAsGiven";

/** Why a target without a feature lacks it, when the target does not say. */
const LACKING: Record<ObjectStoreFeature, string> = {
  knownLengthStream: "The target cannot make a ReadableStream of known length for its bucket.",
  declaredLengthStream: "The target cannot declare a stream's length without sending its bytes.",
  fixedLengthStream: "The target's FixedLengthStream cannot be written from the test process.",
  replica: "The target cannot start a second instance from the same seed.",
  argumentsAsGiven: "The target copies arguments before the binding reads them.",
};

/** Why `os` lacks `feature` (its own sentence, else a default), or undefined when it has it. */
export function whyLacking(os: ObjectStoreTarget, feature: ObjectStoreFeature): string | undefined {
  if (os[feature]) return undefined;
  return os.unavailable?.[feature] ?? LACKING[feature];
}

/**
 * Skips the running test, with the target's reason, when the target lacks `feature`: a skip follows
 * from what the target offers, never from what kind of target it is.
 */
export function skipWithout(
  ctx: { skip(note?: string): void },
  os: ObjectStoreTarget,
  feature: ObjectStoreFeature,
): void {
  const why = whyLacking(os, feature);
  if (why !== undefined) ctx.skip(why);
}

export function createSimObjectStoreTarget(sim: Simulator): ObjectStoreTarget {
  let n = 0;
  const start = sim.clock.now();
  return {
    replica: () => createSimObjectStoreTarget(createSimulator({ seed: sim.seed, start })),
    async bucket(options) {
      n += 1;
      return sim.bucket(`edgeconf-test-${n}`, options);
    },
    async advanceClock(ms) {
      sim.clock.advance(ms);
    },
    async now() {
      return sim.clock.now();
    },
    headers: (init) => new Headers(init),
    knownLengthStream(bytes) {
      const fixed = new FixedLengthStream(bytes.byteLength);
      const writer = fixed.writable.getWriter();
      void writer.write(bytes.slice()).then(() => writer.close());
      return fixed.readable;
    },
    declaredLengthStream(length) {
      return new FixedLengthStream(length).readable;
    },
    fixedLengthStream: (length) => new FixedLengthStream(length),
    argumentsAsGiven: true,
  };
}
