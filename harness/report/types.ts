/**
 * The conformance report: what `edgeconf run` writes to `report.json` (the source of truth; the
 * junit, markdown and html files are renderings of it). Its JSON Schema is
 * fixtures/schemas/report.schema.json; `validateReport` checks a report against it.
 */
import type { Area } from "../clauses/types.ts";

export type TestStatus = "pass" | "fail" | "skip" | "expected-fail" | "unexpected-pass";

/** Statuses that make a run fail: results nobody expected. */
export const UNEXPECTED: readonly TestStatus[] = ["fail", "unexpected-pass"];

export type ReportArea = Area | "other";

export interface PropertyFailure {
  seed: number;
  path?: string;
  /** Model-based properties (fc.commands): which commands ran while shrinking, needed to replay `path`. */
  replayPath?: string;
  counterexample?: string;
}

export interface TestEntry {
  /** vitest's id of the test (stable for a file and name). */
  id: string;
  /** The key of the test in an expectations file: `<file>::<describe > ... > title>`. */
  key: string;
  /** The test's own title (with its clause ids). */
  title: string;
  /** Describe blocks and title, joined with " > ". */
  fullName: string;
  /** Test file, relative to the project root, with "/" separators. */
  file: string;
  area: ReportArea;
  clauses: string[];
  status: TestStatus;
  durationMs: number;
  /** Why the test was skipped (skip). */
  skipReason?: string;
  /** The failure (fail, unexpected-pass, and expected-fail: the failure that was expected). */
  error?: string;
  /** The reason given in the expectations file (expected-fail, unexpected-pass). */
  expectation?: string;
  /** For properties that failed: what replays the failure. */
  property?: PropertyFailure;
  /** A command that runs this test again (a replay file for properties). */
  replay?: string;
}

export interface ClauseCounts {
  /** Clauses in the catalogue. */
  total: number;
  /** Clauses the catalogue marks untestable. */
  untestable: number;
  /** Clauses named by at least one test of this run. */
  covered: number;
  /** Covered clauses whose tests all passed or were skipped, at least one passing. */
  passed: number;
  /** Covered clauses with at least one failing test (expected or not). */
  failed: number;
  /** Of the failed clauses, those whose failures were all expected. */
  knownFailures: number;
  /** Covered clauses whose every test was skipped. */
  skipped: number;
}

export interface TestCounts {
  total: number;
  pass: number;
  fail: number;
  skip: number;
  expectedFail: number;
  unexpectedPass: number;
}

/**
 * What a run says about one clause. `checked` is true when at least one test naming it ran against
 * this target (passed or failed); a clause whose every test was skipped was not checked.
 */
export type ClauseState = "passed" | "failed" | "known" | "skipped" | "uncovered" | "untestable";

export interface ClauseResult {
  id: string;
  source: "spec" | "platform";
  state: ClauseState;
  /** Checked against this target (some test naming it ran), as opposed to only skipped or not named. */
  checked: boolean;
  /** Tests of this run naming the clause, and how many of them ran (were not skipped). */
  tests: number;
  ran: number;
}

/**
 * An area's verdict: "not-tested" when no test of the area reached the target (every test skipped,
 * or only whole files or blocks failed before their tests ran); "failed" when a clause failed
 * (expected or not) or a file of the area failed; "passed" otherwise. Never "passed" for an area
 * the target did not serve.
 */
export type AreaVerdict = "passed" | "failed" | "not-tested";

export interface AreaSummary {
  area: Area;
  verdict: AreaVerdict;
  clauses: ClauseCounts;
  /** The same counts for clauses the spec states and for observed platform behaviour, kept apart. */
  bySource: { spec: ClauseCounts; platform: ClauseCounts };
  tests: TestCounts;
  /** Testable clauses of the catalogue that no test of this run named. */
  uncovered: string[];
  /** Clause ids with at least one failing test. */
  failedClauses: string[];
  /** Every clause of the area's catalogue, with what this run says about it. */
  clauseResults: ClauseResult[];
}

export interface StaleExpectation {
  test: string;
  reason: string;
  why: string;
}

export type RunOutcome = "as-expected" | "unexpected" | "aborted" | "inconclusive";
export type ExitCode = 0 | 1 | 2 | 3;

/** The exit code of each outcome. */
export const EXIT_CODES: Readonly<Record<RunOutcome, ExitCode>> = {
  "as-expected": 0,
  unexpected: 1,
  aborted: 2,
  inconclusive: 3,
};

/** The implementation a run reached: workerd 1.2025…, a module's name/version exports, an HTTP server header. */
export interface TargetImplementation {
  name: string;
  version?: string;
}

export interface RunReport {
  schemaVersion: 1;
  tool: "edgeconf";
  runId: string;
  /**
   * identity: which implementation answered (workerd version, the bridge Worker's URL, the module path);
   * implementation: its name and version where the target can tell (harness/targets/identity.ts).
   */
  target: {
    name: string;
    identity?: string;
    implementation?: TargetImplementation;
    workerUrl?: string;
    module?: string;
    baseUrl?: string;
    ktUrl?: string;
  };
  versions: { edgeconf: string; node: string; vitest: string; fastCheck: string };
  seed: number;
  started: string;
  finished: string;
  durationMs: number;
  /** What was run. */
  selection: {
    areas: Area[];
    include: string[];
    grep?: string;
    shard?: { index: number; count: number };
    /** Shard report directories merged into this report. */
    mergedFrom?: string[];
    /** EDGECONF_RUNS for properties (fuzz). */
    runs?: number;
  };
  /** Expectations file consulted (null when none exists for the target). */
  expectationsFile: string | null;
  /**
   * as-expected: exit 0; unexpected: exit 1; aborted: exit 2 (usage error, unreachable target);
   * inconclusive: exit 3 (nothing unexpected, but no test of any selected area reached the target).
   */
  outcome: RunOutcome;
  exitCode: ExitCode;
  /** Why the run did not run (aborted) or did not finish (watchdog). */
  problems: string[];
  totals: TestCounts;
  areas: AreaSummary[];
  tests: TestEntry[];
  staleExpectations: StaleExpectation[];
  /** Clause ids named by tests that the catalogue does not hold. */
  unknownClauses: string[];
  /** Errors raised outside any test (they make the run fail). */
  unhandledErrors: string[];
}
