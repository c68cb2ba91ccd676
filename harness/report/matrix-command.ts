/**
 * `edgeconf report matrix REPORT... [--out DIR]`: reads the reports (matrix-read.ts), builds the
 * matrix against this edgeconf's catalogue and writes matrix.json, matrix.md and matrix.html.
 * Exit 0; 2 with one line when an argument is not a report this edgeconf reads or DIR cannot be written.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { clauses } from "../clauses/index.ts";
import { usageError } from "../commands/usage.ts";
import { DirError, fsReason, makeDir } from "../dirs.ts";
import type { RunIo } from "../run/execute.ts";
import { versions } from "../run/versions.ts";
import { terminalWidth, wrapLine } from "../terminal.ts";
import { buildMatrix } from "./matrix.ts";
import { groupRuns, ReportReadError, readReports } from "./matrix-read.ts";
import { renderMatrixFiles } from "./matrix-write.ts";
import { displayPath } from "./shell.ts";

export interface ReportSubcommand {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
  io: RunIo;
}

export async function matrixCommand({ positionals, values, io }: ReportSubcommand): Promise<number> {
  if (positionals.length === 0) {
    return usageError(
      "report matrix",
      "give at least one report (a run folder, a reports folder or a report.json)",
      io.stderr,
    );
  }
  if (values["fail-on"] !== undefined || values.full) {
    return usageError("report matrix", "--fail-on and --full belong to report compare", io.stderr);
  }
  let runs: ReturnType<typeof groupRuns>;
  try {
    runs = groupRuns(readReports(positionals, io.cwd), clauses);
  } catch (e) {
    if (!(e instanceof ReportReadError)) throw e;
    io.stderr(`edgeconf report matrix: ${e.message}\n`);
    return 2;
  }
  const matrix = buildMatrix(runs, {
    catalogue: clauses,
    edgeconf: versions().edgeconf,
    generated: new Date().toISOString(),
  });
  const files = renderMatrixFiles(matrix);
  const outDir = path.resolve(io.cwd, (values.out as string | undefined) ?? path.join("reports", "matrix"));
  try {
    makeDir(outDir);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(outDir, name), text);
  } catch (e) {
    io.stderr(
      `edgeconf report matrix: ${e instanceof DirError ? e.message : `cannot write ${outDir}: ${fsReason(e)}`}\n`,
    );
    return 2;
  }
  const differing = matrix.rows.filter((r) => r.differs).length;
  const shown = displayPath(io.cwd, outDir);
  const said =
    `${shown}: ${matrix.rows.length} clauses × ${matrix.runs.length} runs, ${differing} differ between runs; ` +
    `open ${path.join(shown, "matrix.html")} (also matrix.md, matrix.json)`;
  io.stdout(`${wrapLine("", said, terminalWidth(), "  ").join("\n")}\n`);
  return 0;
}
