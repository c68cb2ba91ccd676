/**
 * Snapshot codec: structured simulator state <-> JSON text, byte-exact.
 *
 * Area snapshots are plain structured data (objects, arrays, strings, numbers, booleans, null) plus
 * a few non-JSON values, each written as a one-key tagged object:
 *   Uint8Array -> {"$bytes": "<base64>"} (or, with `onBytes`, whatever reference the caller returns,
 *   e.g. {"$blob": "<sha256>"} for a directory snapshot), ArrayBuffer -> {"$arraybuffer": "<base64>"},
 *   Date -> {"$date": ms}, Map -> {"$map": [[k, v], ...]}, Set -> {"$set": [...]},
 *   undefined -> {"$undefined": 1}, bigint -> {"$bigint": "<decimal>"}, NaN/±Infinity/-0 -> {"$number": "NaN"}.
 * A plain object that has a key starting with `$` is wrapped as {"$object": {...}} so that it can
 * never be mistaken for a tag. Object keys keep their insertion order, so equal states give equal text.
 *
 * Gaps / by design: functions, symbols, class instances other than the ones above, and cycles are
 * refused with an error naming the path: a snapshot must be data, not live objects.
 */

import { ownData } from "../core/own-data.ts";
import { MAX_SNAPSHOT_DEPTH, shortPath } from "../core/snapshot-check.ts";

export class SnapshotCodecError extends Error {
  override readonly name = "SnapshotCodecError";
}

export interface EncodeOptions {
  /** Replaces a byte array by a reference (default: inline base64). */
  onBytes?: (bytes: Uint8Array, path: string) => unknown;
}

export interface DecodeOptions {
  /** Resolves an external `{"$blob": ref}` reference to its bytes. */
  resolveBlob?: (ref: string, path: string) => Uint8Array;
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

function fromBase64(text: unknown, path: string): Uint8Array {
  if (typeof text !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new SnapshotCodecError(`${path}: expected base64 text`);
  }
  return new Uint8Array(Buffer.from(text, "base64"));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Converts state to a JSON-safe tree (see the module comment for the tags). */
export function toJsonTree(value: unknown, options: EncodeOptions = {}, path = "$", seen = new Set<object>()): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (Number.isNaN(value)) return { $number: "NaN" };
      if (value === Number.POSITIVE_INFINITY) return { $number: "Infinity" };
      if (value === Number.NEGATIVE_INFINITY) return { $number: "-Infinity" };
      if (Object.is(value, -0)) return { $number: "-0" };
      return value;
    case "undefined":
      return { $undefined: 1 };
    case "bigint":
      return { $bigint: value.toString(10) };
    case "function":
    case "symbol":
      throw new SnapshotCodecError(`${path}: a ${typeof value} cannot be part of a snapshot`);
  }
  if (value === null) return null;
  const obj = value as object;
  if (seen.has(obj)) throw new SnapshotCodecError(`${path}: cycle in snapshot state`);
  seen.add(obj);
  try {
    if (obj instanceof Uint8Array) {
      return options.onBytes ? options.onBytes(obj, path) : { $bytes: base64(obj) };
    }
    if (obj instanceof ArrayBuffer) return { $arraybuffer: base64(new Uint8Array(obj)) };
    if (obj instanceof Date) return { $date: toJsonTree(obj.getTime(), options, `${path}.$date`, seen) };
    if (Array.isArray(obj)) return obj.map((v, i) => toJsonTree(v, options, `${path}[${i}]`, seen));
    if (obj instanceof Map) {
      return {
        $map: [...obj.entries()].map(([k, v], i) => [
          toJsonTree(k, options, `${path}.$map[${i}].key`, seen),
          toJsonTree(v, options, `${path}.$map[${i}].value`, seen),
        ]),
      };
    }
    if (obj instanceof Set) return { $set: [...obj].map((v, i) => toJsonTree(v, options, `${path}.$set[${i}]`, seen)) };
    if (!isPlainObject(obj)) {
      const name = (obj as { constructor?: { name?: string } }).constructor?.name ?? "object";
      throw new SnapshotCodecError(`${path}: a ${name} instance cannot be part of a snapshot (plain data only)`);
    }
    const out: Record<string, unknown> = {};
    let hasDollar = false;
    for (const [k, v] of Object.entries(obj)) {
      if (k.startsWith("$")) hasDollar = true;
      ownData(out, k, toJsonTree(v, options, `${path}.${k}`, seen));
    }
    return hasDollar ? { $object: out } : out;
  } finally {
    seen.delete(obj);
  }
}

