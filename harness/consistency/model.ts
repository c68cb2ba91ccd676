/**
 * The sequential model the checker replays operations against: the bucket of the model-based properties
 * (properties/object-store/reference-model.ts: md5 etags, range and precondition rules, listings), seen
 * one key at a time (a KeyState per key) so that a search can memoise states cheaply.
 *
 * `step` answers the state after an operation, or ILLEGAL when the operation could not have returned
 * what it returned from that state. A failed write (outcome "error") takes effect here (the checker lets
 * it linearize anywhere after its invocation, the end of the history included, which is "never").
 */
import { BucketModel, expectedProceeds, expectedRange, md5 } from "../../properties/object-store/reference-model.ts";
import type { Call, KeyState, Operation, Outcome, PutCondition } from "./types.ts";

export const ILLEGAL = Symbol("illegal");
export type Step<S> = S | typeof ILLEGAL;

const enc = (s: string) => new TextEncoder().encode(s);

/** The etag of a single put of `value`. */
export function putEtag(value: string): string {
  return md5(enc(value));
}

/** The etag of a completed multipart upload of `parts`: md5 of the parts' binary md5s, "-" and their count. */
export function multipartEtag(parts: readonly string[]): string {
  return `${md5(...parts.map((p) => Buffer.from(md5(enc(p)), "hex")))}-${parts.length}`;
}

/** Whether a conditional put proceeds on what the key holds (missing: etagMatches fails, etagDoesNotMatch passes). */
export function putProceeds(cond: PutCondition | undefined, state: KeyState): boolean {
  if (!cond) return true;
  if (state === null) return cond.etagMatches === undefined;
  return expectedProceeds({ etag: state.etag, uploaded: 0 }, cond);
}

/** True when the operation never changes what a key holds, whatever it returned (reads, refused conditional puts). */
export function isObserver(op: Operation): boolean {
  const c = op.call.op;
  if (c === "get" || c === "head" || c === "list" || c === "list-entry") return true;
  return c === "put" && op.outcome.kind === "null";
}

/** True for operations that may change the state (whatever they returned). */
export function isWrite(call: Call): boolean {
  return call.op === "put" || call.op === "multipart" || call.op === "delete";
}

/** The keys an operation touches, given the history's key space (a list touches every key under its prefix). */
export function keysOf(call: Call, keySpace: readonly string[]): string[] {
  switch (call.op) {
    case "delete":
      return [...new Set(call.keys)];
    case "list":
      return keySpace.filter((k) => k.startsWith(call.prefix));
    default:
      return [call.key];
  }
}

function sameObject(state: KeyState, out: Outcome, body: string | undefined): boolean {
  if (out.kind === "null") return state === null;
  if (out.kind !== "object" || state === null) return false;
  if (out.etag !== state.etag) return false;
  if (body === undefined) return out.size === enc(state.value).byteLength;
  return out.body === body;
}

/** One key's state after `op` (which touches only `key`). */
export function stepKey(state: KeyState, op: Operation, key: string): Step<KeyState> {
  const { call, outcome: out } = op;
  switch (call.op) {
    case "put": {
      if (out.kind === "error")
        return putProceeds(call.onlyIf, state) ? written(call.value, putEtag(call.value)) : state;
      if (!putProceeds(call.onlyIf, state)) return out.kind === "null" ? state : ILLEGAL;
      const next = written(call.value, putEtag(call.value));
      return out.kind === "object" && out.etag === next.etag && out.size === enc(call.value).byteLength
        ? next
        : ILLEGAL;
    }
    case "multipart": {
      const next = written(call.parts.join(""), multipartEtag(call.parts));
      if (out.kind === "error") return next;
      return out.kind === "object" && out.etag === next.etag ? next : ILLEGAL;
    }
    case "delete":
      return call.keys.includes(key) ? null : state;
    case "head":
      return sameObject(state, out, undefined) ? state : ILLEGAL;
    case "get": {
      if (state === null || out.kind !== "object") return sameObject(state, out, undefined) ? state : ILLEGAL;
      const bytes = enc(state.value);
      const r = call.range ? expectedRange(bytes.byteLength, call.range) : { offset: 0, length: bytes.byteLength };
      if (r === "unsatisfiable") return ILLEGAL;
      const body = new TextDecoder().decode(bytes.subarray(r.offset, r.offset + r.length));
      return sameObject(state, out, body) ? state : ILLEGAL;
    }
    case "list-entry":
      if (out.kind !== "entry") return ILLEGAL;
      return (state === null ? out.etag === null : out.etag === state.etag) ? state : ILLEGAL;
    case "list":
      // A list over one key: its listing is that key or nothing.
      return stepKeys([state], [key], op)?.[0] ?? ILLEGAL;
  }
}

function written(value: string, etag: string): { value: string; etag: string } {
  return { value, etag };
}

/**
 * The states of `keys` after `op` (any operation on any of them, lists included).
 * Returns ILLEGAL (as undefined for brevity of callers) when the op could not have returned its outcome.
 */
export function stepKeys(states: readonly KeyState[], keys: readonly string[], op: Operation): KeyState[] | undefined {
  const { call, outcome } = op;
  if (call.op === "list") {
    if (outcome.kind === "error") return [...states];
    if (outcome.kind !== "list") return undefined;
    const model = new BucketModel();
    keys.forEach((k, i) => {
      const s = states[i];
      if (s) model.objects.set(k, { bytes: enc(s.value), etag: s.etag, customMetadata: {} });
    });
    const want = model.listAll(call.prefix);
    const got = outcome.objects;
    if (got.length !== want.keys.length) return undefined;
    for (let i = 0; i < got.length; i++) {
      const k = want.keys[i]!;
      if (got[i]!.key !== k || got[i]!.etag !== model.objects.get(k)!.etag) return undefined;
    }
    return [...states];
  }
  const next = [...states];
  // A many-key delete may reach keys outside this partition (the per-key checks): those are not ours.
  const touched = call.op === "delete" ? call.keys.filter((k) => keys.includes(k)) : keysOf(call, keys);
  for (const k of touched) {
    const i = keys.indexOf(k);
    if (i === -1) return undefined;
    const s = stepKey(states[i]!, op, k);
    if (s === ILLEGAL) return undefined;
    next[i] = s;
  }
  return next;
}

/** A key's state as text: the memo key of a search. */
export function stateText(s: KeyState): string {
  return s === null ? "-" : `${s.etag}:${s.value}`;
}

/** The search model over the states of `keys` (one key, or the keys lists join). */
export function bucketSearchModel(keys: readonly string[]): {
  step(states: KeyState[], op: Operation): KeyState[] | undefined;
  key(states: KeyState[]): string;
} {
  return {
    step: (states, op) => stepKeys(states, keys, op),
    key: (states) => (states.length === 1 ? stateText(states[0]!) : states.map(stateText).join("|")),
  };
}
