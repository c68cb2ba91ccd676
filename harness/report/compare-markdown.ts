/**
 * The comparison as Markdown for a pull-request comment: regressions first, then newly passing, changed
 * failures, no longer run. It stays under COMMENT_LIMIT characters: past a budget, the rest of each
 * list is counted, not shown. Pure.
 */
import { type Change, COMMENT_LIMIT, type Comparison } from "./compare.ts";
import { causeOf } from "./explain.ts";
import type { RunReport } from "./types.ts";

export interface CompareSide {
  /** As the user named it. */
  shown: string;
  report: Pick<RunReport, "target" | "started" | "runId">;
}

const inline = (text: string) => text.replace(/[`|]/g, (c) => `\\${c}`).replace(/\s+/g, " ");

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}\n${text}\n${ticks}`;
}

function sideLabel(s: CompareSide): string {
  const impl = s.report.target.implementation;
  const name = impl ? ` (${impl.name}${impl.version ? ` ${impl.version}` : ""})` : "";
  return `${s.shown}: ${s.report.target.name}${name}, ${s.report.started}`;
}

const WAS: Record<Change["before"], string> = {
  passing: "passed before",
  failing: "failed before",
  skipped: "was skipped",
  absent: "new test",
};

function item(c: Change, kind: "failing" | "passing" | "changed" | "gone", detailed: boolean): string {
  const clauses = c.clauses.length ? ` [${c.clauses.join(", ")}]` : "";
  const head = `- \`${inline(c.fullName)}\`${clauses} (\`${inline(c.file)}\`)`;
  if (kind === "failing") {
    const lines = [`${head}: ${WAS[c.before]}; now ${inline(causeOf(c.error)).slice(0, 300)}`];
    if (detailed && c.error) {
      const error = c.error.length > 1500 ? `${c.error.slice(0, 1500)}\n…` : c.error;
      lines.push("  <details><summary>failure</summary>", "", fence(error).replace(/^/gm, "  "), "", "  </details>");
    }
    return lines.join("\n");
  }
  if (kind === "passing") return `${head}: ${WAS[c.before]}`;
  if (kind === "changed") {
    return `${head}: was ${inline(causeOf(c.previousError)).slice(0, 200)}; now ${inline(causeOf(c.error)).slice(0, 200)}`;
  }
  return `${head}: ${c.before === "passing" ? "passed" : "failed"} before; now ${c.after === "absent" ? "not in the run" : `skipped (${inline(c.skipReason ?? "skipped").slice(0, 200)})`}`;
}

export function renderCompareMarkdown(
  cmp: Comparison,
  base: CompareSide,
  next: CompareSide,
  limit = COMMENT_LIMIT,
): string {
  const n = cmp.newlyFailing.length;
  const head = [
    `## edgeconf: ${n === 0 ? "no regression" : `${n} newly failing ${n === 1 ? "test" : "tests"}`}`,
    "",
    `- base: ${inline(sideLabel(base))}`,
    `- new: ${inline(sideLabel(next))}`,
    "",
    `**${n} newly failing** · ${cmp.newlyPassing.length} newly passing · ${cmp.changedFailure.length} changed failure · ` +
      `${cmp.noLongerRun.length} no longer run · ${cmp.unchanged} the same`,
    "",
  ];
  if (base.report.target.name !== next.report.target.name) {
    head.push(`Note: the runs are of different targets (${base.report.target.name}, ${next.report.target.name}).`, "");
  }
  const sections: [string, Change[], "failing" | "passing" | "changed" | "gone"][] = [
    ["Newly failing (regressions)", cmp.newlyFailing, "failing"],
    ["Newly passing", cmp.newlyPassing, "passing"],
    ["Changed failure", cmp.changedFailure, "changed"],
    ["No longer run", cmp.noLongerRun, "gone"],
  ];
  // Room for the headings and the "… more" lines of every section, reserved up front.
  const reserve = 400 * sections.length;
  let used = head.join("\n").length + reserve;
  const out = [...head];
  for (const [title, list, kind] of sections) {
    if (list.length === 0) continue;
    out.push(`### ${title} (${list.length})`, "");
    let shown = 0;
    for (const c of list) {
      // Full failures for the first regressions; one line each once a quarter of the room is used.
      const text = item(c, kind, kind === "failing" && used < limit / 4);
      if (used + text.length + 1 > limit - reserve) break;
      out.push(text);
      used += text.length + 1;
      shown++;
    }
    if (shown < list.length) {
      out.push(
        `- … and ${list.length - shown} more (too many for one comment: \`edgeconf report compare --full\` lists them all)`,
      );
    }
    out.push("");
  }
  const text = `${out.join("\n")}\n`;
  return text.length <= limit ? text : `${text.slice(0, limit - 40)}\n\n… (cut to fit a comment)\n`;
}
