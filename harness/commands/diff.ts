/**
 * `edgeconf diff --area <area> --target <t1> --against <t2>`: random operation sequences on two
 * implementations; the first divergence is shrunk and saved as a replay file (see harness/diff/).
 * Exit status: 0 no unexpected divergence, 1 a divergence, 2 usage error or unreachable target.
 */
import { randomInt } from "node:crypto";
import path from "node:path";
import { type DiffCommandOptions, diffCommand } from "../diff/cli.ts";
import { type DiffExpectation, diffExpectationsPath, loadDiffExpectations } from "../diff/expectations.ts";
import { checkDiffTarget, diffTargetNames } from "../diff/targets.ts";
import { DIFF_AREAS, type DiffAreaName } from "../diff/types.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const DIFF_HELP =
  wrapText(`Usage: edgeconf diff --area <area> --against <target> [--target sim] [--runs 100] [--seed N]
                     [--max-steps 12] [--out reports] [--expectations FILE | --no-expectations]
                     [--base-url URL] [--kt-url URL] [--json]

Runs random sequences of the area's operations (valid and invalid) on two targets from fresh, isolated
resources, compares every answer after normalising what legitimately differs (ids, versions, upload ids,
timestamps: by role and consistency), shrinks the first divergence to a minimal sequence and saves it as a
replay file (edgeconf replay FILE runs it again on both targets).

  --area          ${DIFF_AREAS.join(" | ")}
  --target        the first side (default sim); --against the second. Targets: ${diffTargetNames().join(", ")}
  --runs          sequences to try (default 100); --max-steps: operations per sequence (default 12)
  --seed          fast-check seed (default: random, printed); the same seed runs the same sequences
  --expectations  known, accepted divergences (default: EDGECONF_DIFF_EXPECTATIONS, else
                  edgeconf/expectations/diff-<against>.json of the current directory, else the baseline
                  edgeconf ships for <against>, if any; no option writes it)
  --base-url / --kt-url  the URLs of an http side (credentials from the environment, as for edgeconf run)
  --json          print the report as JSON instead of the console summary

Writes <out>/diff-<area>-<time>/diff.json, diff.md, diff.html and replays/*.json.
Exit status: 0 no unexpected divergence, 1 a divergence, 2 usage error or unreachable target.
`);

function positiveInt(v: string | undefined, fallback: number, name: string): number | string {
  if (v === undefined) return fallback;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : `--${name} needs a positive integer, got "${v}"`;
}

export function parseDiffArgs(
  argv: string[],
  cwd: string,
  randomSeed: () => number,
  env: NodeJS.ProcessEnv = process.env,
): { help: true } | { error: string } | { options: DiffCommandOptions } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseCommandArgs({
      args: argv,
      allowPositionals: false,
      options: {
        area: { type: "string" },
        target: { type: "string" },
        against: { type: "string" },
        runs: { type: "string" },
        seed: { type: "string" },
        "max-steps": { type: "string" },
        out: { type: "string" },
        expectations: { type: "string" },
        "no-expectations": { type: "boolean" },
        "base-url": { type: "string" },
        "kt-url": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return { error: argsErrorMessage(e) };
  }
  if (values.help) return { help: true };
  const area = values.area as string | undefined;
  if (!area || !(DIFF_AREAS as readonly string[]).includes(area)) {
    return { error: `--area must be one of ${DIFF_AREAS.join(", ")}` };
  }
  const target = (values.target as string | undefined) ?? "sim";
  const against = values.against as string | undefined;
  if (!against) return { error: "--against is required (the second target)" };
  for (const t of [target, against]) {
    const problem = checkDiffTarget(t);
    if (problem) return { error: problem };
  }
  const runs = positiveInt(values.runs as string | undefined, 100, "runs");
  const maxSteps = positiveInt(values["max-steps"] as string | undefined, 12, "max-steps");
  if (typeof runs === "string") return { error: runs };
  if (typeof maxSteps === "string") return { error: maxSteps };
  let seed = randomSeed();
  if (values.seed !== undefined) {
    const s = Number(values.seed);
    if (!Number.isSafeInteger(s)) return { error: `--seed needs an integer, got "${values.seed}"` };
    seed = s | 0;
  }
  if (values.expectations && values["no-expectations"]) {
    return { error: "--expectations and --no-expectations exclude each other" };
  }
  let expectations: DiffExpectation[] = [];
  let expectationsFile: string | undefined;
  if (!values["no-expectations"]) {
    const { file, required } = diffExpectationsPath(against, values.expectations as string | undefined, env, cwd);
    try {
      expectations = loadDiffExpectations(file, required);
    } catch (e) {
      return { error: (e as Error).message };
    }
    if (required || expectations.length > 0) expectationsFile = file;
  }
  return {
    options: {
      area: area as DiffAreaName,
      target,
      against,
      runs,
      seed,
      maxSteps,
      outDir: path.resolve(cwd, (values.out as string | undefined) ?? "reports"),
      cwd,
      expectations,
      ...(expectationsFile ? { expectationsFile } : {}),
      targetOptions: {
        ...(values["base-url"] ? { baseUrl: values["base-url"] as string } : {}),
        ...(values["kt-url"] ? { ktUrl: values["kt-url"] as string } : {}),
      },
      json: Boolean(values.json),
    },
  };
}

export async function run(argv: string[]): Promise<number> {
  const io = { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
  const parsed = parseDiffArgs(argv, process.cwd(), () => randomInt(2 ** 31));
  if ("help" in parsed) {
    io.stdout(DIFF_HELP);
    return 0;
  }
  if ("error" in parsed) {
    return usageError("diff", parsed.error, io.stderr);
  }
  const out = outDirOrError(parsed.options.outDir);
  if (typeof out === "string") return usageError("diff", out, io.stderr);
  const code = await diffCommand(parsed.options, io);
  // Refused before writing (a target it cannot open): the folders made for it go again.
  if (code === 2) out.undo();
  return code;
}
