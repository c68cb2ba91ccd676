/**
 * Reading reports for `edgeconf report matrix` and `report compare`: a report folder, a reports root
 * (its latest/) or a report.json file, any number. Each report becomes a run; shard reports of one
 * run (`edgeconf run --shard i/n`) are merged into one. A file that is not a report this edgeconf can
 * read (another tool's JSON, a schemaVersion it does not know) is refused with one line.
 *
 * Clause states are computed again from each report's tests against this edgeconf's catalogue
 * (summary.ts), so runs of older edgeconf versions, whose catalogue differed, line up with new ones.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { AREAS, type Area, type Clause } from "../clauses/types.ts";
import { reportSchemaErrors } from "./schema.ts";
import { displayPath } from "./shell.ts";
import { summarizeArea } from "./summary.ts";
import { type AreaSummary, EXIT_CODES, type RunOutcome, type RunReport, type TestEntry } from "./types.ts";

/** The report format this edgeconf writes and reads. */
export const READ_SCHEMA_VERSION = 1;

/** One run of the matrix: a report, or the shard reports of one run merged. */
export interface ReadRun {
  /** Where it came from (as the user typed them, from the current directory). */
  sources: string[];
  report: RunReport;
  /** Every area of the catalogue the run selected, recomputed from its tests. */
  areas: AreaSummary[];
  /** Set for a run merged from shards: the shard count and the indices given. */
  shards?: { count: number; given: number[] };
}

export class ReportReadError extends Error {}

/** The report.json an argument names: the file, <dir>/report.json, or <dir>/latest/report.json. */
export function reportFileOf(arg: string, cwd: string): string {
  const abs = path.resolve(cwd, arg);
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
  } catch {
    throw new ReportReadError(`${arg}: no such file or folder`);
  }
  if (!isDir) return abs;
  for (const f of [path.join(abs, "report.json"), path.join(abs, "latest", "report.json")]) {
    if (existsSync(f)) return f;
  }
  throw new ReportReadError(`${arg} holds no report.json (a run folder of edgeconf run, or a reports folder)`);
}

const TEST_STATUSES = new Set(["pass", "fail", "skip", "expected-fail", "unexpected-pass"]);

/** What the matrix needs of a report that does not match the full schema (an older edgeconf's). */
function minimalProblem(r: Record<string, unknown>): string | undefined {
  const target = r.target as { name?: unknown } | undefined;
  if (typeof target?.name !== "string") return "target.name is missing";
  if (typeof r.started !== "string" || Number.isNaN(Date.parse(r.started))) return "started is not a date";
  const sel = r.selection as { areas?: unknown } | undefined;
  if (!Array.isArray(sel?.areas) || !sel.areas.every((a) => (AREAS as readonly unknown[]).includes(a))) {
    return "selection.areas is missing";
  }
  if (!Array.isArray(r.tests)) return "tests is missing";
  for (const [i, t] of (r.tests as Record<string, unknown>[]).entries()) {
    if (typeof t !== "object" || t === null) return `tests/${i} is not an object`;
    if (typeof t.key !== "string" || typeof t.fullName !== "string" || typeof t.file !== "string") {
      return `tests/${i} lacks key, fullName or file`;
    }
    if (!Array.isArray(t.clauses) || !t.clauses.every((c) => typeof c === "string")) {
      return `tests/${i}/clauses is not a list of clause ids`;
    }
    if (!TEST_STATUSES.has(t.status as string)) return `tests/${i}/status is not a test status`;
  }
  return undefined;
}

/**
 * Parses and checks one report file's text: a report of this schemaVersion (read), or one line why
 * not (thrown). A report of schemaVersion 1 that misses fields added since (an older edgeconf) is
 * read when it holds what the matrix needs.
 */
export function parseReport(text: string, shown: string): RunReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ReportReadError(`${shown} is not JSON: ${(e as Error).message.replace(/\s*\n\s*/g, " ")}`);
  }
  const r = data as Record<string, unknown>;
  if (typeof data !== "object" || data === null || Array.isArray(data) || r.tool !== "edgeconf") {
    throw new ReportReadError(
      `${shown} is not an edgeconf report (no "tool": "edgeconf"; a report.json of edgeconf run)`,
    );
  }
  const versions = r.versions as { edgeconf?: unknown } | undefined;
  const by = typeof versions?.edgeconf === "string" ? `edgeconf ${versions.edgeconf}` : "an unknown edgeconf";
  if (r.schemaVersion !== READ_SCHEMA_VERSION) {
    throw new ReportReadError(
      `${shown} has schemaVersion ${JSON.stringify(r.schemaVersion ?? null)} (written by ${by}); this edgeconf reads ` +
        `schemaVersion ${READ_SCHEMA_VERSION}: read it with the edgeconf that wrote it, or run the suites again`,
    );
  }
  const errors = reportSchemaErrors(data);
  if (errors.length > 0) {
    const problem = minimalProblem(r);
    if (problem) {
      throw new ReportReadError(`${shown} (schemaVersion 1, ${by}) cannot be read: ${problem} (${errors[0]})`);
    }
  }
  return data as RunReport;
}

