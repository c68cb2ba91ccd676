/**
 * `edgeconf fuzz --area <area>`: validation fuzzing: the area's properties with many more runs.
 * Counterexamples are saved as replay files (<out>/<run-id>/replays/*.json) for `edgeconf replay`.
 */
import { randomInt } from "node:crypto";
import path from "node:path";
import { PROJECT_ROOT } from "../expectations.ts";
import { replayFileName } from "../fuzz/replay-file.ts";
import { displayPath } from "../report/shell.ts";
import { defaultIo, executeRun } from "../run/execute.ts";
import { FUZZ_HELP, parseRunArgs } from "../run/options.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { preflight } from "../run/preflight.ts";
import { terminalWidth, wrapLine } from "../terminal.ts";
import { usageError } from "./usage.ts";

export async function run(argv: string[]): Promise<number> {
  const io = defaultIo();
  const parsed = parseRunArgs(argv, "fuzz", {
    env: process.env,
    cwd: process.cwd(),
    projectRoot: PROJECT_ROOT,
    randomSeed: () => randomInt(2 ** 31),
  });
  if ("help" in parsed) {
    io.stdout(FUZZ_HELP);
    return 0;
  }
  if ("error" in parsed) {
    return usageError("fuzz", parsed.error, io.stderr);
  }
  const stop = preflight({ ...parsed.options, env: io.env, command: "fuzz" });
  if (stop) {
    // Already one line naming the fix (often a command to copy): no pointer to --help after it.
    io.stderr(`edgeconf fuzz: ${stop}\n`);
    return 2;
  }
  const out = outDirOrError(parsed.options.outDir);
  if (typeof out === "string") return usageError("fuzz", out, io.stderr);
  const result = await executeRun(parsed.options, io);
  if ("usage" in result) {
    out.undo();
    return usageError("fuzz", result.usage, io.stderr);
  }
  const { report, runDir, exitCode, forceExit } = result;
  if (forceExit) process.exit(exitCode);
  const found = report.tests.filter((t) => t.property && t.status === "fail");
  if (found.length > 0) {
    // Each within the terminal's width: the name and the counterexample (cut past 600 characters: the
    // replay file has it whole) wrap under themselves; the replay file's path stays whole.
    const width = terminalWidth();
    const lines = (head: string, text: string) => `${wrapLine(head, text, width, `${head}  `).join("\n")}\n`;
    io.stdout(`Counterexamples (${found.length}):\n`);
    for (const t of found) {
      const example = t.property?.counterexample ?? "";
      io.stdout(lines("  ", t.fullName));
      io.stdout(lines("    ", example.length > 600 ? `${example.slice(0, 599)}…` : example));
      io.stdout(`    ${displayPath(io.cwd, path.join(runDir, "replays", replayFileName(t)))}\n`);
    }
  } else if (exitCode !== 2) {
    io.stdout(`No unexpected counterexample in ${parsed.options.runs} runs per property.\n`);
  }
  return exitCode;
}
