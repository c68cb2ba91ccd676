/**
 * `edgeconf report compare BASE NEW [--fail-on regression] [--full] [--out FILE]`: the comparison as
 * Markdown on stdout (wrapped to the terminal's width when stdout is one) and in FILE. Exit 0; 1 with --fail-on regression when a test newly fails; 2 with
 * one line when BASE or NEW is not a report this edgeconf reads.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { clauses } from "../clauses/index.ts";
import { usageError } from "../commands/usage.ts";
import { fsReason } from "../dirs.ts";
import { terminalWidth, wrapMarkdown } from "../terminal.ts";
import { compareReports } from "./compare.ts";
import { renderCompareMarkdown } from "./compare-markdown.ts";
import type { ReportSubcommand } from "./matrix-command.ts";
import { groupRuns, ReportReadError, readReports } from "./matrix-read.ts";

export const FAIL_ON = ["regression"] as const;

export async function compareCommand({ positionals, values, io }: ReportSubcommand): Promise<number> {
  if (positionals.length !== 2) {
    return usageError("report compare", `give two reports, BASE and NEW (got ${positionals.length})`, io.stderr);
  }
  const failOn = values["fail-on"] as string | undefined;
  if (failOn !== undefined && !(FAIL_ON as readonly string[]).includes(failOn)) {
    return usageError("report compare", `--fail-on takes ${FAIL_ON.join(", ")}, got "${failOn}"`, io.stderr);
  }
  let sides: ReturnType<typeof groupRuns>;
  try {
    sides = groupRuns(readReports(positionals, io.cwd), clauses);
  } catch (e) {
    if (!(e instanceof ReportReadError)) throw e;
    io.stderr(`edgeconf report compare: ${e.message}\n`);
    return 2;
  }
  // Two shards of one run would merge into one side.
  const [base, next] = sides;
  if (!base || !next) {
    io.stderr(
      `edgeconf report compare: ${positionals.join(" and ")} are shards of one run; compare two runs (report merge puts shards together)\n`,
    );
    return 2;
  }
  const cmp = compareReports(base.report, next.report);
  const md = renderCompareMarkdown(
    cmp,
    { shown: positionals[0] as string, report: base.report },
    { shown: positionals[1] as string, report: next.report },
    values.full ? Number.POSITIVE_INFINITY : undefined,
  );
  // On a terminal, wrapped for reading; into a pipe or a file, the Markdown as written (GitHub comments
  // render every line break).
  io.stdout(process.stdout.isTTY ? wrapMarkdown(md, terminalWidth()) : md);
  if (typeof values.out === "string") {
    const file = path.resolve(io.cwd, values.out);
    try {
      writeFileSync(file, md);
    } catch (e) {
      io.stderr(`edgeconf report compare: cannot write ${file}: ${fsReason(e)}\n`);
      return 2;
    }
  }
  return failOn === "regression" && cmp.newlyFailing.length > 0 ? 1 : 0;
}
