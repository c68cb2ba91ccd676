/**
 * The vitest projects of this repository, shared by the configs:
 * - vitest.config.ts (`npx vitest run [files]`): "main" and "unit", every suite and property against the simulator;
 * - vitest.serve.config.ts: "serve", the suites of the HTTP areas against `edgeconf serve`;
 * - vitest.all.config.ts (`npm test`): the three in one run, so the serve files fill the cores while the long
 *   end-to-end files of "main" finish, instead of waiting for them in a second run.
 */
import { availableParallelism } from "node:os";
import type { TestProjectInlineConfiguration } from "vitest/config";

/**
 * Test files that share a worker process with other files (vitest `isolate: false`): most of a file's cost
 * here is starting its own process and importing its modules, several times the tests' own. Only pure unit
 * tests belong here: no target (getTarget), no server or child process, no process-wide state changed (env,
 * stdout, timers, global dispatchers such as nock's or undici's), no module-level state another file could see.
 * Every other file keeps a fresh process, as `edgeconf run` gives each suite file.
 */
export const SHARED_WORKER_FILES = [
  "sim/**/*.test.ts",
  "harness/clauses/*.test.ts",
  "harness/docs.test.ts",
  "harness/report/{build,catalogue,classify,explain,render,update-expectations,write}.test.ts",
  "harness/fuzz/replay-file.test.ts",
  "harness/run/{options,suite-helpers}.test.ts",
  "harness/diff/normalise.test.ts",
  "harness/targets/bridge-protocol.test.ts",
  "adapters/{populate,restore-check,restore-derived,restore-derived-rules,restore-format,restore-replace}.test.ts",
  "adapters/{snapshot-files,toml,wrangler,wrangler-bindings}.test.ts",
  "examples/{control,docs,library,worker}.test.ts",
];

const ALL_TESTS = [
  "sim/**/*.test.ts",
  "harness/**/*.test.ts",
  "suites/**/*.test.ts",
  "properties/**/*.test.ts",
  "bin/**/*.test.ts",
  "adapters/**/*.test.ts",
  "examples/**/*.test.ts",
];

const common = {
  setupFiles: ["harness/targets/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
};

/** Options of the whole run (not of one project). */
export const runOptions = {
  // vitest runs one fork on a 2-core machine by default (cores - 1); the end-to-end files mostly wait on
  // child processes, so one fork per core keeps both busy.
  maxWorkers: Math.max(2, availableParallelism()),
  reporters: ["default"],
};

/** Every test file against the simulator: "unit" (shared workers, above) and "main" (one process per file). */
export const simulatorProjects: TestProjectInlineConfiguration[] = [
  { test: { ...common, name: "main", include: ALL_TESTS, exclude: SHARED_WORKER_FILES } },
  { test: { ...common, name: "unit", include: SHARED_WORKER_FILES, isolate: false } },
];

/** The suites of the HTTP areas (A, B and C) against `edgeconf serve` started in-process, over real HTTP and HTTPS. */
export const serveProject: TestProjectInlineConfiguration = {
  test: {
    ...common,
    name: "serve",
    include: [
      "suites/http/**/*.test.ts",
      "suites/dns-protection/**/*.test.ts",
      "suites/dns-records/**/*.test.ts",
      "suites/key-transparency/**/*.test.ts",
    ],
    env: { EDGECONF_TARGET: "serve" },
    // One set of area-C certificates for the whole pass instead of one per test file.
    globalSetup: ["harness/targets/serve-certs.ts"],
  },
};
