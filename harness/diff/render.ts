/**
 * What a diff says, four ways from one DiffReport: console text, Markdown (diff.md), an HTML
 * section (a self-contained diff.html around it) and JSON (diff.json, the source of truth).
 * The minimal sequence is shown step by step with both sides' answers side by side; every
 * difference is listed with its path, and every normalised field with the rule that did it.
 */
import { htmlEscape } from "../report/html.ts";
import { DEFAULT_COLUMNS, wrapCommand, wrapLine } from "../terminal.ts";
import type { Difference } from "./compare.ts";
import type { DiffOutcome, Divergence, Step } from "./run.ts";
import type { DiffOp, Json, NormaliseRule } from "./types.ts";

export interface DiffReport extends DiffOutcome {
  kind: "edgeconf-diff-report";
  runId: string;
  /** The normalisation rules of the area (shared and the area's own), with why each exists. */
  rules: NormaliseRule[];
  /** The target options a replay needs (` --module M`), appended to every printed replay command. */
  replayArgs?: string;
  expectationsFile?: string;
  /** The draft expectations file this run wrote (--draft-expectations). */
  draftExpectationsFile?: string;
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

/** The two answers side by side, each column cut to fit `width` (the Differences lines say the rest). */
function sideBySide(left: Json, right: Json, width: number): string[] {
  const column = Math.max(10, Math.floor((width - 5) / 2));
  const cut = (t: string) => (t.length > column ? `${t.slice(0, column - 1)}…` : t);
  const l = pretty(left);
  const r = pretty(right);
  const out: string[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    const mark = (l[i] ?? "") === (r[i] ?? "") ? " " : "≠";
    out.push(`  ${cut(l[i] ?? "").padEnd(column)} ${mark} ${cut(r[i] ?? "")}`.trimEnd());
  }
  return out;
}

/** The divergences of a report (older reports had only the first, as `divergence`, without fingerprint or count). */
export function divergencesOf(r: DiffOutcome): Divergence[] {
  const old = (r as { replayFile?: unknown }).replayFile;
  const ds = Array.isArray(r.divergences)
    ? r.divergences
    : r.divergence
      ? [{ ...r.divergence, ...(typeof old === "string" ? { replayFile: old } : {}) }]
      : [];
  return ds.map((d) => ({
    ...d,
    fingerprint: typeof d.fingerprint === "string" ? d.fingerprint : "(not recorded)",
    count: typeof d.count === "number" ? d.count : 1,
    foundAtRun: typeof d.foundAtRun === "number" ? d.foundAtRun : 0,
  }));
}

/** Runs drawn and, separately, the shrink steps (sequences tried while shrinking; `kept` shrank them). */
export function runsLine(r: DiffReport): string {
  const runs = r.runsDone;
  const drawn = runs < r.runs ? `${runs} of ${r.runs} runs` : `${runs} runs`;
  const ds = divergencesOf(r);
  const kept = ds.length > 0 ? ` (${ds.reduce((n, d) => n + d.numShrinks, 0)} kept)` : "";
  return `${drawn}, ${r.shrinkSteps} shrink steps${kept}`;
}

function rate(r: DiffReport): string {
  const s = r.elapsedMs / 1000;
  return `${r.operationsPerSide} operations per side in ${s.toFixed(1)} s (${Math.round(r.operationsPerSide / Math.max(s, 0.001))}/s per side)`;
}

/** The command that replays a divergence, as the user can type it. */
export function replayCommand(r: DiffReport, d: Divergence): string | undefined {
  return d.replayFile ? `edgeconf replay ${d.replayFile}${r.replayArgs ?? ""}` : undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A few lines per distinct divergence: its number, how often it occurred, its fingerprint. */
function summaryLines(r: DiffReport, width: number): string[] {
  const ds = divergencesOf(r);
  const cap =
    ds.length >= (r.maxDivergences ?? Number.POSITIVE_INFINITY)
      ? ` (the limit, --max-divergences ${r.maxDivergences}: the run stopped there)`
      : "";
  return [
    ...wrapLine("", `${plural(ds.length, "distinct divergence")}${cap}:`, width, "  "),
    ...ds.flatMap((d, i) => {
      const head = `  #${i + 1}  ${String(d.count).padStart(3)}x  `;
      const text = `${d.fingerprint}  (${plural(d.ops.length, "step")}, first in run ${d.foundAtRun})`;
      return wrapLine(head, text, width, " ".repeat(head.length));
    }),
  ];
}

/** The run as the terminal shows it, every line within `width` (80 when the output is not a terminal). */
export function renderConsole(r: DiffReport, width = DEFAULT_COLUMNS): string {
  const wrap = (head: string, text: string, pad = "  ") => wrapLine(head, text, width, pad);
  const lines = [
    ...wrap(
      "",
      `edgeconf diff: ${r.area}, ${r.left} vs ${r.right}, seed ${r.seed}, ${r.runs} runs of at most ${r.maxSteps} steps`,
    ),
    ...wrap("", `${runsLine(r)}; ${rate(r)}`),
  ];
  if (r.aborted) lines.push(...wrap("ABORTED: ", r.aborted));
  for (const e of r.expectationsUsed) lines.push(...wrap("", `accepted (expected): ${e.op} ${e.field}: ${e.reason}`));
  for (const e of r.expectationsStale)
    lines.push(...wrap("", `stale expectation (its operation ran, it was never needed): ${e.area} ${e.op} ${e.field}`));
  const ds = divergencesOf(r);
  if (ds.length === 0) {
    if (!r.aborted) lines.push(`No divergence in ${r.runsDone} runs.`);
    return `${lines.join("\n")}\n`;
  }
  lines.push("", ...summaryLines(r, width));
  for (const [i, d] of ds.entries()) {
    const step = d.steps[d.divergentAt]!;
    lines.push(
      "",
      ...wrap("", `DIVERGENCE #${i + 1} of ${ds.length} (${d.count}x): ${d.fingerprint}`),
      ...wrap(
        "",
        `after ${plural(d.ops.length, "operation")}${d.numShrinks > 0 ? ` (shrunk from ${d.originalLength} in ${d.numShrinks} shrinks)` : ""}:`,
      ),
      ...d.ops.flatMap((op, j) =>
        wrap(
          `  ${String(j + 1).padStart(2)}. `,
          `${opLine(op)}${j === d.divergentAt ? "   <- differs" : ""}`,
          "      ",
        ),
      ),
      "",
      ...wrap("", `Answers to step ${d.divergentAt + 1} (normalised), ${r.left} | ${r.right}:`),
      ...sideBySide(step.leftNormalised, step.rightNormalised, width),
      "",
      "Differences:",
      ...step.differences.flatMap((x) => wrap("  ", diffLine(x), "    ")),
    );
    const rules = appliedRules(step);
    if (rules.length > 0) lines.push("Normalised (rule: fields):", ...rules.flatMap((x) => wrap("  ", x, "    ")));
    const cmd = replayCommand(r, d);
    if (cmd) lines.push(...wrapCommand("Replay: ", cmd, width, "  "));
  }
  if (r.draftExpectationsFile)
    lines.push("", ...wrap("", `Draft expectations (write each reason): ${r.draftExpectationsFile}`));
  return `${lines.join("\n")}\n`;
}

/** A plain string as inline code in a table cell. */
const code = (t: string) => `\`${t.replace(/\|/g, "\\|").replace(/`/g, "'")}\``;

