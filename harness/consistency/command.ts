/**
 * `edgeconf check consistency`'s work, apart from argument parsing: open the target's bucket, record a
 * concurrent history, check it, write the files (run-files.ts: verdict.json, history.json, and on a violation
 * timeline.html and replays/consistency-<seed>.json) and print the verdict; and `--replay FILE`, which
 * checks a saved violation again.
 */
import path from "node:path";
import { DEFAULT_COLUMNS, terminalWidth, wrapCommand, wrapLine } from "../terminal.ts";
import { type AreaReplay, areaConsistencyCommand, areaReplayCommand } from "./areas/command.ts";
import type { HttpArea } from "./areas/types.ts";
import { checkHistory } from "./check.ts";
import { describeOp, describeState } from "./describe.ts";
import { bucketSearchModel } from "./model.ts";
import { recordHistory } from "./record.ts";
import { nothingServed, printRunEnd, writeRunFiles } from "./run-files.ts";
import { searchLinearization } from "./search.ts";
import { openConsistencyBucket } from "./targets.ts";
import { renderTimeline } from "./timeline.ts";
import type { KeyState, Verdict, Violation } from "./types.ts";

export interface ConsistencyOptions {
  area: "object-store" | HttpArea;
  target: string;
  clients: number;
  keys: number;
  ops: number;
  seed: number;
  timeLimitS: number;
  outDir: string;
  cwd: string;
  json: boolean;
}

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface ConsistencyReplay {
  kind: "edgeconf-consistency-replay";
  version: 1;
  area: "object-store";
  target: string;
  seed: number;
  clients: number;
  keys: number;
  ops: number;
  /** The command that records a history the same way again (timing differs run to run). */
  command: string;
  violation: Violation;
}

export function commandLine(o: Pick<ConsistencyOptions, "target" | "clients" | "keys" | "ops" | "seed">): string {
  return (
    `edgeconf check consistency --area object-store --target ${o.target} --clients ${o.clients} --keys ${o.keys} ` +
    `--ops ${o.ops} --seed ${o.seed}`
  );
}

/** The violation's operations, one per entry, each wrapped to `width` under its own text. */
export function violationText(v: Violation, width = DEFAULT_COLUMNS): string {
  const lines: string[] = [];
  if (v.startsAt !== undefined) {
    const states = v.initial.map((s) =>
      Object.entries(s)
        .map(([k, st]) => `${k} ${describeState(st)}`)
        .join(", "),
    );
    lines.push(
      ...wrapLine(
        "  ",
        `starting when ${states.join(" or ")} (every order of the operations before leaves that):`,
        width,
        "    ",
      ),
    );
    for (const op of v.context)
      lines.push(...wrapLine("      ", `(before: client ${op.client} #${op.id} ${describeOp(op)})`, width, "        "));
  } else lines.push("  starting with the empty bucket:");
  const t0 = Math.min(...v.ops.map((op) => op.invoke));
  for (const op of v.ops) {
    const end = Number.isFinite(op.complete) ? `${(op.complete - t0).toFixed(2)}` : "∞";
    const text = `client ${op.client} #${op.id} [${(op.invoke - t0).toFixed(2)} → ${end} ms] ${describeOp(op)}`;
    lines.push(...wrapLine("    ", text, width, "      "));
  }
  return `${lines.join("\n")}\n`;
}

function summary(v: Verdict, o: ConsistencyOptions, ops: number, width: number): string {
  const say = (text: string, pad = "  ") => `${wrapLine("", text, width, pad).join("\n")}\n`;
  const head = `${ops} operation(s) by ${o.clients} client(s) on ${o.keys} key(s), target ${o.target}, seed ${o.seed}; checked in ${(v.stats.elapsedMs / 1000).toFixed(2)} s`;
  if (v.result === "linearizable") return say(`LINEARIZABLE: ${head}.`);
  if (v.result === "unknown")
    return `${say(`COULD NOT DECIDE: ${head}.`)}${wrapLine("  ", `${v.reason}.`, width, "    ").join("\n")}\n  Raise --time-limit or lower --ops.\n`;
  return (
    say(`NOT LINEARIZABLE: ${head}.`) +
    say(
      `No order of these ${v.violation.ops.length} operation(s) on ${v.violation.keys.join(", ")}, ` +
        "each taking effect at one instant between its invocation and completion, gives what they returned:",
    ) +
    violationText(v.violation, width)
  );
}

export function runIdOf(now: Date, area: string): string {
  return `consistency-${area}-${now.toISOString().replace(/[:.]/g, "-")}`;
}

