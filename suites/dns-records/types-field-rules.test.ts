/**
 * Area B: per-type rules the primary sources fix, each refusal a 1004 validation error (reference: validation
 * failures are 1004 "DNS Validation Error" with an error_chain), not a bare 400: NAPTR flags / service /
 * replacement (RFC 3403 4.1: flags A-Z0-9 in either case, service = protocol *("+" rs), replacement a domain
 * name), URI targets (RFC 7553: a URI, RFC 3986: no space, no quote), SvcParams (RFC 9460 2.1: registered
 * keys or keyNNNNN, a 16-bit number; whitespace-separated; RFC 9461 dohpath), hostnames that are not the root
 * (RFC 1123) for CNAME, PTR and NS, MX hosts, and A/AAAA content that is not a string.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Data = Record<string, unknown>;

const NAPTR: Data = {
  order: 100,
  preference: 10,
  flags: "S",
  service: "SIP+D2U",
  regex: "",
  replacement: "_sip._udp.example.net",
};

/** POST that must succeed, then GET by id: data as sent in both (when `data` is given). */
async function accepted(records: Records, b: Record<string, unknown>, what: string): Promise<void> {
  const created = await records.create(b);
  const got = records.ok(await records.get(created.id));
  expect(got.type, `GET ${b.type} (${what}) by id: result.type as sent`).toBe(b.type);
  expect(got.content, `GET ${b.type} (${what}) by id: result.content as the POST answered`).toBe(created.content);
  if (b.data !== undefined) {
    expect(created.data, `POST ${b.type} (${what}): result.data as sent [B.type.data-content]`).toEqual(b.data);
    expect(got.data, `GET ${b.type} (${what}) by id: result.data as sent [B.type.data-content]`).toEqual(b.data);
  }
}

async function refused(records: Records, b: Record<string, unknown>): Promise<void> {
  expectFailure(await records.post(b), 400, 1004);
}

describe("dns records: per-type field rules (RFCs, SDK)", () => {
  clauseTest(
    ["B.type.others", "B.type.caa", "B.type.data-content", "B.validation.code"],
    "NAPTR flags A-Z0-9 in either case, service without a quote, replacement a hostname or '.'; URI target without space or quote; string fields must be strings",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const naptr = (d: Data) => ({ type: "NAPTR", name: uniqueLabel("np"), data: { ...NAPTR, ...d } });
      for (const flags of ["", "u", "U", "a"]) await accepted(records, naptr({ flags }), `flags "${flags}"`);
      await accepted(
        records,
        naptr({ flags: "U", service: "E2U+sip", regex: "!^.*$!sip:info@example.net!", replacement: "." }),
        "a terminal rule with a regex",
      );
      for (const flags of ["!S", "S!", 'S"', 5]) await refused(records, naptr({ flags }));
      for (const service of ['SIP"', '"SIP', 5]) await refused(records, naptr({ service }));
      for (const replacement of ["not a host", "", 5]) await refused(records, naptr({ replacement }));
      const uri = (target: unknown) => ({
        type: "URI",
        name: `_ftp._tcp.${uniqueLabel("ur")}`,
        data: { weight: 1, target },
        priority: 1,
      });
      await accepted(records, uri("https://Example.NET/a?b=c"), "target with letters of both cases");
      for (const target of ["https://example.net/a b", 'https://example.net/"q', '"https://example.net/', "", 5]) {
        await refused(records, uri(target));
      }
      const caa = (value: unknown) => ({
        type: "CAA",
        name: uniqueLabel("ca"),
        data: { flags: 0, tag: "issue", value },
      });
      for (const value of [5, null]) await refused(records, caa(value));
    },
  );

  clauseTest(
    ["B.type.svcb-https", "B.type.data-content", "B.validation.code"],
    "SVCB/HTTPS: registered SvcParam keys and keyNNNNN accepted, other keys and empty values refused; target a hostname or '.'",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const svcb = (value: string, type = "HTTPS", target: unknown = "svc.example.net") => ({
        type,
        name: uniqueLabel("sv"),
        data: { priority: 1, target, value },
      });
      for (const value of [
        "alpn=h2 no-default-alpn",
        "ipv6hint=2001:db8::1",
        "ipv4hint=192.0.2.1",
        "alpn=h2 dohpath=/dns-query{?dns}",
        "key65280=abc",
        "key65534=abc",
        "key7=/q{?dns}",
        "mandatory=alpn alpn=h3",
      ]) {
        await accepted(records, svcb(value), value);
        await accepted(records, svcb(value, "SVCB"), value);
      }
      const spaced = await records.create(svcb("alpn=h2  port=8443"));
      expect(spaced.type, "POST HTTPS with two SvcParams two spaces apart: created [B.type.svcb-https]").toBe("HTTPS");
      for (const value of ["foo=bar", "xkey1=a", "key123456=a", "key65536=a", "key99999=a", "port=", "alpn=h2 port="]) {
        await refused(records, svcb(value));
        await refused(records, svcb(value, "SVCB"));
      }
      for (const target of ["not a host", "", 5]) await refused(records, svcb("alpn=h2", "HTTPS", target));
    },
  );

  clauseTest(
    ["B.type.cname-fqdn", "B.type.ptr", "B.type.ns", "B.type.mx", "B.validation.code"],
    "hostname contents: the root '.' is not a CNAME, PTR or NS target; an invalid MX host or a non-string content is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const type of ["CNAME", "PTR", "NS"]) {
        for (const content of [".", "not a host", 5]) {
          await refused(records, { type, name: uniqueLabel("hn"), content });
        }
      }
      for (const content of ["not a host", "-bad.example.net", 5]) {
        await refused(records, { type: "MX", name: uniqueLabel("mx"), content, priority: 1 });
      }
      for (const type of ["A", "AAAA"]) await refused(records, { type, name: uniqueLabel("ad"), content: 5 });
    },
  );
});
