/**
 * Runs test files through vitest's node API (createVitest) with the collecting reporter, a per-test
 * and per-hook timeout and a watchdog over the whole run; or merges shard blobs (mergeReports).
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { createVitest } from "vitest/node";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RawTest } from "../report/classify.ts";
import { CollectingReporter, type Progress } from "./collect.ts";

export interface VitestRun {
  tests: RawTest[];
  runFiles: string[];
  unhandledErrors: string[];
  /** What went wrong with the run itself (watchdog, vitest errors). */
  problems: string[];
  /** The watchdog stopped the run: workers may still hang, so the process should exit when done. */
  watchdogFired: boolean;
  /** No file matched the include patterns: nothing was run. */
  noFiles?: boolean;
  /** Writes the progress lines held back (Progress.hold). */
  releaseProgress?: () => void;
}

export interface VitestRunOptions {
  include: string[];
  grep?: string;
  shard?: { index: number; count: number };
  /** Where the blob reporter writes (shards). */
  blobFile?: string;
  timeoutMs: number;
  maxTimeMs: number;
  progress?: Progress;
  /** vitest global setup modules (absolute paths). */
  globalSetup?: string[];
  /** Merge the blobs in this directory instead of running tests. */
  mergeFrom?: string;
  /**
   * A fresh worker process per test file (vitest `isolate`). Off, files share the workers: each file still
   * gets a target of its own (harness/targets/setup.ts closes it after the file), and most of a file's cost,
   * starting a process and loading vitest and the modules, is paid once per worker instead of once per file.
   */
  isolate?: boolean;
  /** Test files run at once (default: one per core, runWorkers()). */
  maxWorkers?: number;
  /** Where module transforms are kept between runs (vitest's fsModuleCache; absolute); absent: no cache. */
  cacheDir?: string;
}

/**
 * One worker per core: the suites are CPU-bound in process, or wait on a target. EDGECONF_WORKERS (a whole
 * number) sets another count: the repository's end-to-end tests run theirs with 1, since the test run around
 * them already keeps every core busy. Read when a run starts (those tests set it around each run in process).
 */
export function runWorkers(env: NodeJS.ProcessEnv = process.env): number {
  return workersFrom(env.EDGECONF_WORKERS) ?? Math.max(1, availableParallelism());
}

function workersFrom(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && /^\d+$/.test(text) && n >= 1 && n <= 256 ? n : undefined;
}

/** How long the watchdog waits for a cancelled run to wind down before giving up on it. */
const CANCEL_GRACE_MS = 5_000;

export async function runVitest(options: VitestRunOptions): Promise<VitestRun> {
  const collector = new CollectingReporter(options.progress);
  const problems: string[] = [];
  const reporters: (CollectingReporter | [string, Record<string, unknown>])[] = [collector];
  if (options.blobFile) reporters.push(["blob", { outputFile: options.blobFile }]);
  const vitest = await createVitest(
    "test",
    {
      // The runner's whole configuration is here (no config file): it ships with the package and runs
      // from an installed copy; nothing is written inside the package (no results cache).
      root: PROJECT_ROOT,
      config: false,
      cache: false,
      setupFiles: [path.join(PROJECT_ROOT, "harness", "targets", "setup.ts")],
      ...(options.globalSetup ? { globalSetup: options.globalSetup } : {}),
      pool: "forks",
      isolate: options.isolate ?? false,
      maxWorkers: options.maxWorkers ?? runWorkers(),
      ...(options.cacheDir ? { experimental: { fsModuleCache: true, fsModuleCachePath: options.cacheDir } } : {}),
      run: true,
      watch: false,
      include: options.include,
      passWithNoTests: true,
      // biome-ignore lint/suspicious/noExplicitAny: vitest's reporter tuple type is not exported
      reporters: reporters as any,
      testTimeout: options.timeoutMs,
      hookTimeout: options.timeoutMs * 2,
      teardownTimeout: 10_000,
      ...(options.grep !== undefined ? { testNamePattern: options.grep } : {}),
      ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
      ...(options.mergeFrom ? { mergeReports: options.mergeFrom } : {}),
    },
    { logLevel: "error" },
  );
  if (!options.mergeFrom) {
    // Patterns that match no file stop here, before any test file is loaded (harness/run/execute.ts).
    let files = 1;
    try {
      files = (await vitest.globTestSpecifications()).length;
    } catch {}
    if (files === 0) {
      await vitest.close().catch(() => {});
      return { tests: [], runFiles: [], unhandledErrors: [], problems: [], watchdogFired: false, noFiles: true };
    }
  }
  let timer: NodeJS.Timeout | undefined;
  let watchdogFired = false;
  const work = (async () => {
    if (options.mergeFrom) await vitest.mergeReports(options.mergeFrom);
    else await vitest.start();
  })();
  const watchdog = new Promise<"watchdog">((resolve) => {
    timer = setTimeout(() => {
      watchdogFired = true;
      const unfinished = collector.unfinishedFiles();
      problems.push(
        `watchdog: the run did not finish within ${options.maxTimeMs} ms (--max-time) and was stopped; ` +
          `${unfinished.length} test file(s) without a result: ${unfinished.join(", ")}`,
      );
      void vitest.cancelCurrentRun("keyboard-input");
      setTimeout(() => resolve("watchdog"), CANCEL_GRACE_MS).unref();
    }, options.maxTimeMs);
    timer.unref();
  });
  try {
    await Promise.race([work, watchdog]);
  } catch (e) {
    problems.push(`vitest failed: ${(e as Error).stack ?? String(e)}`);
  } finally {
    clearTimeout(timer);
    collector.stop();
  }
  const closeWait = watchdogFired ? 2_000 : 10_000;
  await Promise.race([vitest.close().catch(() => {}), new Promise((r) => setTimeout(r, closeWait).unref())]);
  return {
    tests: collector.tests,
    runFiles: [...collector.runFiles].sort(),
    unhandledErrors: collector.unhandledErrors,
    problems,
    watchdogFired,
    releaseProgress: () => collector.release(),
  };
}
