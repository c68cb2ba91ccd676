/**
 * The vitest projects of this repository, shared by the configs:
 * - vitest.config.ts (`npx vitest run [files]`): "main" and "shared", every test file against the simulator;
 * - vitest.serve.config.ts: "serve", the suites of the HTTP areas and the SDK's against `edgeconf serve`;
 * - vitest.all.config.ts (`npm test`): the three in one run, so the serve files fill the cores while the long
 *   end-to-end files of "main" finish, instead of waiting for them in a second run.
 */
import { availableParallelism } from "node:os";
import type { TestProjectInlineConfiguration } from "vitest/config";

/**
 * Test files that share worker processes with other files (vitest `isolate: false`): most of a file's cost
 * is starting its own process and loading vitest and its modules there, several times the tests' own.
 * - Pure unit tests: no target, no server or child process, no process-wide state changed (env, stdout,
 *   timers, global dispatchers such as nock's or undici's), no module-level state another file could see.
 * - The suites and properties: each file gets a target of its own all the same (harness/targets/setup.ts
 *   closes the worker's target after each file, and the next file's getTarget() creates a new one), and the
 *   helpers keep nothing across targets. `edgeconf run` shares its workers the same way (docs/runner.md,
 *   "Processes and speed"); the end-to-end tests (harness/cli.test.ts, harness/targets/module.test.ts,
 *   harness/run/stub-targets.test.ts) run suites through it.
 * Every other file keeps a fresh process.
 */
export const SHARED_WORKER_FILES = [
  "sim/**/*.test.ts",
  "harness/clauses/*.test.ts",
  "harness/docs.test.ts",
  "harness/assertion-messages.test.ts",
  "harness/report/{build,catalogue,classify,compare,diffs,explain,matrix,render,update-expectations,write}.test.ts",
  "harness/consistency/{check,fixtures}.test.ts",
  "harness/diff/{sweep,many-departures}.test.ts",
  "harness/fuzz/replay-file.test.ts",
  "harness/run/{options,suite-helpers,preflight,reach,target-options}.test.ts",
  "harness/targets/{sdk-fetch,skips,unread-stream}.test.ts",
  "harness/serve/certs.test.ts",
  "harness/diff/{command,diff}.test.ts",
  "harness/consistency/command.test.ts",
  "harness/diff/normalise.test.ts",
  "harness/targets/bridge-protocol.test.ts",
  "adapters/{populate,restore-check,restore-derived,restore-derived-rules,restore-format,restore-replace}.test.ts",
  "adapters/{snapshot-files,toml,wrangler,wrangler-bindings}.test.ts",
  "examples/{control,docs,library,worker}.test.ts",
  "mutation/*.test.ts",
];
const SHARED_SUITE_FILES = ["suites/**/*.test.ts", "properties/**/*.test.ts"];

const ALL_TESTS = [
  "sim/**/*.test.ts",
  "harness/**/*.test.ts",
  "suites/**/*.test.ts",
  "properties/**/*.test.ts",
  "bin/**/*.test.ts",
  "adapters/**/*.test.ts",
  "examples/**/*.test.ts",
  "mutation/**/*.test.ts",
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

/** Every test file against the simulator: "shared" (worker processes shared, above) and "main" (one per file). */
export const simulatorProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...common,
      name: "main",
      include: ALL_TESTS,
      exclude: [...SHARED_WORKER_FILES, ...SHARED_SUITE_FILES],
    },
  },
  {
    test: {
      ...common,
      name: "shared",
      include: [...SHARED_WORKER_FILES, ...SHARED_SUITE_FILES],
      isolate: false,
    },
  },
];

/**
 * The suites of the HTTP areas (A, B and C) and the official SDK's suites against `edgeconf serve` started
 * in-process, over real HTTP and HTTPS.
 */
export const serveProject: TestProjectInlineConfiguration = {
  test: {
    ...common,
    name: "serve",
    include: [
      "suites/http/**/*.test.ts",
      "suites/dns-protection/**/*.test.ts",
      "suites/dns-records/**/*.test.ts",
      "suites/key-transparency/**/*.test.ts",
      "suites/sdk/**/*.test.ts",
    ],
    env: { EDGECONF_TARGET: "serve" },
    // One set of area-C certificates for the whole pass instead of one per test file.
    globalSetup: ["harness/targets/serve-certs.ts"],
    // Worker processes shared between files, as for the suites of "shared" above: a serve per file all the same.
    isolate: false,
  },
};
