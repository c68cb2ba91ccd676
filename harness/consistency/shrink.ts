/**
 * The smallest sub-history that still shows a violation, found by removals that keep the proof valid:
 * the sub-history reported is not linearizable, and that implies the whole history is not.
 *
 * Removing an operation can turn a linearizable history into a non-linearizable one (drop the put a read
 * saw and the read becomes impossible), so only these removals are made, each kept only if the search
 * still fails:
 * - cut at a quiet instant (no operation in flight), keeping the part before it: everything before a
 *   quiet instant precedes everything after it in every linearization, so a prefix that fails is a proof;
 * - cut at a quiet instant, keeping the part after it, started from every state the part before it can
 *   end in (the reported `initial` states): if the rest fails from each of them, the whole history fails;
 * - drop an observer (a read, a list, a refused conditional put): it never changes the state, so a
 *   linearization of the history keeps one without it;
 * - drop an unconditional write (put without onlyIf, multipart, delete) invoked after every operation
 *   whose outcome depends on the state has completed: nothing can observe it.
 *
 * Gaps / by design: greedy, not exhaustive (a smaller witness may exist); bounded by a deadline, after
 * which the smallest proof found so far is reported.
 */
import { bucketSearchModel, isObserver } from "./model.ts";
import { type SearchModel, searchLinearization, type Timed } from "./search.ts";
import type { KeyState, Operation } from "./types.ts";

export interface Witness<S = KeyState[], O = Operation> {
  ops: O[];
  /** The states the keys may hold when `ops` start (each fails). */
  initial: S[];
  /** Where the witness was cut from the history before it (undefined: it starts with the history). */
  startsAt?: number;
}

/** What the shrinker needs to know of an area: its model, and which operations change nothing. */
export interface ShrinkKit<S, O extends Timed & { id: number }> {
  model: SearchModel<S, O>;
  /** Never changes the state, whatever it returned (a read, a refused write). */
  isObserver(op: O): boolean;
  /** Its outcome depends on the state (observers, conditional writes). */
  dependsOnState(op: O): boolean;
}

const byInvoke = (a: Timed & { id: number }, b: Timed & { id: number }) => a.invoke - b.invoke || a.id - b.id;

/** Indexes i where every operation before i (in invocation order) completed before ops[i] was invoked. */
export function quietCuts(ops: readonly Timed[]): number[] {
  const cuts: number[] = [];
  let maxComplete = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < ops.length; i++) {
    if (i > 0 && maxComplete < ops[i]!.invoke) cuts.push(i);
    maxComplete = Math.max(maxComplete, ops[i]!.complete);
  }
  return cuts;
}

function dependsOnState(op: Operation): boolean {
  const c = op.call;
  return isObserver(op) || (c.op === "put" && c.onlyIf !== undefined);
}

export function shrinkWitness(
  keys: readonly string[],
  failing: readonly Operation[],
  initial: KeyState[][],
  deadline: number,
  startsAtGiven?: number,
): Witness {
  return shrinkWith(
    { model: bucketSearchModel(keys), isObserver, dependsOnState },
    failing,
    initial,
    deadline,
    startsAtGiven,
  );
}

/** The shrinking of shrinkWitness for any area's model (harness/consistency/areas). */
export function shrinkWith<S, O extends Timed & { id: number }>(
  kit: ShrinkKit<S, O>,
  failing: readonly O[],
  initial: S[],
  deadline: number,
  startsAtGiven?: number,
): Witness<S, O> {
  const { model, isObserver, dependsOnState } = kit;
  const fails = (ops: readonly O[], from: S[]): boolean =>
    performance.now() < deadline && searchLinearization(ops, model, from, { deadline }).result === "fail";
  let ops = [...failing].sort(byInvoke);
  let from = initial;
  let startsAt = startsAtGiven;

  // Each pass can open quiet instants the next can cut at (removed reads no longer overlap the writes).
  for (let pass = 0; pass < 4 && performance.now() < deadline; pass++) {
    const before = ops.length;
    // 1. The shortest failing prefix ending at a quiet instant (failing prefixes are monotone: binary search).
    const cuts = quietCuts(ops);
    let lo = 0;
    let hi = cuts.length; // cuts[hi] is "the whole history"
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fails(ops.slice(0, cuts[mid]), from)) hi = mid;
      else lo = mid + 1;
    }
    if (hi < cuts.length) ops = ops.slice(0, cuts[hi]);

    // 2. The shortest failing suffix from a quiet instant, from every state the prefix can end in.
    const later = quietCuts(ops).reverse();
    for (const cut of later.slice(0, 40)) {
      if (performance.now() > deadline) break;
      const head = searchLinearization(ops.slice(0, cut), model, from, { deadline, collectFinals: true });
      if (head.result !== "ok" || !head.finals || head.finals.length === 0) continue;
      if (head.finals.some((f) => f.open.length > 0)) continue;
      const states = head.finals.map((f) => f.state);
      if (fails(ops.slice(cut), states)) {
        startsAt = ops[cut]!.invoke;
        ops = ops.slice(cut);
        from = states;
        break;
      }
    }

    // 3. Observers, in halves then one by one; unconditional writes nothing can observe.
    for (let size = Math.max(1, ops.length >> 1); size >= 1; size >>= 1) {
      for (let i = 0; i < ops.length; ) {
        const chunk = ops.slice(i, i + size);
        if (chunk.every(isObserver)) {
          const rest = [...ops.slice(0, i), ...ops.slice(i + size)];
          if (rest.length > 0 && fails(rest, from)) {
            ops = rest;
            continue;
          }
        }
        i += size;
      }
      if (size === 1) break;
    }
    for (let i = ops.length - 1; i >= 0; i--) {
      const w = ops[i]!;
      if (dependsOnState(w)) continue;
      const lastDependent = Math.max(
        Number.NEGATIVE_INFINITY,
        ...ops.filter((o) => o !== w && dependsOnState(o)).map((o) => o.complete),
      );
      if (lastDependent < w.invoke) {
        const rest = ops.filter((o) => o !== w);
        if (rest.length > 0 && fails(rest, from)) ops = rest;
      }
    }
    if (ops.length === before) break;
  }
  return { ops, initial: from, ...(startsAt !== undefined ? { startsAt } : {}) };
}