const cell = (v: Json | undefined) => `\`${compact(v).replace(/\|/g, "\\|").replace(/`/g, "'")}\``;

export function renderMarkdown(r: DiffReport): string {
  const out = [
    `# edgeconf diff: ${r.area}, \`${r.left}\` vs \`${r.right}\``,
    "",
    `Seed ${r.seed}, at most ${r.maxSteps} steps per sequence: ${runsLine(r)}; ${rate(r)}.`,
    "",
  ];
  if (r.aborted) out.push(`**Aborted:** ${r.aborted}`, "");
  const ds = divergencesOf(r);
  if (ds.length === 0) {
    if (!r.aborted) out.push(`**No divergence** in ${r.runsDone} runs.`, "");
  } else {
    out.push(
      `**${plural(ds.length, "distinct divergence")}**:`,
      "",
      "| # | count | operation | outcome | fields | steps | replay |",
      "|---|---|---|---|---|---|---|",
      ...ds.map((d, i) => {
        const [op, outcome, fields] = d.fingerprint.split(" | ");
        const cmd = replayCommand(r, d);
        return `| ${i + 1} | ${d.count} | ${op} | ${outcome} | ${code(fields ?? "")} | ${d.ops.length} | ${cmd ? code(cmd) : ""} |`;
      }),
      "",
    );
    for (const [i, d] of ds.entries()) {
      const step = d.steps[d.divergentAt]!;
      const cmd = replayCommand(r, d);
      out.push(
        `## Divergence ${i + 1}: ${d.fingerprint.replace(/\|/g, "\\|")}`,
        "",
        `Met in ${d.count} run(s), first in run ${d.foundAtRun}; ${d.ops.length} operation(s), shrunk from ${d.originalLength}.` +
          (cmd ? ` Replay: \`${cmd}\`` : ""),
        "",
        `| # | operation | ${r.left} | ${r.right} |`,
        "|---|---|---|---|",
        ...d.steps
          .slice(0, d.divergentAt + 1)
          .map(
            (s, j) =>
              `| ${j + 1}${j === d.divergentAt ? " ≠" : ""} | ${cell(opLine(s.op))} | ${cell(s.left)} | ${cell(s.right)} |`,
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
    out.push(
      "Stale expectations (the run ran their operation and never needed them):",
      "",
      ...r.expectationsStale.map((e) => `- ${e.area} ${e.op} \`${e.field}\``),
      "",
    );
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

function htmlDivergence(r: DiffReport, d: Divergence, i: number, of: number): string {
  const rows = d.steps
    .slice(0, d.divergentAt + 1)
    .map(
      (s, j) =>
        `<tr class="${j === d.divergentAt ? "differs" : ""}"><td>${j + 1}</td><td><code>${htmlEscape(opLine(s.op))}</code></td><td>${pre(s.leftNormalised)}</td><td>${pre(s.rightNormalised)}</td></tr>`,
    )
    .join("\n");
  const step = d.steps[d.divergentAt]!;
  const cmd = replayCommand(r, d);
  return `<h3>Divergence ${i + 1} of ${of}: <code>${htmlEscape(d.fingerprint)}</code></h3>
<p class="bad">Met in ${Number(d.count)} run(s); ${d.ops.length} operation(s), shrunk from ${Number(d.originalLength)}.${cmd ? ` Replay: <code>${htmlEscape(cmd)}</code>` : ""}</p>
<table><thead><tr><th>#</th><th>operation</th><th>${htmlEscape(r.left)}</th><th>${htmlEscape(r.right)}</th></tr></thead><tbody>
${rows}
</tbody></table>
<h4>Differences</h4><ul>${step.differences.map((x) => `<li><code>${htmlEscape(diffLine(x))}</code></li>`).join("")}</ul>
<h4>Normalised at that step</h4><ul>${
    appliedRules(step)
      .map((x) => `<li>${htmlEscape(x)}</li>`)
      .join("") || "<li>nothing</li>"
  }</ul>`;
}

/** The diff as one HTML section (for diff.html, or a report page that embeds it). */
export function renderHtmlSection(r: DiffReport): string {
  const ds = divergencesOf(r);
  const head = `<h2>diff: ${htmlEscape(r.area)}, ${htmlEscape(r.left)} vs ${htmlEscape(r.right)}</h2>
<p>Seed ${htmlEscape(String(r.seed))}, at most ${htmlEscape(String(r.maxSteps))} steps per sequence: ${htmlEscape(runsLine(r))}; ${htmlEscape(rate(r))}.</p>`;
  let body = r.aborted ? `<p class="bad">Aborted: ${htmlEscape(r.aborted)}</p>` : "";
  if (ds.length === 0) body += r.aborted ? "" : `<p class="good">No divergence in ${Number(r.runsDone)} runs.</p>`;
  else {
    const rows = ds
      .map((d, i) => {
        const cmd = replayCommand(r, d);
        return `<tr><td>${i + 1}</td><td>${Number(d.count)}</td><td><code>${htmlEscape(d.fingerprint)}</code></td><td>${d.ops.length}</td><td>${cmd ? `<code>${htmlEscape(cmd)}</code>` : ""}</td></tr>`;
      })
      .join("\n");
    body += `<p class="bad">${plural(ds.length, "distinct divergence")}</p>
<table><thead><tr><th>#</th><th>count</th><th>fingerprint (operation | outcomes | fields)</th><th>steps</th><th>replay</th></tr></thead><tbody>
${rows}
</tbody></table>
${ds.map((d, i) => htmlDivergence(r, d, i, ds.length)).join("\n")}`;
  }
  if (r.expectationsUsed.length > 0) {
    body += `<h3>Accepted divergences</h3><ul>${r.expectationsUsed.map((e) => `<li>${htmlEscape(`${e.op} ${e.field}: ${e.reason}`)}</li>`).join("")}</ul>`;
  }
  if (r.expectationsStale.length > 0) {
    body += `<h3>Stale expectations</h3><ul>${r.expectationsStale.map((e) => `<li>${htmlEscape(`${e.area} ${e.op} ${e.field}`)}</li>`).join("")}</ul>`;
  }
  body += `<h3>Normalisation rules</h3><ul>${r.rules.map((x) => `<li><strong>${htmlEscape(x.name)}</strong> (${htmlEscape(String(x.kind))}; ${htmlEscape(x.keys.join(", "))}): ${htmlEscape(x.why)}</li>`).join("")}</ul>`;
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
