/**
 * The ordered key index of a bucket and list pagination over it (pure).
 *
 * Keys sort by UTF-8 bytes (= code point order), not by JavaScript's UTF-16 order. The index is a
 * sorted array with binary search: a page costs O(log n + page), whatever the bucket size; delimited
 * groups are skipped with one binary search each.
 *
 * Gaps / by design: cursors are opaque strings that encode the last returned entry (a key, or a
 * delimited prefix whose keys are all skipped); they are not bound to the options of the first call,
 * and they never expire. Insert/delete cost O(n) moves (memmove), fine up to millions of keys.
 */

/** Code point order (what UTF-8 byte order is), for well-formed UTF-16 strings. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
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

export class KeyIndex {
  #keys: string[] = [];

  get size(): number {
    return this.#keys.length;
  }

  /** Index of the first key >= `key`. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.#keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.#keys[mid]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first key > `key`. */
  upperBound(key: string): number {
    let lo = 0;
    let hi = this.#keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.#keys[mid]!, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first key that does not start with `prefix`, searching from `from` (keys >= prefix). */
  endOfPrefix(prefix: string, from: number): number {
    let lo = from;
    let hi = this.#keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.#keys[mid]!;
      if (k.startsWith(prefix) || compareKeys(k, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  at(i: number): string | undefined {
    return this.#keys[i];
  }

  has(key: string): boolean {
    const i = this.lowerBound(key);
    return this.#keys[i] === key;
  }

  insert(key: string): void {
    const n = this.#keys.length;
    // Fast path: appending in order (bulk loads, sequential keys).
    if (n === 0 || compareKeys(this.#keys[n - 1]!, key) < 0) {
      this.#keys.push(key);
      return;
    }
    const i = this.lowerBound(key);
    if (this.#keys[i] === key) return;
    this.#keys.splice(i, 0, key);
  }

  remove(key: string): void {
    const i = this.lowerBound(key);
    if (this.#keys[i] === key) this.#keys.splice(i, 1);
  }

  clear(): void {
    this.#keys = [];
  }

  /** All keys in order (a copy). */
  keys(): string[] {
    return [...this.#keys];
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

export interface Page {
  keys: string[];
  delimitedPrefixes: string[];
  truncated: boolean;
  /** Present when truncated. */
  cursor?: CursorState;
}

/** One page of a list over `index`. Entries (keys and delimited prefixes) count together against limit. */
export function listPage(index: KeyIndex, params: PageParams): Page {
  const prefix = params.prefix ?? "";
  const delimiter = params.delimiter ? params.delimiter : undefined;
  let i = index.lowerBound(prefix);
  if (params.startAfter !== undefined) i = Math.max(i, index.upperBound(params.startAfter));
  if (params.cursor) {
    const c = params.cursor;
    const from = c.after === "key" ? index.upperBound(c.value) : index.endOfPrefix(c.value, index.lowerBound(c.value));
    i = Math.max(i, from);
  }
  const keys: string[] = [];
  const delimitedPrefixes: string[] = [];
  let last: CursorState | undefined;
  let count = 0;
  for (;;) {
    const key = index.at(i);
    if (key === undefined || !key.startsWith(prefix)) return { keys, delimitedPrefixes, truncated: false };
    if (count === params.limit) return { keys, delimitedPrefixes, truncated: true, ...(last ? { cursor: last } : {}) };
    if (delimiter !== undefined) {
      const at = key.indexOf(delimiter, prefix.length);
      if (at !== -1) {
        const group = key.slice(0, at + delimiter.length);
        delimitedPrefixes.push(group);
        last = { after: "prefix", value: group };
        count++;
        i = index.endOfPrefix(group, i);
        continue;
      }
    }
    keys.push(key);
    last = { after: "key", value: key };
    count++;
    i++;
  }
}
