/**
 * Area B: per-type rules the primary sources fix beyond the integer fields: LOC ranges (RFC 1876: degrees
 * 0..90 / 0..180, minutes 0..59, seconds 0..59.999, altitude -100000.00..42849672.95 m, size and precisions
 * 0..90000000.00 m; directions `'N' | 'S'`, `'E' | 'W'` in the SDK), string fields that must be strings (SDK),
 * NAPTR flags / service / replacement (RFC 3403 4.1), URI targets (RFC 7553: a URI, RFC 3986: no space,
 * no quote), SvcParams (RFC 9460 2.1, 7; RFC 9461 dohpath), hostnames that are not the root (RFC 1123),
 * TXT escapes (RFC 1035 5.1) and the 4096-byte wire size of a TXT record (reference, 9015).
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Data = Record<string, unknown>;

const LOC: Data = {
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
    ["B.type.loc", "B.type.data-content", "B.validation.code"],
    "LOC: every field at its RFC 1876 bounds accepted, one step past refused; 90 N / 180 W only with 0' 0\"",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const loc = (d: Data) => ({ type: "LOC", name: uniqueLabel("lc"), data: { ...LOC, ...d } });
      const bounds: [string, number, number, number, number][] = [
        // field, min, max, below min, above max
        ["lat_degrees", 0, 89, -1, 91],
        ["lat_minutes", 0, 59, -1, 60],
        ["lat_seconds", 0, 59.999, -0.001, 60],
        ["long_degrees", 0, 179, -1, 181],
        ["long_minutes", 0, 59, -1, 60],
        ["long_seconds", 0, 59.999, -0.001, 60],
        ["altitude", -100000, 42849672.95, -100000.01, 42849672.96],
        ["size", 0, 90000000, -0.01, 90000000.01],
        ["precision_horz", 0, 90000000, -0.01, 90000000.01],
        ["precision_vert", 0, 90000000, -0.01, 90000000.01],
      ];
      for (const [k, min, max, below, above] of bounds) {
        await accepted(records, loc({ [k]: min }), `${k} ${min}`);
        await accepted(records, loc({ [k]: max }), `${k} ${max}`);
        await refused(records, loc({ [k]: below }));
        await refused(records, loc({ [k]: above }));
        await refused(records, loc({ [k]: String(max) }));
      }
      await accepted(records, loc({ lat_degrees: 90, lat_minutes: 0, lat_seconds: 0, lat_direction: "S" }), "90 S");
      await accepted(
        records,
        loc({ long_degrees: 180, long_minutes: 0, long_seconds: 0, long_direction: "E" }),
        "180 E",
      );
      for (const d of [
        { lat_minutes: 1, lat_seconds: 0 },
        { lat_minutes: 0, lat_seconds: 0.001 },
      ]) {
        await refused(records, loc({ lat_degrees: 90, ...d }));
      }
      for (const d of [
        { long_minutes: 1, long_seconds: 0 },
        { long_minutes: 0, long_seconds: 0.001 },
      ]) {
        await refused(records, loc({ long_degrees: 180, ...d }));
      }
      for (const bad of ["X", "NS", "E", 1]) await refused(records, loc({ lat_direction: bad }));
      for (const bad of ["X", "EW", "N", 1]) await refused(records, loc({ long_direction: bad }));
    },
  );

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

  clauseTest(
    ["B.txt.quoted", "B.validation.code"],
    'TXT: \\" and \\\\ escapes inside quoted strings are kept (RFC 1035 5.1) and answered escaped',
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const content of ['"say \\"hi\\"" "back\\\\slash"', '"a\\"b"']) {
        const r = await records.create({ type: "TXT", name: uniqueLabel("te"), content });
        expect(r.content, `POST TXT ${content}: result.content the escaped strings as sent [B.txt.quoted]`).toBe(
          content,
        );
        const got = records.ok(await records.get(r.id));
        expect(got.content, `GET TXT ${content} by id: result.content as sent [B.txt.quoted]`).toBe(content);
      }
    },
  );

  clauseTest(
    ["B.txt.length", "B.validation.code", "B.validation.no-change"],
    "TXT: 1,100 four-byte characters (4,400 bytes, under 2,048 characters) are past the 4096-byte record size: 9015",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const fits = await records.create({ type: "TXT", name: uniqueLabel("tw"), content: "😀".repeat(1000) });
      expect(fits.type, "POST TXT of 1,000 four-byte characters (4,000 bytes): created [B.txt.length]").toBe("TXT");
      const name = uniqueLabel("tw");
      expectFailure(await records.post({ type: "TXT", name, content: "😀".repeat(1100) }), 400, 1004, 9015);
      expect(
        await records.at(await records.fqdn(name)),
        "records at the name after the refused 4,400-byte TXT: none [B.validation.no-change]",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.type.openpgpkey", "B.validation.code"],
    "OPENPGPKEY: RFC 4648 base64 only (padding, alphabet, whole quads)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const content of ["AAAA", "ab+/QQ==", "QUI="]) {
        const name = `abc._openpgpkey.${uniqueLabel("pg")}`;
        const r = await records.create({ type: "OPENPGPKEY", name, content });
        expect(r.content, `POST OPENPGPKEY ${content}: result.content as sent [B.type.openpgpkey]`).toBe(content);
      }
      for (const content of ["!AAA", "AAA!", "AAA", "!!!!", "QQ===", 5]) {
        await refused(records, { type: "OPENPGPKEY", name: uniqueLabel("pg"), content });
      }
    },
  );
});
