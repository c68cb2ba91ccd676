import { expect, test } from "vitest";
import { isoMicros } from "./time.ts";

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
