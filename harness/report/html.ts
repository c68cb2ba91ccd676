/**
 * report.html: one self-contained page (inline CSS and JS, no network) with the summary, per-area
 * bars of clause results and a filterable list of failures (and skips). Rows are rendered on the
 * server side, so the page reads without JavaScript; the script only filters them.
 */
import { causeGroups, clauseLines } from "./explain.ts";
import type { AreaSummary, RunReport, TestEntry } from "./types.ts";

export function htmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const SEGMENTS = [
  ["passed", "passed", "#2e7d32"],
  ["failed", "failed", "#c62828"],
  ["known", "known (expected)", "#ef6c00"],
  ["skipped", "skipped", "#9e9e9e"],
  ["uncovered", "uncovered", "#e0e0e0"],
  ["untestable", "untestable", "#b0bec5"],
] as const;

/** Every clause of the area: id, statement, result on this target (with the skip or not-tested reason). */
function clauseTable(a: AreaSummary, tests: readonly TestEntry[]): string {
  const rows = clauseLines(a, tests)
    .map(
      (c) =>
        `<tr class="clause cl-${c.result.replace(/ /g, "-")}"><td><code>${htmlEscape(c.id)}</code></td><td>${htmlEscape(c.text)}</td><td>${c.source}</td><td><span class="result">${htmlEscape(c.result)}</span>${c.reason ? `<div class="detail">${htmlEscape(c.reason)}</div>` : ""}</td></tr>`,
    )
    .join("\n");
  return `<details class="clauses all-clauses"><summary>every clause (${a.clauseResults.length}): statement and result</summary><table><tbody>${rows}</tbody></table></details>`;
}

function causes(report: RunReport): string {
  const groups = causeGroups(report);
  if (!groups.some((g) => g.tests.length > 1)) return "";
  const items = groups
    .map(
      (g) =>
        `<li><strong>${g.tests.length} test(s)</strong>: <code>${htmlEscape(g.cause)}</code><details><summary>tests</summary><ul>${g.tests.map((t) => `<li>${htmlEscape(t.fullName)}</li>`).join("")}</ul></details></li>`,
    )
    .join("\n");
  return `<h2>Failures by cause</h2><ul id="causes">${items}</ul>`;
}

function bar(a: AreaSummary, tests: readonly TestEntry[]): string {
  const c = a.clauses;
  const values: Record<(typeof SEGMENTS)[number][0], number> = {
    passed: c.passed,
    failed: c.failed - c.knownFailures,
    known: c.knownFailures,
    skipped: c.skipped,
    uncovered: a.uncovered.length,
    untestable: c.untestable,
  };
  const total = Math.max(
    1,
    Object.values(values).reduce((s, v) => s + v, 0),
  );
  const segs = SEGMENTS.filter(([k]) => values[k] > 0)
    .map(
      ([k, label, color]) =>
        `<span class="seg" style="width:${((values[k] / total) * 100).toFixed(2)}%;background:${color}" title="${label}: ${values[k]}"></span>`,
    )
    .join("");
  const t = a.tests;
  return `<div class="area" data-area="${htmlEscape(a.area)}">
  <div class="area-head"><strong>${htmlEscape(a.area)}</strong> <span class="verdict">${htmlEscape(a.verdict)}</span>
  <span>${c.total} clauses: ${c.covered} covered, ${c.passed} passed, ${c.failed} failed (${c.knownFailures} known), ${c.skipped} skipped, ${a.uncovered.length} uncovered, ${c.untestable} untestable</span>
  <span class="tests">tests: ${t.pass} passed, ${t.fail + t.unexpectedPass} unexpected, ${t.expectedFail} expected failures, ${t.skip} skipped</span></div>
  <div class="bar" role="img" aria-label="${htmlEscape(a.area)} clauses">${segs || '<span class="seg empty" style="width:100%"></span>'}</div>
  ${clauseList("failed clauses", a.failedClauses)}${clauseList("clauses no test of this run named", a.uncovered)}
  ${clauseTable(a, tests)}
</div>`;
}

function clauseList(label: string, ids: readonly string[]): string {
  if (ids.length === 0) return "";
  return `<details class="clauses"><summary>${label} (${ids.length})</summary><code>${ids.map(htmlEscape).join(", ")}</code></details>`;
}

