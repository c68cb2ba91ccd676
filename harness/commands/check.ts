/**
 * `edgeconf check consistency --area A --target T`: concurrent clients on one bucket (or on a few keys of
 * an HTTP area: harness/consistency/areas/), the history recorded and checked for linearizability
 * (harness/consistency/). `--replay FILE` checks a saved
 * violation again. Exit status: 0 linearizable, 1 not linearizable or could not decide, 2 usage error or
 * unreachable target.
 */
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { areaTargetNames, checkAreaTarget } from "../consistency/areas/targets.ts";
import { HTTP_AREAS, type HttpArea } from "../consistency/areas/types.ts";
import { type ConsistencyOptions, consistencyCommand, parseReplay, replayCommand } from "../consistency/command.ts";
import { checkConsistencyTarget, consistencyTargetNames } from "../consistency/targets.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const CHECK_HELP =
  wrapText(`Usage: edgeconf check consistency --area <area> --target <target> [--clients 8] [--keys 4]
                                 [--ops 2000] [--seed N] [--time-limit 10] [--out reports] [--json]
                                 [--module PATH] [--worker-url URL]
       edgeconf check consistency --replay FILE

Concurrent clients issue random operations on a few keys of one bucket (put, conditional put, get whole
and ranged, head, delete of one and of many keys, list with a prefix, multipart complete); each is recorded
with its invocation and completion time, then the history is checked for linearizability against the
bucket's sequential model (per key, then the keys lists join). The HTTP areas: concurrent creates,
deletes and lists of records at a few names (dns-records), publishes of the next epoch and reads of
audits (key-transparency), PATCHes and GETs of a few rules (dns-protection), checked against the area's
model per key. docs/consistency.md says what is checked.

  --area        object-store (default), ${HTTP_AREAS.join(", ")}
  --target      one of the area's, below (sim: the simulator, latency injected so that calls overlap;
                broken:*: fixtures that each break one promise, which the check must find)
${["object-store", ...HTTP_AREAS].map((a) => `    ${a.padEnd(18)}${(a === "object-store" ? consistencyTargetNames() : areaTargetNames(a as HttpArea)).join(", ")}`).join("\n")}
  --clients     concurrent clients (default 8); --keys: keys (default 4); --ops: operations (default 2000)
  --seed        the operations' seed (default: random, printed); timing comes from the target
  --time-limit  seconds the checker may search (default 10); past it the verdict is "could not decide"
  --module, --worker-url, --base-url, --kt-url  as for edgeconf run (http: the credentials too)
  --replay FILE check a saved violation (replays/consistency-<seed>.json) again
  --json        print the verdict as JSON

Writes <out>/consistency-<area>-<time>/verdict.json and history.json; on a violation also
timeline.html (one lane per client) and replays/consistency-<seed>.json.
Exit status: 0 linearizable, 1 not linearizable or could not decide, 2 usage error or unreachable target.
`);

function positiveInt(v: string | undefined, fallback: number, name: string, max: number): number | string {
  if (v === undefined) return fallback;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 && n <= max
    ? n
    : `--${name} needs a whole number from 1 to ${max}, got "${v}"`;
}

export type ParsedCheck =
  | { help: true }
  | { error: string }
  | { replay: string }
  | { options: ConsistencyOptions; env: Record<string, string> };

