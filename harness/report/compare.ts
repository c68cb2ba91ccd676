/**
 * `edgeconf report compare BASE NEW`: what changed between two runs, test by test (the key of a test:
 * its file and names). A test passes when it passed (or passed though listed as failing); it fails
 * when it failed (or failed as its expectations list): the comparison is of behaviour, not of the
 * expectations files, so CI can gate on the delta instead of on a hand-kept list. Pure.
 *
 * - newly failing: fails in NEW, and passed, was skipped or did not exist in BASE (a regression);
 * - newly passing: passes in NEW, and failed or was skipped in BASE;
 * - changed failure: fails in both, with another failure (first line, run-specific ids blanked);
 * - no longer run: passed or failed in BASE, skipped or absent in NEW.
 */
import { causeOf } from "./explain.ts";
import type { RunReport, TestEntry } from "./types.ts";

export type Behaviour = "passing" | "failing" | "skipped" | "absent";

export function behaviourOf(t: TestEntry | undefined): Behaviour {
  if (!t) return "absent";
  if (t.status === "pass" || t.status === "unexpected-pass") return "passing";
  if (t.status === "fail" || t.status === "expected-fail") return "failing";
  return "skipped";
}

export interface Change {
  key: string;
  fullName: string;
  file: string;
  clauses: string[];
  before: Behaviour;
  after: Behaviour;
  /** The failure in NEW (newly failing, changed) or in BASE (newly passing, no longer run). */
  error?: string;
  /** The failure in BASE, for a changed failure. */
  previousError?: string;
  /** Why NEW skipped it (no longer run). */
  skipReason?: string;
}

export interface Comparison {
  newlyFailing: Change[];
  newlyPassing: Change[];
  changedFailure: Change[];
  noLongerRun: Change[];
  /** Tests that behave the same in both. */
  unchanged: number;
}

function change(key: string, b: TestEntry | undefined, n: TestEntry | undefined): Change {
  const t = (n ?? b) as TestEntry;
  return {
    key,
    fullName: t.fullName,
    file: t.file,
    clauses: t.clauses,
    before: behaviourOf(b),
    after: behaviourOf(n),
  };
}

export function compareReports(base: Pick<RunReport, "tests">, next: Pick<RunReport, "tests">): Comparison {
  const before = new Map(base.tests.map((t) => [t.key, t]));
  const after = new Map(next.tests.map((t) => [t.key, t]));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  const out: Comparison = { newlyFailing: [], newlyPassing: [], changedFailure: [], noLongerRun: [], unchanged: 0 };
  for (const key of keys) {
    const b = before.get(key);
    const n = after.get(key);
    const was = behaviourOf(b);
    const is = behaviourOf(n);
    if (is === "failing" && was !== "failing") {
      out.newlyFailing.push({ ...change(key, b, n), ...(n?.error ? { error: n.error } : {}) });
    } else if (is === "passing" && (was === "failing" || was === "skipped")) {
      out.newlyPassing.push({ ...change(key, b, n), ...(b?.error ? { error: b.error } : {}) });
    } else if (is === "failing" && was === "failing" && causeOf(b?.error) !== causeOf(n?.error)) {
      out.changedFailure.push({
        ...change(key, b, n),
        ...(n?.error ? { error: n.error } : {}),
        ...(b?.error ? { previousError: b.error } : {}),
      });
    } else if ((was === "passing" || was === "failing") && (is === "skipped" || is === "absent")) {
      out.noLongerRun.push({
        ...change(key, b, n),
        ...(b?.error ? { error: b.error } : {}),
        ...(n?.skipReason ? { skipReason: n.skipReason } : {}),
      });
    } else out.unchanged++;
  }
  const byKey = (x: Change, y: Change) => x.key.localeCompare(y.key);
  for (const list of [out.newlyFailing, out.newlyPassing, out.changedFailure, out.noLongerRun]) list.sort(byKey);
  return out;
}

/** GitHub refuses comments over 65,536 characters; the markdown stays below this. */
export const COMMENT_LIMIT = 65_000;
