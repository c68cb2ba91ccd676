/**
 * Expectations (baselines): known deviations of a target, each with a reason.
 *
 * A file `fixtures/expectations/<target>.json` (or EDGECONF_EXPECTATIONS) lists tests expected to
 * fail on that target. `clauseTest` consults it: an expected failure passes as "expected-fail"
 * (recorded in task.meta.expectation), and an expected failure that passes fails as "unexpected-pass".
 *
 * Keys are `<file relative to the project root>::<describe > ... > test title>`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Expectation {
  test: string;
  reason: string;
}

export interface ExpectationsFile {
  target: string;
  expectations: Expectation[];
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

export function expectationsPath(target: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.EDGECONF_EXPECTATIONS
    ? path.resolve(env.EDGECONF_EXPECTATIONS)
    : path.join(PROJECT_ROOT, "fixtures", "expectations", `${target}.json`);
}

export function loadExpectations(target: string, env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const file = expectationsPath(target, env);
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as ExpectationsFile;
  for (const e of parsed.expectations ?? []) map.set(e.test, e.reason);
  return map;
}

/** The key of a test in an expectations file. */
export function expectationKey(filepath: string, names: readonly string[]): string {
  const rel = path.relative(PROJECT_ROOT, filepath).split(path.sep).join("/");
  return `${rel}::${names.join(" > ")}`;
}
