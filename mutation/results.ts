/**
 * The committed results of the mutation runs (mutation/results/<area>.json): every mutant of every file run so
 * far, with its status, and the hash of the source it was run on. Stryker's own report (reports/mutation/, not
 * committed) is what makes the next run incremental; this file is what makes the scores readable on a fresh
 * clone: `npm run mutate -- --scores` and `--survivors <area>` read it, with the triage file as it is now.
 *
 * One mutant per line, in file and position order, so that a rerun's diff shows what changed.
 *
 * Gaps / by design: which test killed a mutant is not kept (Stryker's report has it). A file whose source changed
 * since its run is named stale, not dropped: its results are as old as its run.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MutationReport } from "./accumulate.ts";
import { type Mutant, originalText } from "./triage.ts";

export interface ResultMutant {
  line: number;
  column: number;
  mutator: string;
  original: string;
  replacement: string;
  status: string;
}

export interface FileResults {
  /** sha256 (hex) of the source the file was mutated in. */
  sha256: string;
  mutants: ResultMutant[];
}

export interface AreaResults {
  area: string;
  files: Record<string, FileResults>;
}

const STATUSES = new Set([
  "Killed",
  "Survived",
  "NoCoverage",
  "Timeout",
  "CompileError",
  "RuntimeError",
  "Ignored",
  "Pending",
]);

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

export function resultsPath(root: string, area: string): string {
  return path.join(root, "mutation", "results", `${area}.json`);
}

/** The results of a Stryker report's files (`keep` says which files count). */
export function resultsOf(area: string, report: MutationReport, keep: (file: string) => boolean): AreaResults {
  const files: Record<string, FileResults> = {};
  for (const file of Object.keys(report.files).sort()) {
    if (!keep(file)) continue;
    const { source, mutants } = report.files[file] as MutationReport["files"][string];
    files[file] = {
      sha256: sha256(source),
      mutants: mutants
        .map((m) => ({
          line: m.location.start.line,
          column: m.location.start.column,
          mutator: m.mutatorName,
          original: originalText(source, m.location),
          replacement: m.replacement ?? "",
          status: m.status,
        }))
        .sort((a, b) => a.line - b.line || a.column - b.column || a.mutator.localeCompare(b.mutator)),
    };
  }
  return { area, files };
}

/** Every mutant of the results, as the score counts them. */
export function mutantsOfResults(results: AreaResults): Mutant[] {
  return Object.entries(results.files).flatMap(([file, r]) =>
    r.mutants.map(({ line, mutator, original, replacement, status }) => ({
      file,
      line,
      mutator,
      original,
      replacement,
      status,
    })),
  );
}

/** The files whose source now is not the one they were run on (or that are gone). */
export function staleInResults(results: AreaResults, read: (file: string) => string | undefined): string[] {
  return Object.entries(results.files)
    .filter(([file, r]) => {
      const now = read(file);
      return now === undefined || sha256(now) !== r.sha256;
    })
    .map(([file]) => file);
}

export function formatResults(results: AreaResults): string {
  const lines = [`{`, `  "area": ${JSON.stringify(results.area)},`, `  "files": {`];
  const files = Object.entries(results.files);
  files.forEach(([file, r], i) => {
    lines.push(`    ${JSON.stringify(file)}: {`, `      "sha256": ${JSON.stringify(r.sha256)},`, `      "mutants": [`);
    r.mutants.forEach((m, j) => {
      lines.push(`        ${JSON.stringify(m)}${j < r.mutants.length - 1 ? "," : ""}`);
    });
    lines.push(`      ]`, `    }${i < files.length - 1 ? "," : ""}`);
  });
  lines.push(`  }`, `}`);
  return `${lines.join("\n")}\n`;
}

export function writeResults(root: string, results: AreaResults): void {
  writeFileSync(resultsPath(root, results.area), formatResults(results));
}

/**
 * The committed results of an area: undefined when there are none, an error naming the file and the first
 * thing wrong when the file is not results (it is read, never trusted).
 */
export function readResults(root: string, area: string): AreaResults | undefined {
  const file = resultsPath(root, area);
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`);
  }
  const problem = resultsProblem(parsed, area);
  if (problem !== undefined) throw new Error(`${file}: ${problem}`);
  return parsed as AreaResults;
}

function resultsProblem(value: unknown, area: string): string | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(value)) return "expected { area, files }";
  if (value.area !== area) return `expected "area": ${JSON.stringify(area)}`;
  if (!isObject(value.files)) return `expected "files" to be an object`;
  for (const [file, r] of Object.entries(value.files)) {
    if (!isObject(r) || typeof r.sha256 !== "string" || !Array.isArray(r.mutants))
      return `${file}: expected { sha256, mutants: [...] }`;
    for (const [i, m] of r.mutants.entries()) {
      if (!isObject(m)) return `${file}: mutant ${i} is not an object`;
      for (const k of ["mutator", "original", "replacement", "status"])
        if (typeof m[k] !== "string") return `${file}: mutant ${i} needs a string "${k}"`;
      for (const k of ["line", "column"])
        if (!Number.isInteger(m[k])) return `${file}: mutant ${i} needs a whole number "${k}"`;
      if (!STATUSES.has(m.status as string)) return `${file}: mutant ${i} has an unknown status "${m.status}"`;
    }
  }
  return undefined;
}
