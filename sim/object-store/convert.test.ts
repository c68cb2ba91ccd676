import { describe, expect, test } from "vitest";
import { coerceString, kjNumber, toDate, toInt, wellFormed } from "./convert.ts";

describe("jsg conversions", () => {
  test("int: ToNumber, non-finite 0, int32 range, truncation", () => {
    expect(toInt(1.9)).toBe(1);
    expect(toInt(-1.9)).toBe(-1);
    expect(toInt("7")).toBe(7);
    expect(toInt(Number.NaN)).toBe(0);
    expect(toInt(Number.POSITIVE_INFINITY)).toBe(0);
    expect(() => toInt(2 ** 31)).toThrow("Value out of range");
    expect(toInt(-(2 ** 31))).toBe(-(2 ** 31));
  });
  test("dates: Date or ms, finite, inside 64-bit nanoseconds", () => {
    expect(toDate(new Date(5), "f", "S")).toBe(5);
    expect(toDate(1.5, "f", "S")).toBe(1);
    expect(() => toDate("x", "f", "S")).toThrow("Incorrect type for the 'f' field on 'S'");
    expect(() => toDate(new Date(Number.NaN), "f", "S")).toThrow("not a valid Date");
    expect(() => toDate(9223372036855, "f", "S")).toThrow("after 2189");
    expect(toDate(9223372036854, "f", "S")).toBe(9223372036854);
    expect(() => toDate(-9223372036855, "f", "S")).toThrow("before 1687");
  });
  test("strings: ToString, Symbols throw, lone surrogates as three U+FFFD", () => {
    expect(coerceString(null)).toBe("null");
    expect(() => coerceString(Symbol("s"))).toThrow(TypeError);
    expect(wellFormed("a\uD800b\uD83D\uDE00")).toBe("a\uFFFD\uFFFD\uFFFDb\uD83D\uDE00");
    expect(kjNumber(Number.NaN)).toBe("nan");
    expect(kjNumber(1e-7)).toBe("1e-07");
  });
});
