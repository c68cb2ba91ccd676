/**
 * A concurrent history of bucket calls, as the recorder writes it and the checker reads it.
 *
 * Every operation carries its invocation and completion time from one monotonic clock (ms, any origin).
 * An operation whose effect is unknown (the call failed: it may or may not have taken effect) has
 * completion `Infinity`: it may be placed anywhere after its invocation, including after everything,
 * which is the same as never having happened.
 *
 * Values written are unique in a history (the recorder makes them so), so an etag or a body names the
 * write it came from, as Porcupine's and Knossos' register tests do.
 */

/** A range of a ranged get (the binding's object form). */
export interface RangeSpec {
  offset?: number;
  length?: number;
  suffix?: number;
}

/** The conditions of a conditional put (object form: one strong etag or "*"). */
export interface PutCondition {
  etagMatches?: string;
  etagDoesNotMatch?: string;
}

export type Call =
  | { op: "put"; key: string; value: string; onlyIf?: PutCondition }
  /** A multipart upload of these parts, completed: the complete call is the operation. */
  | { op: "multipart"; key: string; parts: string[] }
  | { op: "get"; key: string; range?: RangeSpec }
  | { op: "head"; key: string }
  /**
   * delete(key) for one key, delete([keys]) for several. The checker splits a many-key delete into one
   * delete per key (`of`: the keys of the call it came from), each taking effect at its own instant within
   * the call: the platform does not promise that a many-key delete is atomic.
   */
  | { op: "delete"; keys: string[]; of?: string[] }
  /** Every page of list({ prefix }) (the key space is small: one page). */
  | { op: "list"; prefix: string }
  /** One key's part of a list (the per-key projection of a list; never recorded, made by the checker). */
  | { op: "list-entry"; key: string; prefix: string };

export type Outcome =
  /** put/multipart: the object written; head: its metadata; get: its metadata and the bytes read. */
  | { kind: "object"; etag: string; size: number; body?: string }
  /** get/head of a missing key; put whose precondition failed. */
  | { kind: "null" }
  /** delete. */
  | { kind: "done" }
  /** list: the objects, in the order the target returned them. */
  | { kind: "list"; objects: { key: string; etag: string }[]; truncated?: boolean }
  /** list-entry: the key's etag in the listing, or null when the listing does not have it. */
  | { kind: "entry"; etag: string | null }
  /** The call failed: its effect is unknown. */
  | { kind: "error"; message: string };

export interface Operation {
  /** Unique in the history (the recorder numbers operations from 0 in invocation order). */
  id: number;
  client: number;
  call: Call;
  outcome: Outcome;
  /** ms on the recorder's monotonic clock. */
  invoke: number;
  /** ms on the same clock; Infinity when the effect is unknown (a failed write). */
  complete: number;
}

export interface History {
  /** Every key the clients used (a listing may show no other). */
  keys: string[];
  ops: Operation[];
}

/** What one key holds in the sequential model: nothing, or an object (its bytes as a string). */
export type KeyState = null | { value: string; etag: string };

export interface Violation {
  /** The keys the sub-history is about (one, or the keys a list or many-key delete joins). */
  keys: string[];
  /**
   * Where the sub-history was cut from the operations before it: undefined when it starts with the
   * history (the bucket empty).
   */
  startsAt?: number;
  /**
   * What the keys may hold at `startsAt` (one set of states per alternative, keyed by key; null: absent),
   * given every operation before it: the sub-history is not linearizable from any of them. Empty when
   * it starts with the history.
   */
  initial: Record<string, KeyState>[];
  /** The smallest sub-history found that is not linearizable, in invocation order. */
  ops: Operation[];
  /**
   * For the reader, not part of the proof: the writes before `startsAt` that left the initial states (the
   * put of each value, the last delete), and the writes of the etags the witness's operations saw or named.
   */
  context: Operation[];
  /** How many operations of the history the partition that failed held. */
  partitionSize: number;
}

export type Verdict =
  | { result: "linearizable"; stats: CheckStats }
  | { result: "violation"; violation: Violation; stats: CheckStats }
  | { result: "unknown"; reason: string; stats: CheckStats };

export interface CheckStats {
  ops: number;
  /** Partitions checked (per-key projections, then the joint checks of keys joined by lists/many-key deletes). */
  partitions: number;
  /** Joined keys decided by merging their keys' linearizations (merge.ts), without a joint search. */
  merged?: number;
  /** Search steps (operations tried) over every partition. */
  steps: number;
  elapsedMs: number;
}