export async function consistencyCommand(o: ConsistencyOptions, io: Io, now = new Date()): Promise<number> {
  if (o.area !== "object-store") return areaConsistencyCommand({ ...o, area: o.area }, io, now);
  let open: Awaited<ReturnType<typeof openConsistencyBucket>>;
  try {
    open = await openConsistencyBucket(o.target, o.seed);
  } catch (e) {
    io.stderr(`edgeconf check: cannot open target ${o.target}: ${(e as Error).message}\n`);
    return 2;
  }
  let history: Awaited<ReturnType<typeof recordHistory>>;
  const recordStarted = performance.now();
  try {
    history = await recordHistory(open.bucket, {
      clients: o.clients,
      keys: o.keys,
      ops: o.ops,
      seed: o.seed,
      multipartParts: open.multipartParts,
    });
  } finally {
    await open.close().catch(() => undefined);
  }
  const recordMs = performance.now() - recordStarted;
  const wrote = (op: (typeof history.ops)[number]) =>
    (op.call.op === "put" || op.call.op === "multipart") && op.outcome.kind === "object";
  if (nothingServed(io.stdout, history.ops, wrote)) return 1;
  const verdict = checkHistory(history, { timeLimitMs: o.timeLimitS * 1000 });
  const base = { area: o.area, target: o.target, seed: o.seed, clients: o.clients, keys: o.keys, ops: o.ops };
  const run = { base, verdict };
  const files = writeRunFiles({
    runDir: path.join(o.outDir, runIdOf(now, o.area)),
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
              command: commandLine(o),
              violation: verdict.violation,
            } satisfies ConsistencyReplay,
            timelineHtml: () =>
              renderTimeline(verdict.violation, {
                title: `edgeconf: not linearizable (${o.area}, target ${o.target})`,
                lines: [
                  `${history.ops.length} operations by ${o.clients} clients on ${o.keys} keys, seed ${o.seed}.`,
                  `Again: ${commandLine(o)}`,
                ],
              }),
          }
        : undefined,
  });
  printRunEnd(io.stdout, o.json, run, files, (width) => summary(verdict, o, history.ops.length, width));
  return verdict.result === "linearizable" ? 0 : 1;
}

/** A replay file as read back (null completions are Infinity again); throws saying what is wrong. */
export function parseReplay(text: string, where: string): ConsistencyReplay | AreaReplay {
  let data: ConsistencyReplay;
  try {
    data = JSON.parse(text) as ConsistencyReplay;
  } catch (e) {
    throw new Error(`${where} is not JSON: ${(e as Error).message}`);
  }
  if (data?.kind !== "edgeconf-consistency-replay" || data.version !== 1 || !Array.isArray(data.violation?.ops)) {
    throw new Error(
      `${where} is not an edgeconf consistency replay file (kind "edgeconf-consistency-replay", version 1)`,
    );
  }
  for (const op of [...data.violation.ops, ...(data.violation.context ?? [])]) {
    if (op.complete === null) op.complete = Number.POSITIVE_INFINITY;
  }
  if ((data.area as string) !== "object-store") {
    if (!["dns-records", "key-transparency", "dns-protection"].includes(data.area)) {
      throw new Error(`${where}: unknown area "${data.area}"`);
    }
    return data as unknown as AreaReplay;
  }
  return data;
}

/** Whether the saved sub-history is still not linearizable from its starting states (the checker's say). */
export function recheckViolation(v: Violation, timeLimitMs = 10_000): "violation" | "linearizable" | "unknown" {
  const initial: KeyState[][] =
    v.initial.length === 0 ? [v.keys.map(() => null)] : v.initial.map((s) => v.keys.map((k) => s[k] ?? null));
  const r = searchLinearization(v.ops, bucketSearchModel(v.keys), initial, {
    deadline: performance.now() + timeLimitMs,
  });
  return r.result === "fail" ? "violation" : r.result === "ok" ? "linearizable" : "unknown";
}

export function replayCommand(replay: ConsistencyReplay | AreaReplay, io: Io): number {
  if (replay.area !== "object-store") return areaReplayCommand(replay as AreaReplay, io);
  const r = recheckViolation(replay.violation);
  const width = terminalWidth();
  const found = `replaying a consistency violation found on ${replay.target} (seed ${replay.seed}):`;
  io.stdout(`${wrapLine("", found, width, "  ").join("\n")}\n`);
  io.stdout(violationText(replay.violation, width));
  if (r === "violation") {
    io.stdout(
      `STILL NOT LINEARIZABLE: no order of these operations gives what they returned.\n` +
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
