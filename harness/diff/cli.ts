/**
 * The diff command's work, apart from argument parsing: open both sides, run, write the report
 * files (diff.json, diff.md, diff.html, replays/*.json) and print the console summary; and the
 * replay of a saved diff replay file.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { displayPath } from "../report/shell.ts";
import type { Target } from "../targets/types.ts";
import { DIFF_AREA_DRIVERS } from "./areas/index.ts";
import type { DiffExpectation } from "./expectations.ts";
import { OWN_NAMES_RULE } from "./normalise.ts";
import { type DiffReport, opLine, renderConsole, renderHtmlPage, renderMarkdown } from "./render.ts";
import { type DiffReplayFile, diffReplayFileName, diffReplayOf } from "./replay.ts";
import { runDiff, runSequence } from "./run.ts";
import { type DiffTargetOptions, openDiffTarget } from "./targets.ts";
import type { DiffAreaName } from "./types.ts";

export interface DiffCommandOptions {
  area: DiffAreaName;
  target: string;
  against: string;
  runs: number;
  seed: number;
  maxSteps: number;
  outDir: string;
  cwd: string;
  expectations: DiffExpectation[];
  expectationsFile?: string;
  targetOptions: DiffTargetOptions;
  json: boolean;
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

async function openBoth(
  area: DiffAreaName,
  names: [string, string],
  options: DiffTargetOptions,
): Promise<{ sides: [Target, Target] } | { error: string }> {
  const opened: Target[] = [];
  try {
    for (const name of names) opened.push(await openDiffTarget(name, options));
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
  }
  return { sides: opened as [Target, Target] };
}

export function runIdOf(now: Date, area: string): string {
  return `diff-${area}-${now.toISOString().replace(/[:.]/g, "-")}`;
}

export async function diffCommand(o: DiffCommandOptions, io: Io, now = new Date()): Promise<number> {
  const opened = await openBoth(o.area, [o.target, o.against], o.targetOptions);
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
      labels: [o.target, o.against],
      expectations: o.expectations,
    });
    report = {
      kind: "edgeconf-diff-report",
      runId,
      ...outcome,
      rules: [...driver.rules, OWN_NAMES_RULE],
      ...(o.expectationsFile ? { expectationsFile: displayPath(o.cwd, o.expectationsFile) } : {}),
    };
  } finally {
    await Promise.all([left.close().catch(() => undefined), right.close().catch(() => undefined)]);
  }
  const runDir = path.join(o.outDir, runId);
  mkdirSync(runDir, { recursive: true });
  const replay = diffReplayOf(report, o.area, runId);
  if (replay) {
    const file = path.join(runDir, "replays", diffReplayFileName(replay));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(replay, null, 2)}\n`);
    report.replayFile = displayPath(o.cwd, file);
  }
  writeFileSync(path.join(runDir, "diff.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(runDir, "diff.md"), renderMarkdown(report));
  writeFileSync(path.join(runDir, "diff.html"), renderHtmlPage(report));
  if (o.json) io.stdout(`${JSON.stringify(report)}\n`);
  else io.stdout(`${renderConsole(report)}Report: ${displayPath(o.cwd, runDir)}/diff.{json,md,html}\n`);
  if (report.aborted) return 2;
  return report.divergence ? 1 : 0;
}

/** `edgeconf replay FILE` for a diff replay: 1 the targets still disagree, 0 they agree now, 2 usage/unreachable. */
export async function replayDiff(
  replay: DiffReplayFile,
  overrides: { target?: string; against?: string } & DiffTargetOptions,
  io: Io,
): Promise<number> {
  const names: [string, string] = [overrides.target ?? replay.target, overrides.against ?? replay.against];
  const opened = await openBoth(replay.area, names, overrides);
  if ("error" in opened) {
    io.stderr(`edgeconf replay: ${opened.error}\n`);
    return 2;
  }
  const [left, right] = opened.sides;
  const driver = DIFF_AREA_DRIVERS[replay.area];
  io.stdout(`replaying a ${replay.area} diff: ${names[0]} vs ${names[1]}, ${replay.ops.length} operation(s)\n`);
  try {
    const result = await runSequence(driver, left, right, replay.ops, `r${replay.seed >>> 0}`.slice(0, 12));
    const report: DiffReport = {
      kind: "edgeconf-diff-report",
      runId: replay.runId,
      area: replay.area,
      left: names[0],
      right: names[1],
      seed: replay.seed,
      runs: 1,
      maxSteps: replay.ops.length,
      sequences: 1,
      runsDone: 1,
      shrinkSteps: 0,
      operationsPerSide: result.steps.length,
      elapsedMs: 0,
      expectationsUsed: [],
      expectationsStale: [],
      rules: [...driver.rules, OWN_NAMES_RULE],
      ...(result.divergentAt !== undefined
        ? {
            divergence: {
              ops: replay.ops.slice(0, result.divergentAt + 1),
              steps: result.steps,
              divergentAt: result.divergentAt,
              seed: replay.seed,
              numShrinks: 0,
              originalLength: replay.ops.length,
            },
          }
        : {}),
    };
    if (result.divergentAt === undefined) {
      io.stdout(
        replay.ops.map((op, i) => `  ${String(i + 1).padStart(2)}. ${opLine(op)}\n`).join("") +
          `AGREE NOW: ${names[0]} and ${names[1]} give the same answers to the sequence.\n`,
      );
      return 0;
    }
    const text = renderConsole(report).split("\n").slice(3).join("\n");
    io.stdout(`STILL DIVERGES\n${text}`);
    return 1;
  } catch (e) {
    io.stderr(`edgeconf replay: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await Promise.all([left.close().catch(() => undefined), right.close().catch(() => undefined)]);
  }
}
