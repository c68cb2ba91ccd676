/**
 * A sorted sequence kept as a list of small sorted chunks (at most CHUNK items each): inserting or
 * removing moves at most CHUNK items (plus a search), where one flat array would move half the
 * sequence; positions are found by walking the chunk lengths (n / CHUNK steps, far fewer than n).
 *
 * Gaps / by design: chunks split in two when full and are dropped when empty; they are not merged
 * back, so a sequence that shrank keeps some short chunks (still correct, slightly slower).
 */
export const CHUNK = 256;

export class SortedChunks<T> {
  readonly #chunks: T[][] = [];
  /** With `keyOf`: each chunk's keys, position by position (searches compare these first). */
  readonly #keys: string[][] | undefined;
  readonly #keyOf: ((x: T) => string) | undefined;
  #size = 0;

  /**
   * `keyOf`, when given, must agree with every `cmp` passed to insert and remove: whenever two items'
   * keys differ, `cmp` orders them as their keys compare (`<` on strings). Searches then compare the
   * keys (kept beside the items) and call `cmp` only on equal keys: the same positions, fewer reads.
   */
  constructor(keyOf?: (x: T) => string) {
    this.#keyOf = keyOf;
    this.#keys = keyOf ? [] : undefined;
  }

  get size(): number {
    return this.#size;
  }

  /** Index of the first item for which `lessThan` is false (`lessThan` true on a prefix). */
  lowerBound(lessThan: (x: T) => boolean): number {
    const chunks = this.#chunks;
    // The first chunk whose last item is not less: binary search over the chunks.
    let a = 0;
    let b = chunks.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const c = chunks[mid]!;
      if (lessThan(c[c.length - 1]!)) a = mid + 1;
      else b = mid;
    }
    let before = 0;
    for (let k = 0; k < a; k++) before += chunks[k]!.length;
    if (a === chunks.length) return before;
    const c = chunks[a]!;
    let lo = 0;
    let hi = c.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lessThan(c[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return before + lo;
  }

  /** Inserts `item` before the first item not less than it under `cmp`. */
  insert(item: T, cmp: (a: T, b: T) => number): void {
    const chunks = this.#chunks;
    const keys = this.#keys;
    const key = this.#keyOf?.(item);
    this.#size++;
    if (chunks.length === 0) {
      chunks.push([item]);
      keys?.push([key!]);
      return;
    }
    const k = this.#chunkFor(item, key, cmp);
    const c = chunks[k]!;
    const ck = keys?.[k];
    let lo = 0;
    let hi = c.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lessAt(c, ck, mid, item, key, cmp)) lo = mid + 1;
      else hi = mid;
    }
    c.splice(lo, 0, item);
    ck?.splice(lo, 0, key!);
    if (c.length > CHUNK) {
      chunks.splice(k + 1, 0, c.splice(c.length >>> 1));
      if (keys && ck) keys.splice(k + 1, 0, ck.splice(ck.length >>> 1));
    }
  }

  /** Removes `item` (found by `cmp`, then by identity); false when absent. */
  remove(item: T, cmp: (a: T, b: T) => number): boolean {
    const chunks = this.#chunks;
    if (chunks.length === 0) return false;
    const k = this.#chunkFor(item, this.#keyOf?.(item), cmp);
    const c = chunks[k]!;
    let i = c.indexOf(item);
    if (i < 0) {
      for (let j = 0; j < chunks.length && i < 0; j++) {
        i = chunks[j]!.indexOf(item);
        if (i >= 0) return this.#removeAt(j, i);
      }
      return false;
    }
    return this.#removeAt(k, i);
  }

  /** The items at positions [from, to), in order. */
  slice(from: number, to: number): T[] {
    const out: T[] = [];
    this.forEachIn(from, to, (x) => {
      out.push(x);
    });
    return out;
  }

  /** Calls `fn` on the items at positions [from, to), in order. */
  forEachIn(from: number, to: number, fn: (x: T) => void): void {
    let skip = from;
    let left = to - from;
    for (const c of this.#chunks) {
      if (left <= 0) return;
      if (skip >= c.length) {
        skip -= c.length;
        continue;
      }
      const end = Math.min(c.length, skip + left);
      for (let i = skip; i < end; i++) fn(c[i]!);
      left -= end - skip;
      skip = 0;
    }
  }

  #removeAt(k: number, i: number): boolean {
    const c = this.#chunks[k]!;
    const ck = this.#keys?.[k];
    c.splice(i, 1);
    ck?.splice(i, 1);
    if (c.length === 0) {
      this.#chunks.splice(k, 1);
      this.#keys?.splice(k, 1);
    }
    this.#size--;
    return true;
  }

  /** The chunk an item belongs in: the first whose last item is not less than it (else the last). */
  #chunkFor(item: T, key: string | undefined, cmp: (a: T, b: T) => number): number {
    const chunks = this.#chunks;
    const keys = this.#keys;
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = chunks[mid]!;
      if (lessAt(c, keys?.[mid], c.length - 1, item, key, cmp)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** `cmp(c[i], item) < 0`, read from the keys when they differ (see the constructor). */
function lessAt<T>(
  c: readonly T[],
  ck: readonly string[] | undefined,
  i: number,
  item: T,
  key: string | undefined,
  cmp: (a: T, b: T) => number,
): boolean {
  if (ck !== undefined) {
    const x = ck[i]!;
    if (x !== key) return x < key!;
  }
  return cmp(c[i]!, item) < 0;
}
