import { describe, expect, test } from "vitest";
import { aaaaRecord, aRecord, DEFAULT_PLATFORM_RANGES, isPlatformAddress } from "./address.ts";

const ctx = { platformRanges: DEFAULT_PLATFORM_RANGES };
const input = (type: string, content: unknown) => ({ type, content, data: undefined, priority: undefined });

describe("A and AAAA", () => {
  test("A takes a dotted quad", () => {
    expect(aRecord.build(input("A", "8.8.8.8"), ctx).content).toBe("8.8.8.8");
    expect(() => aRecord.build(input("A", "1.1"), ctx)).toThrow();
    expect(() => aRecord.build(input("A", "::1"), ctx)).toThrow();
  });
  test("AAAA answers the RFC 5952 form", () => {
    expect(aaaaRecord.build(input("AAAA", "2A00:1450:0:0:0:0:0:1"), ctx).content).toBe("2a00:1450::1");
    expect(() => aaaaRecord.build(input("AAAA", "8.8.8.8"), ctx)).toThrow();
  });
  test("addresses of the platform are refused; the ranges are data", () => {
    expect(isPlatformAddress("104.16.0.1", DEFAULT_PLATFORM_RANGES)).toBe(true);
    expect(() => aRecord.build(input("A", "104.16.0.1"), ctx)).toThrow();
    expect(() => aaaaRecord.build(input("AAAA", "2606:4700::1111"), ctx)).toThrow();
    const none = { platformRanges: { v4: [], v6: [] } };
    expect(aRecord.build(input("A", "104.16.0.1"), none).content).toBe("104.16.0.1");
  });
  test("private and reserved addresses are not proxiable", () => {
    expect(aRecord.proxiable?.({ content: "10.0.0.1" }, ctx)).toBe(false);
    expect(aRecord.proxiable?.({ content: "8.8.8.8" }, ctx)).toBe(true);
    expect(aaaaRecord.proxiable?.({ content: "fd00::1" }, ctx)).toBe(false);
    expect(aaaaRecord.proxiable?.({ content: "2a00:1450::1" }, ctx)).toBe(true);
  });
});
