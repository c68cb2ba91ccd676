/**
 * The ordered key index of a bucket and list pagination over it (pure).
 *
 * Keys sort by UTF-8 bytes (= code point order), not by JavaScript's UTF-16 order. The index is a
 * list of sorted blocks (a flat B-tree) searched by binary search: a page costs O(log n + page),
 * whatever the bucket size; delimited groups are skipped with one search each.
 *
 * Gaps / by design: cursors are opaque strings that encode the last returned entry (a key, or a
 * delimited prefix whose keys are all skipped); they are not bound to the options of the first call,
 * and they never expire. Insert and delete cost O(log n + 1024) (a splice inside one block).
 */

const HIGH = /[\uD800-\uFFFF]/;

/**
 * Code point order (what UTF-8 byte order is), for well-formed UTF-16 strings. UTF-16 order (JS's
 * `<`) differs from it only where both strings hold a unit at or above D800 at the first difference;
 * so when either string has none, the native comparison is exact (the index's fast path).
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order equals code point order unless both strings hold units at or above D800.
  if (!HIGH.test(a) || !HIGH.test(b)) return a < b ? -1 : 1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (D800-DFFF) encode code points above FFFF: they must sort after E000-FFFF.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** A place in the index: block `b`, item `i` (normalised: `i` is inside block `b`, or `b` is past the end). */
export interface Position {
  readonly b: number;
  readonly i: number;
}

const LOAD = 512;

/**
 * The ordered key index: a list of sorted blocks of at most 2*LOAD keys (a flat B-tree), so that a
 * seek costs O(log n), a step O(1), and an insert or delete O(log n + LOAD).
 */
export class KeyIndex<T extends { readonly key: string } = { readonly key: string }> {
  #blocks: T[][] = [];
  /** Last key of each block. */
  #maxes: string[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** First block whose max satisfies `beyond(max)` (monotone: false...false, true...true). */
  #block(beyond: (max: string) => boolean, fromBlock = 0): number {
    let lo = fromBlock;
    let hi = this.#maxes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (beyond(this.#maxes[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  #inBlock(block: readonly T[], beyond: (k: string) => boolean, from = 0): number {
    let lo = from;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (beyond(block[mid]!.key)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  #seek(beyond: (k: string) => boolean, from: Position = { b: 0, i: 0 }): Position {
    const b = this.#block(beyond, from.b);
    const block = this.#blocks[b];
    if (!block) return { b: this.#blocks.length, i: 0 };
    return { b, i: this.#inBlock(block, beyond, b === from.b ? from.i : 0) };
  }

  /** Position of the first key >= `key`. */
  lowerBound(key: string): Position {
    if (!HIGH.test(key)) return this.#seek((k) => k >= key);
    return this.#seek((k) => compareKeys(k, key) >= 0);
  }

  /** Position of the first key > `key`. */
  upperBound(key: string): Position {
    if (!HIGH.test(key)) return this.#seek((k) => k > key);
    return this.#seek((k) => compareKeys(k, key) > 0);
  }

  /** Position of the first key at or after `from` that does not start with `prefix` (keys at `from` are >= prefix). */
  endOfPrefix(prefix: string, from: Position): Position {
    if (!HIGH.test(prefix)) return this.#seek((k) => k > prefix && !k.startsWith(prefix), from);
    return this.#seek((k) => !k.startsWith(prefix) && compareKeys(k, prefix) > 0, from);
  }

  at(pos: Position): T | undefined {
    return this.#blocks[pos.b]?.[pos.i];
  }

  next(pos: Position): Position {
    const block = this.#blocks[pos.b];
    if (block && pos.i + 1 < block.length) return { b: pos.b, i: pos.i + 1 };
    return { b: pos.b + 1, i: 0 };
  }

  /** The later of two positions. */
  max(a: Position, b: Position): Position {
    return a.b > b.b || (a.b === b.b && a.i >= b.i) ? a : b;
  }

  has(key: string): boolean {
    return this.at(this.lowerBound(key))?.key === key;
  }

  /** Inserts `item`, or replaces the item of the same key. */
  insert(item: T): void {
    const key = item.key;
    const blocks = this.#blocks;
    const last = blocks.length - 1;
    if (last < 0) {
      blocks.push([item]);
      this.#maxes.push(key);
      this.#size = 1;
      return;
    }
    let b: number;
    let i: number;
    if (HIGH.test(key) ? compareKeys(this.#maxes[last]!, key) < 0 : this.#maxes[last]! < key) {
      // Appending in order (bulk loads, sequential keys).
      b = last;
      i = blocks[last]!.length;
    } else {
      const pos = this.lowerBound(key);
      const found = this.at(pos);
      if (found?.key === key) {
        blocks[pos.b]![pos.i] = item;
        return;
      }
      b = pos.b;
      i = pos.i;
    }
    const block = blocks[b]!;
    block.splice(i, 0, item);
    this.#size++;
    if (i === block.length - 1) this.#maxes[b] = key;
    if (block.length > 2 * LOAD) {
      const tail = block.splice(LOAD);
      blocks.splice(b + 1, 0, tail);
      this.#maxes.splice(b, 1, block[block.length - 1]!.key, tail[tail.length - 1]!.key);
    }
  }

  remove(key: string): void {
    // Allocation-free search (deletes are hot): the block whose max >= key, then the item.
    const fast = !HIGH.test(key);
    const maxes = this.#maxes;
    let lo = 0;
    let hi = maxes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = maxes[mid]!;
      if (fast ? m >= key : compareKeys(m, key) >= 0) hi = mid;
      else lo = mid + 1;
    }
    const b = lo;
    const block = this.#blocks[b];
    if (!block) return;
    lo = 0;
    hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = block[mid]!.key;
      if (fast ? k >= key : compareKeys(k, key) >= 0) hi = mid;
      else lo = mid + 1;
    }
    const i = lo;
    if (block[i]?.key !== key) return;
    if (i === 0)
      block.shift(); // left-trim: O(1) in V8, where splice(0, 1) moves every item
    else if (i === block.length - 1) block.pop();
    else block.splice(i, 1);
    this.#size--;
    if (block.length === 0) {
      this.#blocks.splice(b, 1);
      maxes.splice(b, 1);
    } else if (i === block.length) {
      maxes[b] = block[block.length - 1]!.key;
    }
  }

  clear(): void {
    this.#blocks = [];
    this.#maxes = [];
    this.#size = 0;
  }

  /** All keys in order. */
  keys(): string[] {
    return this.#blocks.flat().map((item) => item.key);
  }

  /** All items in key order. */
  items(): T[] {
    return this.#blocks.flat();
  }
}

/** Where a continuation starts: after a key, or after every key under a delimited prefix. */
export type CursorState = { after: "key"; value: string } | { after: "prefix"; value: string };

export function encodeCursor(state: CursorState): string {
  return Buffer.from(`${state.after === "key" ? "k" : "p"}:${state.value}`, "utf8").toString("base64url");
}

/** undefined for a cursor this index did not issue. */
export function decodeCursor(cursor: string): CursorState | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (text.startsWith("k:")) return { after: "key", value: text.slice(2) };
  if (text.startsWith("p:")) return { after: "prefix", value: text.slice(2) };
  return undefined;
}

