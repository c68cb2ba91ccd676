/**
 * The diff command's work, apart from argument parsing: open both sides, run, write the report
 * files (diff.json, diff.md, diff.html, replays/*.json) and print the console summary; and the
 * replay of a saved diff replay file.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { displayPath } from "../report/shell.ts";
import type { Target } from "../targets/types.ts";
import { terminalWidth, wrapLine } from "../terminal.ts";
import { DIFF_AREA_DRIVERS } from "./areas/index.ts";
import { type DiffExpectation, draftExpectations } from "./expectations.ts";
import { OWN_NAMES_RULE } from "./normalise.ts";
import { type DiffReport, opLine, renderConsole, renderHtmlPage, renderMarkdown } from "./render.ts";
import { type DiffReplayFile, diffReplayFileName, diffReplayOf } from "./replay.ts";
import { type Divergence, runDiff, runSequence } from "./run.ts";
import { type DiffTargetOptions, openDiffTarget } from "./targets.ts";
import type { DiffAreaName } from "./types.ts";

export interface DiffCommandOptions {
  area: DiffAreaName;
  target: string;
  against: string;
  runs: number;
  seed: number;
  maxSteps: number;
  maxDivergences?: number;
  outDir: string;
  cwd: string;
  expectations: DiffExpectation[];
  expectationsFile?: string;
  /** Where to write a draft expectations file of the divergences found (a new file only). */
  draftExpectationsFile?: string;
  /** Where the first side's target is (URLs, module) ... */
  targetOptions: DiffTargetOptions;
  /** ... and the second's (default: the first's). */
  againstOptions?: DiffTargetOptions;
  /** The target options a printed replay command carries (` --module m.ts`). */
  replayArgs?: string;
  json: boolean;
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

async function openBoth(
  area: DiffAreaName,
  names: [string, string],
  options: readonly [DiffTargetOptions, DiffTargetOptions],
): Promise<{ sides: [Target, Target] } | { error: string }> {
  const opened: Target[] = [];
  try {
    for (const [i, name] of names.entries()) opened.push(await openDiffTarget(name, options[i]!));
  } catch (e) {
    await Promise.all(opened.map((t) => t.close().catch(() => undefined)));
    return { error: `cannot open target: ${(e as Error).message}` };
  }
  const driver = DIFF_AREA_DRIVERS[area];
  for (const [i, t] of opened.entries()) {
    if (!t.capabilities.has(driver.capability)) {
      await Promise.all(opened.map((x) => x.close().catch(() => undefined)));
      return { error: `target ${names[i]} does not reach area ${area} (capability ${driver.capability})` };
    }
    const problem = driver.check?.(t);
    if (problem) {
      await Promise.all(opened.map((x) => x.close().catch(() => undefined)));
      return { error: `target ${names[i]}: ${problem}` };
    }
  }
  return { sides: opened as [Target, Target] };
}

export function runIdOf(now: Date, area: string): string {
  return `diff-${area}-${now.toISOString().replace(/[:.]/g, "-")}`;
}

