/**
 * `edgeconf report`: work on reports after a run.
 *   edgeconf report --update-expectations [--from reports/latest/report.json] [--expectations FILE]
 *   edgeconf report merge DIR... [--out DIR]
 *   edgeconf report matrix REPORT... [--out DIR]
 *   edgeconf report compare BASE NEW [--fail-on regression] [--full] [--out FILE]
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DirError, fsReason, makeDir } from "../dirs.ts";
import {
  type ExpectationsFile,
  formatExpectations,
  isShippedExpectations,
  parseExpectations,
  projectExpectationsPath,
} from "../expectations.ts";
import { compareCommand } from "../report/compare-command.ts";
import { matrixCommand } from "../report/matrix-command.ts";
import { reportSchemaErrors } from "../report/schema.ts";
import type { RunReport } from "../report/types.ts";
import { updateExpectations, updateSummary } from "../report/update-expectations.ts";
import type { RunIo } from "../run/execute.ts";
import { terminalWidth, wrapLine, wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const REPORT_HELP = wrapText(`Usage:
  edgeconf report --update-expectations [--from FILE] [--expectations FILE]
      Rewrites the target's expectations from a run (default: reports/latest/report.json): tests that
      failed unexpectedly are added (edit their reasons), tests that pass now and stale entries are
      removed. Writes the run's expectations file, or edgeconf/expectations/<target>.json of the current
      directory when the run used none or a baseline shipped with edgeconf; --expectations names another.
  edgeconf report merge DIR... [--out DIR]
      Merges shard runs (edgeconf run --shard i/n --out DIR) into one report, written to
      <out>/<run-id>/ and <out>/latest/ (default out: reports).
  edgeconf report matrix REPORT... [--out DIR]
      Puts runs side by side: clauses (by area and feature) x runs, with per-area interoperability.
      REPORT: a run folder, a reports folder (its latest/) or a report.json, any number and any targets;
      shard reports of one run are merged. Writes matrix.html, matrix.md and matrix.json to DIR
      (default: reports/matrix). See docs/matrix.md.
  edgeconf report compare BASE NEW [--fail-on regression] [--full] [--out FILE]
      What newly fails, newly passes, fails differently or is no longer run in NEW, as Markdown for a
      pull-request comment (under 65,000 characters; --full: every item). --out also writes it to FILE.
      With --fail-on regression, exits 1 when a test newly fails.

Exit status: merge as edgeconf run (0, 1, 2); matrix 0; compare 0, or 1 with --fail-on regression and a
regression; --update-expectations 0; 2 on errors (a file that is not a report this edgeconf reads).
`);

/** An error or message as one line (a message may quote a file's lines). */
function oneLine(e: unknown): string {
  return String(e instanceof Error ? e.message : e)
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

export async function run(argv: string[]): Promise<number> {
  // Not run/execute.ts's defaultIo: that module loads vitest, which only `report merge` needs.
  const io: RunIo = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
  };
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "update-expectations": { type: "boolean" },
        from: { type: "string" },
        expectations: { type: "string" },
        out: { type: "string" },
        "fail-on": { type: "string" },
        full: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return usageError("report", argsErrorMessage(e), io.stderr);
  }
  if (values.help) {
    io.stdout(REPORT_HELP);
    return 0;
  }
  if (positionals[0] === "merge") {
    if (values["update-expectations"]) {
      return usageError(
        "report",
        "merge and --update-expectations are separate steps: run one, then the other",
        io.stderr,
      );
    }
    const outDir = path.resolve(io.cwd, (values.out as string | undefined) ?? "reports");
    const { mergeShards } = await import("../run/merge.ts");
    return mergeShards(positionals.slice(1), outDir, io);
  }
  if (positionals[0] === "matrix" || positionals[0] === "compare") {
    if (values["update-expectations"]) {
      return usageError("report", `${positionals[0]} and --update-expectations are separate steps`, io.stderr);
    }
    const args = { positionals: positionals.slice(1), values, io };
    return positionals[0] === "matrix" ? matrixCommand(args) : compareCommand(args);
  }
  if (positionals.length > 0 || !values["update-expectations"]) {
    return usageError(
      "report",
      "say merge DIR..., matrix REPORT..., compare BASE NEW or --update-expectations",
      io.stderr,
    );
  }
  const from = path.resolve(
    io.cwd,
    (values.from as string | undefined) ?? path.join("reports", "latest", "report.json"),
  );
  let text: string;
  try {
    text = readFileSync(from, "utf8");
  } catch (e) {
    io.stderr(`edgeconf report: cannot read ${from}: ${fsReason(e)}\n`);
    return 2;
  }
  let report: RunReport;
  try {
    report = JSON.parse(text) as RunReport;
  } catch (e) {
    // One line, whatever the file holds (JSON.parse quotes it).
    io.stderr(`edgeconf report: ${from} is not JSON (a report.json of edgeconf run): ${oneLine(e)}\n`);
    return 2;
  }
  const schemaErrors = reportSchemaErrors(report);
  if (schemaErrors.length > 0) {
    const more = schemaErrors.length > 1 ? ` (+${schemaErrors.length - 1} more)` : "";
    io.stderr(`edgeconf report: ${from} is not a valid report: ${oneLine(schemaErrors[0])}${more}\n`);
    return 2;
  }
  if (report.outcome === "aborted") {
    io.stderr(
      `edgeconf report: ${from} is from a run that did not run (${oneLine(report.problems[0] ?? "aborted")})\n`,
    );
    return 2;
  }
  // The run's file, unless it is a baseline shipped inside the package: those are never written;
  // the project's own file (edgeconf/expectations/<target>.json) starts from them instead.
  const used = report.expectationsFile ? path.resolve(io.cwd, report.expectationsFile) : undefined;
  const target = (values.expectations as string | undefined)
    ? path.resolve(io.cwd, values.expectations as string)
    : used && !isShippedExpectations(used)
      ? used
      : projectExpectationsPath(report.target.name, io.cwd, report.target.module);
  let current: ExpectationsFile | undefined;
  const source = existsSync(target) ? target : used && existsSync(used) ? used : undefined;
  if (source) {
    const parsed = parseExpectations(readFileSync(source, "utf8"));
    if (typeof parsed === "string") {
      io.stderr(`edgeconf report: ${source}: ${oneLine(parsed)}\n`);
      return 2;
    }
    current = parsed;
  }
  const update = updateExpectations(report, current);
  try {
    makeDir(path.dirname(target));
    writeFileSync(target, formatExpectations(update.file));
  } catch (e) {
    const why = e instanceof DirError ? e.message : `cannot write ${target}: ${fsReason(e)}`;
    io.stderr(`edgeconf report: ${why}\n`);
    return 2;
  }
  const written = `${path.relative(io.cwd, target) || target}: ${update.file.expectations.length} expectations (${update.kept} kept, ${update.added.length} added, ${update.removed.length} removed)`;
  io.stdout(`${wrapLine("", written, terminalWidth(), "    ").join("\n")}\n`);
  io.stdout(updateSummary(update, terminalWidth()));
  return 0;
}
