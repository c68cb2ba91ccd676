import { describe, expect, test } from "vitest";
import { normalizeHostname, resolveName } from "./names.ts";

const zone = "example.com";

describe("resolveName", () => {
  test("apex and relative names", () => {
    expect(resolveName("@", zone, "A")).toEqual({ ok: true, name: "example.com", relative: "" });
    expect(resolveName("example.com", zone, "A")).toMatchObject({ ok: true, name: "example.com" });
    expect(resolveName("WWW", zone, "A")).toMatchObject({ ok: true, name: "www.example.com" });
    expect(resolveName("www.example.com.", zone, "A")).toMatchObject({ ok: true, name: "www.example.com" });
    expect(resolveName("a.b", zone, "CNAME")).toMatchObject({ ok: true, name: "a.b.example.com" });
  });
  test("Unicode names become Punycode", () => {
    expect(resolveName("bücher", zone, "A")).toMatchObject({ ok: true, name: "xn--bcher-kva.example.com" });
    expect(resolveName("Bücher.2024", zone, "A")).toMatchObject({ ok: true, name: "xn--bcher-kva.2024.example.com" });
  });
  test("A/AAAA/CNAME: at most 63 characters per label (multi-label names may be longer)", () => {
    expect(resolveName("a".repeat(63), zone, "A").ok).toBe(true);
    expect(resolveName("a".repeat(64), zone, "A").ok).toBe(false);
    expect(resolveName(`${"a".repeat(63)}.${"b".repeat(63)}`, zone, "AAAA").ok).toBe(true);
    expect(resolveName(`${"a".repeat(63)}.${"b".repeat(64)}`, zone, "AAAA").ok).toBe(false);
    expect(resolveName(`${"a".repeat(64)}.b`, zone, "CNAME").ok).toBe(false);
    const long = Array.from({ length: 4 }, () => "c".repeat(60)).join(".");
    expect(resolveName(long, zone, "A").ok).toBe(false); // 243 + zone > 253 characters
  });
  test("A/AAAA/CNAME: first a letter, last a letter or digit, letters/digits/hyphens/underscores", () => {
    expect(resolveName("1abc", zone, "A").ok).toBe(false);
    expect(resolveName("-abc", zone, "A").ok).toBe(false);
    expect(resolveName("_acme-challenge", zone, "CNAME").ok).toBe(true);
    expect(resolveName("_acme-challenge.www", zone, "CNAME").ok).toBe(true);
    expect(resolveName("abc-", zone, "A").ok).toBe(false);
    expect(resolveName("abc_", zone, "A").ok).toBe(false);
    expect(resolveName("ab_c-1", zone, "A").ok).toBe(true);
    expect(resolveName("a9", zone, "A").ok).toBe(true);
    expect(resolveName("a b", zone, "A").ok).toBe(false);
    expect(resolveName("a..b", zone, "A").ok).toBe(false);
    expect(resolveName("*", zone, "A").ok).toBe(true);
    expect(resolveName("*.www", zone, "CNAME").ok).toBe(true);
    expect(resolveName("sub.*", zone, "A").ok).toBe(true);
    expect(resolveName("a*b", zone, "A").ok).toBe(false);
    expect(resolveName("*x", zone, "A").ok).toBe(false);
  });
  test("other types: DNS labels, underscores and wildcards", () => {
    expect(resolveName("_sip._tcp", zone, "SRV")).toMatchObject({ ok: true, name: "_sip._tcp.example.com" });
    expect(resolveName("*.x", zone, "TXT").ok).toBe(true);
    expect(resolveName("a".repeat(64), zone, "TXT").ok).toBe(false);
    expect(resolveName("a!b", zone, "TXT").ok).toBe(false);
  });
  test("full names are at most 253 characters", () => {
    const long = Array.from({ length: 5 }, () => "a".repeat(50)).join(".");
    expect(resolveName(long, zone, "TXT").ok).toBe(false);
  });
  test("missing names", () => {
    expect(resolveName(undefined, zone, "A").ok).toBe(false);
    expect(resolveName("", zone, "A").ok).toBe(false);
    expect(resolveName(5, zone, "A").ok).toBe(false);
  });
});

describe("normalizeHostname", () => {
  test("lowercases, drops the trailing dot, refuses bad hosts", () => {
    expect(normalizeHostname("Mail.Example.COM.")).toBe("mail.example.com");
    expect(normalizeHostname(".")).toBe(".");
    expect(normalizeHostname("bad host")).toBeUndefined();
    expect(normalizeHostname("-a.com")).toBeUndefined();
    expect(normalizeHostname("a.example.net..")).toBeUndefined(); // two final dots: an empty label
    expect(normalizeHostname("..")).toBeUndefined();
    expect(normalizeHostname(3)).toBeUndefined();
  });
});
