import { describe, expect, test } from "vitest";
import { compareKeys, decodeCursor, encodeCursor, KeyIndex, listPage } from "./listing.ts";

function index(keys: string[]): KeyIndex {
  const i = new KeyIndex();
  for (const k of keys) i.insert({ key: k });
  return i;
}

describe("compareKeys", () => {
  test("code point order", () => {
    const keys = ["\u{1F600}", "\uFF61", "a", "ab", "", "\u00e9"];
    const byUtf8 = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...keys].sort(compareKeys)).toEqual(byUtf8);
  });
});

describe("KeyIndex", () => {
  test("order by code points with astral and high-BMP keys, through every search", () => {
    const keys = ["\u{1F600}", "\uFF61", "a", "\u{1F600}b", "\uFF61b", "z"];
    const i = index(keys);
    const byUtf8 = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(i.keys()).toEqual(byUtf8);
    expect(listPage(i, { startAfter: "\uFF61b", limit: 10 }).keys).toEqual(["\u{1F600}", "\u{1F600}b"]);
    expect(listPage(i, { startAfter: "z", limit: 10 }).keys).toEqual(["\uFF61", "\uFF61b", "\u{1F600}", "\u{1F600}b"]);
    expect(listPage(i, { prefix: "\uFF61", limit: 10 }).keys).toEqual(["\uFF61", "\uFF61b"]);
  });

  test("insert keeps order and is idempotent; remove", () => {
    const i = index(["b", "a", "c", "a"]);
    expect(i.keys()).toEqual(["a", "b", "c"]);
    i.remove("b");
    i.remove("zz");
    expect(i.keys()).toEqual(["a", "c"]);
    expect(i.has("a")).toBe(true);
    expect(i.has("b")).toBe(false);
  });
});

describe("listPage", () => {
  const i = index(["a/1", "a/2", "a/b/1", "b", "c/x", "c/y", "d"]);
  test("delimiter groups count against the limit", () => {
    const p = listPage(i, { delimiter: "/", limit: 2 });
    expect(p).toMatchObject({ keys: ["b"], delimitedPrefixes: ["a/"], truncated: true });
    const q = listPage(i, { delimiter: "/", limit: 1, cursor: p.cursor! });
    expect(q).toMatchObject({ keys: [], delimitedPrefixes: ["c/"], truncated: true });
    const r = listPage(i, { delimiter: "/", limit: 2, cursor: q.cursor! });
    expect(r).toMatchObject({ keys: ["d"], delimitedPrefixes: [], truncated: false });
  });
  test("prefix and startAfter", () => {
    expect(listPage(i, { prefix: "a/", limit: 10 }).keys).toEqual(["a/1", "a/2", "a/b/1"]);
    expect(listPage(i, { prefix: "a/", startAfter: "a/1", limit: 10 }).keys).toEqual(["a/2", "a/b/1"]);
    expect(listPage(i, { prefix: "c/", startAfter: "a", limit: 10 }).keys).toEqual(["c/x", "c/y"]);
  });
  test("not truncated when the page ends exactly at the last key", () => {
    expect(listPage(i, { limit: 7 }).truncated).toBe(false);
    expect(listPage(i, { limit: 6 }).truncated).toBe(true);
  });
  test("cursor round trip", () => {
    expect(decodeCursor(encodeCursor({ after: "key", value: "x/ü" }))).toEqual({ after: "key", value: "x/ü" });
    expect(decodeCursor("!!")).toBeUndefined();
  });
});
