/**
 * `edgeconf replay FILE`: runs the one property of a replay file again, with its seed and path
 * (EDGECONF_SEED, EDGECONF_PATH), against the file's target (or --target ...), and says whether it
 * still fails. Exit 1 if it does, 0 if it passes now, 2 on usage errors or when the test is gone.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseReplayFile } from "../fuzz/replay-file.ts";
import { exactNamePattern } from "../report/shell.ts";
import { runVitest } from "../run/vitest.ts";
import { TARGET_NAMES } from "../targets/types.ts";

export const REPLAY_HELP = `Usage: edgeconf replay FILE [--target sim|serve|http|miniflare] [--base-url URL] [--kt-url URL] [--timeout MS]

Runs the property saved in FILE (a replay file from edgeconf run or fuzz: <out>/<run-id>/replays/*.json)
again with its seed and path, against the target recorded in the file unless --target says otherwise.

Exit status: 1 it still fails, 0 it passes now, 2 usage error or the test no longer exists.
`;

export async function run(argv: string[]): Promise<number> {
  const out = (t: string) => process.stdout.write(t);
  const err = (t: string) => process.stderr.write(t);
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        target: { type: "string" },
        "base-url": { type: "string" },
        "kt-url": { type: "string" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    err(`edgeconf replay: ${(e as Error).message}\n\n${REPLAY_HELP}`);
    return 2;
  }
  if (values.help) {
    out(REPLAY_HELP);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0]) {
    err(`edgeconf replay: give exactly one replay file\n\n${REPLAY_HELP}`);
    return 2;
  }
  const file = positionals[0];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    err(`edgeconf replay: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  const replay = parseReplayFile(text);
  if (typeof replay === "string") {
    err(`edgeconf replay: ${file}: ${replay}\n`);
    return 2;
  }
  const target = (values.target as string | undefined) ?? replay.target.name;
  if (!(TARGET_NAMES as readonly string[]).includes(target)) {
    err(`edgeconf replay: --target must be one of ${TARGET_NAMES.join(", ")}\n`);
    return 2;
  }
  const timeout = values.timeout === undefined ? 120_000 : Number(values.timeout);
  if (!Number.isSafeInteger(timeout) || timeout < 1) {
    err("edgeconf replay: --timeout must be a positive integer\n");
    return 2;
  }
  const env = process.env;
  env.EDGECONF_TARGET = target;
  env.EDGECONF_SEED = String(replay.seed);
  if (replay.path !== undefined) env.EDGECONF_PATH = replay.path;
  else delete env.EDGECONF_PATH;
  delete env.EDGECONF_RUNS;
  // The replay asks whether the property fails, so the target's expectations must not turn a failure into a pass.
  env.EDGECONF_NO_EXPECTATIONS = "1";
  const sameTarget = target === replay.target.name;
  const baseUrl = (values["base-url"] as string | undefined) ?? (sameTarget ? replay.target.baseUrl : undefined);
  const ktUrl = (values["kt-url"] as string | undefined) ?? (sameTarget ? replay.target.ktUrl : undefined);
  if (baseUrl) env.EDGECONF_BASE_URL = baseUrl;
  if (ktUrl) env.EDGECONF_KT_URL = ktUrl;

  const title = replay.names[replay.names.length - 1] ?? "";
  out(
    `replaying ${replay.file} > ${replay.names.join(" > ")}\n  target ${target}, seed ${replay.seed}, path ${replay.path ?? "(none)"}\n` +
      (replay.counterexample ? `  counterexample then: ${replay.counterexample}\n` : ""),
  );
  const result = await runVitest({
    include: [replay.file],
    grep: exactNamePattern(title),
    timeoutMs: timeout,
    maxTimeMs: timeout + 60_000,
  });
  const key = replay.key;
  const test = result.tests.find((t) => `${t.file}::${t.names.join(" > ")}` === key);
  if (!test || test.state === "skipped" || test.state === "pending") {
    const why = !test
      ? "the test no longer exists (file or title changed)"
      : `the test was skipped (${test.note ?? "skipped"})`;
    err(`edgeconf replay: ${why}\n${result.problems.join("\n")}\n`);
    return 2;
  }
  if (test.state === "failed") {
    out(`STILL FAILS\n${test.errors.join("\n\n")}\n`);
    return 1;
  }
  out(`PASSES NOW: the counterexample no longer fails on ${target}.\n`);
  return 0;
}