function row(t: TestEntry): string {
  const detail = [
    t.clauses.length ? `clauses: ${t.clauses.join(", ")}` : "",
    t.expectation !== undefined ? `expectation: ${t.expectation}` : "",
    t.skipReason !== undefined ? `skipped: ${t.skipReason}` : "",
    t.property
      ? `seed ${t.property.seed}, path ${t.property.path ?? ""}, counterexample ${t.property.counterexample ?? ""}`
      : "",
  ].filter(Boolean);
  return `<tr class="test st-${t.status}" data-status="${t.status}" data-area="${htmlEscape(t.area)}">
<td><span class="badge st-${t.status}">${t.status}</span></td>
<td><div class="name">${htmlEscape(t.fullName)}</div><div class="file">${htmlEscape(t.file)}</div>${detail.map((d) => `<div class="detail">${htmlEscape(d)}</div>`).join("")}
${t.replay ? `<div class="replay">replay: <code>${htmlEscape(t.replay)}</code></div>` : ""}
${t.error ? `<details><summary>error</summary><pre>${htmlEscape(t.error)}</pre></details>` : ""}</td></tr>`;
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#212121;max-width:1200px}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}
.outcome{display:inline-block;padding:2px 10px;border-radius:10px;color:#fff;font-weight:600}
.outcome.as-expected{background:#2e7d32}.outcome.unexpected{background:#c62828}.outcome.aborted{background:#6a1b9a}.outcome.inconclusive{background:#ef6c00}
.meta{color:#555}.area{margin:12px 0}.area-head strong{display:inline-block;min-width:150px}.area-head span{color:#444;margin-right:14px}.area-head .tests{display:block;color:#777;font-size:12px;margin-left:150px}
.bar{display:flex;height:16px;border-radius:4px;overflow:hidden;background:#f5f5f5;margin-top:4px}.seg{display:block;height:100%}
.legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #eee;padding:6px;vertical-align:top}
details.diff{margin:6px 0}details.diff pre{margin:0;white-space:pre-wrap;font-size:12px}tr.differs{background:#fdecea}
.bad{color:#c62828;font-weight:600}.good{color:#2e7d32;font-weight:600}
.badge{padding:1px 6px;border-radius:8px;font-size:12px;color:#fff;white-space:nowrap}
.badge.st-fail,.badge.st-unexpected-pass{background:#c62828}.badge.st-expected-fail{background:#ef6c00}.badge.st-skip{background:#757575}
.file,.detail{color:#666;font-size:12px}.replay code{background:#f5f5f5;padding:1px 4px;word-break:break-all}
pre{white-space:pre-wrap;background:#fafafa;padding:8px;border:1px solid #eee;max-height:320px;overflow:auto}
.clauses{font-size:12px;color:#555;margin-top:2px}.cl-failed .result{color:#c62828}.cl-passed .result{color:#2e7d32}.clauses code{word-break:break-word}
.filters{display:flex;gap:12px;flex-wrap:wrap;align-items:center;margin:8px 0}.problems li{color:#6a1b9a}`;

const JS = `(function(){
var q=document.getElementById('q'),boxes=document.querySelectorAll('.filters input[type=checkbox]'),
rows=document.querySelectorAll('tr.test'),shown=document.getElementById('shown');
function apply(){var on={};boxes.forEach(function(b){on[b.value]=b.checked});var text=(q.value||'').toLowerCase(),n=0;
rows.forEach(function(r){var ok=on[r.dataset.status]&&(!text||r.textContent.toLowerCase().indexOf(text)>=0);r.style.display=ok?'':'none';if(ok)n++});
shown.textContent='showing '+n+' of '+rows.length;}
q.addEventListener('input',apply);boxes.forEach(function(b){b.addEventListener('change',apply)});apply();
document.body.setAttribute('data-ready','1');})();`;

/** The report page; `diffs` is the section of diffs found beside the run (diffs.ts), if any. */
export function renderHtml(report: RunReport, diffs = ""): string {
  const t = report.totals;
  const listed = report.tests.filter((x) => x.status !== "pass");
  const statuses = ["fail", "unexpected-pass", "expected-fail", "skip"] as const;
  const count = (s: string) => listed.filter((x) => x.status === s).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>edgeconf report: ${htmlEscape(report.target.name)} (${htmlEscape(report.outcome)})</title>
<style>${CSS}</style></head>
<body>
<h1>edgeconf conformance report: ${htmlEscape(report.target.name)} <span class="outcome ${report.outcome}" id="outcome">${htmlEscape(report.outcome)}</span></h1>
<div class="meta">${report.target.identity ? `<span id="target-identity">${htmlEscape(report.target.identity)}</span><br>` : ""}run ${htmlEscape(report.runId)} · seed ${report.seed} · ${htmlEscape(report.started)} · ${(report.durationMs / 1000).toFixed(1)} s · exit ${report.exitCode}<br>
edgeconf ${htmlEscape(report.versions.edgeconf)} · node ${htmlEscape(report.versions.node)} · vitest ${htmlEscape(report.versions.vitest)} · fast-check ${htmlEscape(report.versions.fastCheck)} · expectations ${htmlEscape(report.expectationsFile ?? "none")}</div>
<p id="totals">${t.total} tests: ${t.pass} passed, ${t.fail} failed, ${t.expectedFail} failed as expected, ${t.unexpectedPass} passed unexpectedly, ${t.skip} skipped</p>
${report.problems.length + report.unhandledErrors.length > 0 ? `<h2>Problems</h2><ul class="problems">${[...report.problems, ...report.unhandledErrors].map((p) => `<li><pre>${htmlEscape(p)}</pre></li>`).join("")}</ul>` : ""}
<h2>Clauses per area</h2>
<div class="legend">${SEGMENTS.map(([, label, color]) => `<span><i style="background:${color}"></i>${label}</span>`).join("")}</div>
${report.areas.map((a) => bar(a, report.tests)).join("\n")}
${causes(report)}
<h2>Failures and skips</h2>
<div class="filters"><input id="q" type="search" placeholder="filter by text, clause, file" aria-label="filter">
${statuses.map((s) => `<label><input type="checkbox" value="${s}"${s === "skip" ? "" : " checked"}> ${s} (${count(s)})</label>`).join("\n")}
<span id="shown">showing ${listed.length - count("skip")} of ${listed.length}</span></div>
${listed.length === 0 ? '<p id="none">No failures and no skips.</p>' : ""}<table><tbody>
${listed.map(row).join("\n")}
</tbody></table>
${diffs}
${report.staleExpectations.length > 0 ? `<h2>Stale expectations</h2><ul>${report.staleExpectations.map((s) => `<li><code>${htmlEscape(s.test)}</code>: ${htmlEscape(s.why)}</li>`).join("")}</ul>` : ""}
<script>${JS}</script>
</body></html>
`;
}
