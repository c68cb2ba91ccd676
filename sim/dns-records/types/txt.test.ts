import { describe, expect, test } from "vitest";
import { formatTxt, parseTxt, splitBytes, txtRecord } from "./txt.ts";

const ctx = { platformRanges: { v4: [], v6: [] } };
const build = (content: unknown) =>
  txtRecord.build({ type: "TXT", content, data: undefined, priority: undefined }, ctx);

describe("TXT quoting", () => {
  test("unquoted content gets quotes", () => {
    expect(build("v=spf1 -all").content).toBe('"v=spf1 -all"');
  });
  test("quoted content is kept, pieces joined by one space", () => {
    expect(build('"a"   "b"').content).toBe('"a" "b"');
    expect(build('"say \\"hi\\""').content).toBe('"say \\"hi\\""');
  });
  test("inconsistent quoting is refused", () => {
    for (const bad of ['abc"', '"abc', 'a"b"c', '"a"b', '"a""b"', '"a" b']) {
      expect(parseTxt(bad).ok, bad).toBe(false);
      expect(() => build(bad), bad).toThrow(/DNS Validation Error/);
    }
  });
  test("long strings are split into 255-byte pieces", () => {
    const f = formatTxt("x".repeat(600));
    expect((f.ok ? f.pieces : []).map((p) => p.length)).toEqual([255, 255, 90]);
    expect(f.content).toBe(`"${"x".repeat(255)}" "${"x".repeat(255)}" "${"x".repeat(90)}"`);
    expect(splitBytes("é".repeat(200)).map((p) => Buffer.byteLength(p))).toEqual([254, 146]);
  });
  test("empty or non-string content is refused; 4096 bytes at most", () => {
    expect(() => build("")).toThrow();
    expect(() => build(3)).toThrow();
    expect(() => build("y".repeat(5000))).toThrow(/DNS Validation Error/);
  });
});
