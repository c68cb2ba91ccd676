import { describe, expect, test } from "vitest";
import { checkTtl, effectiveSeconds } from "./ttl.ts";

describe("checkTtl", () => {
  test("DNS only: 1 or 60..86400", () => {
    expect(checkTtl(undefined, false)).toEqual({ ok: true, ttl: 1 });
    expect(checkTtl(1, false)).toEqual({ ok: true, ttl: 1 });
    expect(checkTtl(60, false)).toEqual({ ok: true, ttl: 60 });
    expect(checkTtl(86400, false)).toEqual({ ok: true, ttl: 86400 });
    for (const bad of [0, 2, 59, 86401, -1, 1.5, Number.NaN, null, true]) {
      expect(checkTtl(bad, false), String(bad)).toEqual({ ok: false, code: 9021 });
    }
    expect(checkTtl("3600", false)).toEqual({ ok: false, code: 9022 });
  });
  test("proxied answers Auto (1), 300 seconds", () => {
    expect(checkTtl(3600, true)).toEqual({ ok: true, ttl: 1 });
    expect(checkTtl(undefined, true)).toEqual({ ok: true, ttl: 1 });
    expect(checkTtl(5, true)).toEqual({ ok: false, code: 9021 });
    expect(effectiveSeconds(1)).toBe(300);
    expect(effectiveSeconds(120)).toBe(120);
  });
});
