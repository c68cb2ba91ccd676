/**
 * The search for a linearization of one partition: Wing & Gong's algorithm with Lowe's memoisation, as
 * Porcupine implements it (porcupine/checker.go, checkSingle).
 *
 * The history is a doubly linked list of call and return entries in time order (a call before a return
 * at the same instant, so touching intervals count as concurrent). The calls before the first return are
 * the operations that may go next; one the model accepts from the current state is linearized: lifted out
 * of the list with its return, and the search goes on from there. When none is accepted, the search
 * backtracks (puts the last lifted operation back and tries the next candidate). Every (set of linearized
 * operations, state) pair reached is remembered, so no configuration is explored twice. Candidates are
 * tried in completion order first (see candidatesOf), Porcupine tries them in invocation order.
 *
 * Gaps / by design: the set is a bit set hashed incrementally (two 32-bit Zobrist words per operation);
 * a hash hit is confirmed by comparing the sets, so there are no false hits. Time is checked every 1024
 * steps against a deadline: past it the answer is "timeout", never a guess. An operation whose
 * completion is Infinity (a failed write) need not be linearized at all: placing it after everything is
 * the same as leaving it out.
 */
import type { Operation } from "./types.ts";

/** What the search reads of an operation: its interval (any area's operations have one). */
export interface Timed {
  invoke: number;
  complete: number;
}

export interface SearchModel<S, O extends Timed = Operation> {
  /** The model's step: the state after `op`, or undefined when `op` could not have returned its outcome. */
  step(state: S, op: O): S | undefined;
  /** The state as text (equal states, equal text): half of the memo key. */
  key(state: S): string;
}

export interface SearchOptions {
  /** performance.now() value past which the search gives up ("timeout"). */
  deadline: number;
  /** Try candidates in completion order first (default), or only in invocation order, as Porcupine does. */
  candidateOrder?: "completion" | "invocation";
  /** Give up ("timeout") after this many steps (default: no limit but the deadline). */
  maxSteps?: number;
  /** Explore every linearization and collect the states they end in (instead of stopping at the first). */
  collectFinals?: boolean;
}

export interface SearchResult<S> {
  result: "ok" | "fail" | "timeout";
  /** Operations tried. */
  steps: number;
  /** When "ok" (without collectFinals): the linearization found (indexes, in order). */
  order?: number[];
  /**
   * With collectFinals: every end of a linearization of all operations with a completion time: the state,
   * and the open-ended operations (completion Infinity) not linearized in it, by index (distinct).
   */
  finals?: Final<S>[];
}

export interface Final<S> {
  state: S;
  open: number[];
  /** The linearization that ends there (indexes, in order). */
  order: number[];
}

interface Entry {
  /** Index of the operation in the partition. */
  index: number;
  isCall: boolean;
  time: number;
  /** A call's return entry; a return's call entry. */
  match: Entry | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
}

function buildList(ops: readonly Timed[]): Entry {
  const events: Entry[] = [];
  ops.forEach((op, index) => {
    const ret: Entry = { index, isCall: false, time: op.complete, match: undefined, prev: undefined, next: undefined };
    const call: Entry = { index, isCall: true, time: op.invoke, match: ret, prev: undefined, next: undefined };
    events.push(call, ret);
  });
  // Calls before returns at the same time; among equals, keep the operations' order (stable sort).
  events.sort((a, b) => a.time - b.time || (a.isCall === b.isCall ? 0 : a.isCall ? -1 : 1));
  for (const e of events) if (e.isCall) e.match!.match = e;
  const head: Entry = { index: -1, isCall: false, time: -Infinity, match: undefined, prev: undefined, next: undefined };
  let last = head;
  for (const e of events) {
    last.next = e;
    e.prev = last;
    last = e;
  }
  return head;
}

function lift(call: Entry): void {
  call.prev!.next = call.next;
  if (call.next) call.next.prev = call.prev;
  const ret = call.match!;
  ret.prev!.next = ret.next;
  if (ret.next) ret.next.prev = ret.prev;
}

function unlift(call: Entry): void {
  const ret = call.match!;
  ret.prev!.next = ret;
  if (ret.next) ret.next.prev = ret;
  call.prev!.next = call;
  if (call.next) call.next.prev = call;
}

/** Deterministic 32-bit words for the Zobrist hash (xorshift32). */
function zobrist(n: number): Uint32Array {
  const out = new Uint32Array(n * 2);
  let x = 0x9e3779b9;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x >>> 0;
  }
  return out;
}

