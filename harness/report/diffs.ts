/**
 * The `edgeconf diff` runs a run report shows: the newest diff of each area in the same output folder
 * (`<out>/diff-<area>-<time>/diff.json`) when the report is written. report.html embeds each one's
 * section (the minimal sequence and both answers side by side) and links its own diff.html.
 *
 * A diff.json is input like any file in a folder: it is embedded only when it matches the diff report's
 * schema (fixtures/schemas/diff-report.schema.json), and its section is rendered with every field escaped;
 * one that does not validate, or whose section cannot be rendered, is left out and never stops the report.
 *
 * Gaps / by design: a diff that runs after the report is not in it (its own diff.html has it); reports
 * are never rewritten afterwards. Unreadable, foreign or invalid diff.json files are left out silently.
 */
import { type DiffReport, renderHtmlSection } from "../diff/render.ts";
import { diffReportSchemaErrors } from "./schema.ts";

/** The part of node:fs this reads (memfs volumes provide it too). */
export interface DiffReadFs {
  existsSync(target: string): boolean;
  readdirSync(dir: string): unknown[];
  readFileSync?(file: string, encoding: "utf8"): string | Buffer;
}

export interface FoundDiff {
  /** The diff's folder name inside the output folder (its run id). */
  dir: string;
  report: DiffReport;
}

/** The newest diff per area in `outDir`, ordered by area. */
export function findDiffs(outDir: string, fs: DiffReadFs): FoundDiff[] {
  if (!fs.readFileSync || !fs.existsSync(outDir)) return [];
  const names = fs
    .readdirSync(outDir)
    .map(String)
    .filter((n) => /^diff-[a-z-]+-\d{4}-\d\d-\d\dT[\d-]+Z$/.test(n))
    .sort();
  const newest = new Map<string, FoundDiff>();
  for (const dir of names) {
    try {
      const text = String(fs.readFileSync(`${outDir}/${dir}/diff.json`, "utf8"));
      const report = JSON.parse(text) as DiffReport;
      if (diffReportSchemaErrors(report).length > 0) continue;
      const d = report.divergence;
      if (d && d.divergentAt >= d.steps.length) continue; // the step it names must be there
      newest.set(report.area, { dir, report }); // names sort by time: the last one wins
    } catch {}
  }
  return [...newest.values()].sort((a, b) => a.report.area.localeCompare(b.report.area));
}

const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** report.html's section of the diffs found: a line each (open when it diverged), its section, a link. */
export function diffsSection(found: readonly FoundDiff[]): string {
  if (found.length === 0) return "";
  const items = found.flatMap(({ dir, report: r }) => {
    const verdict = r.aborted ? "aborted" : r.divergence ? "divergence" : "no divergence";
    const summary = `${esc(r.area)}: ${esc(r.left)} vs ${esc(r.right)}, ${verdict} (${esc(dir)})`;
    const link = `<p><a href="../${encodeURIComponent(dir)}/diff.html">${esc(dir)}/diff.html</a></p>`;
    let section: string;
    try {
      section = renderHtmlSection(escapedNumbers(r));
    } catch {
      return []; // a section that cannot be rendered is left out; the report is still written
    }
    return [
      `<details class="diff"${r.divergence ? " open" : ""}><summary>${summary}</summary>${link}${section}</details>`,
    ];
  });
  if (items.length === 0) return "";
  return `<h2>Diffs in this folder (edgeconf diff)</h2>
<p>The newest <code>edgeconf diff</code> of each area in this report's output folder when the report was written
(separate runs, with their own seeds and targets).</p>
<div id="diffs">${items.join("\n")}</div>`;
}

/**
 * The diff with its numbers as numbers and its enumerations as their values: the schema checked them, and
 * this makes sure nothing but those reaches the places of the section that print them unescaped (seed,
 * runs, step counts, rule kinds).
 */
function escapedNumbers(r: DiffReport): DiffReport {
  const n = (v: number) => Number(v);
  return {
    ...r,
    seed: n(r.seed),
    runs: n(r.runs),
    maxSteps: n(r.maxSteps),
    runsDone: n(r.runsDone),
    shrinkSteps: n(r.shrinkSteps),
    operationsPerSide: n(r.operationsPerSide),
    elapsedMs: n(r.elapsedMs),
    rules: r.rules.map((x) => ({ ...x, kind: esc(x.kind) as typeof x.kind })),
    ...(r.divergence
      ? {
          divergence: {
            ...r.divergence,
            divergentAt: n(r.divergence.divergentAt),
            numShrinks: n(r.divergence.numShrinks),
            originalLength: n(r.divergence.originalLength),
          },
        }
      : {}),
  };
}
