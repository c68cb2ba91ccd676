/**
 * What a diff says, four ways from one DiffReport: console text, Markdown (diff.md), an HTML
 * section (a self-contained diff.html around it) and JSON (diff.json, the source of truth).
 * The minimal sequence is shown step by step with both sides' answers side by side; every
 * difference is listed with its path, and every normalised field with the rule that did it.
 */
import { htmlEscape } from "../report/html.ts";
import type { Difference } from "./compare.ts";
import type { DiffOutcome, Step } from "./run.ts";
import type { DiffOp, Json, NormaliseRule } from "./types.ts";

export interface DiffReport extends DiffOutcome {
  kind: "edgeconf-diff-report";
  runId: string;
  /** The normalisation rules of the area (shared and the area's own), with why each exists. */
  rules: NormaliseRule[];
  /** The replay file of the divergence, relative to the current directory. */
  replayFile?: string;
  expectationsFile?: string;
}

const compact = (v: Json | undefined): string => JSON.stringify(v) ?? "undefined";

export function opLine(op: DiffOp): string {
  const args = Object.entries(op)
    .filter(([k]) => k !== "op")
    .map(([k, v]) => `${k}=${compact(v)}`)
    .join(" ");
  return args ? `${op.op} ${args}` : op.op;
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function diffLine(d: Difference): string {
  return `${d.path || "(answer)"}: ${clip(compact(d.left as Json))}  ≠  ${clip(compact(d.right as Json))}`;
}

/** Rules applied on either side of a step, as `rule (path, path)` lines. */
export function appliedRules(step: Step): string[] {
  const by = new Map<string, Set<string>>();
  for (const a of [...step.applied.left, ...step.applied.right]) {
    if (!by.has(a.rule)) by.set(a.rule, new Set());
    by.get(a.rule)!.add(a.path.replace(/\[\d+\]/g, "[]"));
  }
  return [...by].map(([rule, paths]) => `${rule}: ${[...paths].join(", ")}`);
}

function pretty(v: Json): string[] {
  return JSON.stringify(v, null, 2).split("\n");
}

function sideBySide(left: Json, right: Json, width = 58): string[] {
  const l = pretty(left);
  const r = pretty(right);
  const out: string[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    const a = l[i] ?? "";
    const cut = a.length > width ? `${a.slice(0, width - 1)}…` : a;
    const mark = (l[i] ?? "") === (r[i] ?? "") ? " " : "≠";
    out.push(`  ${cut.padEnd(width)} ${mark} ${r[i] ?? ""}`);
  }
  return out;
}

/** Runs drawn and, separately, the shrink steps (sequences tried while shrinking; `kept` shrank it). */
export function runsLine(r: DiffReport): string {
  const runs = r.runsDone;
  const drawn = runs < r.runs ? `${runs} of ${r.runs} runs` : `${runs} runs`;
  const kept = r.divergence ? ` (${r.divergence.numShrinks} kept)` : "";
  return `${drawn}, ${r.shrinkSteps} shrink steps${kept}`;
}

function rate(r: DiffReport): string {
  const s = r.elapsedMs / 1000;
  return `${r.operationsPerSide} operations per side in ${s.toFixed(1)} s (${Math.round(r.operationsPerSide / Math.max(s, 0.001))}/s per side)`;
}

export function renderConsole(r: DiffReport): string {
  const lines = [
    `edgeconf diff: ${r.area}, ${r.left} vs ${r.right}, seed ${r.seed}, ${r.runs} runs of at most ${r.maxSteps} steps`,
    `${runsLine(r)}; ${rate(r)}`,
  ];
  if (r.aborted) lines.push(`ABORTED: ${r.aborted}`);
  for (const e of r.expectationsUsed) lines.push(`accepted (expected): ${e.op} ${e.field}: ${e.reason}`);
  for (const e of r.expectationsStale) lines.push(`stale expectation (no run needed it): ${e.area} ${e.op} ${e.field}`);
  const d = r.divergence;
  if (!d) {
    if (!r.aborted) lines.push(`No divergence in ${r.runs} runs.`);
    return `${lines.join("\n")}\n`;
  }
  const step = d.steps[d.divergentAt]!;
  lines.push(
    "",
    `DIVERGENCE after ${d.ops.length} operation${d.ops.length === 1 ? "" : "s"}${d.numShrinks > 0 ? ` (shrunk from ${d.originalLength} in ${d.numShrinks} shrinks)` : ""}:`,
    ...d.ops.map(
      (op, i) => `  ${String(i + 1).padStart(2)}. ${opLine(op)}${i === d.divergentAt ? "   <- differs" : ""}`,
    ),
    "",
    `Answers to step ${d.divergentAt + 1} (normalised), ${r.left} | ${r.right}:`,
    ...sideBySide(step.leftNormalised, step.rightNormalised),
    "",
    "Differences:",
    ...step.differences.map((x) => `  ${diffLine(x)}`),
  );
  const rules = appliedRules(step);
  if (rules.length > 0) lines.push("Normalised (rule: fields):", ...rules.map((x) => `  ${x}`));
  if (r.replayFile) lines.push("", `Replay: edgeconf replay ${r.replayFile}`);
  return `${lines.join("\n")}\n`;
}

const cell = (v: Json | undefined) => `\`${compact(v).replace(/\|/g, "\\|").replace(/`/g, "'")}\``;

