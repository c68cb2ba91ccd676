/**
 * Checking one partition segment by segment. At a quiet instant (no operation in flight, failed writes
 * aside) everything before it precedes everything after it in every linearization, so all that the part
 * after it needs to know is the set of states the part before it can end in. The search then runs on one
 * segment at a time from each of those states, which keeps it small, and a violation is found in the
 * segment where no state survives, without searching the rest of the history.
 *
 * A failed write (completion Infinity) may take effect in any later segment or never: each state carries
 * the failed writes not yet linearized, and they join every later segment's search as open-ended.
 */
import { bucketSearchModel } from "./model.ts";
import { searchLinearization } from "./search.ts";
import type { KeyState, Operation } from "./types.ts";

/** A linearization, built segment by segment (a persistent list: configurations share their past). */
export interface Path {
  ops: Operation[];
  before: Path | undefined;
}

export function pathOps(path: Path | undefined): Operation[] {
  const parts: Operation[][] = [];
  for (let p = path; p; p = p.before) parts.push(p.ops);
  return parts.reverse().flat();
}

export type PartitionResult =
  /** `order`: one linearization of the partition's operations (failed writes left out are not in it). */
  | { result: "ok"; steps: number; order: Operation[] }
  | { result: "timeout"; steps: number }
  /**
   * `ops` from any of `initial` has no linearization (a proof for the whole partition); `startsAt`: the
   * quiet instant it starts at, undefined when it starts with the history.
   */
  | { result: "fail"; steps: number; ops: Operation[]; initial: KeyState[][]; startsAt?: number };

const byInvoke = (a: Operation, b: Operation) => a.invoke - b.invoke || a.id - b.id;

/** The partition's operations in segments split at quiet instants (failed writes do not keep one busy). */
export function segmentsOf(ops: readonly Operation[]): Operation[][] {
  const sorted = [...ops].sort(byInvoke);
  const out: Operation[][] = [];
  let current: Operation[] = [];
  let busyUntil = Number.NEGATIVE_INFINITY;
  for (const op of sorted) {
    if (current.length > 0 && busyUntil < op.invoke) {
      out.push(current);
      current = [];
    }
    current.push(op);
    if (op.complete !== Number.POSITIVE_INFINITY) busyUntil = Math.max(busyUntil, op.complete);
  }
  if (current.length > 0) out.push(current);
  return out;
}

interface Config {
  states: KeyState[];
  open: Operation[];
  path: Path | undefined;
}

/**
 * The common case first: one search of the whole partition, which (trying operations in completion order)
 * finds a linearization in about one step per operation when there is one; after a few times that, it
 * stops ("timeout"), leaving the history to the segment-by-segment search, which finds violations locally.
 */
export function quickCheck(
  keys: readonly string[],
  ops: readonly Operation[],
  deadline: number,
  candidateOrder: "completion" | "invocation" = "completion",
): PartitionResult {
  const sorted = [...ops].sort(byInvoke);
  const r = searchLinearization(sorted, bucketSearchModel(keys), [keys.map(() => null)], {
    deadline,
    candidateOrder,
    maxSteps: 4 * sorted.length + 10_000,
  });
  if (r.result === "ok") return { result: "ok", steps: r.steps, order: r.order!.map((i) => sorted[i]!) };
  if (r.result === "fail") return { result: "fail", steps: r.steps, ops: sorted, initial: [keys.map(() => null)] };
  return { result: "timeout", steps: r.steps };
}

export interface PartitionOptions {
  /** Split at quiet instants (default true). */
  segmented?: boolean;
  candidateOrder?: "completion" | "invocation";
}

export function checkPartition(
  keys: readonly string[],
  ops: readonly Operation[],
  deadline: number,
  options: PartitionOptions = {},
): PartitionResult {
  const segmented = options.segmented !== false;
  const candidateOrder = options.candidateOrder ?? "completion";
  const model = bucketSearchModel(keys);
  const sorted = [...ops].sort(byInvoke);
  const quick = quickCheck(keys, sorted, deadline, candidateOrder);
  if (quick.result === "ok") return quick;
  if (quick.result === "fail" && !segmented) {
    return { result: "fail", steps: quick.steps, ops: sorted, initial: [keys.map(() => null)] };
  }
  const segments = segmented ? segmentsOf(ops) : [sorted];
  let configs: Config[] = [{ states: keys.map(() => null), open: [], path: undefined }];
  let steps = quick.steps;
  for (const [n, segment] of segments.entries()) {
    if (performance.now() > deadline) return { result: "timeout", steps };
    const last = n === segments.length - 1;
    const next = new Map<string, Config>();
    for (const c of configs) {
      const segOps = [...c.open, ...segment];
      const r = searchLinearization(segOps, model, [c.states], { deadline, candidateOrder, collectFinals: !last });
      steps += r.steps;
      if (r.result === "timeout") return { result: "timeout", steps };
      if (last) {
        if (r.result === "ok") {
          return { result: "ok", steps, order: pathOps({ ops: r.order!.map((i) => segOps[i]!), before: c.path }) };
        }
        continue;
      }
      for (const f of r.finals ?? []) {
        const open = f.open.map((i) => segOps[i]!);
        const key = `${model.key(f.state)}#${open.map((o) => o.id).join(",")}`;
        if (next.has(key)) continue;
        next.set(key, { states: f.state, open, path: { ops: f.order.map((i) => segOps[i]!), before: c.path } });
      }
    }
    if (last || next.size === 0) {
      // No state survives this segment: it fails from every state the segments before it can end in,
      // with every failed write still open (more open writes only make a linearization easier).
      const open = [...new Map(configs.flatMap((c) => c.open.map((o) => [o.id, o] as const))).values()];
      const initial = [...new Map(configs.map((c) => [model.key(c.states), c.states] as const)).values()];
      return {
        result: "fail",
        steps,
        ops: [...open, ...segment].sort(byInvoke),
        initial,
        ...(n > 0 ? { startsAt: segment[0]!.invoke } : {}),
      };
    }
    configs = [...next.values()];
  }
  return { result: "ok", steps, order: [] };
}