function soleKey(obj: Record<string, unknown>): string | undefined {
  const keys = Object.keys(obj);
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * The inverse of `toJsonTree`. A tree nested deeper than MAX_SNAPSHOT_DEPTH is refused (the
 * simulator's snapshots nest about 12 levels) rather than exhausting the stack.
 */
export function fromJsonTree(tree: unknown, options: DecodeOptions = {}, path = "$", depth = 0): unknown {
  if (tree === null || typeof tree !== "object") return tree;
  if (depth >= MAX_SNAPSHOT_DEPTH) {
    throw new SnapshotCodecError(
      `the snapshot is nested too deeply: more than ${MAX_SNAPSHOT_DEPTH} levels at ${shortPath(path)} (the simulator writes about 12)`,
    );
  }
  const d = depth + 1;
  if (Array.isArray(tree)) return tree.map((v, i) => fromJsonTree(v, options, `${path}[${i}]`, d));
  const obj = tree as Record<string, unknown>;
  const key = soleKey(obj);
  if (key?.startsWith("$")) {
    const v = obj[key];
    switch (key) {
      case "$bytes":
        return fromBase64(v, path);
      case "$arraybuffer": {
        const b = fromBase64(v, path);
        return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
      }
      case "$blob":
        if (typeof v !== "string") throw new SnapshotCodecError(`${path}: $blob needs a string reference`);
        if (!options.resolveBlob) throw new SnapshotCodecError(`${path}: external blob "${v}" but no blob resolver`);
        return options.resolveBlob(v, path);
      case "$date": {
        const ms = fromJsonTree(v, options, `${path}.$date`, d);
        if (typeof ms !== "number") throw new SnapshotCodecError(`${path}: $date needs a number of ms`);
        return new Date(ms);
      }
      case "$map":
        if (!Array.isArray(v)) throw new SnapshotCodecError(`${path}: $map needs an array of pairs`);
        return new Map(
          v.map((pair, i) => {
            if (!Array.isArray(pair) || pair.length !== 2) {
              throw new SnapshotCodecError(`${path}.$map[${i}]: expected a [key, value] pair`);
            }
            return [
              fromJsonTree(pair[0], options, `${path}.$map[${i}].key`, d),
              fromJsonTree(pair[1], options, `${path}.$map[${i}].value`, d),
            ];
          }),
        );
      case "$set":
        if (!Array.isArray(v)) throw new SnapshotCodecError(`${path}: $set needs an array`);
        return new Set(v.map((x, i) => fromJsonTree(x, options, `${path}.$set[${i}]`, d)));
      case "$undefined":
        return undefined;
      case "$bigint":
        if (typeof v !== "string" || !/^-?\d+$/.test(v)) throw new SnapshotCodecError(`${path}: bad $bigint`);
        return BigInt(v);
      case "$number":
        if (v === "NaN") return Number.NaN;
        if (v === "Infinity") return Number.POSITIVE_INFINITY;
        if (v === "-Infinity") return Number.NEGATIVE_INFINITY;
        if (v === "-0") return -0;
        throw new SnapshotCodecError(`${path}: bad $number ${JSON.stringify(v)}`);
      case "$object": {
        if (v === null || typeof v !== "object" || Array.isArray(v)) {
          throw new SnapshotCodecError(`${path}: $object needs an object`);
        }
        return decodeEntries(v as Record<string, unknown>, options, path, d);
      }
      default:
        throw new SnapshotCodecError(`${path}: unknown tag ${key}`);
    }
  }
  for (const k of Object.keys(obj)) {
    if (k.startsWith("$")) throw new SnapshotCodecError(`${path}: key ${k} outside a $object wrapper`);
  }
  return decodeEntries(obj, options, path, d);
}

function decodeEntries(
  obj: Record<string, unknown>,
  options: DecodeOptions,
  path: string,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    ownData(out, k, fromJsonTree(v, options, `${path}.${k}`, depth));
  }
  return out;
}

/** State -> JSON text (stable for equal states). */
export function encodeState(value: unknown, options: EncodeOptions = {}): string {
  return JSON.stringify(toJsonTree(value, options));
}

/** JSON text -> state. Throws SnapshotCodecError on text that is not a valid encoding. */
export function decodeState(text: string, options: DecodeOptions = {}): unknown {
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch (e) {
    throw new SnapshotCodecError(`snapshot is not valid JSON: ${(e as Error).message}`);
  }
  return fromJsonTree(tree, options);
}
