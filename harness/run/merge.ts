/**
 * `edgeconf report merge DIR...`: combines shard runs into one report. Test results come from the
 * shards' vitest blobs (vitest's mergeReports), run facts (target, seed, expectations) from their
 * report.json files, which must agree.
 */

import * as nodeFs from "node:fs";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { clauses } from "../clauses/index.ts";
import { usageError } from "../commands/usage.ts";
import { loadExpectations, PROJECT_ROOT } from "../expectations.ts";
import { replayFilesOf } from "../fuzz/replay-file.ts";
import { includePatternProblem, testFileProblem } from "../fuzz/replay-trust.ts";
import { buildReport } from "../report/build.ts";
import { consoleSummary } from "../report/console.ts";
import { assertValidReport } from "../report/schema.ts";
import { displayPath } from "../report/shell.ts";
import type { ExitCode, RunReport } from "../report/types.ts";
import { writeReport } from "../report/write.ts";
import type { TargetName } from "../targets/types.ts";
import { terminalWidth } from "../terminal.ts";
import { type RunIo, replayCommand } from "./execute.ts";
import { outDirOrError } from "./out-dir.ts";
import { runVitest } from "./vitest.ts";

export interface ShardDir {
  dir: string;
  blobDir: string;
  report: RunReport;
}

/** A shard directory: a run directory holding blob/ and report.json, or a report root holding latest/. */
export function findShard(dir: string): ShardDir | string {
  for (const candidate of [dir, path.join(dir, "latest")]) {
    const blobDir = path.join(candidate, "blob");
    const reportFile = path.join(candidate, "report.json");
    if (!nodeFs.existsSync(blobDir) || !nodeFs.existsSync(reportFile)) continue;
    try {
      return { dir: candidate, blobDir, report: JSON.parse(readFileSync(reportFile, "utf8")) as RunReport };
    } catch (e) {
      return `${reportFile}: ${(e as Error).message}`;
    }
  }
  return `${dir} holds no shard (blob/ and report.json, written by edgeconf run --shard i/n)`;
}

/** Why a shard's report may not be merged, or undefined. */
export function shardProblem(report: unknown): string | undefined {
  try {
    assertValidReport(report as RunReport);
  } catch (e) {
    return `report.json is not an edgeconf report: ${(e as Error).message.split("\n")[0]}`;
  }
  const r = report as RunReport;
  for (const p of r.selection.include) {
    const problem = includePatternProblem(p);
    if (problem) return problem;
  }
  for (const t of r.tests) {
    const problem = t.file === "" ? undefined : testFileProblem(t.file);
    if (problem) return problem;
  }
  return undefined;
}

export async function mergeShards(dirs: readonly string[], outDir: string, io: RunIo): Promise<ExitCode> {
  const shards: ShardDir[] = [];
  for (const d of dirs) {
    const s = findShard(path.resolve(io.cwd, d));
    if (typeof s === "string") {
      io.stderr(`edgeconf report merge: ${s}\n`);
      return 2;
    }
    shards.push(s);
  }
  const first = shards[0];
  if (!first) {
    return usageError(
      "report merge",
      "give at least one shard directory (the --out of edgeconf run --shard)",
      io.stderr,
    );
  }
  for (const s of shards) {
    for (const [what, a, b] of [
      ["target", s.report.target.name, first.report.target.name],
      ["seed", String(s.report.seed), String(first.report.seed)],
      ["expectations", String(s.report.expectationsFile), String(first.report.expectationsFile)],
    ] as const) {
      if (a !== b) {
        io.stderr(`edgeconf report merge: shards disagree on ${what} (${a} in ${s.dir}, ${b} in ${first.dir})\n`);
        return 2;
      }
    }
  }
  // Shard reports are untrusted input (someone else's files): their shape, the test files and include
  // patterns they name must be the project's own (harness/fuzz/replay-trust.ts).
  for (const s of shards) {
    const problem = shardProblem(s.report);
    if (problem) {
      io.stderr(`edgeconf report merge: ${s.dir}: refused: ${problem}\n`);
      return 2;
    }
  }
  const out = outDirOrError(outDir);
  if (typeof out === "string") return usageError("report merge", out, io.stderr);
  const named = [first.report.target.baseUrl, first.report.target.ktUrl].filter((u) => u !== undefined);
  if (named.length > 0) {
    io.stderr(
      `edgeconf report merge: the shards name target ${first.report.target.name} at ${named.join(" and ")}; ` +
        "replaying this report sends your credentials there only if a run on this machine used it or you pass it on the command line\n",
    );
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-merge-"));
  try {
    for (const s of shards) {
      for (const f of readdirSync(s.blobDir)) nodeFs.copyFileSync(path.join(s.blobDir, f), path.join(tmp, f));
    }
    const merged = await runVitest({
      include: first.report.selection.include,
      mergeFrom: tmp,
      timeoutMs: 30_000,
      maxTimeMs: 300_000,
    });
    const base = first.report;
    const env = { ...io.env };
    if (base.expectationsFile) env.EDGECONF_EXPECTATIONS = path.resolve(io.cwd, base.expectationsFile);
    else env.EDGECONF_NO_EXPECTATIONS = "1";
    const started = shards.map((s) => s.report.started).sort()[0] ?? base.started;
    const finished =
      shards
        .map((s) => s.report.finished)
        .sort()
        .at(-1) ?? base.finished;
    const runId = `${new Date().toISOString().replace(/[:.]/g, "-")}-${base.target.name}-merged`;
    const options = {
      target: base.target.name as TargetName,
      ...(base.target.baseUrl ? { baseUrl: base.target.baseUrl } : {}),
      ...(base.target.ktUrl ? { ktUrl: base.target.ktUrl } : {}),
      seed: base.seed,
      outDir,
    };
    const report = buildReport({
      runId,
      target: base.target,
      versions: base.versions,
      seed: base.seed,
      started,
      finished,
      selection: {
        areas: [...new Set(shards.flatMap((s) => s.report.selection.areas))],
        include: base.selection.include,
        ...(base.selection.grep !== undefined ? { grep: base.selection.grep } : {}),
        mergedFrom: shards.map((s) => displayPath(io.cwd, s.dir)),
      },
      expectationsFile: base.expectationsFile,
      expectations: loadExpectations(base.target.name, env),
      tests: merged.tests,
      runFiles: merged.runFiles,
      problems: [...shards.flatMap((s) => s.report.problems), ...merged.problems],
      unhandledErrors: merged.unhandledErrors,
      clauses,
      fileExists: (file) => nodeFs.existsSync(path.join(PROJECT_ROOT, file)),
      replayFor: (test) => replayCommand(test, options, runId, io.cwd),
    });
    const extra: Record<string, string> = replayFilesOf(report);
    writeReport(report, outDir, nodeFs, extra);
    io.stdout(consoleSummary(report, displayPath(io.cwd, path.join(outDir, runId)), terminalWidth()));
    return report.exitCode;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