/** Searches for a linearization of `ops` from each of `initial` states in turn. */
export function searchLinearization<S, O extends Timed = Operation>(
  ops: readonly O[],
  model: SearchModel<S, O>,
  initial: readonly S[],
  options: SearchOptions,
): SearchResult<S> {
  let steps = 0;
  const finals = new Map<string, Final<S>>();
  for (const start of initial) {
    const r = searchFrom(ops, model, start, options, finals);
    steps += r.steps;
    if (r.result === "timeout") return { result: "timeout", steps };
    if (r.result === "ok" && !options.collectFinals)
      return { result: "ok", steps, ...(r.order ? { order: r.order } : {}) };
  }
  if (options.collectFinals) return { result: finals.size > 0 ? "ok" : "fail", steps, finals: [...finals.values()] };
  return { result: "fail", steps };
}

interface Frame<S> {
  /** The operations that may go next here, in the order they are tried. */
  candidates: Entry[];
  next: number;
  state: S;
  /** The candidate lifted to go deeper, if any. */
  lifted: Entry | undefined;
}

/**
 * The calls before the first return entry (those that may be linearized next), the operation of that
 * return first: trying operations in completion order first finds the order the target most likely
 * applied them in, and with it a linearization without backtracking in the common case.
 */
function candidatesOf(head: Entry, byCompletion: boolean): Entry[] {
  const out: Entry[] = [];
  let e = head.next;
  for (; e?.isCall; e = e.next) out.push(e);
  const first = byCompletion ? e?.match : undefined;
  if (first && out[0] !== first) {
    const at = out.indexOf(first);
    if (at > 0) {
      out.splice(at, 1);
      out.unshift(first);
    }
  }
  return out;
}

function searchFrom<S, O extends Timed>(
  ops: readonly O[],
  model: SearchModel<S, O>,
  start: S,
  options: SearchOptions,
  finals: Map<string, Final<S>>,
): { result: "ok" | "fail" | "timeout"; steps: number; order?: number[] } {
  const n = ops.length;
  const required = ops.filter((op) => op.complete !== Number.POSITIVE_INFINITY).length;
  let lifted = 0;
  const head = buildList(ops);
  const words = new Uint32Array(Math.ceil(n / 32) || 1);
  const z = zobrist(n);
  let h1 = 0;
  let h2 = 0;
  const cache = new Map<string, Uint32Array[]>();
  const flip = (i: number) => {
    words[i >>> 5]! ^= 1 << (i & 31);
    h1 ^= z[2 * i]!;
    h2 ^= z[2 * i + 1]!;
  };
  const seen = (key: string): boolean => {
    const list = cache.get(key);
    if (list) {
      for (const w of list) if (equalWords(w, words)) return true;
      list.push(words.slice());
    } else cache.set(key, [words.slice()]);
    return false;
  };
  const stack: Frame<S>[] = [];
  let frame: Frame<S> = {
    candidates: candidatesOf(head, options.candidateOrder !== "invocation"),
    next: 0,
    state: start,
    lifted: undefined,
  };
  let steps = 0;
  const order = () => stack.map((f) => f.lifted!.index);
  for (;;) {
    if (lifted === required && frame.next === 0) {
      if (!options.collectFinals) return { result: "ok", steps, order: order() };
      // Every operation with a completion is placed: an end. Open-ended ones may still go (other ends).
      const open = frame.candidates.map((e) => e.index);
      const key = `${model.key(frame.state)}#${open.join(",")}`;
      if (!finals.has(key)) finals.set(key, { state: frame.state, open, order: order() });
    }
    if ((++steps & 1023) === 0 && performance.now() > options.deadline) return { result: "timeout", steps };
    if (options.maxSteps !== undefined && steps > options.maxSteps) return { result: "timeout", steps };
    if (frame.next >= frame.candidates.length) {
      const up = stack.pop();
      if (!up) return { result: options.collectFinals && finals.size > 0 ? "ok" : "fail", steps };
      const e = up.lifted!;
      flip(e.index);
      if (ops[e.index]!.complete !== Number.POSITIVE_INFINITY) lifted -= 1;
      unlift(e);
      up.lifted = undefined;
      up.next += 1;
      frame = up;
      continue;
    }
    const e = frame.candidates[frame.next]!;
    const i = e.index;
    const after = model.step(frame.state, ops[i]!);
    if (after !== undefined) {
      flip(i);
      if (!seen(`${h1}.${h2}.${model.key(after)}`)) {
        lift(e);
        if (ops[i]!.complete !== Number.POSITIVE_INFINITY) lifted += 1;
        frame.lifted = e;
        stack.push(frame);
        frame = {
          candidates: candidatesOf(head, options.candidateOrder !== "invocation"),
          next: 0,
          state: after,
          lifted: undefined,
        };
        continue;
      }
      flip(i);
    }
    frame.next += 1;
  }
}

function equalWords(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
