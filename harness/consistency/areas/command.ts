/**
 * `edgeconf check consistency --area dns-records|key-transparency|dns-protection`: open the target, set up
 * the area's keys, record a concurrent history, clean up, check it, write the files (verdict.json,
 * history.json, and on a violation timeline.html and replays/consistency-<seed>.json) and print the
 * verdict; and the replay of a saved violation of these areas.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DEFAULT_COLUMNS, terminalWidth, wrapCommand, wrapLine } from "../../terminal.ts";
import type { ConsistencyOptions, Io } from "../command.ts";
import { nothingServed, printRunEnd, writeRunFiles } from "../run-files.ts";
import { renderTimeline } from "../timeline.ts";
import type { Operation, Violation } from "../types.ts";
import { checkAreaHistory, recheckAreaViolation } from "./check.ts";
import { recordAreaHistory } from "./record.ts";
import { AREA_MODELS, openArea } from "./targets.ts";
import type { AreaModel, AreaOperation, AreaVerdict, AreaViolation, HttpArea } from "./types.ts";

export interface AreaReplay {
  kind: "edgeconf-consistency-replay";
  version: 1;
  area: HttpArea;
  target: string;
  seed: number;
  clients: number;
  keys: number;
  ops: number;
  command: string;
  violation: AreaViolation;
}

const WHAT: Record<HttpArea, string> = {
  "dns-records": "the zone's records",
  "key-transparency": "the namespace's log",
  "dns-protection": "the rule",
};

export function areaCommandLine(
  o: Pick<ConsistencyOptions, "area" | "target" | "clients" | "keys" | "ops" | "seed">,
): string {
  return (
    `edgeconf check consistency --area ${o.area} --target ${o.target} --clients ${o.clients} --keys ${o.keys} ` +
    `--ops ${o.ops} --seed ${o.seed}`
  );
}

/** The violation's operations, one per entry, each wrapped to `width` under its own text. */
export function areaViolationText(v: AreaViolation, model: AreaModel<unknown>, width = DEFAULT_COLUMNS): string {
  const lines: string[] = [];
  const states = v.initial.map((s) => model.describeState(s)).join(" or ");
  const start =
    v.startsAt === undefined
      ? `starting from ${states} (as the setup left it):`
      : `starting when ${v.key} holds ${states} (every order of the operations before leaves that):`;
  lines.push(...wrapLine("  ", start, width, "    "));
  const t0 = Math.min(...v.ops.map((op) => op.invoke));
  for (const op of v.ops) {
    const end = Number.isFinite(op.complete) ? (op.complete - t0).toFixed(2) : "∞";
    const text = `client ${op.client} #${op.id} [${(op.invoke - t0).toFixed(2)} → ${end} ms] ${model.describeCall(op)} → ${model.describeOutcome(op)}`;
    lines.push(...wrapLine("    ", text, width, "      "));
  }
  return `${lines.join("\n")}\n`;
}

/** The violation as the timeline draws it (one key, its starting states, no context). */
function asTimeline(v: AreaViolation): Violation {
  return {
    keys: [v.key],
    ...(v.startsAt !== undefined ? { startsAt: v.startsAt } : {}),
    initial: v.startsAt === undefined ? [] : v.initial.map((s) => ({ [v.key]: s as never })),
    ops: v.ops as unknown as Operation[],
    context: [],
    partitionSize: v.partitionSize,
  };
}

function summary(v: AreaVerdict, o: ConsistencyOptions, ops: number, model: AreaModel<unknown>, width: number): string {
  const say = (text: string, pad = "  ") => `${wrapLine("", text, width, pad).join("\n")}\n`;
  const head =
    `${ops} operation(s) by ${o.clients} client(s) on ${o.keys} key(s) of ${o.area}, target ${o.target}, ` +
    `seed ${o.seed}; checked in ${(v.stats.elapsedMs / 1000).toFixed(2)} s`;
  if (v.result === "linearizable") return say(`LINEARIZABLE: ${head}.`);
  if (v.result === "unknown") {
    return `${say(`COULD NOT DECIDE: ${head}.`)}${wrapLine("  ", `${v.reason}.`, width, "    ").join("\n")}\n  Raise --time-limit or lower --ops.\n`;
  }
  return (
    say(`NOT LINEARIZABLE: ${head}.`) +
    say(
      `No order of these ${v.violation.ops.length} operation(s) on ${v.violation.key}, ` +
        "each taking effect at one instant between its invocation and completion, gives what they returned:",
    ) +
    areaViolationText(v.violation, model, width)
  );
}

