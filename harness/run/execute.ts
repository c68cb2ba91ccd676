/**
 * What `edgeconf run` and `edgeconf fuzz` do: set up the workers' environment, probe a network
 * target, run vitest, build the report, write its files (and replay files of property failures),
 * print a summary, and return the exit code.
 */
import * as nodeFs from "node:fs";
import path from "node:path";
import { clauses } from "../clauses/index.ts";
import {
  expectationsPath,
  expectationsProblem,
  loadExpectations,
  PROJECT_EXPECTATIONS_DIR,
  PROJECT_ROOT,
} from "../expectations.ts";
import { replayFileName, replayFilesOf } from "../fuzz/replay-file.ts";
import { moduleUrl, rememberUrls } from "../fuzz/replay-trust.ts";
import { buildReport } from "../report/build.ts";
import type { RawTest } from "../report/classify.ts";
import { consoleSummary } from "../report/console.ts";
import { displayPath, exactNamePattern, shellLine } from "../report/shell.ts";
import type { ExitCode, RunReport, TargetImplementation, TestEntry } from "../report/types.ts";
import { type ReportFs, writeReport } from "../report/write.ts";
import { runImplementation, targetIdentity } from "../targets/identity.ts";
import type { TargetName } from "../targets/types.ts";
import { bridgeCompatibilityDate } from "../targets/workerd.ts";
import { terminalWidth } from "../terminal.ts";
import { FILE_FAILURE, SUITE_FAILURE } from "./collect.ts";
import type { RunOptions } from "./options.ts";
import { probeTarget } from "./probe.ts";
import { versions } from "./versions.ts";
import { runVitest, type VitestRun } from "./vitest.ts";

export interface RunIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const defaultIo = (): RunIo => ({
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
  cwd: process.cwd(),
});

export function runIdOf(started: Date, options: Pick<RunOptions, "target" | "shard" | "command">): string {
  const stamp = started.toISOString().replace(/[:.]/g, "-");
  const shard = options.shard ? `-shard-${options.shard.index}-of-${options.shard.count}` : "";
  return `${stamp}-${options.command === "fuzz" ? "fuzz-" : ""}${options.target}${shard}`;
}

/** The environment the test workers read (EDGECONF_*), set on `env` (workers inherit it). */
export function applyWorkerEnv(env: NodeJS.ProcessEnv, options: RunOptions, expectationsFile: string): void {
  const set = (k: string, v: string | undefined) => {
    if (v === undefined) delete env[k];
    else env[k] = v;
  };
  set("EDGECONF_TARGET", options.target);
  set("EDGECONF_SEED", String(options.seed));
  set("EDGECONF_BASE_URL", options.baseUrl);
  set("EDGECONF_KT_URL", options.ktUrl);
  set("EDGECONF_WORKER_URL", options.workerUrl);
  set("EDGECONF_MODULE", options.module);
  set("EDGECONF_EXPECTATIONS", expectationsFile);
  set("EDGECONF_RUNS", options.runs !== undefined ? String(options.runs) : undefined);
  set("EDGECONF_PATH", undefined);
}

/** The command line that runs one test again (a replay file for properties). */
export function replayCommand(
  test: TestEntry,
  options: Pick<RunOptions, "target" | "baseUrl" | "ktUrl" | "workerUrl" | "module" | "seed" | "outDir">,
  runId: string,
  cwd: string,
): string {
  if (test.property) {
    const file = displayPath(cwd, path.join(options.outDir, runId, "replays", replayFileName(test)));
    return shellLine(["npx", "edgeconf", "replay", file]);
  }
  return shellLine([
    "npx",
    "edgeconf",
    "run",
    "--target",
    options.target,
    ...(options.baseUrl ? ["--base-url", options.baseUrl] : []),
    ...(options.ktUrl ? ["--kt-url", options.ktUrl] : []),
    ...(options.workerUrl ? ["--worker-url", options.workerUrl] : []),
    ...(options.module ? ["--module", displayPath(cwd, options.module)] : []),
    "--seed",
    String(options.seed),
    "--include",
    displayPath(cwd, path.join(PROJECT_ROOT, test.file)),
    // A file or block that failed outside its tests is replayed whole.
    ...(test.title === FILE_FAILURE
      ? []
      : ["--grep", test.title === SUITE_FAILURE ? blockPattern(test) : exactNamePattern(test.title)]),
  ]);
}

/** A pattern for the tests of the describe block an entry for a failed block stands for. */
function blockPattern(test: TestEntry): string {
  const names = test.fullName.split(" > ").slice(0, -1);
  return `${names.join(" ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `;
}

function identityOf(options: RunOptions, cwd: string): { identity?: string } {
  try {
    const identity = targetIdentity(options, cwd, bridgeCompatibilityDate);
    return identity ? { identity } : {};
  } catch {
    return {};
  }
}

