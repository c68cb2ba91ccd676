import { describe, expect, test } from "vitest";
import { FakeClock, MAX_TIME_MS, timeProblem } from "./clock.ts";

describe("FakeClock", () => {
  test("time moves only when advanced or set", () => {
    const c = new FakeClock(1_000);
    expect(c.now()).toBe(1_000);
    expect(c.advance(500)).toBe(1_500);
    expect(c.set(10_000)).toBe(10_000);
    expect(c.date().getTime()).toBe(10_000);
  });

  test("refuses to go backwards or by a negative or non-finite amount", () => {
    const c = new FakeClock(1_000);
    expect(() => c.set(999)).toThrow(RangeError);
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(() => c.advance(Number.NaN)).toThrow(RangeError);
    expect(c.now()).toBe(1_000);
  });

  test("refuses times outside the Date range, non-finite times and backwards moves, changing nothing", () => {
    const c = new FakeClock(1_000);
    let fired = 0;
    c.schedule(2_000, () => fired++);
    for (const bad of [MAX_TIME_MS + 1, Number.NaN, Number.POSITIVE_INFINITY, 1e308, -MAX_TIME_MS - 1, 999]) {
      expect(() => c.set(bad)).toThrow(RangeError);
    }
    expect(() => c.advance(MAX_TIME_MS)).toThrow(/Date range/);
    expect(() => c.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(c.now()).toBe(1_000);
    expect(fired).toBe(0);
    expect(new Date(c.set(MAX_TIME_MS)).toISOString()).toBe("+275760-09-13T00:00:00.000Z");
    expect(fired).toBe(1);
    expect(() => new FakeClock(MAX_TIME_MS + 1)).toThrow(RangeError);
    expect(timeProblem(-MAX_TIME_MS)).toBeUndefined();
  });

  test("fires due events in time order, each seeing its own due time", () => {
    const c = new FakeClock(0);
    const seen: Array<[string, number]> = [];
    c.schedule(300, () => seen.push(["c", c.now()]));
    c.schedule(100, () => seen.push(["a", c.now()]));
    c.schedule(100, () => seen.push(["b", c.now()]));
    c.schedule(1_000, () => seen.push(["late", c.now()]));
    c.advance(500);
    expect(seen).toEqual([
      ["a", 100],
      ["b", 100],
      ["c", 300],
    ]);
    expect(c.now()).toBe(500);
    expect(c.pending()).toBe(1);
  });

  test("a cancelled event never fires; an event scheduled by an event fires in the same advance", () => {
    const c = new FakeClock(0);
    const seen: string[] = [];
    const h = c.schedule(10, () => seen.push("cancelled"));
    c.schedule(20, () => {
      seen.push("first");
      c.schedule(30, () => seen.push("chained"));
    });
    h.cancel();
    c.advance(100);
    expect(seen).toEqual(["first", "chained"]);
  });
});

describe("FakeClock counts whole milliseconds", () => {
  test("a fractional advance, set or start is refused (RangeError, value shown), not silently dropped", () => {
    const c = new FakeClock(1_000);
    let fired = 0;
    c.schedule(1_001, () => fired++);
    // Four advances of 0.5 used to leave the clock where it was (each fraction truncated away).
    for (let i = 0; i < 4; i++) expect(() => c.advance(0.5)).toThrow(/whole number of ms >= 0.*got 0\.5/);
    expect(() => c.advance(1e-7)).toThrow(RangeError);
    expect(() => c.set(1_000.5)).toThrow(/clock\.set: a time must be a whole number of ms.*got 1000\.5/);
    expect(() => c.restoreTo(2.5)).toThrow(RangeError);
    expect(() => new FakeClock(0.5)).toThrow(/clock start: a time must be a whole number/);
    expect(c.now()).toBe(1_000);
    expect(fired).toBe(0);
    expect(timeProblem(1.5)).toMatch(/whole number/);
  });

  test('a value of the wrong type is shown as given: the string "5" quoted, unlike the number 5', () => {
    const c = new FakeClock(0);
    expect(() => c.advance("5" as unknown as number)).toThrow(/got "5"$/);
    expect(() => c.set("5" as unknown as number)).toThrow(/got "5"$/);
    expect(() => c.advance(null as unknown as number)).toThrow(/got null$/);
    expect(() => c.advance(-1)).toThrow(/got -1$/);
    expect(c.now()).toBe(0);
  });
});
