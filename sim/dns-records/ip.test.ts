import { describe, expect, test } from "vitest";
import { canonicalIPv6, inCidr4, inCidr6, isReservedV4, isReservedV6, parseIPv4, parseIPv6 } from "./ip.ts";

describe("ip", () => {
  test("IPv4 accepts dotted quads only", () => {
    expect(parseIPv4("1.2.3.4")).toBe(0x01020304);
    expect(parseIPv4("255.255.255.255")).toBe(0xffffffff);
    for (const bad of ["1.1", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "a.b.c.d", "1.2.3.4 ", ""]) {
      expect(parseIPv4(bad), bad).toBeUndefined();
    }
  });
  test("IPv6 canonical form (RFC 5952)", () => {
    expect(canonicalIPv6("fe80::0:0:1")).toBe("fe80::1");
    expect(canonicalIPv6("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(canonicalIPv6("2001:db8:0:1:1:1:1:1")).toBe("2001:db8:0:1:1:1:1:1");
    expect(canonicalIPv6("2001:0:0:1:0:0:0:1")).toBe("2001:0:0:1::1");
    expect(canonicalIPv6("::")).toBe("::");
    expect(canonicalIPv6("::ffff:1.2.3.4")).toBe("::ffff:1.2.3.4");
    expect(canonicalIPv6("::FFFF:0102:0304")).toBe("::ffff:1.2.3.4");
    for (const bad of ["1.2.3.4", "1::2::3", "12345::", ":::", "g::1", "1:2:3:4:5:6:7:8:9", "fe80::1%eth0"]) {
      expect(canonicalIPv6(bad), bad).toBeUndefined();
    }
  });
  test("CIDR membership", () => {
    expect(inCidr4(parseIPv4("104.16.1.1")!, "104.16.0.0/13")).toBe(true);
    expect(inCidr4(parseIPv4("104.24.0.0")!, "104.16.0.0/13")).toBe(false);
    expect(inCidr6(parseIPv6("2606:4700::1")!, "2606:4700::/32")).toBe(true);
    expect(inCidr6(parseIPv6("2606:4701::1")!, "2606:4700::/32")).toBe(false);
  });
  test("reserved ranges", () => {
    expect(isReservedV4(parseIPv4("10.1.2.3")!)).toBe(true);
    expect(isReservedV4(parseIPv4("192.168.0.1")!)).toBe(true);
    expect(isReservedV4(parseIPv4("8.8.8.8")!)).toBe(false);
    expect(isReservedV6(parseIPv6("fe80::1")!)).toBe(true);
    expect(isReservedV6(parseIPv6("2a00:1450::1")!)).toBe(false);
  });
});