/**
 * A note when a module run finds the one `edgeconf/expectations/module.json` every module shared before
 * expectations were kept per module file, and not the module's own file: it is not read any more.
 */
export function legacyModuleExpectations(
  options: Pick<RunOptions, "target" | "module" | "expectationsFile">,
  used: string,
  cwd: string,
): string | undefined {
  if (options.target !== "module" || options.expectationsFile !== undefined || nodeFs.existsSync(used)) return;
  const shared = path.resolve(cwd, PROJECT_EXPECTATIONS_DIR, "module.json");
  if (!nodeFs.existsSync(shared)) return;
  return (
    `note: ${displayPath(cwd, shared)} is not read: each module keeps its own expectations, this one in ` +
    `${displayPath(cwd, used)} (rename the file if its entries are this module's)`
  );
}

function implementationOf(target: TargetName, tests: readonly RawTest[]): { implementation?: TargetImplementation } {
  const implementation = runImplementation(
    target,
    tests.map((t) => t.meta.implementation),
  );
  return implementation ? { implementation } : {};
}

export interface ExecuteResult {
  report: RunReport;
  runDir: string;
  exitCode: ExitCode;
  /** The watchdog stopped the run; hung workers may keep the process alive, so exit explicitly. */
  forceExit: boolean;
}

/**
 * A run stopped by a usage error (it selected nothing, or its expectations file cannot be used): one line,
 * exit 2; no report is written.
 */
export interface NothingSelected {
  usage: string;
}

/** Whether a vitest name pattern matches a test's full name (describe blocks and title, joined by spaces). */
function nameMatches(pattern: string, names: readonly string[]): boolean {
  try {
    const re = new RegExp(pattern);
    return re.test(names.join(" ")) || re.test(` ${names.join(" ")}`);
  } catch {
    return true;
  }
}

/**
 * Why a finished run selected nothing, or undefined: the name pattern matched none of the tests the
 * selected files hold (vitest then skips every one of them, which would read as "inconclusive").
 */
export function nothingMatched(
  options: Pick<RunOptions, "grep" | "userGrep" | "include">,
  tests: readonly RawTest[],
): string | undefined {
  if (options.grep === undefined || tests.length === 0) return undefined;
  // A test vitest runs keeps mode "run" (also when it skips itself); those left out by the pattern are "skip".
  if (tests.some((t) => t.mode === "run" || t.mode === "only")) return undefined;
  if (tests.some((t) => nameMatches(options.grep as string, t.names))) return undefined;
  const what =
    options.userGrep === undefined
      ? "no test of the selected areas is in the selected files"
      : options.userGrep === options.grep
        ? `--grep ${JSON.stringify(options.userGrep)} matched no test name`
        : `--grep ${JSON.stringify(options.userGrep)} matched no test name of the selected areas`;
  const files = new Set(tests.map((t) => t.file)).size;
  return `${what} (${tests.length} test(s) in ${files} file(s) looked at); nothing was run`;
}

