/** report.md: per area, clauses covered, passed, failed, skipped; then each failure with its replay command. */
import { causeGroups, clauseLines } from "./explain.ts";
import type { AreaSummary, RunReport, TestEntry } from "./types.ts";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}\n${text}\n${ticks}`;
}

function areaRow(a: AreaSummary): string {
  const c = a.clauses;
  const t = a.tests;
  return `| ${a.area} (${a.verdict}) | ${c.total} | ${c.untestable} | ${c.covered} | ${c.passed} | ${c.failed} | ${c.knownFailures} | ${c.skipped} | ${a.uncovered.length} | ${t.pass} | ${t.fail + t.unexpectedPass} | ${t.expectedFail} | ${t.skip} |`;
}

function failure(t: TestEntry): string {
  const lines = [`### ${t.status === "unexpected-pass" ? "Unexpected pass" : "Failure"}: ${t.fullName}`, ""];
  lines.push(`- file: \`${t.file}\``, `- clauses: ${t.clauses.map((c) => `\`${c}\``).join(", ") || "(none)"}`);
  if (t.expectation !== undefined) lines.push(`- listed in the expectations as failing: ${t.expectation}`);
  if (t.property) {
    lines.push(`- property seed ${t.property.seed}, path \`${t.property.path ?? ""}\``);
    if (t.property.counterexample) lines.push(`- counterexample: \`${t.property.counterexample}\``);
  }
  if (t.replay) lines.push(`- replay: \`${t.replay}\``);
  if (t.error) lines.push("", fence(t.error.length > 4000 ? `${t.error.slice(0, 4000)}\n…` : t.error));
  return lines.join("\n");
}

export function renderMarkdown(report: RunReport): string {
  const t = report.totals;
  const out: string[] = [
    `# edgeconf conformance report: ${report.target.name}`,
    "",
    `- outcome: **${report.outcome}** (exit ${report.exitCode})`,
    `- run: ${report.runId}, seed ${report.seed}, ${report.started} to ${report.finished} (${(report.durationMs / 1000).toFixed(1)} s)`,
    `- target: ${report.target.name}${report.target.baseUrl ? ` ${report.target.baseUrl}` : ""}${report.target.ktUrl ? ` ${report.target.ktUrl}` : ""}${report.target.identity ? ` (${report.target.identity})` : ""}`,
    ...(report.target.implementation
      ? [
          `- implementation: ${report.target.implementation.name}${report.target.implementation.version ? ` ${report.target.implementation.version}` : ""}`,
        ]
      : []),
    `- versions: edgeconf ${report.versions.edgeconf}, node ${report.versions.node}, vitest ${report.versions.vitest}, fast-check ${report.versions.fastCheck}`,
    `- expectations: ${report.expectationsFile ?? "none"}`,
    `- tests: ${t.total} (${t.pass} passed, ${t.fail} failed, ${t.expectedFail} failed as expected, ${t.unexpectedPass} passed unexpectedly, ${t.skip} skipped)`,
    "",
  ];
  if (report.problems.length > 0) {
    out.push("## Problems", "", ...report.problems.map((p) => `- ${cell(p)}`), "");
  }
  out.push(
    "## Areas",
    "",
    "Clauses: in the catalogue, untestable, covered by this run, passed, failed (all), of which known (expected), skipped, uncovered. Tests: passed, unexpected, expected failures, skipped.",
    "",
    "| area | clauses | untestable | covered | passed | failed | known | skipped | uncovered | tests passed | unexpected | expected-fail | skipped |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...report.areas.map(areaRow),
    "",
    "By source (spec: stated by the spec; platform: observed platform behaviour only):",
    "",
    "| area | source | clauses | covered | passed | failed | skipped |",
    "|---|---|---|---|---|---|---|",
    ...report.areas.flatMap((a) =>
      (["spec", "platform"] as const).map((s) => {
        const c = a.bySource[s];
        return `| ${a.area} | ${s} | ${c.total} | ${c.covered} | ${c.passed} | ${c.failed} | ${c.skipped} |`;
      }),
    ),
    "",
  );
  const groups = causeGroups(report);
  if (groups.some((g) => g.tests.length > 1)) {
    out.push(`## Failures by cause (${groups.length} causes)`, "");
    for (const g of groups) {
      out.push(`- **${g.tests.length} test(s)**: \`${g.cause.replace(/`/g, "'")}\``);
      out.push(...g.tests.slice(0, 20).map((x) => `  - ${cell(x.fullName)}`));
      if (g.tests.length > 20) out.push(`  - … and ${g.tests.length - 20} more`);
    }
    out.push("");
  }
  const unexpected = report.tests.filter((x) => x.status === "fail" || x.status === "unexpected-pass");
  out.push(`## Unexpected results (${unexpected.length})`, "");
  if (unexpected.length === 0) out.push("None.", "");
  for (const f of unexpected) out.push(failure(f), "");
  if (report.unhandledErrors.length > 0) {
    out.push("## Errors outside tests", "", ...report.unhandledErrors.map((e) => fence(e)), "");
  }
  const known = report.tests.filter((x) => x.status === "expected-fail");
  if (known.length > 0) {
    out.push(`## Expected failures (${known.length})`, "", "| test | reason |", "|---|---|");
    out.push(...known.map((k) => `| ${cell(k.key)} | ${cell(k.expectation ?? "")} |`), "");
  }
  if (report.staleExpectations.length > 0) {
    out.push(`## Stale expectations (${report.staleExpectations.length})`, "", "| test | why stale |", "|---|---|");
    out.push(...report.staleExpectations.map((s) => `| ${cell(s.test)} | ${cell(s.why)} |`), "");
    out.push("Update them with `npx edgeconf report --update-expectations`.", "");
  }
  const skipped = new Map<string, number>();
  for (const s of report.tests.filter((x) => x.status === "skip")) {
    const r = s.skipReason ?? "skipped";
    skipped.set(r, (skipped.get(r) ?? 0) + 1);
  }
  if (skipped.size > 0) {
    out.push("## Skipped", "", "| reason | tests |", "|---|---|");
    out.push(...[...skipped].map(([r, n]) => `| ${cell(r)} | ${n} |`), "");
  }
  const uncovered = report.areas.flatMap((a) => a.uncovered);
  if (uncovered.length > 0) {
    out.push(
      `## Clauses no test of this run named (${uncovered.length})`,
      "",
      uncovered.map((u) => `\`${u}\``).join(", "),
      "",
    );
  }
  for (const a of report.areas.filter((x) => report.selection.areas.includes(x.area))) {
    out.push(`## Clauses of ${a.area} (${a.clauseResults.length})`, "", "| clause | statement | source | result |");
    out.push("|---|---|---|---|");
    for (const c of clauseLines(a, report.tests)) {
      const result = c.reason ? `${c.result}: ${c.reason}` : c.result;
      out.push(`| \`${c.id}\` | ${cell(c.text)} | ${c.source} | ${cell(result)} |`);
    }
    out.push("");
  }
  const unnamed = report.tests.filter((x) => x.clauses.length === 0 && !/^\(.*\)$/.test(x.title));
  if (unnamed.length > 0) {
    out.push(
      `## Tests naming no clause (${unnamed.length})`,
      "",
      "They count in the totals but cover no clause; write them with clauseTest.",
      "",
      ...unnamed.map((u) => `- \`${u.key}\``),
      "",
    );
  }
  if (report.unknownClauses.length > 0) {
    out.push("## Clause ids not in the catalogue", "", report.unknownClauses.map((u) => `\`${u}\``).join(", "), "");
  }
  return out.join("\n");
}
