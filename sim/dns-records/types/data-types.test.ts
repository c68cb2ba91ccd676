import { describe, expect, test } from "vitest";
import { RECORD_TYPES, typeSpec } from "./index.ts";

const ctx = { platformRanges: { v4: [], v6: [] } };
function build(type: string, fields: { content?: unknown; data?: unknown; priority?: unknown }) {
  return typeSpec(type).build({ type, content: fields.content, data: fields.data, priority: fields.priority }, ctx);
}

describe("data-typed records", () => {
  test("SRV content is weight port target, priority repeated", () => {
    const out = build("SRV", { data: { priority: 10, weight: 5, port: 5060, target: "Sip.Example.com." } });
    expect(out).toEqual({
      content: "5 5060 sip.example.com",
      data: { priority: 10, weight: 5, port: 5060, target: "sip.example.com" },
      priority: 10,
    });
    expect(() => build("SRV", { data: { priority: 10, weight: 5, port: 70000, target: "a.com" } })).toThrow();
    expect(() => build("SRV", { content: "5 5060 sip.example.com" })).toThrow();
  });
  test("MX and URI carry a top-level priority", () => {
    expect(build("MX", { content: "mail.example.com", priority: 10 })).toEqual({
      content: "mail.example.com",
      priority: 10,
    });
    expect(() => build("MX", { content: "mail.example.com" })).toThrow();
    expect(() => build("MX", { content: "mail.example.com", priority: 65536 })).toThrow();
    expect(build("URI", { data: { weight: 1, target: "https://x.example/" }, priority: 5 }).content).toBe(
      '1 "https://x.example/"',
    );
  });
  test("CAA", () => {
    expect(build("CAA", { data: { flags: 0, tag: "issue", value: "ca.example.net" } }).content).toBe(
      '0 issue "ca.example.net"',
    );
    expect(() => build("CAA", { data: { flags: 0, tag: "nope", value: "x" } })).toThrow();
    expect(() => build("CAA", { data: { flags: 256, tag: "issue", value: "x" } })).toThrow();
  });
  test("HTTPS and SVCB", () => {
    expect(build("HTTPS", { data: { priority: 1, target: ".", value: 'alpn="h3,h2"' } }).content).toBe(
      '1 . alpn="h3,h2"',
    );
    expect(build("SVCB", { data: { priority: 0, target: "svc.example.com" } }).content).toBe("0 svc.example.com");
    expect(() => build("SVCB", { data: { priority: 0, target: "svc.example.com", value: "alpn=h2" } })).toThrow();
    expect(() => build("HTTPS", { data: { priority: 1, target: ".", value: "bogus=1" } })).toThrow();
  });
  test("PTR and NS take hostnames", () => {
    expect(build("PTR", { content: "Host.Example.com" }).content).toBe("host.example.com");
    expect(build("NS", { content: "ns1.example.net" }).content).toBe("ns1.example.net");
    expect(() => build("NS", { content: "not a host" })).toThrow();
  });
  test("DS, DNSKEY, CERT", () => {
    expect(build("DS", { data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "ABCD" } }).content).toBe(
      "2371 13 2 abcd",
    );
    expect(() => build("DS", { data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "xyz" } })).toThrow();
    expect(build("DNSKEY", { data: { flags: 257, protocol: 3, algorithm: 13, public_key: "AAAA" } }).content).toBe(
      "257 3 13 AAAA",
    );
    expect(() => build("DNSKEY", { data: { flags: 257, protocol: 2, algorithm: 13, public_key: "AAAA" } })).toThrow();
    expect(build("CERT", { data: { type: 1, key_tag: 2, algorithm: 3, certificate: "QUJD" } }).content).toBe(
      "1 2 3 QUJD",
    );
  });
  test("TLSA, SMIMEA, SSHFP", () => {
    const d = { usage: 3, selector: 1, matching_type: 1, certificate: "00ff" };
    expect(build("TLSA", { data: d }).content).toBe("3 1 1 00ff");
    expect(build("SMIMEA", { data: d }).content).toBe("3 1 1 00ff");
    expect(build("SSHFP", { data: { algorithm: 4, type: 2, fingerprint: "AB12" } }).content).toBe("4 2 ab12");
    expect(() => build("SSHFP", { data: { algorithm: 4, type: 2, fingerprint: "A" } })).toThrow();
  });
  test("NAPTR and LOC", () => {
    const n = {
      order: 100,
      preference: 10,
      flags: "S",
      service: "SIP+D2U",
      regex: "",
      replacement: "_sip._udp.example.com",
    };
    expect(build("NAPTR", { data: n }).content).toBe('100 10 "S" "SIP+D2U" "" _sip._udp.example.com');
    const loc = {
      lat_degrees: 37,
      lat_minutes: 46,
      lat_seconds: 46,
      lat_direction: "N",
      long_degrees: 122,
      long_minutes: 23,
      long_seconds: 35,
      long_direction: "W",
      altitude: 0,
      size: 100,
      precision_horz: 0,
      precision_vert: 0,
    };
    expect(build("LOC", { data: loc }).content).toBe("37 46 46 N 122 23 35 W 0m 100m 0m 0m");
    expect(() => build("LOC", { data: { ...loc, lat_direction: "E" } })).toThrow();
  });
  test("SOA is not creatable, DKIM/SPF/DMARC are not types, every named type is", () => {
    expect(() => typeSpec("SOA")).toThrow();
    for (const t of ["DKIM", "SPF", "DMARC", "a", undefined]) expect(() => typeSpec(t)).toThrow();
    const named = "A AAAA CNAME MX TXT CAA SRV SVCB HTTPS PTR NS DS DNSKEY URI NAPTR SSHFP TLSA SMIMEA CERT LOC";
    for (const t of named.split(" ")) expect(RECORD_TYPES.has(t), t).toBe(true);
  });
});
