/**
 * The checker: is a recorded history linearizable against the bucket's sequential model?
 *
 * `checkHistory` answers "linearizable", "violation" (with the smallest sub-history found that proves
 * it) or "unknown" (the time limit ran out before the search decided: nothing is claimed either way).
 * It checks each key's part first (fast; a failing part is a proof), then the keys that lists join,
 * together (see partition.ts). `partition: false` searches the whole history at
 * once against the model of every key: the same verdicts, slower (the benchmark's peer).
 */
import { bucketSearchModel } from "./model.ts";
import { impossibleListing, jointPartitions, type Partition, perKeyPartitions, prepare } from "./partition.ts";
import { searchLinearization } from "./search.ts";
import { shrinkWitness } from "./shrink.ts";
import type { CheckStats, History, KeyState, Operation, Verdict, Violation } from "./types.ts";

export interface CheckOptions {
  /** Give up ("unknown") after this many ms of searching (default 10,000). */
  timeLimitMs?: number;
  /** Check per key, then joined keys (default true); false: one search over the whole history. */
  partition?: boolean;
  /** Shrink a violation to a smallest sub-history (default true), within this many more ms (default 3,000). */
  shrinkMs?: number | false;
}

export function checkHistory(history: History, options: CheckOptions = {}): Verdict {
  const started = performance.now();
  const deadline = started + (options.timeLimitMs ?? 10_000);
  const ops = prepare(history);
  const stats: CheckStats = { ops: ops.length, partitions: 0, steps: 0, elapsedMs: 0 };
  const done = <V extends Verdict>(v: V): V => {
    v.stats.elapsedMs = performance.now() - started;
    return v;
  };
  const keys = history.keys;

  const impossible = ops.find((op) => impossibleListing(op, keys));
  if (impossible) {
    const listKeys = impossible.outcome.kind === "list" ? impossible.outcome.objects.map((o) => o.key) : [];
    return done({
      result: "violation",
      violation: { keys: listKeys, initial: [], ops: [impossible], context: [], partitionSize: 1 },
      stats,
    });
  }

  const stages: Partition[][] =
    options.partition === false
      ? [[{ keys: [...keys], ops }]]
      : [perKeyPartitions(keys, ops), jointPartitions(keys, ops)];
  for (const stage of stages) {
    for (const part of stage) {
      stats.partitions += 1;
      const model = bucketSearchModel(part.keys);
      const initial: KeyState[][] = [part.keys.map(() => null)];
      const r = searchLinearization(part.ops, model, initial, { deadline });
      stats.steps += r.steps;
      if (r.result === "timeout") {
        const limit = ((options.timeLimitMs ?? 10_000) / 1000).toFixed(1);
        return done({
          result: "unknown",
          reason:
            `the time limit (${limit} s) ran out while searching the ${part.ops.length} operation(s) on ` +
            `${part.keys.join(", ")}; no linearization was found yet and none was ruled out`,
          stats,
        });
      }
      if (r.result === "fail") {
        const shrinkDeadline = performance.now() + (options.shrinkMs === false ? 0 : (options.shrinkMs ?? 3_000));
        const w =
          options.shrinkMs === false
            ? { ops: part.ops, initial }
            : shrinkWitness(part.keys, part.ops, initial, shrinkDeadline);
        const starts = isEmptyStart(w.initial) ? [] : w.initial;
        const values = new Set(starts.flatMap((s) => s.map((x) => x?.value)));
        const violation: Violation = {
          keys: part.keys,
          initial: starts.map((s) => Object.fromEntries(part.keys.map((k, i) => [k, s[i] ?? null]))),
          ops: w.ops,
          context: part.ops.filter(
            (op) => !w.ops.includes(op) && writtenValue(op) !== undefined && values.has(writtenValue(op)),
          ),
          partitionSize: part.ops.length,
        };
        return done({ result: "violation", violation, stats });
      }
    }
  }
  return done({ result: "linearizable", stats });
}

function writtenValue(op: Operation): string | undefined {
  const c = op.call;
  if (c.op === "put" && op.outcome.kind !== "null") return c.value;
  if (c.op === "multipart") return c.parts.join("");
  return undefined;
}

function isEmptyStart(initial: KeyState[][]): boolean {
  return initial.length === 1 && initial[0]!.every((s) => s === null);
}