export async function areaConsistencyCommand(
  o: ConsistencyOptions & { area: HttpArea },
  io: Io,
  now = new Date(),
): Promise<number> {
  const model = AREA_MODELS[o.area] as AreaModel<unknown>;
  let open: Awaited<ReturnType<typeof openArea>>;
  try {
    open = await openArea(o.area, o.target, o.seed);
  } catch (e) {
    io.stderr(`edgeconf check: cannot open target ${o.target}: ${(e as Error).message}\n`);
    return 2;
  }
  const recordStarted = performance.now();
  let history: Awaited<ReturnType<typeof recordAreaHistory>>;
  try {
    history = await recordAreaHistory(open.workload, open.send, { ...o, tag: randomBytes(4).toString("hex") });
    await open.workload.cleanup(open.send, history);
  } catch (e) {
    io.stderr(`edgeconf check: the setup of ${o.area} on ${o.target} failed: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await open.close().catch(() => undefined);
  }
  const recordMs = performance.now() - recordStarted;
  if (nothingServed(io.stdout, history.ops, (op) => model.wrote(op))) return 1;
  const verdict = checkAreaHistory(history, model, { timeLimitMs: o.timeLimitS * 1000 });
  const base = { area: o.area, target: o.target, seed: o.seed, clients: o.clients, keys: o.keys, ops: o.ops };
  const run = { base, verdict };
  const files = writeRunFiles({
    runDir: path.join(o.outDir, `consistency-${o.area}-${now.toISOString().replace(/[:.]/g, "-")}`),
    cwd: o.cwd,
    ...run,
    recordMs,
    history,
    violation:
      verdict.result === "violation"
        ? {
            replay: {
              kind: "edgeconf-consistency-replay",
              version: 1,
              ...base,
              command: areaCommandLine(o),
              violation: verdict.violation,
            } satisfies AreaReplay,
            timelineHtml: () =>
              renderTimeline(
                asTimeline(verdict.violation),
                {
                  title: `edgeconf: not linearizable (${o.area}, target ${o.target})`,
                  lines: [
                    `${history.ops.length} operations by ${o.clients} clients on ${o.keys} keys, seed ${o.seed}.`,
                    `Again: ${areaCommandLine(o)}`,
                  ],
                },
                {
                  call: (op) => model.describeCall(op as unknown as AreaOperation),
                  outcome: (op) => model.describeOutcome(op as unknown as AreaOperation),
                  state: (s) => model.describeState(s),
                  start: `The history starts from the keys as the setup left them: ${verdict.violation.initial.map((s) => model.describeState(s)).join(" or ")}.`,
                  what: WHAT[o.area],
                },
              ),
          }
        : undefined,
  });
  printRunEnd(io.stdout, o.json, run, files, (width) => summary(verdict, o, history.ops.length, model, width));
  return verdict.result === "linearizable" ? 0 : 1;
}

export function areaReplayCommand(replay: AreaReplay, io: Io): number {
  const model = AREA_MODELS[replay.area] as AreaModel<unknown>;
  for (const op of replay.violation.ops) if (op.complete === null) op.complete = Number.POSITIVE_INFINITY;
  const r = recheckAreaViolation(replay.violation.ops, replay.violation.initial, model);
  const width = terminalWidth();
  const found = `replaying a consistency violation of ${replay.area} found on ${replay.target} (seed ${replay.seed}):`;
  io.stdout(`${wrapLine("", found, width, "  ").join("\n")}\n`);
  io.stdout(areaViolationText(replay.violation, model, width));
  if (r === "violation") {
    io.stdout(
      "STILL NOT LINEARIZABLE: no order of these operations gives what they returned.\n" +
        "To record a new history the same way:\n" +
        `${wrapCommand("  ", replay.command, width, "    ").join("\n")}\n`,
    );
    return 1;
  }
  io.stdout(
    r === "linearizable"
      ? "LINEARIZABLE NOW: this checker finds an order for these operations (the checker changed).\n"
      : "COULD NOT DECIDE within 10 s.\n",
  );
  return r === "linearizable" ? 0 : 1;
}
