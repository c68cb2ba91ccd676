import { describe, expect, test } from "vitest";
import { parseRange, parseRangeHeader, resolveRange } from "./range.ts";

describe("parseRange", () => {
  test("object forms", () => {
    expect(parseRange({ offset: 1, length: 2 })).toEqual({ kind: "window", offset: 1, length: 2 });
    expect(parseRange({ length: 2 })).toEqual({ kind: "window", length: 2 });
    expect(parseRange({ suffix: 3 })).toEqual({ kind: "suffix", suffix: 3 });
    expect(parseRange(undefined)).toBeUndefined();
  });
  test("errors carry the platform's text", () => {
    expect(() => parseRange({ offset: -1 })).toThrow(
      new RangeError("Invalid range. Starting offset (-1) must be greater than or equal to 0."),
    );
    expect(() => parseRange({ length: 0.5 })).toThrow(
      "Invalid range. Length (0.5) must be an integer, not floating point.",
    );
    expect(() => parseRange({ suffix: 1.5 })).toThrow(
      "Invalid range. Suffix (1.5) must be an integer, not floating point.",
    );
    expect(() => parseRange({ suffix: 1, offset: 1 })).toThrow(TypeError);
  });
  test("Range header", () => {
    expect(parseRange(new Headers({ range: "bytes=2-4" }))).toEqual({ kind: "header", spec: { offset: 2, length: 3 } });
    expect(parseRange(new Headers())).toBeUndefined();
    expect(parseRangeHeader("bytes=-5")).toEqual({ suffix: 5 });
    expect(parseRangeHeader("bytes=5-")).toEqual({ offset: 5 });
    expect(parseRangeHeader("bytes=5-4")).toBeUndefined();
    expect(parseRangeHeader("bytes=1-2,3-4")).toBeUndefined();
    expect(parseRangeHeader("items=1-2")).toBeUndefined();
  });
});

describe("resolveRange", () => {
  test("clamps and reports unsatisfiable ranges", () => {
    expect(resolveRange(undefined, 10)).toEqual({ offset: 0, length: 10 });
    expect(resolveRange({ kind: "window", offset: 8, length: 5 }, 10)).toEqual({ offset: 8, length: 2 });
    expect(resolveRange({ kind: "window", offset: 10 }, 10)).toBe("unsatisfiable");
    expect(resolveRange({ kind: "window", offset: 11 }, 10)).toBe("unsatisfiable");
    expect(resolveRange({ kind: "window", length: 0 }, 10)).toBe("unsatisfiable");
    expect(resolveRange({ kind: "suffix", suffix: 0 }, 10)).toBe("unsatisfiable");
    expect(resolveRange({ kind: "suffix", suffix: 20 }, 10)).toEqual({ offset: 0, length: 10 });
    // No offset and no length of an empty object: unsatisfiable, as workerd answers (docs/choices/object-store-suites.md).
    expect(resolveRange({ kind: "window" }, 0)).toBe("unsatisfiable");
  });
  test("header ranges fall back to the whole object", () => {
    expect(resolveRange({ kind: "header", spec: { offset: 50 } }, 10)).toEqual({ offset: 0, length: 10 });
    expect(resolveRange({ kind: "header", spec: { suffix: 0 } }, 10)).toEqual({ offset: 0, length: 10 });
    expect(resolveRange({ kind: "header", spec: { suffix: 3 } }, 10)).toEqual({ offset: 7, length: 3 });
  });
});
