/**
 * Deciding keys that lists join from their keys' own linearizations: the writes of each key keep the
 * order its linearization gave them (a chain per key), and every observer (get, head, refused conditional
 * put, list: they never change the state) is placed at the first moment real time allows and the keys
 * hold what it returned. A search over the interleavings of the chains (which key's next write goes
 * first, respecting real time: an operation that completed before another was invoked comes first) looks
 * for an order that places every observer. Found, it is a linearization of the joined keys, a proof.
 *
 * Placing an observer as early as possible never hurts: it changes nothing, and placing it releases the
 * operations that must follow it. Not found proves nothing (another write order per key might work): the
 * caller then searches the joined keys as a whole.
 *
 * Gaps / by design: the search is bounded (a step budget and the deadline); a failed write left out of
 * its key's linearization stays out (it took effect after everything, i.e. never).
 */
import { isObserver, stepKeys } from "./model.ts";
import type { KeyState, Operation } from "./types.ts";

interface Node {
  op: Operation;
  /** The chain (key) of a write; undefined for an observer. */
  key: string | undefined;
  emitted: boolean;
  /** How many nodes, in completion order, must be emitted first (all completed before its invocation). */
  needs: number;
  /** Index in completion order. */
  rank: number;
}

export function mergeKeyOrders(
  keys: readonly string[],
  orders: ReadonlyMap<string, readonly Operation[]>,
  ops: readonly Operation[],
  deadline: number,
  maxSteps = 50 * ops.length + 10_000,
): boolean {
  const observers: Node[] = ops
    .filter((op) => isObserver(op) && op.call.op !== "list-entry")
    .map((op) => ({ op, key: undefined, emitted: false, needs: 0, rank: 0 }));
  const chains = new Map<string, Node[]>();
  for (const key of keys) {
    const writes = (orders.get(key) ?? []).filter((op) => !isObserver(op));
    chains.set(
      key,
      writes.map((op) => ({ op, key, emitted: false, needs: 0, rank: 0 })),
    );
  }
  const all = [...observers, ...[...chains.values()].flat()];
  const byComplete = [...all].sort((a, b) => a.op.complete - b.op.complete);
  byComplete.forEach((n, i) => {
    n.rank = i;
  });
  const completes = byComplete.map((n) => n.op.complete);
  for (const n of all) n.needs = lowerBound(completes, n.op.invoke);
  observers.sort((a, b) => a.needs - b.needs);

  const heads = keys.map(() => 0);
  const chainList = keys.map((k) => chains.get(k)!);
  let states: KeyState[] = keys.map(() => null);
  let doneUpTo = 0;
  let left = all.length;
  const trail: { node: Node; doneUpTo: number; states: KeyState[] }[] = [];
  const emit = (n: Node, next: KeyState[]) => {
    trail.push({ node: n, doneUpTo, states });
    n.emitted = true;
    left -= 1;
    states = next;
    if (n.key !== undefined) heads[keys.indexOf(n.key)]! += 1;
    while (doneUpTo < byComplete.length && byComplete[doneUpTo]!.emitted) doneUpTo += 1;
  };
  const undoTo = (length: number) => {
    while (trail.length > length) {
      const t = trail.pop()!;
      t.node.emitted = false;
      left += 1;
      states = t.states;
      doneUpTo = t.doneUpTo;
      if (t.node.key !== undefined) heads[keys.indexOf(t.node.key)]! -= 1;
    }
  };
  /** Emits every observer that may go now, until none can. */
  const placeObservers = () => {
    for (let again = true; again; ) {
      again = false;
      for (const o of observers) {
        if (o.emitted) continue;
        if (o.needs > doneUpTo) break; // sorted by needs: none further can be ready
        const next = stepKeys(states, keys, o.op);
        if (next) {
          emit(o, next);
          again = true;
        }
      }
    }
  };
  const seen = new Set<string>();
  let steps = 0;
  /** The writes that may go next (in completion order), once the observers that may go are placed. */
  const choices = (): Node[] | "done" | undefined => {
    placeObservers();
    if (left === 0) return "done";
    const key = `${heads.join(",")}|${doneUpTo}|${left}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const ready: Node[] = [];
    chainList.forEach((chain, i) => {
      const n = chain[heads[i]!];
      if (n && n.needs <= doneUpTo) ready.push(n);
    });
    return ready.sort((a, b) => a.rank - b.rank);
  };
  const stack: { ready: Node[]; next: number; mark: number }[] = [];
  const mark0 = trail.length;
  const first = choices();
  if (first === "done") return true;
  if (first) stack.push({ ready: first, next: 0, mark: mark0 });
  while (stack.length > 0) {
    if (++steps > maxSteps || ((steps & 255) === 0 && performance.now() > deadline)) return false;
    const frame = stack[stack.length - 1]!;
    undoTo(frame.mark);
    const n = frame.ready[frame.next++];
    if (!n) {
      stack.pop();
      continue;
    }
    const next = stepKeys(states, keys, n.op);
    if (!next) continue;
    emit(n, next);
    const c = choices();
    if (c === "done") return true;
    if (c) stack.push({ ready: c, next: 0, mark: trail.length });
  }
  return false;
}

/** The number of values in sorted `xs` below `x`. */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
