import { describe, expect, test } from "vitest";
import { JsonFloat, JsonSyntaxError, parseJsonExact, stringifyJson } from "./json.ts";

describe("exact JSON", () => {
  test("reads what JSON.parse reads, with integers past 2^53 as bigints and floats marked", () => {
    const text = '{"a":[1,-2,0,"x\\u0041",true,false,null,{}],"b":{"c":"d"},"e":[]}';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
    expect(parseJsonExact("18446744073709551615")).toBe(18446744073709551615n);
    expect(parseJsonExact("9007199254740991")).toBe(9007199254740991);
    expect(parseJsonExact("1.0")).toEqual(new JsonFloat(1));
    expect(parseJsonExact("1e3")).toEqual(new JsonFloat(1000));
    expect(parseJsonExact(' \n{ "k" : 1 } \t')).toEqual({ k: 1 });
  });

  test("refuses what JSON.parse refuses", () => {
    for (const bad of [
      "",
      "{",
      "[1,]",
      "{'a':1}",
      "01",
      "1.",
      ".5",
      "+1",
      "tru",
      '"\u0001"',
      "{} x",
      "NaN",
      '{"a" 1}',
    ]) {
      expect(() => parseJsonExact(bad), bad).toThrow(JsonSyntaxError);
      expect(() => JSON.parse(bad), bad).toThrow();
    }
    expect(() => parseJsonExact("[".repeat(200) + "]".repeat(200))).toThrow(/too deep/);
  });

  test("a __proto__ key is plain data", () => {
    const v = parseJsonExact('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("writes bigints as integer literals, and everything else as JSON.stringify", () => {
    const v = { epoch: 18446744073709551615n, n: 1, s: "é", l: [1n, null], u: undefined };
    expect(stringifyJson(v)).toBe('{"epoch":18446744073709551615,"n":1,"s":"é","l":[1,null]}');
    expect(stringifyJson({ a: [1, "x", { b: true }] })).toBe(JSON.stringify({ a: [1, "x", { b: true }] }));
  });
});
