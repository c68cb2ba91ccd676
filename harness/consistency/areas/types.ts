/**
 * Concurrent histories of the HTTP areas (A dns-protection, B dns-records, C key-transparency), as the
 * recorder writes them and the checker reads them: the same shape as the bucket's (types.ts), with each
 * area's own calls and outcomes, and each area's sequential model.
 *
 * Every operation touches one key (a record name, a namespace, a rule): the checker partitions the history
 * per key (P-compositionality) and searches each part against the area's model from the key's initial state.
 */
import type { Timed } from "../search.ts";

export type HttpArea = "dns-protection" | "dns-records" | "key-transparency";
export const HTTP_AREAS: readonly HttpArea[] = ["dns-protection", "dns-records", "key-transparency"];

/** An answer as the recorder saw it: the status and the JSON body (undefined when not JSON). */
export interface Answer {
  status: number;
  json: unknown;
}

/**
 * How the recorder reaches the area: one request below the area's base (`/zones/...` and `/accounts/...`
 * for A and B, `/namespaces/...` for C). Throws when the call failed (network, timeout): its effect is unknown.
 */
export type Send = (method: string, path: string, body?: unknown) => Promise<Answer>;

export interface AreaOperation<C = unknown, R = unknown> extends Timed {
  /** Unique in the history (numbered from 0 in invocation order). */
  id: number;
  client: number;
  /** The key the operation touches (its part of the history). */
  key: string;
  call: C;
  /** What it returned; `{ kind: "error" }` when the call failed (a write's effect is then unknown). */
  outcome: R | { kind: "error"; message: string };
  /** ms on the recorder's monotonic clock; Infinity for a failed write (it may take effect later, or never). */
  complete: number;
}

export interface AreaHistory<S = unknown> {
  area: HttpArea;
  /** Every key, with the state it held when the clients started (the setup's, unrecorded). */
  initial: Record<string, S>;
  ops: AreaOperation[];
}

/** An area's sequential model, one key at a time. */
export interface AreaModel<S = unknown> {
  area: HttpArea;
  /** The state after `op`, or undefined when `op` could not have returned its outcome from `state`. */
  step(state: S, op: AreaOperation): S | undefined;
  /** The state as text (equal states, equal text). */
  key(state: S): string;
  /** Whether an operation that failed (outcome error) may have changed the state. */
  isWrite(op: AreaOperation): boolean;
  /** A write that took effect (a positive control: a history without one proves nothing). */
  wrote(op: AreaOperation): boolean;
  /** Never changes the state, whatever it returned (reads, refused writes). */
  isObserver(op: AreaOperation): boolean;
  /** Its outcome depends on the state (every call here but an unconditional write). */
  dependsOnState(op: AreaOperation): boolean;
  describeCall(op: AreaOperation): string;
  describeOutcome(op: AreaOperation): string;
  describeState(s: S): string;
}

export interface AreaViolation<S = unknown> {
  key: string;
  /** Where the witness was cut from the operations before it; undefined: from the key's initial state. */
  startsAt?: number;
  /** The states the key may hold when the witness starts (it fails from each). */
  initial: S[];
  ops: AreaOperation[];
  partitionSize: number;
}

export interface AreaStats {
  ops: number;
  partitions: number;
  steps: number;
  elapsedMs: number;
}

export type AreaVerdict<S = unknown> =
  | { result: "linearizable"; stats: AreaStats }
  | { result: "violation"; violation: AreaViolation<S>; stats: AreaStats }
  | { result: "unknown"; reason: string; stats: AreaStats };
