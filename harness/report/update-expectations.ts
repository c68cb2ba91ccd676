/**
 * `edgeconf report --update-expectations`: a target's expectations rewritten from a run. Pure.
 *
 * Kept: entries whose test failed as expected (reason unchanged), and entries outside the run's
 * scope. Added: tests that failed unexpectedly (reason: the first line of the failure, to be
 * edited). Removed: entries whose test passed (unexpected pass) and stale entries.
 */
import { type Expectation, type ExpectationsFile, matchKey } from "../expectations.ts";
import type { RunReport } from "./types.ts";

export interface ExpectationsUpdate {
  file: ExpectationsFile;
  added: string[];
  removed: string[];
  kept: number;
}

export function updateExpectations(report: RunReport, current: ExpectationsFile | undefined): ExpectationsUpdate {
  const byKey = new Map(report.tests.map((t) => [matchKey(t.key), t]));
  const stale = new Set(report.staleExpectations.map((s) => s.test));
  const kept: Expectation[] = [];
  const removed: string[] = [];
  for (const e of current?.expectations ?? []) {
    const t = byKey.get(matchKey(e.test));
    if (stale.has(e.test) || t?.status === "unexpected-pass" || t?.status === "pass") removed.push(e.test);
    // The entry matched a test whose clause ids changed: it takes the test's current key.
    else kept.push(t ? { ...e, test: t.key } : e);
  }
  const keptKeys = new Set(kept.map((e) => matchKey(e.test)));
  const added: Expectation[] = [];
  for (const t of report.tests) {
    if (t.status !== "fail" || keptKeys.has(matchKey(t.key))) continue;
    const first = (t.error ?? "failed").split("\n")[0] ?? "failed";
    added.push({
      test: t.key,
      reason: `fails on ${report.target.name} since run ${report.runId}: ${first.slice(0, 200)}`,
    });
  }
  return {
    file: { ...(current ?? {}), target: report.target.name, expectations: [...kept, ...added] },
    added: added.map((a) => a.test),
    removed,
    kept: kept.length,
  };
}
