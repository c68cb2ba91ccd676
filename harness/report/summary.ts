/** Per-area counts of a report: clauses (covered, passed, failed, skipped) and tests. Pure. */
import type { Area, Clause } from "../clauses/types.ts";
import type { AreaSummary, ClauseCounts, TestCounts, TestEntry, TestStatus } from "./types.ts";

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

type ClauseState = "passed" | "failed" | "known" | "skipped" | "uncovered" | "untestable";

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
  return {
    area,
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
    tests: countTests(tests.filter((t) => t.area === area)),
    uncovered: clauses.filter((c) => states.get(c.id) === "uncovered").map((c) => c.id),
    failedClauses: clauses.filter((c) => ["failed", "known"].includes(states.get(c.id) ?? "")).map((c) => c.id),
  };
}
