/**
 * The checker: is a recorded history linearizable against the bucket's sequential model?
 *
 * `checkHistory` answers "linearizable", "violation" (with the smallest sub-history found that proves
 * it) or "unknown" (the time limit ran out before the search decided: nothing is claimed either way).
 * It checks each key's part first (fast; a failing part is a proof), then the keys that lists join,
 * together (see partition.ts). `partition: false` searches the whole history at
 * once against the model of every key: the same verdicts, slower (the benchmark's peer).
 */

import { mergeKeyOrders } from "./merge.ts";
import { impossibleListing, jointPartitions, type Partition, perKeyPartitions, prepare } from "./partition.ts";
import { checkPartition, type PartitionResult, quickCheck } from "./segments.ts";
import { shrinkWitness } from "./shrink.ts";
import type { CheckStats, History, KeyState, Operation, Verdict, Violation } from "./types.ts";

export interface CheckOptions {
  /** Give up ("unknown") after this many ms of searching (default 10,000). */
  timeLimitMs?: number;
  /** Check per key, then joined keys (default true); false: one search over the whole history. */
  partition?: boolean;
  /** Search each partition segment by segment, split at quiet instants (default true; see segments.ts). */
  segments?: boolean;
  /** The search's candidate order (default "completion"; "invocation": Porcupine's, for comparison). */
  candidateOrder?: "completion" | "invocation";
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

  const order = options.candidateOrder ?? "completion";
  const violationOf = (part: Partition, r: Extract<PartitionResult, { result: "fail" }>) => {
    const shrinkDeadline = performance.now() + (options.shrinkMs === false ? 0 : (options.shrinkMs ?? 3_000));
    const w = shrinkWitness(part.keys, r.ops, r.initial, shrinkDeadline, r.startsAt);
    const violation: Violation = {
      keys: part.keys,
      ...(w.startsAt !== undefined ? { startsAt: w.startsAt } : {}),
      initial:
        w.startsAt === undefined
          ? []
          : w.initial.map((s) => Object.fromEntries(part.keys.map((k, i) => [k, s[i] ?? null]))),
      ops: w.ops,
      context: [
        ...new Set([
          ...(w.startsAt === undefined ? [] : contextOf(part.ops, part.keys, w.initial, w.startsAt)),
          ...writersOfObserved(part.ops, w.ops),
        ]),
      ].sort((a, b) => a.invoke - b.invoke),
      partitionSize: part.ops.length,
    };
    return done({ result: "violation", violation, stats });
  };
  const unknown = (part: Partition) => {
    const limit = ((options.timeLimitMs ?? 10_000) / 1000).toFixed(1);
    return done({
      result: "unknown",
      reason:
        `the time limit (${limit} s) ran out while searching the ${part.ops.length} operation(s) on ` +
        `${part.keys.join(", ")}; no linearization was found yet and none was ruled out`,
      stats,
    });
  };
  const partitionOptions = { segmented: options.segments !== false, candidateOrder: order };

  if (options.partition === false) {
    const whole: Partition = { keys: [...keys], ops };
    stats.partitions = 1;
    const r = checkPartition(whole.keys, whole.ops, deadline, partitionOptions);
    stats.steps += r.steps;
    if (r.result === "timeout") return unknown(whole);
    if (r.result === "fail") return violationOf(whole, r);
    return done({ result: "linearizable", stats });
  }

  // 1. Keys joined by lists, quickly: a linearization of them all is one of each key too.
  const joint = jointPartitions(keys, ops);
  const decided = new Set<string>();
  const pending: Partition[] = [];
  for (const part of joint) {
    const r = quickCheck(part.keys, part.ops, deadline, order);
    stats.partitions += 1;
    stats.steps += r.steps;
    if (r.result === "ok") for (const k of part.keys) decided.add(k);
    else pending.push(part);
  }
  // 2. Each key left on its own: a key with no linearization is a proof (with a small witness).
  const orders = new Map<string, Operation[]>();
  for (const part of perKeyPartitions(keys, ops).filter((p) => !decided.has(p.keys[0]!))) {
    stats.partitions += 1;
    const r = checkPartition(part.keys, part.ops, deadline, partitionOptions);
    stats.steps += r.steps;
    if (r.result === "timeout") return unknown(part);
    if (r.result === "fail") return violationOf(part, r);
    orders.set(part.keys[0]!, r.order);
  }
  // 3. Joined keys not decided in 1: merge their keys' linearizations (merge.ts), else search them whole.
  for (const part of pending) {
    stats.partitions += 1;
    if (mergeKeyOrders(part.keys, orders, part.ops, deadline)) {
      stats.merged = (stats.merged ?? 0) + 1;
      continue;
    }
    const r = checkPartition(part.keys, part.ops, deadline, partitionOptions);
    stats.steps += r.steps;
    if (r.result === "timeout") return unknown(part);
    if (r.result === "fail") return violationOf(part, r);
  }
  return done({ result: "linearizable", stats });
}

function writtenValue(op: Operation): string | undefined {
  const c = op.call;
  if (c.op === "put" && op.outcome.kind !== "null") return c.value;
  if (c.op === "multipart") return c.parts.join("");
  return undefined;
}

/** The writes (outside the witness) of the etags its operations saw or named, so a reader sees where they came from. */
function writersOfObserved(ops: readonly Operation[], witness: readonly Operation[]): Operation[] {
  const etags = new Set<string>();
  for (const op of witness) {
    const o = op.outcome;
    if ((op.call.op === "get" || op.call.op === "head") && o.kind === "object") etags.add(o.etag);
    if (o.kind === "entry" && o.etag !== null) etags.add(o.etag);
    if (o.kind === "list") for (const x of o.objects) etags.add(x.etag);
    if (op.call.op === "put" && op.call.onlyIf?.etagMatches) etags.add(op.call.onlyIf.etagMatches);
    if (op.call.op === "put" && op.call.onlyIf?.etagDoesNotMatch) etags.add(op.call.onlyIf.etagDoesNotMatch);
  }
  return ops.filter(
    (op) =>
      !witness.includes(op) &&
      (op.call.op === "put" || op.call.op === "multipart") &&
      op.outcome.kind === "object" &&
      etags.has(op.outcome.etag),
  );
}

/** For each key and initial state: the write of its value, or (absent) the last delete before `at`. */
function contextOf(ops: readonly Operation[], keys: readonly string[], initial: KeyState[][], at: number): Operation[] {
  const out = new Set<Operation>();
  const before = ops.filter((op) => op.complete < at || (op.complete === Number.POSITIVE_INFINITY && op.invoke < at));
  keys.forEach((key, i) => {
    for (const s of initial) {
      const st = s[i] ?? null;
      const found =
        st === null
          ? before.filter((op) => op.call.op === "delete" && op.call.keys.includes(key)).at(-1)
          : before.find((op) => writtenValue(op) === st.value && "key" in op.call && op.call.key === key);
      if (found) out.add(found);
    }
  });
  return [...out].sort((a, b) => a.invoke - b.invoke);
}