export function parseCheckArgs(argv: string[], cwd: string, randomSeed: () => number): ParsedCheck {
  const [what, ...rest] = argv;
  if (what === "--help" || what === "-h" || what === undefined) {
    return what === undefined ? { error: "name what to check: edgeconf check consistency" } : { help: true };
  }
  if (what !== "consistency") return { error: `unknown check "${what}" (one: consistency)` };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseCommandArgs({
      args: rest,
      allowPositionals: false,
      options: {
        area: { type: "string" },
        target: { type: "string" },
        clients: { type: "string" },
        keys: { type: "string" },
        ops: { type: "string" },
        seed: { type: "string" },
        "time-limit": { type: "string" },
        out: { type: "string" },
        module: { type: "string" },
        "worker-url": { type: "string" },
        "base-url": { type: "string" },
        "kt-url": { type: "string" },
        replay: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return { error: argsErrorMessage(e) };
  }
  if (values.help) return { help: true };
  if (values.replay !== undefined) return { replay: path.resolve(cwd, values.replay as string) };
  const area = (values.area as string | undefined) ?? "object-store";
  const httpArea = (HTTP_AREAS as readonly string[]).includes(area);
  if (area !== "object-store" && !httpArea) {
    return { error: `--area: one of object-store, ${HTTP_AREAS.join(", ")}; got "${area}"` };
  }
  const target = values.target as string | undefined;
  if (!target) {
    return {
      error: `--target is required (${httpArea ? areaTargetNames(area as HttpArea).join(", ") : "sim, workerd, worker, module, broken:<fixture>"})`,
    };
  }
  const problem = httpArea ? checkAreaTarget(area as HttpArea, target) : checkConsistencyTarget(target);
  if (problem) return { error: problem };
  const clients = positiveInt(values.clients as string | undefined, 8, "clients", 64);
  const keys = positiveInt(values.keys as string | undefined, 4, "keys", 64);
  const ops = positiveInt(values.ops as string | undefined, 2000, "ops", 1_000_000);
  for (const v of [clients, keys, ops]) if (typeof v === "string") return { error: v };
  let seed = randomSeed();
  if (values.seed !== undefined) {
    const s = Number(values.seed);
    if (!Number.isSafeInteger(s)) return { error: `--seed needs an integer, got "${values.seed}"` };
    seed = s | 0;
  }
  let timeLimitS = 10;
  if (values["time-limit"] !== undefined) {
    timeLimitS = Number(values["time-limit"]);
    if (!(Number.isFinite(timeLimitS) && timeLimitS > 0 && timeLimitS <= 86_400)) {
      return { error: `--time-limit needs seconds above 0 (at most 86400), got "${values["time-limit"]}"` };
    }
  }
  const env: Record<string, string> = {};
  if (values.module !== undefined) env.EDGECONF_MODULE = path.resolve(cwd, values.module as string);
  if (values["worker-url"] !== undefined) env.EDGECONF_WORKER_URL = values["worker-url"] as string;
  if (values["base-url"] !== undefined) env.EDGECONF_BASE_URL = values["base-url"] as string;
  if (values["kt-url"] !== undefined) env.EDGECONF_KT_URL = values["kt-url"] as string;
  return {
    options: {
      area: area as ConsistencyOptions["area"],
      target,
      clients: clients as number,
      keys: keys as number,
      ops: ops as number,
      seed,
      timeLimitS,
      outDir: path.resolve(cwd, (values.out as string | undefined) ?? "reports"),
      cwd,
      json: Boolean(values.json),
    },
    env,
  };
}

export async function run(argv: string[]): Promise<number> {
  const io = { stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
  const parsed = parseCheckArgs(argv, process.cwd(), () => randomInt(2 ** 31));
  if ("help" in parsed) {
    io.stdout(CHECK_HELP);
    return 0;
  }
  if ("error" in parsed) return usageError("check", parsed.error, io.stderr);
  if ("replay" in parsed) {
    let text: string;
    try {
      text = readFileSync(parsed.replay, "utf8");
    } catch (e) {
      return usageError("check", `--replay: cannot read ${parsed.replay}: ${(e as Error).message}`, io.stderr);
    }
    try {
      return replayCommand(parseReplay(text, parsed.replay), io);
    } catch (e) {
      return usageError("check", (e as Error).message, io.stderr);
    }
  }
  Object.assign(process.env, parsed.env);
  const out = outDirOrError(parsed.options.outDir);
  if (typeof out === "string") return usageError("check", out, io.stderr);
  const code = await consistencyCommand(parsed.options, io);
  if (code === 2) out.undo();
  return code;
}
