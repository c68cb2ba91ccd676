/**
 * `edgeconf replay FILE`: runs the one property of a replay file again, with its seed and path
 * (EDGECONF_SEED, EDGECONF_PATH), against the file's target (or --target ...), and says whether it
 * still fails. Exit 1 if it does, 0 if it passes now, 2 on usage errors or when the test is gone.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isDiffReplayText, parseDiffReplay } from "../diff/replay.ts";
import { parseDiffSides, SIDE_OPTIONS } from "../diff/sides.ts";
import { checkDiffTarget } from "../diff/targets.ts";
import { fsReason } from "../dirs.ts";
import { parseReplayFile } from "../fuzz/replay-file.ts";
import { isTrustedModule, isTrustedUrl, rememberedUrls, TEST_ROOTS } from "../fuzz/replay-trust.ts";
import { exactNamePattern } from "../report/shell.ts";
import { FILE_FAILURE } from "../run/collect.ts";
import { runVitest } from "../run/vitest.ts";
import { TARGET_NAMES } from "../targets/types.ts";
import { terminalWidth, wrapLine, wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const REPLAY_HELP = wrapText(`Usage: edgeconf replay FILE [--target NAME] [--base-url URL] [--kt-url URL]
                      [--worker-url URL] [--module PATH] [--timeout MS]
       edgeconf replay DIFF-FILE [--target NAME] [--against NAME] [the target options
                      of edgeconf diff: --module PATH, --against-module PATH, ...]

Runs the property saved in FILE (a replay file from edgeconf run or fuzz: <out>/<run-id>/replays/*.json)
again with its seed and path (and, for model-based properties, the replay path of their commands),
against the target recorded in the file, with its options (URLs, module), unless --target says otherwise.

A replay file is untrusted input: its test file must lie inside the project's ${TEST_ROOTS.slice(0, -1).join(", ")}
or ${TEST_ROOTS.at(-1)} folders, and a target URL or module it names is used only when given here
(--base-url, --kt-url, --worker-url, --module), set in the environment (EDGECONF_BASE_URL, EDGECONF_KT_URL,
EDGECONF_WORKER_URL, EDGECONF_MODULE), or used by an edgeconf run on this machine (a module: in this
directory); otherwise the replay is refused, so your credentials never go to a URL, nor code runs from a
path, someone else chose.

Exit status: 1 it still fails, 0 it passes now, 2 usage error, refused, or the test no longer exists.

A replay file of edgeconf diff (kind "edgeconf-diff-replay") runs its sequence on both of its targets again
(--target and --against override them; it names targets, never URLs or modules: give those as to edgeconf
diff, which prints the whole command) and says whether they still disagree: exit 1 if they do, 0 if not.
`);

export async function run(argv: string[]): Promise<number> {
  const out = (t: string) => process.stdout.write(t);
  const err = (t: string) => process.stderr.write(t);
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs({
      args: argv,
      allowPositionals: true,
      options: {
        target: { type: "string" },
        against: { type: "string" },
        ...SIDE_OPTIONS,
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return usageError("replay", argsErrorMessage(e), err);
  }
  if (values.help) {
    out(REPLAY_HELP);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0]) {
    return usageError("replay", "give exactly one replay file (reports/latest/replays/*.json)", err);
  }
  const file = positionals[0];
  const timeout = values.timeout === undefined ? 120_000 : Number(values.timeout);
  if (!Number.isSafeInteger(timeout) || timeout < 1) {
    return usageError("replay", `--timeout needs a positive integer (milliseconds), got "${values.timeout}"`, err);
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    err(`edgeconf replay: cannot read ${file}: ${fsReason(e)}\n`);
    return 2;
  }
  const pick = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  if (isDiffReplayText(text)) {
    // A replay file of `edgeconf diff`: runs its sequence on both targets again (harness/diff/cli.ts).
    const diff = parseDiffReplay(text);
    if (typeof diff === "string") {
      err(`edgeconf replay: ${file}: ${diff}\n`);
      return 2;
    }
    const target = pick("target") ?? diff.target;
    const against = pick("against") ?? diff.against;
    for (const t of [target, against]) {
      const problem = checkDiffTarget(t);
      if (problem) return usageError("replay", problem, err);
    }
    // Where each side is: the same options as edgeconf diff, parsed the same way (never from the file).
    const sides = parseDiffSides(target, against, values, { env: process.env, cwd: process.cwd() });
    if ("error" in sides) return usageError("replay", sides.error, err);
    const { replayDiff } = await import("../diff/cli.ts");
    return replayDiff(diff, { target, against, left: sides.left, right: sides.right }, { stdout: out, stderr: err });
  }
  for (const k of Object.keys(values)) {
    if (k.startsWith("against")) return usageError("replay", `--${k} goes with a replay file of edgeconf diff`, err);
  }
  const replay = parseReplayFile(text);
  if (typeof replay === "string") {
    err(`edgeconf replay: ${file}: ${replay}\n`);
    return 2;
  }
  const target = (values.target as string | undefined) ?? replay.target.name;
  if (!(TARGET_NAMES as readonly string[]).includes(target)) {
    return usageError("replay", `--target must be one of ${TARGET_NAMES.join(", ")}, got "${target}"`, err);
  }
  const sameTarget = target === replay.target.name;
  if (pick("worker-url") !== undefined && target !== "worker") {
    return usageError("replay", "--worker-url goes with --target worker", err);
  }
  if (pick("module") !== undefined && target !== "module") {
    return usageError("replay", "--module goes with --target module", err);
  }
  const named = [replay.target.baseUrl, replay.target.ktUrl, replay.target.workerUrl].filter((u) => u !== undefined);
  const say = (head: string, text: string) => out(`${wrapLine(head, text, terminalWidth(), `${head}  `).join("\n")}\n`);
  say(
    "",
    `the file names target ${replay.target.name}${named.length ? ` at ${named.join(" and ")}` : ""}` +
      `${replay.target.module ? ` with module ${replay.target.module}` : ""}`,
  );
  const cwd = process.cwd();
  const remembered = rememberedUrls(cwd, process.env);
  for (const [flag, fromFile, envName] of [
    ["base-url", replay.target.baseUrl, "EDGECONF_BASE_URL"],
    ["kt-url", replay.target.ktUrl, "EDGECONF_KT_URL"],
    ["worker-url", replay.target.workerUrl, "EDGECONF_WORKER_URL"],
  ] as const) {
    const cli = values[flag] as string | undefined;
    if (cli !== undefined || !sameTarget || fromFile === undefined) continue;
    if (!isTrustedUrl(fromFile, { env: process.env[envName], remembered })) {
      err(
        `edgeconf replay: refused: ${file} names ${fromFile}, which no run on this machine used and which is not ` +
          `given on the command line; your credentials are not sent there. If you mean it: --${flag} ${fromFile}\n`,
      );
      return 2;
    }
  }
  // The module target's module is code: taken from the file only when a run here used it (replay-trust.ts).
  const fileModule = sameTarget ? replay.target.module : undefined;
  if (target === "module" && pick("module") === undefined && fileModule !== undefined) {
    if (!isTrustedModule(fileModule, { env: process.env.EDGECONF_MODULE, remembered }, cwd)) {
      err(
        `edgeconf replay: refused: ${file} names the module ${fileModule}, which no edgeconf run in this directory ` +
          `used and which is not given on the command line; it is not run. If you mean it: --module ${fileModule}\n`,
      );
      return 2;
    }
  }
  const env = process.env;
  if (target === "module") {
    const moduleText = pick("module") ?? fileModule ?? (env.EDGECONF_MODULE || undefined);
    if (moduleText === undefined) {
      return usageError("replay", "--target module needs --module PATH (a module exporting createBucket)", err);
    }
    const moduleFile = path.resolve(cwd, moduleText);
    if (!existsSync(moduleFile)) return usageError("replay", `--module: no such file ${moduleFile}`, err);
    env.EDGECONF_MODULE = moduleFile;
  }
  if (target === "worker") {
    const workerUrl = pick("worker-url") ?? (sameTarget ? replay.target.workerUrl : undefined);
    if (workerUrl) env.EDGECONF_WORKER_URL = workerUrl;
    if (!env.EDGECONF_WORKER_URL) {
      return usageError("replay", "--target worker needs --worker-url (the deployed bridge Worker)", err);
    }
  }
  env.EDGECONF_TARGET = target;
  env.EDGECONF_SEED = String(replay.seed);
  if (replay.path !== undefined) env.EDGECONF_PATH = replay.path;
  else delete env.EDGECONF_PATH;
  // Model-based properties: the commands that ran while shrinking, without which the path leads nowhere.
  if (replay.replayPath !== undefined) env.EDGECONF_REPLAY_PATH = replay.replayPath;
  else delete env.EDGECONF_REPLAY_PATH;
  delete env.EDGECONF_RUNS;
  // The replay asks whether the property fails, so the target's expectations must not turn a failure into a pass.
  env.EDGECONF_NO_EXPECTATIONS = "1";
  const baseUrl = pick("base-url") ?? (sameTarget ? replay.target.baseUrl : undefined);
  const ktUrl = pick("kt-url") ?? (sameTarget ? replay.target.ktUrl : undefined);
  if (baseUrl) env.EDGECONF_BASE_URL = baseUrl;
  if (ktUrl) env.EDGECONF_KT_URL = ktUrl;

  const title = replay.names[replay.names.length - 1] ?? "";
  // Within the terminal's width; the failure below is printed as the test gave it (a stack, a diff).
  say("", `replaying ${replay.file} > ${replay.names.join(" > ")}`);
  say(
    "  ",
    `target ${target}, seed ${replay.seed}, path ${replay.path ?? "(none)"}` +
      `${replay.replayPath ? `, commands' replay path ${replay.replayPath}` : ""}`,
  );
  if (replay.counterexample) say("  ", `counterexample then: ${replay.counterexample}`);
  const result = await runVitest({
    include: [replay.file],
    grep: exactNamePattern(title),
    timeoutMs: timeout,
    maxTimeMs: timeout + 60_000,
  });
  const key = replay.key;
  const test = result.tests.find((t) => `${t.file}::${t.names.join(" > ")}` === key);
  if (!test || test.state === "skipped" || test.state === "pending") {
    // A file that did not load (a target that cannot start, say) is not a test that disappeared.
    const broken = result.tests.find((t) => t.file === replay.file && t.names[0] === FILE_FAILURE);
    const why = broken
      ? `the test file did not run on ${target}:\n${broken.errors.join("\n\n")}`
      : !test
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
