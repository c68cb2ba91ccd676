/**
 * Splitting a history into parts that can be checked apart (P-compositionality: a history is linearizable
 * if and only if each object's sub-history is, when every operation touches one object).
 *
 * 1. Per key: every operation on the key (a many-key delete is split into one delete per key), and a
 *    list is in the part of each key under its prefix as a `list-entry` (present with this etag, or
 *    absent). A linearization of the whole history gives one of each part, so a part that has none
 *    proves a violation. The converse does not hold when lists join keys (a list is one instant for all):
 * 2. Joined: the keys joined by lists (connected components), each with its
 *    operations unprojected, checked against the model of all its keys at once. Only these components are
 *    searched again; a history without such operations is decided by step 1 alone.
 */
import { isWrite, keysOf } from "./model.ts";
import type { History, Operation } from "./types.ts";

export interface Partition {
  keys: string[];
  ops: Operation[];
}

/**
 * The operations the checker reads: failed reads dropped (they say nothing), failed writes made
 * open-ended, many-key deletes split into one delete per key (same interval; see Call in types.ts).
 */
export function prepare(history: History): Operation[] {
  const out: Operation[] = [];
  for (const op of history.ops) {
    const one = op.outcome.kind === "error" ? { ...op, complete: Number.POSITIVE_INFINITY } : op;
    if (op.outcome.kind === "error" && !isWrite(op.call)) continue;
    const call = one.call;
    if (call.op === "delete" && new Set(call.keys).size > 1) {
      for (const k of new Set(call.keys)) out.push({ ...one, call: { op: "delete", keys: [k], of: call.keys } });
    } else out.push(one);
  }
  return out;
}

/** Each key's part of the history (step 1). */
export function perKeyPartitions(keySpace: readonly string[], ops: readonly Operation[]): Partition[] {
  const parts = new Map<string, Operation[]>(keySpace.map((k) => [k, []]));
  for (const op of ops) {
    const { call, outcome } = op;
    if (call.op === "list") {
      for (const k of keysOf(call, keySpace)) {
        const listed = outcome.kind === "list" ? outcome.objects.find((o) => o.key === k) : undefined;
        parts.get(k)!.push({
          ...op,
          call: { op: "list-entry", key: k, prefix: call.prefix },
          outcome: { kind: "entry", etag: listed ? listed.etag : null },
        });
      }
      continue;
    }
    for (const k of keysOf(call, keySpace)) parts.get(k)?.push(op);
  }
  return [...parts].filter(([, o]) => o.length > 0).map(([k, o]) => ({ keys: [k], ops: o }));
}

/** The operations that join keys: lists over two keys or more (many-key deletes are split by prepare). */
export function joinsKeys(op: Operation, keySpace: readonly string[]): boolean {
  return op.call.op === "list" && keysOf(op.call, keySpace).length > 1;
}

/** The components of keys joined by lists and many-key deletes, with every operation on their keys (step 2). */
export function jointPartitions(keySpace: readonly string[], ops: readonly Operation[]): Partition[] {
  const parent = new Map(keySpace.map((k) => [k, k]));
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  for (const op of ops) {
    if (!joinsKeys(op, keySpace)) continue;
    const [first, ...rest] = keysOf(op.call, keySpace);
    for (const k of rest) parent.set(find(k), find(first!));
  }
  const groups = new Map<string, string[]>();
  for (const k of keySpace) {
    const r = find(k);
    groups.set(r, [...(groups.get(r) ?? []), k]);
  }
  const out: Partition[] = [];
  for (const keys of groups.values()) {
    if (keys.length < 2) continue;
    const set = new Set(keys);
    out.push({ keys, ops: ops.filter((op) => keysOf(op.call, keySpace).some((k) => set.has(k))) });
  }
  return out;
}

/**
 * A listing that no state of the bucket could give, whatever the order of operations: a key outside the
 * history's key space or not under the prefix, twice, or out of order. Such a list is a violation alone.
 */
export function impossibleListing(op: Operation, keySpace: readonly string[]): boolean {
  if (op.call.op !== "list" || op.outcome.kind !== "list") return false;
  const prefix = op.call.prefix;
  const keys = op.outcome.objects.map((o) => o.key);
  const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return (
    keys.some((k) => !keySpace.includes(k) || !k.startsWith(prefix)) ||
    new Set(keys).size !== keys.length ||
    sorted.some((k, i) => k !== keys[i])
  );
}