export interface PageParams {
  prefix?: string;
  delimiter?: string;
  /** Exclusive. */
  startAfter?: string;
  cursor?: CursorState;
  /** 1..1000, already validated. */
  limit: number;
}

export interface Page<T = { readonly key: string }> {
  /** The listed items (their keys in order). */
  items: T[];
  keys: string[];
  delimitedPrefixes: string[];
  truncated: boolean;
  /** Present when truncated. */
  cursor?: CursorState;
}

/** One page of a list over `index`. Entries (keys and delimited prefixes) count together against limit. */
export function listPage<T extends { readonly key: string }>(index: KeyIndex<T>, params: PageParams): Page<T> {
  const prefix = params.prefix ?? "";
  const delimiter = params.delimiter ? params.delimiter : undefined;
  let pos = index.lowerBound(prefix);
  if (params.startAfter !== undefined) pos = index.max(pos, index.upperBound(params.startAfter));
  if (params.cursor) {
    const c = params.cursor;
    const from = c.after === "key" ? index.upperBound(c.value) : index.endOfPrefix(c.value, index.lowerBound(c.value));
    pos = index.max(pos, from);
  }
  const items: T[] = [];
  const keys: string[] = [];
  const delimitedPrefixes: string[] = [];
  let last: CursorState | undefined;
  let count = 0;
  for (;;) {
    const item = index.at(pos);
    const key = item?.key;
    if (item === undefined || key === undefined || !key.startsWith(prefix)) {
      return { items, keys, delimitedPrefixes, truncated: false };
    }
    if (count === params.limit) {
      return { items, keys, delimitedPrefixes, truncated: true, ...(last ? { cursor: last } : {}) };
    }
    if (delimiter !== undefined) {
      const at = key.indexOf(delimiter, prefix.length);
      if (at !== -1) {
        const group = key.slice(0, at + delimiter.length);
        delimitedPrefixes.push(group);
        last = { after: "prefix", value: group };
        count++;
        pos = index.endOfPrefix(group, pos);
        continue;
      }
    }
    items.push(item);
    keys.push(key);
    last = { after: "key", value: key };
    count++;
    pos = index.next(pos);
  }
}