/** The areas of a run from its tests, against the catalogue (areas it did not select are left out). */
export function recomputeAreas(report: RunReport, catalogue: readonly Clause[]): AreaSummary[] {
  return AREAS.filter((a) => report.selection.areas.includes(a)).map((a) => summarizeArea(a, catalogue, report.tests));
}

/** What shards of one run share. */
function shardKey(r: RunReport): string {
  return JSON.stringify([
    r.target.name,
    r.target.identity ?? "",
    r.seed,
    r.expectationsFile,
    r.versions?.edgeconf ?? "",
    r.selection.shard?.count,
  ]);
}

/** One report from the shard reports of one run: tests put together, first start to last finish. */
export function mergeShardReports(shards: readonly RunReport[]): RunReport {
  const first = shards[0];
  if (!first) throw new Error("no shard to merge");
  const tests: TestEntry[] = shards.flatMap((s) => s.tests).sort((a, b) => a.file.localeCompare(b.file));
  const areas = [...new Set(shards.flatMap((s) => s.selection.areas))] as Area[];
  const { shard: _shard, ...selection } = first.selection;
  const outcome: RunOutcome = shards.some((s) => s.outcome === "aborted")
    ? "aborted"
    : shards.some((s) => s.outcome === "unexpected")
      ? "unexpected"
      : "as-expected";
  return {
    ...first,
    outcome,
    exitCode: EXIT_CODES[outcome],
    started: shards.map((s) => s.started).sort()[0] ?? first.started,
    finished:
      shards
        .map((s) => s.finished)
        .sort()
        .at(-1) ?? first.finished,
    selection: { ...selection, areas: AREAS.filter((a) => areas.includes(a)) },
    tests,
    problems: shards.flatMap((s) => s.problems ?? []),
    unhandledErrors: shards.flatMap((s) => s.unhandledErrors ?? []),
  };
}

export interface ReadInput {
  /** As the user typed it. */
  arg: string;
  report: RunReport;
}

/**
 * Runs from reports: a report that is a shard joins the other shards of its run (same target,
 * identity, seed, expectations, edgeconf version and shard count; a second report of an index already
 * taken starts another run). Runs keep the order of their first report.
 */
export function groupRuns(inputs: readonly ReadInput[], catalogue: readonly Clause[]): ReadRun[] {
  type Group = { sources: string[]; reports: RunReport[]; count: number; given: Set<number>; key: string };
  const slots: (Group | { single: ReadInput })[] = [];
  for (const input of inputs) {
    const shard = input.report.selection.shard;
    if (!shard) {
      slots.push({ single: input });
      continue;
    }
    const key = shardKey(input.report);
    const group = slots.find((g): g is Group => "key" in g && g.key === key && !g.given.has(shard.index));
    if (group) {
      group.sources.push(input.arg);
      group.reports.push(input.report);
      group.given.add(shard.index);
    } else {
      slots.push({
        key,
        sources: [input.arg],
        reports: [input.report],
        count: shard.count,
        given: new Set([shard.index]),
      });
    }
  }
  return slots.map((s) => {
    if ("single" in s) {
      return { sources: [s.single.arg], report: s.single.report, areas: recomputeAreas(s.single.report, catalogue) };
    }
    const report = mergeShardReports(s.reports);
    return {
      sources: s.sources,
      report,
      areas: recomputeAreas(report, catalogue),
      shards: { count: s.count, given: [...s.given].sort((a, b) => a - b) },
    };
  });
}

/** Reads every argument's report (throws ReportReadError with one line on the first it cannot read). */
export function readReports(args: readonly string[], cwd: string): ReadInput[] {
  return args.map((arg) => {
    const file = reportFileOf(arg, cwd);
    const shown = displayPath(cwd, file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new ReportReadError(`cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return { arg, report: parseReport(text, shown) };
  });
}
