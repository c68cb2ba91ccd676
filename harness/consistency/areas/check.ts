/**
 * The checker of the HTTP areas: is a recorded history linearizable against the area's sequential model?
 *
 * The same search as the bucket's (search.ts: Wing & Gong with Lowe's memoisation, completion order
 * first), per key (every operation of these areas touches one key: a record name, a namespace, a rule),
 * in the same steps: one quick search of the key's part (a linearization found is the answer); else the
 * part segment by segment between quiet instants, carrying the set of states each segment can end in (a
 * segment no state survives holds the violation); the violation shrunk by shrink.ts's removals. Bounded
 * by the time limit: past it the answer is "unknown", never a guess.
 *
 * Gaps / by design: a part holding a failed write (its effect unknown, completion Infinity) is searched
 * whole, not by segments.
 */
import { searchLinearization } from "../search.ts";
import { quietCuts, shrinkWith } from "../shrink.ts";
import type { AreaHistory, AreaModel, AreaOperation, AreaStats, AreaVerdict } from "./types.ts";

export interface AreaCheckOptions {
  /** Give up ("unknown") after this many ms of searching (default 10,000). */
  timeLimitMs?: number;
  /** Shrink a violation within this many more ms (default 3,000); false: report the failing segment. */
  shrinkMs?: number | false;
}

const byInvoke = (a: AreaOperation, b: AreaOperation) => a.invoke - b.invoke || a.id - b.id;

/** Failed reads dropped (they say nothing); failed writes open-ended (they may take effect later, or never). */
export function prepareAreaOps<S>(ops: readonly AreaOperation[], model: AreaModel<S>): AreaOperation[] {
  const out: AreaOperation[] = [];
  for (const op of ops) {
    const failed = (op.outcome as { kind?: string }).kind === "error";
    if (failed && !model.isWrite(op)) continue;
    out.push(failed ? { ...op, complete: Number.POSITIVE_INFINITY } : op);
  }
  return out;
}

type PartResult<S> =
  | { result: "ok"; steps: number }
  | { result: "timeout"; steps: number }
  | { result: "fail"; steps: number; ops: AreaOperation[]; initial: S[]; startsAt?: number };

function checkPart<S>(ops: AreaOperation[], model: AreaModel<S>, start: S, deadline: number): PartResult<S> {
  const quick = searchLinearization(ops, model, [start], { deadline, maxSteps: 4 * ops.length + 10_000 });
  if (quick.result === "ok") return { result: "ok", steps: quick.steps };
  let steps = quick.steps;
  if (ops.some((op) => op.complete === Number.POSITIVE_INFINITY)) {
    const whole = searchLinearization(ops, model, [start], { deadline });
    steps += whole.steps;
    if (whole.result === "fail") return { result: "fail", steps, ops, initial: [start] };
    return { result: whole.result, steps };
  }
  const cuts = [0, ...quietCuts(ops), ops.length];
  let states: S[] = [start];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const segment = ops.slice(cuts[i], cuts[i + 1]);
    const r = searchLinearization(segment, model, states, { deadline, collectFinals: true });
    steps += r.steps;
    if (r.result === "timeout") return { result: "timeout", steps };
    if (r.result === "fail") {
      return {
        result: "fail",
        steps,
        ops: segment,
        initial: states,
        ...(i > 0 ? { startsAt: segment[0]!.invoke } : {}),
      };
    }
    const next = new Map<string, S>();
    for (const f of r.finals ?? []) next.set(model.key(f.state), f.state);
    states = [...next.values()];
  }
  return { result: "ok", steps };
}

export function checkAreaHistory<S>(
  history: AreaHistory<S>,
  model: AreaModel<S>,
  options: AreaCheckOptions = {},
): AreaVerdict<S> {
  const started = performance.now();
  const deadline = started + (options.timeLimitMs ?? 10_000);
  const ops = prepareAreaOps(history.ops, model);
  const stats: AreaStats = { ops: ops.length, partitions: 0, steps: 0, elapsedMs: 0 };
  const done = <V extends AreaVerdict<S>>(v: V): V => {
    v.stats.elapsedMs = performance.now() - started;
    return v;
  };
  const unknownKey = ops.find((op) => !(op.key in history.initial));
  if (unknownKey) {
    return done({
      result: "unknown",
      reason: `operation #${unknownKey.id} touches "${unknownKey.key}", which the history's initial states do not name`,
      stats,
    });
  }
  for (const key of Object.keys(history.initial)) {
    const part = ops.filter((op) => op.key === key).sort(byInvoke);
    if (part.length === 0) continue;
    stats.partitions += 1;
    const r = checkPart(part, model, history.initial[key] as S, deadline);
    stats.steps += r.steps;
    if (r.result === "timeout") {
      const limit = ((options.timeLimitMs ?? 10_000) / 1000).toFixed(1);
      return done({
        result: "unknown",
        reason:
          `the time limit (${limit} s) ran out while searching the ${part.length} operation(s) on ${key}; ` +
          "no linearization was found yet and none was ruled out",
        stats,
      });
    }
    if (r.result === "fail") {
      const shrinkDeadline = performance.now() + (options.shrinkMs === false ? 0 : (options.shrinkMs ?? 3_000));
      const w = shrinkWith(
        { model, isObserver: (op) => model.isObserver(op), dependsOnState: (op) => model.dependsOnState(op) },
        r.ops,
        r.initial,
        shrinkDeadline,
        r.startsAt,
      );
      return done({
        result: "violation",
        violation: {
          key,
          ...(w.startsAt !== undefined ? { startsAt: w.startsAt } : {}),
          initial: w.initial,
          ops: w.ops,
          partitionSize: part.length,
        },
        stats,
      });
    }
  }
  return done({ result: "linearizable", stats });
}

/** A witness again: still not linearizable from its starting states? (the replay's recheck) */
export function recheckAreaViolation<S>(
  ops: AreaOperation[],
  initial: S[],
  model: AreaModel<S>,
  timeLimitMs = 10_000,
): "violation" | "linearizable" | "unknown" {
  const r = searchLinearization(ops, model, initial, { deadline: performance.now() + timeLimitMs });
  return r.result === "fail" ? "violation" : r.result === "ok" ? "linearizable" : "unknown";
}
