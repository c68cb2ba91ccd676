/**
 * The fixture sweep: `edgeconf diff` against every broken fixture (broken.ts), each in-process, with the
 * CLI's defaults (`--seed 1`, at most 12 steps) and at most 200 runs, and the table docs/diff.md shows:
 * the run that found it, the minimal sequence's length, the divergence's fingerprint. Written by
 * `npm run docs:diff` (scripts/diff-sweep.ts); docs/diff.md holds it between two markers.
 */
import { DIFF_AREA_DRIVERS } from "./areas/index.ts";
import { BROKEN_RULES, brokenNames, createBrokenTarget } from "./broken.ts";
import { runDiff } from "./run.ts";
import { openDiffTarget } from "./targets.ts";

export const SWEEP_BEGIN = "<!-- diff-sweep:begin (npm run docs:diff writes this table) -->";
export const SWEEP_END = "<!-- diff-sweep:end -->";
export const SWEEP_SEED = 1;
export const SWEEP_RUNS = 200;
export const SWEEP_STEPS = 12;

export interface SweepRow {
  fixture: string;
  area: string;
  what: string;
  /** The drawn run that found it (1-based), or undefined when 200 runs did not. */
  foundAtRun?: number;
  steps?: number;
  fingerprint?: string;
}

export async function sweepFixture(fixture: string): Promise<SweepRow> {
  const rule = BROKEN_RULES[fixture]!;
  const left = await openDiffTarget("sim");
  const right = await createBrokenTarget(fixture, 0, true);
  try {
    const out = await runDiff({
      area: DIFF_AREA_DRIVERS[rule.area],
      left,
      right,
      runs: SWEEP_RUNS,
      seed: SWEEP_SEED,
      maxSteps: SWEEP_STEPS,
      maxDivergences: 1,
    });
    if (out.aborted) throw new Error(`${fixture}: aborted: ${out.aborted}`);
    const d = out.divergences[0];
    return {
      fixture,
      area: rule.area,
      what: rule.what,
      ...(d ? { foundAtRun: d.foundAtRun, steps: d.ops.length, fingerprint: d.fingerprint } : {}),
    };
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

export async function sweep(
  names: readonly string[] = brokenNames(),
  onRow?: (row: SweepRow) => void,
): Promise<SweepRow[]> {
  const rows: SweepRow[] = [];
  for (const n of names) {
    rows.push(await sweepFixture(n));
    onRow?.(rows.at(-1)!);
  }
  return rows;
}

export function sweepTable(rows: readonly SweepRow[]): string {
  const found = rows.filter((r) => r.foundAtRun !== undefined).length;
  return [
    `Found ${found} of ${rows.length} fixtures within ${SWEEP_RUNS} runs, \`--seed ${SWEEP_SEED}\`, at most ${SWEEP_STEPS} steps per sequence:`,
    "",
    "| fixture | the changed rule | found in run | minimal steps | divergence (operation \\| outcomes \\| fields) |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| \`broken:${r.fixture}\` | ${r.what.replace(/\|/g, "\\|")} | ${r.foundAtRun ?? "**not found**"} | ${r.steps ?? ""} | ${r.fingerprint ? `\`${r.fingerprint.replace(/\|/g, "\\|")}\`` : ""} |`,
    ),
  ].join("\n");
}

/** docs/diff.md with the table between its markers replaced. */
export function withSweepTable(doc: string, table: string): string {
  const a = doc.indexOf(SWEEP_BEGIN);
  const b = doc.indexOf(SWEEP_END);
  if (a < 0 || b < a) throw new Error(`docs/diff.md has no ${SWEEP_BEGIN} ... ${SWEEP_END} markers`);
  return `${doc.slice(0, a + SWEEP_BEGIN.length)}\n\n${table}\n\n${doc.slice(b)}`;
}
