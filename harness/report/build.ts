/**
 * Builds the report of a run from the tests vitest observed, the clause catalogue and the target's
 * expectations. Pure: everything it needs comes in `BuildInput`.
 */
import { AREAS, type Area, type Clause } from "../clauses/types.ts";
import { byMatchKey, matchKey } from "../expectations.ts";
import { classify, type RawTest, testKey } from "./classify.ts";
import { countTests, summarizeArea } from "./summary.ts";
import {
  type AreaSummary,
  EXIT_CODES,
  type ReportArea,
  type RunOutcome,
  type RunReport,
  type StaleExpectation,
  type TestEntry,
} from "./types.ts";

export interface BuildInput {
  runId: string;
  target: RunReport["target"];
  versions: RunReport["versions"];
  seed: number;
  started: string;
  finished: string;
  selection: RunReport["selection"];
  expectationsFile: string | null;
  /** Test key -> reason. */
  expectations: ReadonlyMap<string, string>;
  tests: readonly RawTest[];
  /** Test files that were part of the run (relative to the project root). */
  runFiles: readonly string[];
  /** Set when the run could not run or did not finish; with `aborted`, exit 2. */
  problems?: readonly string[];
  aborted?: boolean;
  unhandledErrors?: readonly string[];
  clauses: readonly Clause[];
  /** Whether a test file exists (an expectation for a missing file is stale). */
  fileExists: (file: string) => boolean;
  /** The command that runs a test again. */
  replayFor?: (test: TestEntry) => string | undefined;
}

const LETTER_AREA: Record<string, Area> = {
  A: "dns-protection",
  B: "dns-records",
  C: "key-transparency",
  D: "object-store",
};

export function areaOf(file: string, clauses: readonly string[]): ReportArea {
  const m = /^(?:suites|properties)\/([^/]+)\//.exec(file);
  if (m && (AREAS as readonly string[]).includes(m[1] ?? "")) return m[1] as Area;
  for (const id of clauses) {
    const area = LETTER_AREA[id.charAt(0)];
    if (area && id.charAt(1) === ".") return area;
  }
  return "other";
}

/**
 * The clause ids at the end of a clauseTest title (`title [A.x.y, B.z.w]`): what a test that never
 * ran (its hook failed) would have recorded in task.meta.clauses.
 */
export function clausesFromTitle(title: string): string[] {
  const m = /\[([A-D]\.[^[\]]*)\]$/.exec(title);
  if (!m?.[1]) return [];
  const ids = m[1].split(", ");
  return ids.every((id) => /^[A-D]\.\S+$/.test(id)) ? ids : [];
}

/** Whether a test matches vitest's testNamePattern (matched against "file describe ... title"). */
export function matchesGrep(grep: string | undefined, file: string, names: readonly string[]): boolean {
  if (grep === undefined) return true;
  return new RegExp(grep).test(`${file} ${names.join(" ")}`) || new RegExp(grep).test(names.join(" > "));
}

function entryOf(raw: RawTest, input: BuildInput, expected: ReadonlyMap<string, string>): TestEntry {
  const key = testKey(raw.file, raw.names);
  const clauses = raw.meta.clauses ?? clausesFromTitle(raw.names[raw.names.length - 1] ?? "");
  const c = classify(raw, expected.get(matchKey(key)));
  const entry: TestEntry = {
    id: raw.id,
    key,
    title: raw.names[raw.names.length - 1] ?? "",
    fullName: raw.names.join(" > "),
    file: raw.file,
    area: areaOf(raw.file, clauses),
    clauses,
    status: c.status,
    durationMs: Math.max(0, Math.round(raw.durationMs * 1000) / 1000),
    ...(c.skipReason !== undefined ? { skipReason: c.skipReason } : {}),
    ...(c.error !== undefined ? { error: c.error } : {}),
    ...(c.expectation !== undefined ? { expectation: c.expectation } : {}),
    ...(raw.meta.property && c.status !== "pass" && c.status !== "skip" ? { property: raw.meta.property } : {}),
  };
  if (entry.status !== "pass" && entry.status !== "skip") {
    const replay = input.replayFor?.(entry);
    if (replay) entry.replay = replay;
  }
  return entry;
}

export function staleExpectations(input: BuildInput, tests: readonly TestEntry[]): StaleExpectation[] {
  const byKey = new Map(tests.map((t) => [matchKey(t.key), t]));
  const runFiles = new Set(input.runFiles);
  const stale: StaleExpectation[] = [];
  for (const [test, reason] of input.expectations) {
    const sep = test.indexOf("::");
    const file = sep >= 0 ? test.slice(0, sep) : test;
    const names = sep >= 0 ? test.slice(sep + 2).split(" > ") : [];
    if (!input.fileExists(file)) {
      stale.push({ test, reason, why: "the test file does not exist" });
      continue;
    }
    if (!runFiles.has(file) || !matchesGrep(input.selection.grep, file, names)) continue; // not selected
    const t = byKey.get(matchKey(test));
    if (!t) stale.push({ test, reason, why: "no test of that name ran in its file" });
    else if (t.status === "skip") stale.push({ test, reason, why: `the test was skipped (${t.skipReason})` });
  }
  return stale;
}

/**
 * aborted (exit 2) before unexpected (1) before inconclusive (3): a run with nothing unexpected in
 * which no selected area was tested proves nothing, so it does not end "as-expected".
 */
export function outcomeOf(
  aborted: boolean,
  unexpected: boolean,
  areas: readonly AreaSummary[],
  judgeCoverage = true,
): RunOutcome {
  if (aborted) return "aborted";
  if (unexpected) return "unexpected";
  if (judgeCoverage && areas.every((a) => a.verdict === "not-tested")) return "inconclusive";
  return "as-expected";
}

export function buildReport(input: BuildInput): RunReport {
  const raws = input.tests.filter((t) => t.mode !== "skip" || matchesGrep(input.selection.grep, t.file, t.names));
  const expected = byMatchKey(input.expectations);
  const tests = raws.map((r) => entryOf(r, input, expected)).sort((a, b) => a.file.localeCompare(b.file) || 0);
  const known = new Set(input.clauses.map((c) => c.id));
  const unknownClauses = [...new Set(tests.flatMap((t) => t.clauses).filter((id) => !known.has(id)))].sort();
  const totals = countTests(tests);
  const unhandledErrors = [...(input.unhandledErrors ?? [])];
  const problems = [...(input.problems ?? [])];
  const unexpected = totals.fail + totals.unexpectedPass + unhandledErrors.length;
  const areas = AREAS.filter((a) => input.selection.areas.includes(a)).map((a) =>
    summarizeArea(a, input.clauses, tests),
  );
  // A shard may hold no file of an area (or none at all): the merged report judges the whole run.
  const outcome = outcomeOf(input.aborted === true, unexpected + problems.length > 0, areas, !input.selection.shard);
  return {
    schemaVersion: 1,
    tool: "edgeconf",
    runId: input.runId,
    target: input.target,
    versions: input.versions,
    seed: input.seed,
    started: input.started,
    finished: input.finished,
    durationMs: Math.max(0, Date.parse(input.finished) - Date.parse(input.started)),
    selection: input.selection,
    expectationsFile: input.expectationsFile,
    outcome,
    exitCode: EXIT_CODES[outcome],
    problems,
    totals,
    areas,
    tests,
    staleExpectations: input.aborted ? [] : staleExpectations(input, tests),
    unknownClauses,
    unhandledErrors,
  };
}
