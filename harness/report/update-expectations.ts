/**
 * `edgeconf report --update-expectations`: a target's expectations rewritten from a run. Pure.
 *
 * Kept: entries whose test failed as expected (reason unchanged), and entries outside the run's
 * scope. Added: tests that failed unexpectedly (reason: the first line of the failure, to be
 * edited). Removed: entries whose test passed (unexpected pass) and stale entries.
 */
import { type Expectation, type ExpectationsFile, matchKey } from "../expectations.ts";
import { DEFAULT_COLUMNS, wrapLine } from "../terminal.ts";
import type { RunReport } from "./types.ts";

export interface ExpectationsUpdate {
  file: ExpectationsFile;
  added: string[];
  removed: string[];
  kept: number;
}

export function updateExpectations(report: RunReport, current: ExpectationsFile | undefined): ExpectationsUpdate {
  const byKey = new Map(report.tests.map((t) => [matchKey(t.key), t]));
  const stale = new Set(report.staleExpectations.map((s) => s.test));
  const kept: Expectation[] = [];
  const removed: string[] = [];
  for (const e of current?.expectations ?? []) {
    const t = byKey.get(matchKey(e.test));
    if (stale.has(e.test) || t?.status === "unexpected-pass" || t?.status === "pass") removed.push(e.test);
    // The entry matched a test whose clause ids changed: it takes the test's current key.
    else kept.push(t ? { ...e, test: t.key } : e);
  }
  const keptKeys = new Set(kept.map((e) => matchKey(e.test)));
  const added: Expectation[] = [];
  for (const t of report.tests) {
    if (t.status !== "fail" || keptKeys.has(matchKey(t.key))) continue;
    const first = (t.error ?? "failed").split("\n")[0] ?? "failed";
    added.push({
      test: t.key,
      reason: `fails on ${report.target.name} since run ${report.runId}: ${first.slice(0, 200)}`,
    });
  }
  return {
    file: { ...(current ?? {}), target: report.target.name, expectations: [...kept, ...added] },
    added: added.map((a) => a.test),
    removed,
    kept: kept.length,
  };
}

/** At most this many test files are named per line of the summary. */
const FILES_SHOWN = 6;

/** One line per kind of change (wrapped to `width`): how many entries, by test file (the largest first), never every entry. */
function byFile(sign: string, keys: readonly string[], width: number): string {
  const counts = new Map<string, number>();
  for (const k of keys) {
    const file = k.split("::")[0] ?? k;
    counts.set(file, (counts.get(file) ?? 0) + 1);
  }
  const files = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = files.slice(0, FILES_SHOWN).map(([f, n]) => `${f} ${n}`);
  const more = files.length > FILES_SHOWN ? `, and ${files.length - FILES_SHOWN} more file(s)` : "";
  const text = `${keys.length} in ${files.length} file(s): ${shown.join(", ")}${more}`;
  return `${wrapLine(`  ${sign} `, text, width, "    ").join("\n")}\n`;
}

/**
 * What `report --update-expectations` prints after its first line: a summary, not every entry, each line
 * within `width` (continuation lines indented by four).
 */
export function updateSummary(update: ExpectationsUpdate, width = DEFAULT_COLUMNS): string {
  let out = "";
  if (update.added.length > 0) out += byFile("+", update.added, width);
  if (update.removed.length > 0) out += byFile("-", update.removed, width);
  if (update.added.length > 0) {
    out += 'Edit the reasons of the added entries (each starts "fails on"): why it deviates.\n';
  }
  return out;
}
