import { describe, expect, test } from "vitest";
import { CHUNK, SortedChunks } from "./sorted-chunks.ts";

describe("SortedChunks", () => {
  test("keeps order through many inserts and removes (chunks split), positions and slices agree", () => {
    const s = new SortedChunks<number>();
    const cmp = (a: number, b: number) => a - b;
    const model: number[] = [];
    let seed = 3;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let i = 0; i < CHUNK * 12; i++) {
      const v = rnd() % 100000;
      if (model.includes(v)) continue;
      s.insert(v, cmp);
      model.push(v);
      if (i % 5 === 0) {
        const gone = model.splice(rnd() % model.length, 1)[0]!;
        expect(s.remove(gone, cmp)).toBe(true);
      }
    }
    model.sort(cmp);
    expect(s.size).toBe(model.length);
    expect(s.slice(0, s.size)).toEqual(model);
    expect(s.slice(100, 900)).toEqual(model.slice(100, 900));
    for (const probe of [0, 5000, 50000, 99999, 100001]) {
      expect(s.lowerBound((x) => x < probe)).toBe(model.filter((x) => x < probe).length);
    }
    expect(s.remove(-1, cmp)).toBe(false);
  });

  test("with keys kept beside the items (keyOf), the same order and positions as without", () => {
    type Item = { k: string; v: number };
    const cmp = (a: Item, b: Item) => (a.k !== b.k ? (a.k < b.k ? -1 : 1) : a.v - b.v);
    const keyed = new SortedChunks<Item>((x) => x.k);
    const plain = new SortedChunks<Item>();
    const live: Item[] = [];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let i = 0; i < CHUNK * 8; i++) {
      // Few distinct keys, so many ties are decided by cmp.
      const item = { k: `name-${rnd() % 40}`, v: i };
      keyed.insert(item, cmp);
      plain.insert(item, cmp);
      live.push(item);
      if (i % 3 === 0) {
        const gone = live.splice(rnd() % live.length, 1)[0]!;
        expect(keyed.remove(gone, cmp)).toBe(true);
        expect(plain.remove(gone, cmp)).toBe(true);
      }
    }
    expect(keyed.size).toBe(plain.size);
    expect(keyed.slice(0, keyed.size)).toEqual(plain.slice(0, plain.size));
    expect(keyed.slice(0, keyed.size)).toEqual([...live].sort(cmp));
  });
});
