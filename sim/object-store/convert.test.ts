import { describe, expect, test } from "vitest";
import { coerceString, kjNumber, stringRecord, toDate, toInt, wellFormed } from "./convert.ts";
import { customMetadataSize, platformDict } from "./metadata.ts";

describe("jsg conversions", () => {
  test("Dict<kj::String>: an own key __proto__ is kept as data; read back it is dropped (D.put.custom-metadata-proto)", () => {
    const given = JSON.parse('{"__proto__":{"polluted":1},"a":2}') as Record<string, unknown>;
    const stored = stringRecord(given, "customMetadata", "PutOptions");
    expect(Object.keys(stored)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(stored, "__proto__")?.value).toBe("[object Object]");
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(customMetadataSize(stored)).toBe("__proto__[object Object]a2".length);
    const out = platformDict(stored);
    expect(Reflect.ownKeys(out)).toEqual(["a"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
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
