import { describe, expect, test } from "vitest";
import { evaluateConditional, parseConditional, parseEtagList } from "./conditional.ts";

const obj = { etag: "abc", uploaded: Date.UTC(2025, 0, 1, 0, 0, 10, 500) };

describe("conditionals", () => {
  test("etag lists (workerd's grammar)", () => {
    expect(parseEtagList(`"a,b", W/"c" , junk, "d"`)).toEqual([
      { type: "strong", value: "a,b" },
      { type: "weak", value: "c" },
    ]);
    expect(parseEtagList(`"a", *`)).toEqual([{ type: "wildcard" }]);
    expect(parseEtagList(`,, "x"`)).toEqual([{ type: "strong", value: "x" }]);
    expect(() => parseEtagList(`"a" "b"`)).toThrow("Comma was expected to separate etags.");
    expect(() => parseEtagList(`"a" *`)).toThrow("Encountered a wildcard character '*' instead.");
    expect(() => parseEtagList(`"a" W/"b"`)).toThrow("Encountered a weak quotation character 'W' instead.");
    expect(() => parseEtagList(`W"a"`)).toThrow("Weak etags must start with W/ and their value must be quoted");
    expect(() => parseEtagList(`"a`)).toThrow("Unclosed double quote for Etag");
  });
  test("object form", () => {
    const c = parseConditional({ etagMatches: "abc", uploadedBefore: new Date(0) })!;
    expect(c.etagMatches).toEqual([{ type: "strong", value: "abc" }]);
    expect(c.uploadedBefore).toBe(0);
    expect(() => parseConditional({ etagMatches: '"abc"' })).toThrow(
      'Conditional ETag should not be wrapped in quotes ("abc").',
    );
  });
  test("missing objects fail only etagMatches and uploadedAfter", () => {
    expect(evaluateConditional(parseConditional({ etagMatches: "*" })!, undefined)).toBe(false);
    expect(evaluateConditional(parseConditional({ uploadedAfter: new Date(0) })!, undefined)).toBe(false);
    expect(evaluateConditional(parseConditional({ etagDoesNotMatch: "x" })!, undefined)).toBe(true);
    expect(evaluateConditional(parseConditional({ uploadedBefore: new Date(0) })!, undefined)).toBe(true);
  });
  test("strict dates, millisecond or second granularity", () => {
    const at = new Date(obj.uploaded);
    expect(evaluateConditional(parseConditional({ uploadedAfter: at })!, obj)).toBe(false);
    expect(evaluateConditional(parseConditional({ uploadedBefore: at })!, obj)).toBe(false);
    expect(evaluateConditional(parseConditional({ uploadedAfter: new Date(obj.uploaded - 1) })!, obj)).toBe(true);
    const sameSecond = new Headers({ "if-modified-since": new Date(obj.uploaded - 400).toUTCString() });
    expect(evaluateConditional(parseConditional(sameSecond)!, obj)).toBe(false);
  });
  test("RFC 7232 precedence", () => {
    const past = new Date(0);
    expect(evaluateConditional(parseConditional({ etagMatches: "abc", uploadedBefore: past })!, obj)).toBe(true);
    expect(
      evaluateConditional(parseConditional({ etagDoesNotMatch: "x", uploadedAfter: new Date(2 ** 42) })!, obj),
    ).toBe(true);
  });
  test("headers: strong for If-Match, weak for If-None-Match", () => {
    expect(evaluateConditional(parseConditional(new Headers({ "if-match": 'W/"abc"' }))!, obj)).toBe(false);
    expect(evaluateConditional(parseConditional(new Headers({ "if-none-match": 'W/"abc"' }))!, obj)).toBe(false);
    expect(() => parseConditional(new Headers({ "if-match": "abc" }))).toThrow("Invalid ETag in if-match header");
  });
});
