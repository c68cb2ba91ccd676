/**
 * The runner's vitest reporter: collects every test's result (with `task.meta`: clauses, property
 * seed/path, expectation) as RawTest records, and shows progress while the run goes on.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SerializedError } from "@vitest/utils";
import type { Reporter, TestCase, TestModule, TestSpecification } from "vitest/node";
import { PROJECT_ROOT } from "../expectations.ts";
import type { RawTest } from "../report/classify.ts";
import { fitLine, fitParts, terminalWidth } from "../terminal.ts";

export function relativeFile(file: string): string {
  return path.relative(PROJECT_ROOT, file).split(path.sep).join("/");
}

const MAX_ERROR = 8000;

/**
 * Whether a stack frame is worth showing: edgeconf's own files (the suites, the harness: also when edgeconf
 * is installed under node_modules) and the user's code, not Node's internals nor other packages (vitest,
 * undici, edgeconf's own dependencies).
 */
export function ownFrame(line: string, root: string = PROJECT_ROOT): boolean {
  if (!/^\s+at /.test(line) || /\(?node:/.test(line)) return false;
  for (const r of [root, pathToFileURL(root).href]) {
    const i = line.indexOf(`${r}/`);
    if (i >= 0) return !line.slice(i + r.length + 1).startsWith("node_modules/");
  }
  return !line.includes("node_modules");
}

/** One error as text: message, diff, and the first frames of the project's own code. */
export function errorText(error: SerializedError & { diff?: string }, root: string = PROJECT_ROOT): string {
  const head = error.name && !error.message.startsWith(error.name) ? `${error.name}: ${error.message}` : error.message;
  const parts = [head];
  if (error.diff) parts.push(error.diff);
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((l) => ownFrame(l, root))
    .slice(0, 3);
  if (frames.length > 0) parts.push(frames.join("\n"));
  if (error.cause && typeof error.cause === "object") parts.push(`Caused by: ${errorText(error.cause, root)}`);
  const text = parts.join("\n");
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR)}\n…` : text;
}

/** What vitest adds to an error raised outside a test's own promise chain (an unhandled rejection). */
type UnhandledError = SerializedError & { type?: string; VITEST_TEST_PATH?: string; VITEST_TEST_NAME?: string };

/**
 * An error outside tests as text, headed by where it came from: its kind (`Unhandled Rejection`), the test
 * file that was running, and the test (its full name when the run collected it; vitest names the latest
 * test of the file, which may have finished already, so the line says "during or after").
 */
export function unhandledText(error: UnhandledError, tests: readonly RawTest[] = []): string {
  const kind = error.type ?? "Error outside tests";
  const file = error.VITEST_TEST_PATH ? relativeFile(error.VITEST_TEST_PATH) : undefined;
  const name = error.VITEST_TEST_NAME;
  const test = name ? tests.find((t) => t.file === file && t.names.at(-1) === name) : undefined;
  const where = file
    ? ` in ${file}${name ? `, during or after the test "${test ? test.names.join(" > ") : name}"` : ""}`
    : "";
  return `${kind}${where}: ${errorText(error)}`;
}

function names(test: TestCase): string[] {
  const out = [test.name];
  for (let p = test.parent; p.type === "suite"; p = p.parent) out.unshift(p.name);
  return out;
}

export function rawTest(test: TestCase): RawTest {
  const r = test.result();
  const meta = test.meta();
  return {
    id: test.id,
    file: relativeFile(test.module.moduleId),
    names: names(test),
    state: r.state,
    ...(r.state === "skipped" && r.note ? { note: r.note } : {}),
    mode: test.options.mode,
    errors: r.state === "failed" ? r.errors.map((e) => errorText(e)) : [],
    durationMs: test.diagnostic()?.duration ?? 0,
    meta: {
      ...(meta.clauses ? { clauses: [...meta.clauses] } : {}),
      ...(meta.property ? { property: { ...meta.property } } : {}),
      ...(meta.expectation ? { expectation: { ...meta.expectation } } : {}),
      ...(meta.implementation ? { implementation: { ...meta.implementation } } : {}),
    },
  };
}

/** The title of the entry that stands for a file or describe block that failed outside its tests. */
export const FILE_FAILURE = "(test file)";
export const SUITE_FAILURE = "(describe block)";

/** A module that failed as a whole (did not load, or a hook failed) becomes one failing entry. */
export function moduleFailure(module: TestModule): RawTest | undefined {
  const errors = module.errors();
  if (errors.length === 0) return undefined;
  return {
    id: module.id,
    file: relativeFile(module.moduleId),
    names: [FILE_FAILURE],
    state: "failed",
    mode: "run",
    errors: errors.map((e) => errorText(e)),
    durationMs: module.diagnostic().duration,
    meta: {},
  };
}

/** Describe blocks whose hooks failed, one failing entry each. */
function suiteFailures(module: TestModule): RawTest[] {
  const out: RawTest[] = [];
  for (const suite of module.children.allSuites()) {
    const errors = suite.errors();
    if (errors.length === 0) continue;
    const names = [suite.name];
    for (let p = suite.parent; p.type === "suite"; p = p.parent) names.unshift(p.name);
    out.push({
      id: suite.id,
      file: relativeFile(module.moduleId),
      names: [...names, SUITE_FAILURE],
      state: "failed",
      mode: "run",
      errors: errors.map((e) => errorText(e)),
      durationMs: 0,
      meta: {},
    });
  }
  return out;
}

export function collectModule(module: TestModule): RawTest[] {
  const failures = [moduleFailure(module), ...suiteFailures(module)].filter((f): f is RawTest => f !== undefined);
  const tests = [...module.children.allTests()].map(rawTest);
  if (failures.length > 0) {
    // Tests that did not run because a hook of their file or block failed say so.
    for (const t of tests) {
      if (t.state === "skipped" && t.note === undefined && t.mode === "run") {
        t.note = "not run: a hook of its file or describe block failed (see the failing entry)";
      }
    }
  }
  return [...failures, ...tests];
}

export interface Progress {
  write(line: string): void;
  /** The width of a line (default: the terminal's columns on stderr, 80 when it is not a terminal). */
  columns?: number;
  /** How often a line says the run is alive while tests are running (ms; default HEARTBEAT_MS, 0 = never). */
  heartbeatMs?: number;
  /**
   * Hold the lines until a test runs (a --grep may select none, and the run then ends with one usage line:
   * harness/run/execute.ts); `release()` writes the lines held.
   */
  hold?: boolean;
}

/** Long properties (fuzzing) can run for minutes: a line at least this often says what is running. */
export const HEARTBEAT_MS = 20_000;

/**
 * A test's name for a progress line: its clause ids (`title [A.x, B.y, ...]`, harness/clauses/test.ts)
 * cut to the first and how many more (a property may check dozens; the report lists them all).
 */
export function progressName(name: string): string {
  return name.replace(/ \[([A-D]\.[^\],]+(?:, [A-D]\.[^\],]+)+)\]$/, (whole, ids: string) => {
    const list = ids.split(", ");
    return list.length <= 2 ? whole : ` [${list[0]} +${list.length - 1} more]`;
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export class CollectingReporter implements Reporter {
  readonly tests: RawTest[] = [];
  readonly runFiles = new Set<string>();
  readonly unhandledErrors: string[] = [];
  finishedModules = 0;
  totalModules = 0;
  endReason: string | undefined;
  private collected = new Set<string>();
  private finishedFiles = new Set<string>();

  /** Test files that were started but have no result yet. */
  unfinishedFiles(): string[] {
    return [...this.runFiles].filter((f) => !this.finishedFiles.has(f)).sort();
  }

  /** Tests running now, with when they started (performance.now()). */
  private running = new Map<string, { name: string; since: number }>();
  private heartbeat: NodeJS.Timeout | undefined;
  private started = 0;

  private held: string[] | undefined;

  /** The width of a progress line. */
  private readonly columns: number;

  constructor(private readonly progress?: Progress) {
    if (progress?.hold) this.held = [];
    this.columns = progress?.columns ?? terminalWidth(process.stderr);
  }

  /** A progress line of `prefix`, a name and `suffix`, within the width (the name is cut in its middle). */
  private fit(prefix: string, name: string, suffix = ""): string {
    return fitParts(prefix, name, suffix, this.columns);
  }

  private say(line: string): void {
    if (this.held) this.held.push(line);
    else this.progress?.write(line);
  }

  /** Writes the progress lines held so far (Progress.hold), and the later ones as they come. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const line of held) this.progress?.write(line);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    for (const s of specifications) this.runFiles.add(relativeFile(s.moduleId));
    this.totalModules = this.runFiles.size;
    this.say(`running ${this.totalModules} test file(s)`);
    this.started = performance.now();
    const every = this.progress?.heartbeatMs ?? HEARTBEAT_MS;
    if (this.progress && every > 0) {
      this.heartbeat = setInterval(() => this.beat(), every);
      this.heartbeat.unref();
    }
  }

  onTestCaseReady(test: TestCase): void {
    if (test.options.mode === "run") this.release();
    this.running.set(test.id, {
      name: `${relativeFile(test.module.moduleId)} > ${test.fullName}`,
      since: performance.now(),
    });
  }

  onTestCaseResult(test: TestCase): void {
    const run = this.running.get(test.id);
    this.running.delete(test.id);
    if (!this.progress || !relativeFile(test.module.moduleId).startsWith("properties/")) return;
    // Properties one by one: a fuzzing run shows each as it ends.
    const state = test.result().state;
    const mark = state === "passed" ? "✓" : state === "failed" ? "✗" : "-";
    const ms = test.diagnostic()?.duration ?? (run ? performance.now() - run.since : undefined);
    const took = ms !== undefined ? ` (${seconds(ms)})` : "";
    this.say(this.fit(`  ${mark} property `, progressName(test.fullName), took));
  }

  /** Stops the heartbeat (the run ended, or was cancelled). */
  stop(): void {
    clearInterval(this.heartbeat);
  }

  /** One line: how long the run has gone, files done, and the longest-running test. */
  private beat(): void {
    const now = performance.now();
    const oldest = [...this.running.values()].sort((a, b) => a.since - b.since)[0];
    const done = `… ${seconds(now - this.started)}: ${this.finishedModules}/${this.totalModules} file(s) done`;
    if (!oldest) {
      this.say(fitLine(done, this.columns));
      return;
    }
    this.say(
      this.fit(
        `${done}; running ${this.running.size} test(s), the longest `,
        progressName(oldest.name),
        ` for ${seconds(now - oldest.since)}`,
      ),
    );
  }

  onTestModuleEnd(module: TestModule): void {
    this.take(module);
    this.finishedModules++;
    if (!this.progress) return;
    const tests = [...module.children.allTests()];
    if (tests.some((t) => t.options.mode === "run")) this.release();
    const n = (s: string) => tests.filter((t) => t.result().state === s).length;
    const mark = module.ok() ? "✓" : "✗";
    const width = String(this.totalModules).length;
    this.say(
      this.fit(
        `${mark} [${String(this.finishedModules).padStart(width)}/${this.totalModules}] `,
        relativeFile(module.moduleId),
        `: ${n("passed")} passed, ${n("failed")} failed, ${n("skipped")} skipped (${Math.round(module.diagnostic().duration)} ms)`,
      ),
    );
    for (const t of tests) if (t.result().state === "failed") this.say(this.fit("    ✗ ", progressName(t.fullName)));
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: string,
  ): void {
    for (const m of modules) {
      this.runFiles.add(relativeFile(m.moduleId));
      this.take(m);
    }
    this.unhandledErrors.push(...unhandledErrors.map((e) => unhandledText(e, this.tests)));
    this.endReason = reason;
    clearInterval(this.heartbeat);
  }

  private take(module: TestModule): void {
    if (this.collected.has(module.id)) return;
    this.collected.add(module.id);
    this.finishedFiles.add(relativeFile(module.moduleId));
    this.tests.push(...collectModule(module));
  }
}
