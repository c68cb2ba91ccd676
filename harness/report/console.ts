/**
 * The summary a command prints at the end of a run (plain text), every line within `width` columns (80 when
 * the output is not a terminal): long lines wrap under their own text, a replay command wraps between its
 * words with " \" continuations, so it still pastes into a shell. Pure.
 */
import { DEFAULT_COLUMNS, wrapCommand, wrapLine } from "../terminal.ts";
import { causeGroups, causeLines } from "./explain.ts";
import type { RunReport } from "./types.ts";

export function consoleSummary(report: RunReport, reportDir: string, width = DEFAULT_COLUMNS): string {
  const t = report.totals;
  const wrap = (head: string, text: string, pad = "  ") => wrapLine(head, text, width, pad);
  const lines = [
    "",
    ...wrap(
      "",
      `edgeconf: target ${report.target.name}${report.target.identity ? ` (${report.target.identity})` : ""}, seed ${report.seed}`,
    ),
    ...wrap(
      "  ",
      `${t.total} tests in ${(report.durationMs / 1000).toFixed(1)} s: ${t.pass} passed, ${t.fail} failed, ` +
        `${t.expectedFail} failed as expected, ${t.unexpectedPass} passed unexpectedly, ${t.skip} skipped`,
    ),
  ];
  for (const a of report.outcome === "aborted" ? [] : report.areas) {
    const c = a.clauses;
    const head = `  ${a.area.padEnd(17)} ${a.verdict.padEnd(10)} `;
    lines.push(
      ...wrap(
        head,
        `clauses ${c.total}: ${c.covered} covered, ${c.passed} passed, ${c.failed} failed (${c.knownFailures} known), ${c.skipped} skipped, ${a.uncovered.length} uncovered, ${c.untestable} untestable`,
        " ".repeat(head.length),
      ),
    );
  }
  for (const p of [...report.problems, ...report.unhandledErrors]) lines.push(...wrap("problem: ", p.split("\n")[0]!));
  const causes = causeGroups(report).length;
  if (causes > 0) lines.push("", `Failures by root cause (${causes}):`, ...causeLines(report, 10, 5, width));
  const unexpected = report.tests.filter((x) => x.status === "fail" || x.status === "unexpected-pass");
  if (unexpected.length > 0) {
    lines.push("", `Unexpected results (${unexpected.length}):`);
    for (const u of unexpected.slice(0, 50)) {
      lines.push(
        ...wrap(
          "  ✗ ",
          `${u.status === "unexpected-pass" ? "[unexpected pass] " : ""}${u.file} > ${u.fullName}`,
          "    ",
        ),
      );
      const first = u.error?.split("\n")[0];
      if (first) lines.push(...wrap("      ", first.slice(0, 300), "      "));
      if (u.replay) lines.push(...wrapCommand("      replay: ", u.replay, width, "        "));
    }
    if (unexpected.length > 50) lines.push(`  … and ${unexpected.length - 50} more (see report.md)`);
  }
  if (report.staleExpectations.length > 0) {
    lines.push(
      "",
      ...wrap(
        "",
        `Stale expectations (${report.staleExpectations.length}); update with edgeconf report --update-expectations:`,
      ),
    );
    for (const s of report.staleExpectations.slice(0, 20)) lines.push(...wrap("  - ", `${s.test}: ${s.why}`, "    "));
  }
  lines.push(
    "",
    ...wrap("", `Report: ${reportDir}/report.html (report.json, report.md, junit.xml)`),
    ...wrap(
      "",
      `Outcome: ${report.outcome} (exit ${report.exitCode})${report.outcome === "inconclusive" ? ": no test of any selected area reached the target" : ""}`,
    ),
    "",
  );
  return lines.join("\n");
}
