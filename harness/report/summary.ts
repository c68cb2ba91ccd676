/** Per-area counts of a report: clauses (covered, passed, failed, skipped) and tests. Pure. */
import type { Area, Clause } from "../clauses/types.ts";
import type {
  AreaSummary,
  AreaVerdict,
  ClauseCounts,
  ClauseResult,
  ClauseState,
  TestCounts,
  TestEntry,
  TestStatus,
} from "./types.ts";

export function countTests(tests: readonly TestEntry[]): TestCounts {
  const count = (s: TestStatus) => tests.filter((t) => t.status === s).length;
  return {
    total: tests.length,
    pass: count("pass"),
    fail: count("fail"),
    skip: count("skip"),
    expectedFail: count("expected-fail"),
    unexpectedPass: count("unexpected-pass"),
  };
}

/** What the tests of this run say about one clause. */
export function clauseState(clause: Clause, tests: readonly TestEntry[]): ClauseState {
  if (tests.length === 0) return clause.untestable ? "untestable" : "uncovered";
  const failing = tests.filter((t) => t.status === "fail" || t.status === "expected-fail");
  if (failing.length > 0) return failing.every((t) => t.status === "expected-fail") ? "known" : "failed";
  if (tests.every((t) => t.status === "skip")) return "skipped";
  return "passed";
}

function counts(clauses: readonly Clause[], states: ReadonlyMap<string, ClauseState>): ClauseCounts {
  const c: ClauseCounts = {
    total: clauses.length,
    untestable: 0,
    covered: 0,
    passed: 0,
    failed: 0,
    knownFailures: 0,
    skipped: 0,
  };
  for (const clause of clauses) {
    if (clause.untestable) c.untestable++;
    const s = states.get(clause.id);
    if (s === undefined || s === "uncovered" || s === "untestable") continue;
    c.covered++;
    if (s === "passed") c.passed++;
    else if (s === "skipped") c.skipped++;
    else {
      c.failed++;
      if (s === "known") c.knownFailures++;
    }
  }
  return c;
}

/** Whether a clause in this state was checked against the target (some test naming it ran). */
export function isChecked(state: ClauseState): boolean {
  return state === "passed" || state === "failed" || state === "known";
}

/**
 * The area's verdict from its clause states and its tests: not tested when no test of the area
 * ran (whatever failed before any test ran, such as a file's hook, still makes the run fail);
 * failed when a clause or a test or file of the area failed; passed otherwise.
 */
export function areaVerdict(states: Iterable<ClauseState>, areaTests: readonly TestEntry[]): AreaVerdict {
  const all = [...states];
  const failing = (t: TestEntry) => t.status === "fail" || t.status === "expected-fail";
  // A test ran when it was not skipped; an entry without clause ids stands for a file or block that failed first.
  const ran = areaTests.some((t) => t.status !== "skip" && t.clauses.length > 0);
  if (!ran && !all.some(isChecked)) return "not-tested";
  if (areaTests.some(failing) || all.some((s) => s === "failed" || s === "known")) return "failed";
  return "passed";
}

export function summarizeArea(area: Area, catalogue: readonly Clause[], tests: readonly TestEntry[]): AreaSummary {
  const clauses = catalogue.filter((c) => c.area === area);
  const byClause = new Map<string, TestEntry[]>();
  for (const t of tests) {
    for (const id of t.clauses) {
      const list = byClause.get(id) ?? [];
      list.push(t);
      byClause.set(id, list);
    }
  }
  const states = new Map<string, ClauseState>();
  for (const c of clauses) states.set(c.id, clauseState(c, byClause.get(c.id) ?? []));
  const areaTests = tests.filter((t) => t.area === area);
  const clauseResults: ClauseResult[] = clauses.map((c) => {
    const state = states.get(c.id) ?? "uncovered";
    const named = byClause.get(c.id) ?? [];
    return {
      id: c.id,
      source: c.source,
      state,
      checked: isChecked(state),
      tests: named.length,
      ran: named.filter((t) => t.status !== "skip").length,
    };
  });
  return {
    area,
    verdict: areaVerdict(states.values(), areaTests),
    clauses: counts(clauses, states),
    bySource: {
      spec: counts(
        clauses.filter((c) => c.source === "spec"),
        states,
      ),
      platform: counts(
        clauses.filter((c) => c.source === "platform"),
        states,
      ),
    },
    tests: countTests(areaTests),
    uncovered: clauses.filter((c) => states.get(c.id) === "uncovered").map((c) => c.id),
    failedClauses: clauses.filter((c) => ["failed", "known"].includes(states.get(c.id) ?? "")).map((c) => c.id),
    clauseResults,
  };
}