export async function executeRun(
  options: RunOptions,
  io: RunIo = defaultIo(),
  fs: ReportFs & Pick<typeof nodeFs, "readFileSync"> = nodeFs,
): Promise<ExecuteResult | NothingSelected> {
  const started = new Date();
  const runId = runIdOf(started, options);
  const expectationsFile = options.expectationsFile ?? expectationsPath(options.target, {}, io.cwd, options.module);
  const runDir = path.join(options.outDir, runId);
  // An expectations file named (--expectations, EDGECONF_EXPECTATIONS) that is missing, or any that is a folder
  // or not valid, is a usage error: one line, exit 2, before any test, and no report (`latest` stays).
  const named = options.expectationsFile !== undefined;
  const bad = expectationsProblem(expectationsFile, named, displayPath(io.cwd, expectationsFile));
  if (bad) return { usage: bad };
  applyWorkerEnv(io.env, options, expectationsFile);
  const legacy = legacyModuleExpectations(options, expectationsFile, io.cwd);
  if (legacy) io.stderr(`${legacy}\n`);

  const problems: string[] = [];
  let expectations = new Map<string, string>();
  try {
    expectations = loadExpectations(options.target, io.env);
  } catch (e) {
    return { usage: `the expectations file cannot be read: ${(e as Error).message}` };
  }

  let aborted = false;
  if (!aborted && (options.target === "http" || options.target === "worker")) {
    const urls = [
      ...(options.workerUrl ? [{ name: "worker-url", url: options.workerUrl }] : []),
      ...(options.baseUrl ? [{ name: "base-url", url: options.baseUrl }] : []),
      ...(options.ktUrl ? [{ name: "kt-url", url: options.ktUrl }] : []),
    ];
    if (!options.quiet) io.stderr(`probing ${urls.map((u) => u.url).join(", ")}\n`);
    // Replay files of this run may name these URLs: a replay trusts them (harness/fuzz/replay-trust.ts).
    rememberUrls([options.baseUrl, options.ktUrl, options.workerUrl], io.cwd, io.env);
    problems.push(...(await probeTarget(urls)));
    aborted = problems.length > 0;
  }

  // The module of a module target: a replay file naming it may run it again in this directory.
  if (!aborted && options.module) rememberUrls([moduleUrl(options.module, io.cwd)], io.cwd, io.env);

  const blobName = options.shard ? `shard-${options.shard.index}-of-${options.shard.count}.json` : undefined;
  let run: VitestRun = { tests: [], runFiles: [], unhandledErrors: [], problems: [], watchdogFired: false };
  if (!aborted) {
    run = await runVitest({
      include: options.include,
      ...(options.grep !== undefined ? { grep: options.grep } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(blobName ? { blobFile: path.join(runDir, "blob", blobName) } : {}),
      timeoutMs: options.timeoutMs,
      maxTimeMs: options.maxTimeMs,
      isolate: options.isolate,
      // The files of an http run share the implementation's account and zone, and some tests compare the whole
      // zone before and after a refused request: one file at a time (docs/runner.md, "Processes and speed").
      ...(options.target === "http" ? { maxWorkers: 1 } : {}),
      // Kept beside the reports once a run has written one there (so a run that selects nothing, in a
      // folder it made, still leaves nothing behind): the first run in a folder starts cold.
      ...(options.cache && nodeFs.existsSync(path.join(options.outDir, "latest"))
        ? { cacheDir: path.join(options.outDir, ".cache", "vitest") }
        : {}),
      // Every file starts its own serve: one set of area-C certificates for the run (serve-certs.ts).
      ...(options.target === "serve"
        ? { globalSetup: [path.join(PROJECT_ROOT, "harness", "targets", "serve-certs.ts")] }
        : {}),
      // With a name pattern, the lines wait for a test that runs: a pattern that matches none ends in one line.
      ...(options.quiet
        ? {}
        : { progress: { write: (line: string) => io.stderr(`${line}\n`), hold: options.grep !== undefined } }),
    });
    if (run.noFiles) {
      const shown = options.include.map((p) => displayPath(io.cwd, path.join(PROJECT_ROOT, p)));
      return { usage: `--include ${shown.join(" ")} matched no test file; nothing was run` };
    }
    const nothing = nothingMatched(options, run.tests);
    if (nothing) return { usage: nothing };
    run.releaseProgress?.();
    problems.push(...run.problems);
    if (run.tests.length === 0 && run.problems.length === 0 && !options.shard) {
      problems.push(
        `no tests matched the selection (include: ${options.include.join(", ")}${options.grep ? `, grep: ${options.grep}` : ""})`,
      );
      aborted = true;
    }
  }

  const report = buildReport({
    runId,
    target: {
      name: options.target,
      ...identityOf(options, io.cwd),
      ...implementationOf(options.target, run.tests),
      ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
      ...(options.module ? { module: displayPath(io.cwd, options.module) } : {}),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.ktUrl ? { ktUrl: options.ktUrl } : {}),
    },
    versions: versions(),
    seed: options.seed,
    started: started.toISOString(),
    finished: new Date().toISOString(),
    selection: {
      areas: options.areas,
      include: options.include,
      ...(options.grep !== undefined ? { grep: options.grep } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.runs !== undefined ? { runs: options.runs } : {}),
    },
    // Relative to the directory of the run (the user's project), as `report --update-expectations` reads it.
    expectationsFile: nodeFs.existsSync(expectationsFile) ? displayPath(io.cwd, expectationsFile) : null,
    expectations,
    tests: run.tests,
    runFiles: run.runFiles,
    problems,
    aborted,
    unhandledErrors: run.unhandledErrors,
    clauses,
    fileExists: (file) => nodeFs.existsSync(path.join(PROJECT_ROOT, file)),
    replayFor: (test) => replayCommand(test, options, runId, io.cwd),
  });

  const extra: Record<string, string> = replayFilesOf(report);
  if (blobName) {
    try {
      extra[`blob/${blobName}`] = fs.readFileSync(path.join(runDir, "blob", blobName), "utf8");
    } catch {
      report.problems.push(`the shard's blob (${blobName}) was not written`);
      if (report.outcome === "as-expected" || report.outcome === "inconclusive")
        Object.assign(report, { outcome: "unexpected", exitCode: 1 });
    }
  }
  writeReport(report, options.outDir, fs, extra);
  io.stdout(consoleSummary(report, displayPath(io.cwd, runDir), terminalWidth()));
  return { report, runDir, exitCode: report.exitCode, forceExit: run.watchdogFired };
}
