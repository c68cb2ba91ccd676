/**
 * The search for a linearization of one partition: Wing & Gong's algorithm with Lowe's memoisation, as
 * Porcupine implements it (porcupine/checker.go, checkSingle).
 *
 * The history is a doubly linked list of call and return entries in time order (a call before a return
 * at the same instant, so touching intervals count as concurrent). Walking it, a call whose operation the
 * model accepts from the current state is linearized: lifted out of the list with its return, and the
 * walk starts again from the head. Reaching a return means the operation it closes was not linearized in
 * time: the search backtracks (puts the last lifted operation back and tries the next call). Every
 * (set of linearized operations, state) pair reached is remembered, so no configuration is explored twice.
 *
 * Gaps / by design: the set is a bit set hashed incrementally (two 32-bit Zobrist words per operation);
 * a hash hit is confirmed by comparing the sets, so there are no false hits. Time is checked every 1024
 * steps against a deadline: past it the answer is "timeout", never a guess.
 */
import type { Operation } from "./types.ts";

export interface SearchModel<S> {
  /** The model's step: the state after `op`, or undefined when `op` could not have returned its outcome. */
  step(state: S, op: Operation): S | undefined;
  /** The state as text (equal states, equal text): half of the memo key. */
  key(state: S): string;
}

export interface SearchOptions {
  /** performance.now() value past which the search gives up ("timeout"). */
  deadline: number;
  /** Explore every linearization and collect the states they end in (instead of stopping at the first). */
  collectFinals?: boolean;
}

export interface SearchResult<S> {
  result: "ok" | "fail" | "timeout";
  /** Operations tried. */
  steps: number;
  /** With collectFinals: every state a linearization of the whole partition ends in (distinct). */
  finals?: S[];
}

interface Entry {
  /** Index of the operation in the partition. */
  index: number;
  isCall: boolean;
  time: number;
  match: Entry | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
}

function buildList(ops: readonly Operation[]): Entry {
  const events: Entry[] = [];
  ops.forEach((op, index) => {
    const ret: Entry = { index, isCall: false, time: op.complete, match: undefined, prev: undefined, next: undefined };
    const call: Entry = { index, isCall: true, time: op.invoke, match: ret, prev: undefined, next: undefined };
    events.push(call, ret);
  });
  // Calls before returns at the same time; among equals, keep the operations' order (stable sort).
  events.sort((a, b) => a.time - b.time || (a.isCall === b.isCall ? 0 : a.isCall ? -1 : 1));
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
export function searchLinearization<S>(
  ops: readonly Operation[],
  model: SearchModel<S>,
  initial: readonly S[],
  options: SearchOptions,
): SearchResult<S> {
  let steps = 0;
  const finals = new Map<string, S>();
  for (const start of initial) {
    const r = searchFrom(ops, model, start, options, finals);
    steps += r.steps;
    if (r.result === "timeout") return { result: "timeout", steps };
    if (r.result === "ok" && !options.collectFinals) return { result: "ok", steps };
  }
  if (options.collectFinals) return { result: finals.size > 0 ? "ok" : "fail", steps, finals: [...finals.values()] };
  return { result: "fail", steps };
}

function searchFrom<S>(
  ops: readonly Operation[],
  model: SearchModel<S>,
  start: S,
  options: SearchOptions,
  finals: Map<string, S>,
): { result: "ok" | "fail" | "timeout"; steps: number } {
  const n = ops.length;
  const head = buildList(ops);
  const words = new Uint32Array(Math.ceil(n / 32) || 1);
  const z = zobrist(n);
  let h1 = 0;
  let h2 = 0;
  const cache = new Map<string, Uint32Array[]>();
  const calls: { entry: Entry; state: S }[] = [];
  let state = start;
  let entry = head.next;
  let steps = 0;
  const seen = (key: string): boolean => {
    const list = cache.get(key);
    if (list) {
      for (const w of list) if (equalWords(w, words)) return true;
      list.push(words.slice());
    } else cache.set(key, [words.slice()]);
    return false;
  };
  const backtrack = (): boolean => {
    const top = calls.pop();
    if (!top) return false;
    const i = top.entry.index;
    words[i >>> 5]! ^= 1 << (i & 31);
    h1 ^= z[2 * i]!;
    h2 ^= z[2 * i + 1]!;
    state = top.state;
    unlift(top.entry);
    entry = top.entry.next;
    return true;
  };
  for (;;) {
    if (head.next === undefined) {
      if (!options.collectFinals) return { result: "ok", steps };
      finals.set(model.key(state), state);
      if (!backtrack()) return { result: "ok", steps };
      continue;
    }
    if ((++steps & 1023) === 0 && performance.now() > options.deadline) return { result: "timeout", steps };
    if (entry === undefined) {
      // Only with collectFinals after a backtrack from the end: nothing more to try at this level.
      if (!backtrack()) return { result: finals.size > 0 ? "ok" : "fail", steps };
      continue;
    }
    if (entry.isCall) {
      const i = entry.index;
      const next = model.step(state, ops[i]!);
      if (next !== undefined) {
        words[i >>> 5]! ^= 1 << (i & 31);
        h1 ^= z[2 * i]!;
        h2 ^= z[2 * i + 1]!;
        if (!seen(`${h1}.${h2}.${model.key(next)}`)) {
          calls.push({ entry, state });
          state = next;
          lift(entry);
          entry = head.next;
          continue;
        }
        words[i >>> 5]! ^= 1 << (i & 31);
        h1 ^= z[2 * i]!;
        h2 ^= z[2 * i + 1]!;
      }
      entry = entry.next;
    } else {
      if (!backtrack()) return { result: options.collectFinals && finals.size > 0 ? "ok" : "fail", steps };
    }
  }
}

function equalWords(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
