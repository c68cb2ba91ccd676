/**
 * What a report explains beyond counts: every clause of an area with its text and its result on this
 * target (passed / failed / skipped with the reason / not tested), and failures grouped by root
 * cause, where one error explains many. Pure: renderings of the report (markdown, html) use it.
 */
import { clauseById } from "../clauses/index.ts";
import type { Clause } from "../clauses/types.ts";
import { DEFAULT_COLUMNS, wrapLine } from "../terminal.ts";
import type { AreaSummary, ClauseResult, RunReport, TestEntry } from "./types.ts";

export type ClauseVerdict = "passed" | "failed" | "failed as expected" | "skipped" | "not tested";

export interface ClauseLine {
  id: string;
  text: string;
  source: "spec" | "platform";
  result: ClauseVerdict;
  /** Why it was skipped or not tested (the tests' skip reasons, or why no test can check it). */
  reason?: string;
}

const VERDICT: Record<ClauseResult["state"], ClauseVerdict> = {
  passed: "passed",
  failed: "failed",
  known: "failed as expected",
  skipped: "skipped",
  uncovered: "not tested",
  untestable: "not tested",
};

/** Every clause of an area, in catalogue order, with its text and result. */
export function clauseLines(
  area: AreaSummary,
  tests: readonly TestEntry[],
  lookup: (id: string) => Clause | undefined = clauseById,
): ClauseLine[] {
  return area.clauseResults.map((r) => {
    const clause = lookup(r.id);
    const line: ClauseLine = { id: r.id, text: clause?.text ?? "", source: r.source, result: VERDICT[r.state] };
    if (r.state === "skipped") {
      const reasons = new Set(
        tests.filter((t) => t.status === "skip" && t.clauses.includes(r.id)).map((t) => t.skipReason ?? "skipped"),
      );
      line.reason = [...reasons].join(" ");
    } else if (r.state === "untestable") {
      line.reason = `No test can check it: ${clause?.untestable ?? "untestable"}`;
    } else if (r.state === "uncovered") {
      line.reason = "No test of this run names it (left out by --areas, --grep, --include or --shard).";
    }
    return line;
  });
}

export interface CauseGroup {
  /** The failure's first line with run-specific values (ids, uuids, times) blanked. */
  cause: string;
  tests: TestEntry[];
}

/** The root cause of a failure: its first line that is not a wrapper, with run-specific values blanked. */
export function causeOf(error: string | undefined): string {
  const lines = (error ?? "").split("\n").map((l) => l.trim());
  const first = lines.find((l) => l !== "") ?? "(no error text)";
  return first
    .replace(/^(Error|AssertionError): (?=Failing assertion:)/, "")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>")
    .replace(/\b[0-9a-f]{16,}\b/gi, "<id>")
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, "<time>")
    .replace(/\b\d{5,}\b/g, "<n>");
}

/** Unexpected failures grouped by cause, largest group first (ties: first seen). */
export function causeGroups(report: Pick<RunReport, "tests">): CauseGroup[] {
  const groups = new Map<string, TestEntry[]>();
  for (const t of report.tests) {
    if (t.status !== "fail") continue;
    const cause = causeOf(t.error);
    groups.set(cause, [...(groups.get(cause) ?? []), t]);
  }
  return [...groups].map(([cause, tests]) => ({ cause, tests })).sort((a, b) => b.tests.length - a.tests.length);
}

/** Each failing test's cause group and its number (1 = the largest group), for per-test renderings (junit). */
export function causeOfTest(report: Pick<RunReport, "tests">): Map<TestEntry, { number: number; group: CauseGroup }> {
  const out = new Map<TestEntry, { number: number; group: CauseGroup }>();
  causeGroups(report).forEach((group, i) => {
    for (const t of group.tests) out.set(t, { number: i + 1, group });
  });
  return out;
}

/** "a, b, c (+N more)": the first `cap` items of a list. */
export function capped(items: readonly string[], cap: number): string {
  const shown = items.slice(0, cap).join(", ");
  return items.length > cap ? `${shown} (+${items.length - cap} more)` : shown;
}

/**
 * A few lines per cause for the console: the count, the clauses the failures name (or the tests' titles
 * where they name none), capped, then the cause (at most 200 characters), wrapped to `width` under the
 * count. At most `maxCauses` causes, then "+N more causes".
 */
export function causeLines(
  report: Pick<RunReport, "tests">,
  maxCauses = 10,
  cap = 5,
  width = DEFAULT_COLUMNS,
): string[] {
  const groups = causeGroups(report);
  const lines = groups.slice(0, maxCauses).flatMap((g) => {
    const clauses = [...new Set(g.tests.flatMap((t) => t.clauses))];
    const what =
      clauses.length > 0
        ? `clauses ${capped(clauses, cap)}`
        : capped(
            g.tests.map((t) => t.title),
            cap,
          );
    const cause = g.cause.length > 200 ? `${g.cause.slice(0, 199)}…` : g.cause;
    return wrapLine(
      "  ",
      `${g.tests.length} ${g.tests.length === 1 ? "failure" : "failures"} (${what}): ${cause}`,
      width,
      "    ",
    );
  });
  if (groups.length > maxCauses) lines.push(`  +${groups.length - maxCauses} more causes (see report.md)`);
  return lines;
}