export function renderMarkdown(r: DiffReport): string {
  const out = [
    `# edgeconf diff: ${r.area}, \`${r.left}\` vs \`${r.right}\``,
    "",
    `Seed ${r.seed}, at most ${r.maxSteps} steps per sequence: ${runsLine(r)}; ${rate(r)}.`,
    "",
  ];
  if (r.aborted) out.push(`**Aborted:** ${r.aborted}`, "");
  const d = r.divergence;
  if (!d) {
    if (!r.aborted) out.push(`**No divergence** in ${r.runs} runs.`, "");
  } else {
    const step = d.steps[d.divergentAt]!;
    out.push(
      `**Divergence** after ${d.ops.length} operation(s), shrunk from ${d.originalLength}.` +
        (r.replayFile ? ` Replay: \`edgeconf replay ${r.replayFile}\`` : ""),
      "",
      `| # | operation | ${r.left} | ${r.right} |`,
      "|---|---|---|---|",
      ...d.steps
        .slice(0, d.divergentAt + 1)
        .map(
          (s, i) =>
            `| ${i + 1}${i === d.divergentAt ? " ≠" : ""} | ${cell(opLine(s.op))} | ${cell(s.left)} | ${cell(s.right)} |`,
        ),
      "",
      "Differences (normalised answers):",
      "",
      ...step.differences.map(
        (x) => `- \`${x.path || "(answer)"}\`: ${cell(x.left as Json)} ≠ ${cell(x.right as Json)}`,
      ),
      "",
    );
    const rules = appliedRules(step);
    if (rules.length > 0) out.push("Normalised at that step:", "", ...rules.map((x) => `- ${x}`), "");
  }
  if (r.expectationsUsed.length > 0) {
    out.push(
      "Accepted divergences (expectations):",
      "",
      ...r.expectationsUsed.map((e) => `- ${e.op} \`${e.field}\`: ${e.reason}`),
      "",
    );
  }
  if (r.expectationsStale.length > 0) {
    out.push("Stale expectations:", "", ...r.expectationsStale.map((e) => `- ${e.area} ${e.op} \`${e.field}\``), "");
  }
  out.push("Normalisation rules (everything else is compared exactly):", "");
  out.push(
    ...r.rules.map(
      (x) => `- **${x.name}** (${x.kind}; ${x.keys.join(", ")}${x.ops ? ` in ${x.ops.join(", ")}` : ""}): ${x.why}`,
    ),
  );
  return `${out.join("\n")}\n`;
}

const pre = (v: Json) => `<pre>${htmlEscape(JSON.stringify(v, null, 2))}</pre>`;

/** The diff as one HTML section (for diff.html, or a report page that embeds it). */
export function renderHtmlSection(r: DiffReport): string {
  const d = r.divergence;
  const head = `<h2>diff: ${htmlEscape(r.area)}, ${htmlEscape(r.left)} vs ${htmlEscape(r.right)}</h2>
<p>Seed ${r.seed}, at most ${r.maxSteps} steps per sequence: ${htmlEscape(runsLine(r))}; ${htmlEscape(rate(r))}.</p>`;
  let body = r.aborted ? `<p class="bad">Aborted: ${htmlEscape(r.aborted)}</p>` : "";
  if (!d) body += r.aborted ? "" : `<p class="good">No divergence in ${r.runs} runs.</p>`;
  else {
    const rows = d.steps
      .slice(0, d.divergentAt + 1)
      .map(
        (s, i) =>
          `<tr class="${i === d.divergentAt ? "differs" : ""}"><td>${i + 1}</td><td><code>${htmlEscape(opLine(s.op))}</code></td><td>${pre(s.leftNormalised)}</td><td>${pre(s.rightNormalised)}</td></tr>`,
      )
      .join("\n");
    const step = d.steps[d.divergentAt]!;
    body += `<p class="bad">Divergence after ${d.ops.length} operation(s), shrunk from ${d.originalLength}.${r.replayFile ? ` Replay: <code>edgeconf replay ${htmlEscape(r.replayFile)}</code>` : ""}</p>
<table><thead><tr><th>#</th><th>operation</th><th>${htmlEscape(r.left)}</th><th>${htmlEscape(r.right)}</th></tr></thead><tbody>
${rows}
</tbody></table>
<h3>Differences</h3><ul>${step.differences.map((x) => `<li><code>${htmlEscape(diffLine(x))}</code></li>`).join("")}</ul>
<h3>Normalised at that step</h3><ul>${
      appliedRules(step)
        .map((x) => `<li>${htmlEscape(x)}</li>`)
        .join("") || "<li>nothing</li>"
    }</ul>`;
  }
  if (r.expectationsUsed.length > 0) {
    body += `<h3>Accepted divergences</h3><ul>${r.expectationsUsed.map((e) => `<li>${htmlEscape(`${e.op} ${e.field}: ${e.reason}`)}</li>`).join("")}</ul>`;
  }
  body += `<h3>Normalisation rules</h3><ul>${r.rules.map((x) => `<li><strong>${htmlEscape(x.name)}</strong> (${x.kind}; ${htmlEscape(x.keys.join(", "))}): ${htmlEscape(x.why)}</li>`).join("")}</ul>`;
  return `<section class="edgeconf-diff">\n${head}\n${body}\n</section>`;
}

export function renderHtmlPage(r: DiffReport): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>edgeconf diff: ${htmlEscape(r.area)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;text-align:left}
pre{margin:0;white-space:pre-wrap;word-break:break-all;font-size:12px}
tr.differs{background:#fdecea}.bad{color:#c62828;font-weight:600}.good{color:#2e7d32;font-weight:600}
</style></head><body>
${renderHtmlSection(r)}
</body></html>
`;
}