export async function diffCommand(o: DiffCommandOptions, io: Io, now = new Date()): Promise<number> {
  const opened = await openBoth(o.area, [o.target, o.against], [o.targetOptions, o.againstOptions ?? o.targetOptions]);
  if ("error" in opened) {
    io.stderr(`edgeconf diff: ${opened.error}\n`);
    return 2;
  }
  const [left, right] = opened.sides;
  const driver = DIFF_AREA_DRIVERS[o.area];
  let report: DiffReport;
  const runId = runIdOf(now, o.area);
  try {
    const outcome = await runDiff({
      area: driver,
      left,
      right,
      runs: o.runs,
      seed: o.seed,
      maxSteps: o.maxSteps,
      ...(o.maxDivergences !== undefined ? { maxDivergences: o.maxDivergences } : {}),
      labels: [o.target, o.against],
      expectations: o.expectations,
    });
    report = {
      kind: "edgeconf-diff-report",
      runId,
      ...outcome,
      rules: [...driver.rules, OWN_NAMES_RULE],
      ...(o.replayArgs ? { replayArgs: o.replayArgs } : {}),
      ...(o.expectationsFile ? { expectationsFile: displayPath(o.cwd, o.expectationsFile) } : {}),
    };
  } finally {
    await Promise.all([left.close().catch(() => undefined), right.close().catch(() => undefined)]);
  }
  const runDir = path.join(o.outDir, runId);
  mkdirSync(runDir, { recursive: true });
  for (const d of report.divergences) {
    const replay = diffReplayOf(report, d, o.area, runId);
    const file = path.join(runDir, "replays", diffReplayFileName(replay));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(replay, null, 2)}\n`);
    d.replayFile = displayPath(o.cwd, file);
  }
  if (o.draftExpectationsFile && report.divergences.length > 0) {
    mkdirSync(path.dirname(o.draftExpectationsFile), { recursive: true });
    // "wx": never in place of an existing file, even one made since the arguments were checked.
    writeFileSync(o.draftExpectationsFile, draftExpectations(report), { flag: "wx" });
    report.draftExpectationsFile = displayPath(o.cwd, o.draftExpectationsFile);
  }
  writeFileSync(path.join(runDir, "diff.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(runDir, "diff.md"), renderMarkdown(report));
  writeFileSync(path.join(runDir, "diff.html"), renderHtmlPage(report));
  if (o.json) io.stdout(`${JSON.stringify(report)}\n`);
  else {
    const width = terminalWidth();
    const where = wrapLine("", `Report: ${displayPath(o.cwd, runDir)}/diff.{json,md,html}`, width, "  ");
    io.stdout(`${renderConsole(report, width)}${where.join("\n")}\n`);
  }
  if (report.aborted) return 2;
  return report.divergences.length > 0 ? 1 : 0;
}

/** `edgeconf replay FILE` for a diff replay: 1 the targets still disagree, 0 they agree now, 2 usage/unreachable. */
export async function replayDiff(
  replay: DiffReplayFile,
  overrides: { target?: string; against?: string; left?: DiffTargetOptions; right?: DiffTargetOptions },
  io: Io,
): Promise<number> {
  const names: [string, string] = [overrides.target ?? replay.target, overrides.against ?? replay.against];
  const opened = await openBoth(replay.area, names, [overrides.left ?? {}, overrides.right ?? overrides.left ?? {}]);
  if ("error" in opened) {
    io.stderr(`edgeconf replay: ${opened.error}\n`);
    return 2;
  }
  const [left, right] = opened.sides;
  const driver = DIFF_AREA_DRIVERS[replay.area];
  const what = `replaying a diff of ${replay.area}: ${names[0]} vs ${names[1]}, ${replay.ops.length} operation(s)`;
  io.stdout(`${wrapLine("", what, terminalWidth(), "  ").join("\n")}\n`);
  try {
    const result = await runSequence(driver, left, right, replay.ops, `r${replay.seed >>> 0}`.slice(0, 12));
    const at = result.divergentAt;
    const divergence: Divergence | undefined =
      at === undefined
        ? undefined
        : {
            fingerprint: result.steps[at]!.fingerprint ?? "",
            count: 1,
            foundAtRun: 1,
            ops: replay.ops.slice(0, at + 1),
            steps: result.steps,
            divergentAt: at,
            seed: replay.seed,
            numShrinks: 0,
            originalLength: replay.ops.length,
          };
    const report: DiffReport = {
      kind: "edgeconf-diff-report",
      runId: replay.runId,
      area: replay.area,
      left: names[0],
      right: names[1],
      seed: replay.seed,
      runs: 1,
      maxSteps: replay.ops.length,
      maxDivergences: 1,
      sequences: 1,
      runsDone: 1,
      shrinkSteps: 0,
      operationsPerSide: result.steps.length,
      elapsedMs: 0,
      expectationsUsed: [],
      expectationsStale: [],
      expectationsNotMet: [],
      rules: [...driver.rules, OWN_NAMES_RULE],
      divergences: divergence ? [divergence] : [],
      ...(divergence ? { divergence } : {}),
    };
    if (!divergence) {
      io.stdout(
        replay.ops
          .flatMap((op, i) => wrapLine(`  ${String(i + 1).padStart(2)}. `, opLine(op), terminalWidth(), "      "))
          .map((l) => `${l}\n`)
          .join("") +
          `${wrapLine("", `AGREE NOW: ${names[0]} and ${names[1]} give the same answers to the sequence.`, terminalWidth(), "  ").join("\n")}\n`,
      );
      return 0;
    }
    const lines = renderConsole(report, terminalWidth()).split("\n");
    const text = lines.slice(lines.findIndex((l) => l.startsWith("DIVERGENCE #"))).join("\n");
    const was = replay.found.fingerprint;
    const same = was === undefined || was === divergence.fingerprint ? "" : ` (found as: ${was})`;
    io.stdout(`STILL DIVERGES${same}\n${text}`);
    return 1;
  } catch (e) {
    io.stderr(`edgeconf replay: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await Promise.all([left.close().catch(() => undefined), right.close().catch(() => undefined)]);
  }
}
