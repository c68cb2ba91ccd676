import { describe, expect, test } from "vitest";
import { compare, genericPath } from "./compare.ts";
import { normalise, RoleBook } from "./normalise.ts";
import type { Answer, NormaliseRule } from "./types.ts";

const rules: NormaliseRule[] = [
  { name: "record-id", keys: ["id"], kind: "role", role: "record", why: "ids" },
  { name: "timestamp", keys: ["created_on"], kind: "timestamp", why: "clock" },
];
const op = { op: "create" };
const side = (answers: Answer[], subs: [string, string][] = []) => {
  const book = new RoleBook();
  return answers.map((a) => normalise(a, op, rules, { substitutions: subs }, book).value);
};

describe("normalisation by role and consistency", () => {
  test("different ids used consistently compare equal", () => {
    const left = side([{ id: "aaa" }, { id: "bbb" }, { id: "aaa" }]);
    const right = side([{ id: "111" }, { id: "222" }, { id: "111" }]);
    expect(compare(left, right)).toEqual([]);
  });

  test("an id reused on one side but fresh on the other is a difference", () => {
    const left = side([{ id: "aaa" }, { id: "aaa" }]);
    const right = side([{ id: "111" }, { id: "222" }]);
    const d = compare(left, right);
    expect(d.map((x) => x.path)).toEqual(["[1].id"]);
    expect(d[0]).toMatchObject({ left: "<record#1>", right: "<record#2>" });
  });

  test("timestamps: values are not compared, their shape is", () => {
    const [a] = side([{ created_on: "2025-01-01T00:00:00.000Z" }]);
    const [b] = side([{ created_on: "2031-07-09T12:34:56.789Z" }]);
    const [c] = side([{ created_on: "2031-07-09T12:34:56Z" }]);
    expect(compare(a!, b!)).toEqual([]);
    expect(compare(a!, c!)).toHaveLength(1);
  });

  test("a side's own names become placeholders; anything else is exact", () => {
    const [a] = side([{ name: "www.one.example", ttl: 1 }], [["one.example", "<zone>"]]);
    const [b] = side([{ name: "www.two.example", ttl: 1 }], [["two.example", "<zone>"]]);
    const [c] = side([{ name: "www.two.example", ttl: 300 }], [["two.example", "<zone>"]]);
    expect(compare(a!, b!)).toEqual([]);
    expect(compare(a!, c!)).toEqual([{ path: "ttl", field: "ttl", left: 1, right: 300 }]);
  });

  test("rules say what they normalised", () => {
    const book = new RoleBook();
    const n = normalise({ result: { id: "x", created_on: "2025" } }, op, rules, { substitutions: [] }, book);
    expect(n.applied).toEqual([
      { rule: "record-id", path: "result.id" },
      { rule: "timestamp", path: "result.created_on" },
    ]);
  });
});

describe("exact comparison", () => {
  test("types, missing fields, order and length of arrays all differ", () => {
    expect(compare({ a: 1 }, { a: "1" })).toHaveLength(1);
    expect(compare({ a: 1 }, {})).toEqual([{ path: "a", field: "a", left: 1, right: "(absent)" }]);
    expect(compare([1, 2], [2, 1]).map((d) => d.path)).toEqual(["[0]", "[1]"]);
    expect(compare({ xs: [1] }, { xs: [1, 2] })).toEqual([
      { path: "xs.length", field: "xs.length", left: 1, right: 2 },
    ]);
    expect(compare(null, {})).toHaveLength(1);
  });

  test("generic paths drop indices", () => {
    expect(genericPath("body.result[3].meta[0].x")).toBe("body.result[].meta[].x");
  });
});
