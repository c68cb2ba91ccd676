import { describe, expect, test } from "vitest";
import { isoMicros, parseIsoInstant } from "./time.ts";

test("isoMicros prints six fractional digits with Z or an offset", () => {
  const ms = Date.UTC(2023, 0, 17, 20, 37, 5, 368);
  expect(isoMicros(ms, 97)).toBe("2023-01-17T20:37:05.368097Z");
  expect(isoMicros(ms, 97, 0, false)).toBe("2023-01-17T20:37:05.368097+00:00");
  expect(isoMicros(ms, 503, 60)).toBe("2023-01-17T21:37:05.368503+01:00");
  expect(isoMicros(ms, 1, -330)).toBe("2023-01-17T15:07:05.368001-05:30");
  // Outside years 0..9999 (the clock reaches the whole Date range): ISO 8601's expanded years, parseable.
  expect(isoMicros(8.64e15, 5)).toBe("+275760-09-13T00:00:00.000005Z");
  expect(isoMicros(-8.64e15, 5, 0, false)).toBe("-271821-04-20T00:00:00.000005+00:00");
  expect(Date.parse(isoMicros(-8.64e15))).toBe(-8.64e15);
});

describe("parseIsoInstant: an ISO 8601 date names a real instant exactly as written, or is refused", () => {
  test("every instant toISOString prints parses back to itself, across the whole Date range", () => {
    // A fixed spread over the range (steps of about 2 million years plus odd milliseconds), and the ends.
    const samples = [-8.64e15, 8.64e15, 0, -1, 951_782_400_000, -62_167_219_200_001];
    for (let i = 0; i < 4000; i++) samples.push(-8.64e15 + i * 4.32e12 + ((i * 7919) % 86_400_000));
    for (const ms of samples) expect(parseIsoInstant(new Date(ms).toISOString()), String(ms)).toBe(ms);
  });

  test("the accepted forms: a date (UTC midnight), minutes, seconds, milliseconds, Z or an offset", () => {
    const at = Date.UTC(2025, 5, 1, 12, 0, 0);
    expect(parseIsoInstant("2025-06-01")).toBe(Date.UTC(2025, 5, 1));
    expect(parseIsoInstant("2025-06-01T12:00Z")).toBe(at);
    expect(parseIsoInstant("2025-06-01T12:00:00Z")).toBe(at);
    expect(parseIsoInstant("2025-06-01T14:00:00.5+02:00")).toBe(at + 500);
    expect(parseIsoInstant("2025-06-01T11:30:00.250000-00:30")).toBe(at + 250);
    expect(parseIsoInstant("2000-02-29T00:00:00Z")).toBe(Date.UTC(2000, 1, 29));
    expect(parseIsoInstant("0000-01-01")).toBe(Date.parse("0000-01-01"));
    expect(parseIsoInstant("+275760-09-13T00:00:00.000Z")).toBe(8.64e15);
  });

  test("an impossible date or time is refused, not rolled over (2100-02-30 is not 2100-03-02)", () => {
    const refusals: [string, RegExp][] = [
      ["2100-02-30T00:00:00Z", /day 30 does not exist in 2100-02 \(01 to 28\)/],
      ["1900-02-29", /day 29 does not exist in 1900-02/],
      ["2025-04-31", /day 31 does not exist in 2025-04/],
      ["2025-13-01", /month 13 does not exist/],
      ["2025-00-10", /month 00 does not exist/],
      ["2025-01-00", /day 00 does not exist/],
      ["2025-01-01T24:00:00Z", /hour 24 does not exist/],
      ["2025-01-01T00:60:00Z", /minute 60 does not exist/],
      ["2025-01-01T23:59:60Z", /second 60 does not exist/],
      ["2025-01-01T00:00:00+24:00", /zone offset \+24:00 does not exist/],
      ["2025-01-01T00:00:00", /needs its zone/],
      ["2025-01-01T00:00:00.0001Z", /finer than a millisecond/],
      ["-000000-01-01", /not a year/],
      ["Wed, 01 Jan 2025 00:00:00 GMT", /not an ISO 8601 date/],
      ["2025-1-1", /not an ISO 8601 date/],
      ["5", /not an ISO 8601 date/],
      ["1e400", /not an ISO 8601 date/],
    ];
    for (const [text, why] of refusals) {
      const parsed = parseIsoInstant(text);
      expect(typeof parsed, text).toBe("string");
      expect(parsed, text).toMatch(why);
    }
  });
});
