/** The summary a command prints at the end of a run (plain text). Pure. */
import { causeGroups, causeLines } from "./explain.ts";
import type { RunReport } from "./types.ts";

export function consoleSummary(report: RunReport, reportDir: string): string {
  const t = report.totals;
  const lines = [
    "",
    `edgeconf: target ${report.target.name}${report.target.identity ? ` (${report.target.identity})` : ""}, seed ${report.seed}, ${t.total} tests in ${(report.durationMs / 1000).toFixed(1)} s: ` +
      `${t.pass} passed, ${t.fail} failed, ${t.expectedFail} failed as expected, ${t.unexpectedPass} passed unexpectedly, ${t.skip} skipped`,
  ];
  for (const a of report.outcome === "aborted" ? [] : report.areas) {
    const c = a.clauses;
    lines.push(
      `  ${a.area.padEnd(17)} ${a.verdict.padEnd(10)} clauses ${c.total}: ${c.covered} covered, ${c.passed} passed, ${c.failed} failed (${c.knownFailures} known), ${c.skipped} skipped, ${a.uncovered.length} uncovered, ${c.untestable} untestable`,
    );
  }
  for (const p of [...report.problems, ...report.unhandledErrors]) lines.push(`problem: ${p.split("\n")[0]}`);
  const causes = causeGroups(report).length;
  if (causes > 0) lines.push("", `Failures by root cause (${causes}):`, ...causeLines(report));
  const unexpected = report.tests.filter((x) => x.status === "fail" || x.status === "unexpected-pass");
  if (unexpected.length > 0) {
    lines.push("", `Unexpected results (${unexpected.length}):`);
    for (const u of unexpected.slice(0, 50)) {
      lines.push(`  ✗ ${u.status === "unexpected-pass" ? "[unexpected pass] " : ""}${u.file} > ${u.fullName}`);
      const first = u.error?.split("\n")[0];
      if (first) lines.push(`      ${first.slice(0, 300)}`);
      if (u.replay) lines.push(`      replay: ${u.replay}`);
    }
    if (unexpected.length > 50) lines.push(`  … and ${unexpected.length - 50} more (see report.md)`);
  }
  if (report.staleExpectations.length > 0) {
    lines.push(
      "",
      `Stale expectations (${report.staleExpectations.length}); update with edgeconf report --update-expectations:`,
    );
    for (const s of report.staleExpectations.slice(0, 20)) lines.push(`  - ${s.test}: ${s.why}`);
  }
  lines.push(
    "",
    `Report: ${reportDir}/report.html (report.json, report.md, junit.xml)`,
    `Outcome: ${report.outcome} (exit ${report.exitCode})${report.outcome === "inconclusive" ? ": no test of any selected area reached the target" : ""}`,
    "",
  );
  return lines.join("\n");
}
