/**
 * The `module` target: area D through a user's own implementation, a module (`--module PATH`,
 * EDGECONF_MODULE) exporting
 *
 *   createBucket(name: string, options?: { minPartSize?, compatibilityDate?, compatibilityFlags? })
 *     => R2Bucket | Promise<R2Bucket>      required: a new name gives a new, empty bucket
 *
 * and optionally
 *
 *   capabilities: ("clock" | "min-part-size" | "compat-date")[]   what the module honours (default none)
 *   now(): number | Promise<number>          the clock that stamps `uploaded` (default Date.now())
 *   advanceClock(ms): void | Promise<void>   moves that clock (required with "clock")
 *   knownLengthStream(bytes): ReadableStream  a stream the bucket takes as of known length
 *   declaredLengthStream(length): ReadableStream  the same, declared but never sent (size limits)
 *   headers(init): Headers                   the Headers class the bucket takes (default global Headers)
 *   close(): void | Promise<void>            called when the run's worker ends
 *   name, version: string                    the implementation's name and version, for the report
 *
 * The module is imported in each test worker (TypeScript works: the workers run under vite). Tests
 * that need what it does not declare skip with the reason in the report. docs/bridge.md has the contract.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { moduleImplementation, recordImplementation } from "./identity.ts";
import type { BucketOptions, ObjectStoreBucket, ObjectStoreTarget } from "./object-store.ts";
import type { Capability, Target } from "./types.ts";

/** What a module may declare (the rest are the harness's to say). */
export const MODULE_CAPABILITIES = ["clock", "min-part-size", "compat-date"] as const;

export interface BucketModule {
  createBucket(name: string, options?: BucketOptions): ObjectStoreBucket | Promise<ObjectStoreBucket>;
  capabilities?: readonly string[];
  now?(): number | Promise<number>;
  advanceClock?(ms: number): void | Promise<void>;
  knownLengthStream?(bytes: Uint8Array): ReadableStream;
  declaredLengthStream?(length: number): ReadableStream;
  headers?(init?: Record<string, string>): Headers;
  close?(): void | Promise<void>;
}

/** What is wrong with a module's exports, or undefined. */
export function checkModule(mod: Partial<BucketModule>, where: string): string | undefined {
  if (typeof mod.createBucket !== "function") return `${where} does not export a createBucket function`;
  const caps = mod.capabilities ?? [];
  if (!Array.isArray(caps)) return `${where}: capabilities must be an array`;
  for (const c of caps) {
    if (!(MODULE_CAPABILITIES as readonly string[]).includes(c)) {
      return `${where}: unknown capability "${c}" (use ${MODULE_CAPABILITIES.join(", ")})`;
    }
  }
  if (caps.includes("clock") && (typeof mod.advanceClock !== "function" || typeof mod.now !== "function")) {
    return `${where} declares "clock" but does not export now() and advanceClock(ms)`;
  }
  for (const f of ["now", "advanceClock", "knownLengthStream", "declaredLengthStream", "headers", "close"] as const) {
    if (mod[f] !== undefined && typeof mod[f] !== "function") return `${where}: ${f} must be a function`;
  }
  return undefined;
}

export async function loadBucketModule(file: string): Promise<BucketModule> {
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as Partial<BucketModule>;
  const problem = checkModule(mod, file);
  if (problem) throw new Error(`the module target: ${problem}`);
  return mod as BucketModule;
}

/**
 * Bucket names are unique in the process, not only in a test file: the files of a run share worker processes
 * (docs/runner.md) and a module keeps its buckets at module level, so a second file must not get the first
 * file's bucket back under the same name.
 */
const COUNTER = Symbol.for("edgeconf.module-bucket-counter");
function nextBucketNumber(): number {
  const g = globalThis as { [COUNTER]?: number };
  g[COUNTER] = (g[COUNTER] ?? 0) + 1;
  return g[COUNTER];
}

export async function createModuleTarget(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const file = env.EDGECONF_MODULE;
  if (!file) throw new Error("the module target needs --module PATH (EDGECONF_MODULE)");
  const mod = await loadBucketModule(file);
  // The report names the module's implementation by its `name` and `version` exports, where it has them.
  recordImplementation(moduleImplementation(mod as { name?: unknown; version?: unknown }));
  const declared = (mod.capabilities ?? []) as Capability[];
  const objectStore: ObjectStoreTarget = {
    async bucket(options) {
      return mod.createBucket(`edgeconf-test-${nextBucketNumber()}`, options);
    },
    async now() {
      return mod.now ? mod.now() : Date.now();
    },
    headers: (init) => (mod.headers ? mod.headers(init) : new Headers(init)),
    ...(mod.advanceClock && declared.includes("clock")
      ? { advanceClock: async (ms: number) => void (await mod.advanceClock!(ms)) }
      : {}),
    ...(mod.knownLengthStream ? { knownLengthStream: (b: Uint8Array) => mod.knownLengthStream!(b) } : {}),
    ...(mod.declaredLengthStream ? { declaredLengthStream: (l: number) => mod.declaredLengthStream!(l) } : {}),
  };
  return {
    name: "module",
    capabilities: new Set<Capability>(["object-store", ...declared]),
    objectStore,
    close: async () => {
      await mod.close?.();
    },
  };
}
