/**
 * From what vitest observed to what the report says: the status of one test, given the target's
 * expectations. Pure.
 *
 * A listed test that goes through `clauseTest` passes with meta "expected-fail" when it fails, and
 * fails with meta "unexpected-pass" when it passes. A listed test that fails before `clauseTest`
 * could look at it (a failing beforeAll hook, a module that does not load) is an expected failure too.
 */
import type { TestStatus } from "./types.ts";

export interface RawTest {
  id: string;
  /** Relative to the project root, "/" separators. */
  file: string;
  /** Describe names, then the test's title. */
  names: string[];
  state: "passed" | "failed" | "skipped" | "pending";
  /** The reason given to `ctx.skip(reason)`. */
  note?: string;
  /** How the test was declared: "skip"/"todo" when declared so (or filtered out). */
  mode?: string;
  errors: string[];
  durationMs: number;
  meta: {
    clauses?: string[];
    property?: { seed: number; path?: string; replayPath?: string; counterexample?: string };
    expectation?: { status: "expected-fail" | "unexpected-pass"; reason: string; error?: string };
    /** The implementation the test's target reached, where it told (harness/targets/identity.ts). */
    implementation?: { name: string; version?: string };
  };
}

export interface Classified {
  status: TestStatus;
  error?: string;
  expectation?: string;
  skipReason?: string;
}

export function testKey(file: string, names: readonly string[]): string {
  return `${file}::${names.join(" > ")}`;
}

export function classify(raw: RawTest, expected: string | undefined): Classified {
  const error = raw.errors.length > 0 ? raw.errors.join("\n\n") : undefined;
  const meta = raw.meta.expectation;
  if (raw.state === "pending") {
    // Only a run that was stopped (watchdog) leaves a test pending.
    return { status: "fail", error: "did not finish: the run was stopped before this test ended" };
  }
  if (raw.state === "skipped") {
    const skipReason =
      raw.note ?? (raw.mode === "todo" ? "declared todo" : raw.mode === "skip" ? "declared skip" : "skipped");
    return { status: "skip", skipReason };
  }
  if (raw.state === "passed") {
    if (meta?.status === "expected-fail") {
      return { status: "expected-fail", expectation: meta.reason, ...(meta.error ? { error: meta.error } : {}) };
    }
    // Listed but passed without clauseTest seeing the list (a plain vitest test): still unexpected.
    if (expected !== undefined) {
      return { status: "unexpected-pass", expectation: expected, error: "passed, but listed as failing" };
    }
    return { status: "pass" };
  }
  if (meta?.status === "unexpected-pass") {
    return { status: "unexpected-pass", expectation: meta.reason, ...(error ? { error } : {}) };
  }
  if (expected !== undefined) return { status: "expected-fail", expectation: expected, ...(error ? { error } : {}) };
  return { status: "fail", error: error ?? "failed (no error reported)" };
}
