/** `edgeconf run`: every suite and property against a target, and a conformance report. */
import { randomInt } from "node:crypto";
import { PROJECT_ROOT } from "../expectations.ts";
import { defaultIo, executeRun } from "../run/execute.ts";
import { parseRunArgs, RUN_HELP, sharedTestDirs } from "../run/options.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { preflight } from "../run/preflight.ts";
import { usageError } from "./usage.ts";

export async function run(argv: string[]): Promise<number> {
  const io = defaultIo();
  const parsed = parseRunArgs(argv, "run", {
    env: process.env,
    cwd: process.cwd(),
    projectRoot: PROJECT_ROOT,
    // Under CI the seed is pinned (the same as CI_SEED of harness/clauses/property.ts).
    randomSeed: () => (process.env.CI ? 20260410 : randomInt(2 ** 31)),
    sharedDirs: sharedTestDirs(PROJECT_ROOT),
  });
  if ("help" in parsed) {
    io.stdout(RUN_HELP);
    return 0;
  }
  if ("error" in parsed) {
    return usageError("run", parsed.error, io.stderr);
  }
  const stop = preflight({ ...parsed.options, env: io.env, command: "run" });
  if (stop) {
    // Already one line naming the fix (often a command to copy): no pointer to --help after it.
    io.stderr(`edgeconf run: ${stop}\n`);
    return 2;
  }
  const out = outDirOrError(parsed.options.outDir);
  if (typeof out === "string") return usageError("run", out, io.stderr);
  const result = await executeRun(parsed.options, io);
  if ("usage" in result) {
    out.undo();
    return usageError("run", result.usage, io.stderr);
  }
  if (result.forceExit) process.exit(result.exitCode);
  return result.exitCode;
}
