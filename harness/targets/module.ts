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
 *   fixedLengthStream(length): { readable, writable }  the bucket's FixedLengthStream, both halves
 *   headers(init): Headers                   the Headers class the bucket takes (default global Headers)
 *   close(): void | Promise<void>            called when the run's worker ends
 *   name, version: string                    the implementation's name and version, for the report
 *
 * The module is imported in each test worker (TypeScript works: the workers run under vite). It runs in
 * the test process, so arguments reach it as given (argumentsAsGiven): tests of how the bucket reads them
 * run. Tests that need what it does not export or declare skip, naming that export or capability.
 * docs/bridge.md has the contract.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { moduleImplementation, recordImplementation } from "./identity.ts";
import { areaDOnly, type BucketOptions, type ObjectStoreBucket, type ObjectStoreTarget } from "./object-store.ts";
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
  fixedLengthStream?(length: number): { readable: ReadableStream; writable: WritableStream };
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
  const functions = ["now", "advanceClock", "knownLengthStream", "declaredLengthStream", "fixedLengthStream"] as const;
  for (const f of [...functions, "headers", "close"] as const) {
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

/** Why a module target lacks a feature: the export the module would need. */
export const MODULE_UNAVAILABLE = {
  knownLengthStream:
    "The module does not export knownLengthStream(bytes), a stream its bucket takes as of known length.",
  declaredLengthStream:
    "The module does not export declaredLengthStream(length), a stream of declared length whose bytes never come.",
  fixedLengthStream: "The module does not export fixedLengthStream(length), its bucket's FixedLengthStream.",
  replica: "The module contract has no way to start a second, identical instance from the same seed.",
} as const;

/** Why a module target lacks a capability: what the module did not declare. */
export const MODULE_UNDECLARED: Partial<Record<Capability, string>> = {
  clock: 'The module does not declare the "clock" capability (with now() and advanceClock(ms)): time cannot be moved.',
  "min-part-size":
    'The module does not declare "min-part-size": its buckets keep the 5 MiB part minimum, and this test needs smaller parts.',
  "compat-date": 'The module does not declare "compat-date": its buckets cannot take a compatibility date and flags.',
  ...areaDOnly("module"),
};

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
    ...(mod.fixedLengthStream ? { fixedLengthStream: (l: number) => mod.fixedLengthStream!(l) } : {}),
    // The module runs in this process: the bucket reads the test's own objects.
    argumentsAsGiven: true,
    unavailable: MODULE_UNAVAILABLE,
  };
  return {
    name: "module",
    capabilities: new Set<Capability>(["object-store", ...declared]),
    whyNot: MODULE_UNDECLARED,
    objectStore,
    close: async () => {
      await mod.close?.();
    },
  };
}
