/**
 * `edgeconf diff --area <area> --target <t1> --against <t2>`: random operation sequences on two
 * implementations; every distinct divergence is shrunk and saved as a replay file (see harness/diff/).
 * Exit status: 0 no unexpected divergence, 1 a divergence, 2 usage error or unreachable target.
 */
import { randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { brokenNames } from "../diff/broken.ts";
import { type DiffCommandOptions, diffCommand } from "../diff/cli.ts";
import { type DiffExpectation, diffExpectationsPath, loadDiffExpectations } from "../diff/expectations.ts";
import { DEFAULT_MAX_DIVERGENCES } from "../diff/run.ts";
import { parseDiffSides, SIDE_OPTIONS } from "../diff/sides.ts";
import { checkDiffTarget } from "../diff/targets.ts";
import { DIFF_AREAS, type DiffAreaName } from "../diff/types.ts";
import { parseSeed } from "../run/options.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { TARGET_NAMES } from "../targets/types.ts";
import { wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const DIFF_HELP = wrapText(`Usage: edgeconf diff --area <area> --against <target> [--target sim] [options]

Runs random sequences of the area's operations (valid and invalid) on two
targets from fresh, isolated resources and compares every answer after
normalising what legitimately differs (ids, versions, timestamps: by role and
consistency). Every distinct divergence (operation, outcomes, differing fields)
is shrunk to a minimal sequence, counted and saved as a replay file (edgeconf
replay FILE runs it again); the run goes on until --runs or --max-divergences.

  --area AREA         ${DIFF_AREAS.join(" ")}
  --target T          the first side (default sim); --against T: the second.
                      ${TARGET_NAMES.join(", ")},
                      broken:<fixture> (${brokenNames().length} fixtures, see docs/diff.md)
  --runs N            sequences to draw (default 100)
  --max-steps N       operations per sequence (default 12)
  --max-divergences N stop after N distinct divergences (default ${DEFAULT_MAX_DIVERGENCES})
  --seed N            fast-check seed (default: random, printed)
  --expectations FILE known, accepted divergences (default:
                      EDGECONF_DIFF_EXPECTATIONS, else
                      edgeconf/expectations/diff-<against>.json here, else
                      the baseline edgeconf ships); --no-expectations: none
  --draft-expectations FILE
                      write the divergences as a draft expectations file (a new
                      file only; each reason is left for you to write)
  --base-url URL      an http side (areas A, B); --kt-url URL: area C.
                      Credentials and CLOUDFLARE_ZONE_NAME from the environment
  --worker-url URL    a worker side (secret in EDGECONF_WORKER_SECRET)
  --module PATH       a module side (a module exporting createBucket)
  --against-module PATH, --against-base-url URL, --against-kt-url URL,
  --against-worker-url URL   the --against side's own, when both are one kind
  --out DIR           report directory (default reports)
  --json              print the report as JSON

Writes <out>/diff-<area>-<time>/diff.json, diff.md, diff.html, replays/*.json.
Exit status: 0 no unexpected divergence, 1 a divergence, 2 usage error or
unreachable target.
`);

function positiveInt(v: string | undefined, fallback: number, name: string): number | string {
  if (v === undefined) return fallback;
  const n = Number(v);
  return /^\d+$/.test(v.trim()) && Number.isSafeInteger(n) && n >= 1
    ? n
    : `--${name} needs a positive integer, got "${v}"`;
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
        "max-divergences": { type: "string" },
        out: { type: "string" },
        expectations: { type: "string" },
        "no-expectations": { type: "boolean" },
        "draft-expectations": { type: "string" },
        ...SIDE_OPTIONS,
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
  const sides = parseDiffSides(target, against, values, { env, cwd });
  if ("error" in sides) return sides;
  const runs = positiveInt(values.runs as string | undefined, 100, "runs");
  const maxSteps = positiveInt(values["max-steps"] as string | undefined, 12, "max-steps");
  const maxDivergences = positiveInt(
    values["max-divergences"] as string | undefined,
    DEFAULT_MAX_DIVERGENCES,
    "max-divergences",
  );
  if (typeof runs === "string") return { error: runs };
  if (typeof maxSteps === "string") return { error: maxSteps };
  if (typeof maxDivergences === "string") return { error: maxDivergences };
  let seed = randomSeed();
  if (values.seed !== undefined) {
    const s = parseSeed(values.seed as string);
    if (typeof s === "string") return { error: s };
    seed = s;
  }
  if (values.expectations && values["no-expectations"]) {
    return { error: "--expectations and --no-expectations exclude each other" };
  }
  let draftExpectationsFile: string | undefined;
  if (typeof values["draft-expectations"] === "string") {
    draftExpectationsFile = path.resolve(cwd, values["draft-expectations"]);
    if (existsSync(draftExpectationsFile)) {
      return {
        error: `--draft-expectations: ${draftExpectationsFile} exists; a draft never replaces a file, name a new one`,
      };
    }
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
      maxDivergences,
      outDir: path.resolve(cwd, (values.out as string | undefined) ?? "reports"),
      cwd,
      expectations,
      ...(expectationsFile ? { expectationsFile } : {}),
      ...(draftExpectationsFile ? { draftExpectationsFile } : {}),
      targetOptions: sides.left,
      againstOptions: sides.right,
      replayArgs: sides.replayArgs,
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
