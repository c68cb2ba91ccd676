import { describe, expect, test } from "vitest";
import { nameMatchesScope, validateCreate, validatePatch } from "./validate.ts";

const good = {
  scope: "global",
  name: "global",
  mode: "enabled",
  profile_sensitivity: "very_high",
  rate_sensitivity: "low",
  burst_sensitivity: "medium",
};
const codes = (v: ReturnType<typeof validateCreate> | ReturnType<typeof validatePatch>) =>
  v.ok ? [] : v.errors.map((e) => e.code);

describe("area A validation", () => {
  test("a complete create body is accepted", () => {
    expect(validateCreate(good)).toEqual({ ok: true, value: good });
    expect(validateCreate({ ...good, block_any_queries: false })).toMatchObject({ ok: true });
  });
  test("each broken rule has its own code", () => {
    expect(codes(validateCreate([]))).toEqual([1107]);
    expect(codes(validateCreate(null))).toEqual([1107]);
    expect(codes(validateCreate({ ...good, extra: 1 }))).toEqual([1102]);
    const { mode: _m, ...noMode } = good;
    expect(codes(validateCreate(noMode))).toEqual([1101]);
    expect(codes(validateCreate({ ...good, mode: "on" }))).toEqual([1104]);
    expect(codes(validateCreate({ ...good, rate_sensitivity: "very_high" }))).toEqual([1104]);
    expect(codes(validateCreate({ ...good, mode: 1 }))).toEqual([1103]);
    expect(codes(validateCreate({ ...good, block_any_queries: "true" }))).toEqual([1103]);
    expect(codes(validateCreate({ ...good, name: "wnam" }))).toEqual([1105]);
    expect(codes(validateCreate({ ...good, scope: "datacenter" }))).toEqual([1105]);
    expect(codes(validateCreate({ ...good, scope: "region", name: "" }))).toEqual([1105]);
    expect(codes(validateCreate(JSON.parse('{"__proto__":1}')))).toContain(1102);
  });
  test("profile_sensitivity may be omitted: low, the docs' default", () => {
    const { profile_sensitivity: _p, ...noProfile } = good;
    expect(validateCreate(noProfile)).toEqual({ ok: true, value: { ...noProfile, profile_sensitivity: "low" } });
    expect(codes(validateCreate({ ...noProfile, profile_sensitivity: "extreme" }))).toEqual([1104]);
    expect(codes(validateCreate({ ...noProfile, profile_sensitivity: null }))).toEqual([1103]);
    for (const f of ["scope", "name", "mode", "rate_sensitivity", "burst_sensitivity"]) {
      const body: Record<string, unknown> = { ...good };
      delete body[f];
      expect(codes(validateCreate(body)), f).toEqual([1101]);
    }
  });
  test("name rule per scope", () => {
    expect(nameMatchesScope("global", "global")).toBe(true);
    expect(nameMatchesScope("region", "wnam")).toBe(true);
    expect(nameMatchesScope("region", "WEUR")).toBe(true);
    // No source refuses these as region codes (the platform's list is not public; no length is documented).
    expect(nameMatchesScope("region", "global")).toBe(true);
    expect(nameMatchesScope("region", "OC")).toBe(true);
    expect(nameMatchesScope("region", "a")).toBe(true);
    expect(nameMatchesScope("region", "westerneurope")).toBe(true);
    expect(nameMatchesScope("region", "")).toBe(false);
    expect(nameMatchesScope("region", "not a region")).toBe(false);
    expect(nameMatchesScope("region", "w-nam")).toBe(false);
    expect(nameMatchesScope("datacenter", "lax")).toBe(true);
    expect(nameMatchesScope("datacenter", "LAX")).toBe(true);
    expect(nameMatchesScope("datacenter", "Lax")).toBe(true);
    expect(nameMatchesScope("datacenter", "l@x")).toBe(false);
    expect(nameMatchesScope("datacenter", "la")).toBe(false);
    expect(nameMatchesScope("datacenter", "laxx")).toBe(false);
    expect(nameMatchesScope("datacenter", "")).toBe(false);
    expect(nameMatchesScope("datacenter", "global")).toBe(false);
  });
  test("patch: only mutable fields, name and scope are immutable", () => {
    expect(validatePatch({ mode: "monitoring" })).toEqual({ ok: true, value: { mode: "monitoring" } });
    expect(validatePatch({})).toEqual({ ok: true, value: {} });
    expect(codes(validatePatch({ name: "global" }))).toEqual([1106]);
    expect(codes(validatePatch({ scope: "global" }))).toEqual([1106]);
    expect(codes(validatePatch({ id: "x" }))).toEqual([1102]);
    expect(codes(validatePatch({ mode: null }))).toEqual([1103]);
    expect(codes(validatePatch("mode"))).toEqual([1107]);
  });
});

test("error items are capped", () => {
  const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
  const v = validateCreate(many);
  expect(v.ok ? 0 : v.errors.length).toBe(50);
});
