import { describe, expect, test } from "vitest";
import { evaluateConditional, headerDate, kjDateMs, parseConditional, parseEtagList } from "./conditional.ts";

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

describe("header dates through kj::Date", () => {
  test("int64 nanoseconds wrap outside 1677-09-21..2262-04-11; back to ms truncating toward zero", () => {
    // Values workerd gives (Miniflare 4, the audit of issue 13; 1600 exact, the others to the day).
    expect(new Date(headerDate("Sat, 01 Jan 1600 00:00:00 GMT")).toISOString()).toBe("2184-07-20T23:34:33.709Z");
    expect(new Date(headerDate("Mon, 01 Jan 2300 00:00:00 GMT")).toISOString()).toBe("1715-06-13T00:25:26.291Z");
    expect(new Date(headerDate("Sat, 12 Apr 2262 00:00:00 GMT")).toISOString()).toBe("1677-09-21T00:25:26.291Z");
    // The last second before the wrap and the first after it.
    expect(headerDate("Fri, 11 Apr 2262 23:47:16 GMT")).toBe(9223372036000);
    expect(headerDate("Fri, 11 Apr 2262 23:47:17 GMT")).toBe(-9223372036709);
    expect(headerDate("Tue, 21 Sep 1677 00:12:44 GMT")).toBe(-9223372036000);
    expect(headerDate("Tue, 21 Sep 1677 00:12:43 GMT")).toBe(9223372036709);
    expect(headerDate("Sat, 01 Jan 2000 00:00:00 GMT")).toBe(Date.UTC(2000, 0, 1));
    expect(headerDate("garbage")).toBe(0);
    expect(kjDateMs(Number.NaN)).toBe(0);
    expect(kjDateMs(-1.5)).toBe(-1);
  });
});
