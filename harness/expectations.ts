/**
 * Expectations (baselines): known deviations of a target, each with a reason.
 *
 * Where a run finds them (first that applies):
 *   1. `--expectations FILE` (EDGECONF_EXPECTATIONS): that file, which must exist;
 *   2. the user's project: `edgeconf/expectations/<target>.json` below the current directory (for the
 *      module target `module-<its file>.json`: see expectationsName);
 *   3. the baseline edgeconf ships for well-known targets: `fixtures/expectations/<target>.json` of the
 *      package (read only: `--update-expectations` writes to 1 or 2, never into the package).
 * `clauseTest` consults them: an expected failure passes as "expected-fail" (recorded in
 * task.meta.expectation), and an expected failure that passes fails as "unexpected-pass".
 *
 * Keys are `<file relative to the package root>::<describe > ... > test title>` (the title with its
 * clause ids, as `clauseTest` names it). Format:
 *
 *   { "target": "miniflare", "expectations": [ { "test": "<key>", "reason": "<why it fails>" } ] }
 *
 * `edgeconf report --update-expectations` rewrites a file from a run; a run lists entries that match
 * no test that ran as stale.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
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

/** The folder of the user's expectations, relative to their project (the current directory). */
export const PROJECT_EXPECTATIONS_DIR = path.join("edgeconf", "expectations");

/**
 * The name of a target's expectations file: the target's name, and for `module` the module's file too
 * (`module-lib-my-bucket` for `--module lib/my-bucket.ts`): two implementations tested in one project keep
 * their own known deviations. The path is taken relative to the project (`..` reads `up`).
 */
export function expectationsName(target: string, module?: string, cwd: string = process.cwd()): string {
  if (target !== "module" || !module) return target;
  const rel = path.relative(cwd, path.resolve(cwd, module)).replace(/\.[cm]?[jt]sx?$/, "");
  const parts = rel.split(/[\\/]+/).map((p) => (p === ".." ? "up" : p.replace(/[^A-Za-z0-9_.-]+/g, "-")));
  return `module-${parts.filter((p) => p !== "" && p !== ".").join("-") || "module"}`;
}

/** The user's expectations file of a target: `<cwd>/edgeconf/expectations/<name>.json` (expectationsName). */
export function projectExpectationsPath(target: string, cwd: string = process.cwd(), module?: string): string {
  return path.resolve(cwd, PROJECT_EXPECTATIONS_DIR, `${expectationsName(target, module, cwd)}.json`);
}

/** The baseline the package ships for a target (read only). */
export function shippedExpectationsPath(target: string): string {
  return path.join(PROJECT_ROOT, "fixtures", "expectations", `${target}.json`);
}

/** Whether a file is one of the package's shipped baselines (never written by the CLI). */
export function isShippedExpectations(file: string): boolean {
  const rel = path.relative(path.join(PROJECT_ROOT, "fixtures", "expectations"), path.resolve(file));
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

/**
 * The expectations file a run of `target` uses: EDGECONF_EXPECTATIONS, else the project's file, else
 * the shipped baseline when there is one, else the project's (absent) file.
 */
export function expectationsPath(
  target: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  module: string | undefined = env.EDGECONF_MODULE,
): string {
  if (env.EDGECONF_EXPECTATIONS) return path.resolve(cwd, env.EDGECONF_EXPECTATIONS);
  const own = projectExpectationsPath(target, cwd, module);
  if (existsSync(own)) return own;
  const shipped = shippedExpectationsPath(target);
  return existsSync(shipped) ? shipped : own;
}

/**
 * The expectations of a target: test key -> reason. Empty when the file does not exist, or when
 * EDGECONF_NO_EXPECTATIONS is set (`edgeconf replay` asks about the bare result). A file that exists
 * but is not a valid expectations file throws, naming the file and what is wrong.
 */
export function loadExpectations(target: string, env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const map = new Map<string, string>();
  if (env.EDGECONF_NO_EXPECTATIONS) return map;
  const file = expectationsPath(target, env);
  if (!existsSync(file)) return map;
  const parsed = parseExpectations(readFileSync(file, "utf8"));
  if (typeof parsed === "string") throw new Error(`${file}: ${parsed}`);
  for (const e of parsed.expectations) map.set(e.test, e.reason);
  return map;
}

/**
 * What is wrong with the expectations file a run would use, in one line, or undefined: one named by the run
 * (`named`: --expectations, EDGECONF_EXPECTATIONS) must exist; any that exists must be a readable file
 * holding a valid expectations file. A run with such a file stops before any test (a usage error).
 */
export function expectationsProblem(file: string, named: boolean, shown: string = file): string | undefined {
  let text: string;
  try {
    if (!existsSync(file)) return named ? `the expectations file ${shown} does not exist` : undefined;
    if (statSync(file).isDirectory()) return `the expectations file ${shown} is a folder, not a file`;
    text = readFileSync(file, "utf8");
  } catch (e) {
    return `the expectations file ${shown} cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
  const parsed = parseExpectations(text);
  if (typeof parsed === "string") {
    return `the expectations file ${shown} is not valid: ${parsed.replace(/\s*\n\s*/g, " ")}`;
  }
  return undefined;
}

/** Parses an expectations file; a string is what is wrong with it. */
export function parseExpectations(text: string): ExpectationsFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  const f = data as Partial<ExpectationsFile>;
  if (typeof f !== "object" || f === null || Array.isArray(f)) return "not an object";
  if (typeof f.target !== "string") return "target (string) is missing";
  if (!Array.isArray(f.expectations)) return "expectations (array) is missing";
  const seen = new Set<string>();
  for (const [i, e] of f.expectations.entries()) {
    if (typeof e !== "object" || e === null) return `expectations[${i}] is not an object`;
    if (typeof e.test !== "string" || !e.test.includes("::")) {
      return `expectations[${i}].test must be "<file>::<describe > ... > title>"`;
    }
    if (typeof e.reason !== "string" || !e.reason.trim()) return `expectations[${i}].reason must say why`;
    if (seen.has(e.test)) return `expectations[${i}] lists ${e.test} twice`;
    seen.add(e.test);
  }
  return f as ExpectationsFile;
}

/** The text of an expectations file, entries sorted by test key. */
export function formatExpectations(file: ExpectationsFile): string {
  const expectations = [...file.expectations].sort((a, b) => (a.test < b.test ? -1 : a.test > b.test ? 1 : 0));
  return `${JSON.stringify({ ...file, expectations }, null, 2)}\n`;
}

/**
 * What an expectation is matched on: its key without the clause ids that end a clauseTest title, so
 * an entry survives a clause id being renamed or added (the file keeps the full key).
 */
export function matchKey(key: string): string {
  return key.replace(/ \[[A-D]\.[^[\]]*\]$/, "");
}

/** Expectations keyed by `matchKey`. */
export function byMatchKey(expectations: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...expectations].map(([k, reason]) => [matchKey(k), reason]));
}

/** The key of a test in an expectations file. */
export function expectationKey(filepath: string, names: readonly string[]): string {
  const rel = path.relative(PROJECT_ROOT, filepath).split(path.sep).join("/");
  return `${rel}::${names.join(" > ")}`;
}
