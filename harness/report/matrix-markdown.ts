/** matrix.md: the runs, interoperability per area, the clauses that differ between runs, then every clause. Pure. */
import type { CellStatus, Matrix, MatrixRow } from "./matrix.ts";
import { firstLine, percent, REAL_LABELS } from "./matrix.ts";

export const CELL_TEXT: Record<CellStatus, string> = {
  pass: "pass",
  fail: "**FAIL**",
  "expected-fail": "xfail",
  skip: "skip",
  "not-tested": "–",
};

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function header(m: Matrix, lead: string[]): string[] {
  const cols = [
    ...lead,
    ...m.runs.map((r) => `${r.index + 1}`),
    ...m.real.map((x) => `last passed: ${REAL_LABELS[x]}`),
  ];
  return [`| ${cols.join(" | ")} |`, `|${cols.map(() => "---").join("|")}|`];
}

function row(m: Matrix, r: MatrixRow, second: string): string {
  const id = `\`${r.id}\`${r.notInCatalogue ? " (not in the catalogue)" : ""}`;
  const lead = [id, second];
  const last = m.real.map((x) => {
    const p = r.lastPassed[x];
    return p ? `${p.date.slice(0, 10)}${p.version ? ` (${p.version})` : ""}` : "never";
  });
  return `| ${[...lead, ...r.cells.map((c) => CELL_TEXT[c.status]), ...last].map(cell).join(" | ")} |`;
}

export function renderMatrixMarkdown(m: Matrix): string {
  const differing = m.rows.filter((r) => r.differs);
  const out = [
    "# edgeconf conformance matrix",
    "",
    `${m.rows.length} clauses × ${m.runs.length} runs, made ${m.generated} by edgeconf ${m.edgeconf}. ` +
      "Cells: pass, **FAIL**, xfail (failed as the run's expectations say), skip, – (not tested).",
    "",
    "## Runs",
    "",
    "| # | target | implementation | started | edgeconf | outcome | report |",
    "|---|---|---|---|---|---|---|",
    ...m.runs.map((r) => {
      const impl = r.implementation
        ? `${r.implementation.name}${r.implementation.version ? ` ${r.implementation.version}` : ""}`
        : (r.identity ?? "");
      const shards = r.shards ? ` (shards ${r.shards.given.join(",")} of ${r.shards.count})` : "";
      return `| ${[String(r.index + 1), r.target, impl, r.started, r.edgeconf, r.outcome, r.sources.join(", ") + shards].map(cell).join(" | ")} |`;
    }),
    "",
    "## Interoperability per area",
    "",
    "The share of testable clauses that every run which tested the area passes, and each run's own share " +
      "(n/a: the run did not test the area).",
    "",
    `| area | clauses | every run passes | differ | ${m.runs.map((r) => String(r.index + 1)).join(" | ")} |`,
    `|---|---|---|---|${m.runs.map(() => "---").join("|")}|`,
    ...m.areas.map(
      (a) =>
        `| ${a.area} | ${a.clauses} | ${a.runsCounted.length ? `${a.interop.passed} (${percent(a.interop.share)})` : "n/a"} | ${a.differing} | ${a.perRun.map((p) => (p.passed === null ? "n/a" : `${p.passed} (${percent(p.share)})`)).join(" | ")} |`,
    ),
    "",
    `## Differences between runs (${differing.length})`,
    "",
  ];
  if (differing.length === 0) out.push("Every run that tested an area says the same of each of its clauses.", "");
  else {
    out.push(...header(m, ["clause", "area"]), ...differing.map((r) => row(m, r, r.area)), "");
    const failures = differing.flatMap((r) =>
      r.cells.flatMap((c, i) =>
        c.status === "fail" ? [`- \`${r.id}\` on run ${i + 1}: ${cell(firstLine(c.detail).slice(0, 300))}`] : [],
      ),
    );
    if (failures.length > 0) {
      out.push("Failures among them (first line):", "", ...failures.slice(0, 200));
      if (failures.length > 200) out.push(`- … and ${failures.length - 200} more (matrix.json has them all)`);
      out.push("");
    }
  }
  out.push("## Every clause", "");
  for (const a of m.areas) {
    const rows = m.rows.filter((r) => r.area === a.area);
    if (rows.length === 0) continue;
    out.push(`### ${a.area}`, "", ...header(m, ["clause", "feature"]));
    for (const r of rows) out.push(row(m, r, r.feature));
    out.push("");
  }
  return `${out.join("\n")}\n`;
}
