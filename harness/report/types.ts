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

export interface AreaSummary {
  area: Area;
  clauses: ClauseCounts;
  /** The same counts for clauses the spec states and for observed platform behaviour, kept apart. */
  bySource: { spec: ClauseCounts; platform: ClauseCounts };
  tests: TestCounts;
  /** Testable clauses of the catalogue that no test of this run named. */
  uncovered: string[];
  /** Clause ids with at least one failing test. */
  failedClauses: string[];
}

export interface StaleExpectation {
  test: string;
  reason: string;
  why: string;
}

export interface RunReport {
  schemaVersion: 1;
  tool: "edgeconf";
  runId: string;
  target: { name: string; baseUrl?: string; ktUrl?: string };
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
  /** as-expected: exit 0; unexpected: exit 1; aborted: exit 2 (usage error, unreachable target). */
  outcome: "as-expected" | "unexpected" | "aborted";
  exitCode: 0 | 1 | 2;
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
