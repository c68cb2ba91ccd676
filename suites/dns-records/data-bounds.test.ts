/**
 * Area B: the numeric fields of every data-typed record at and past their bounds. The reference (the platform's
 * OpenAPI and SDK): "Integer fields are 0..255 or 0..65535 as in DNS", each as wide as its field on the wire
 * (RFC 2782 SRV, 8659 CAA, 4034 DS and DNSKEY, 4398 CERT, 4255 SSHFP, 6698 TLSA, 8162 SMIMEA, 7553 URI, 3403
 * NAPTR); LOC's ranges are RFC 1876's (latitude 0..90, longitude 0..180, minutes 0..59, seconds 0..59.999,
 * altitude -100000..42849672.95 m). Each bound is accepted and echoed in `data`; one past it, a negative value
 * and a fraction are refused (400) and create nothing. Every field is tested alone, so a bound taken from the
 * wrong field or a check left out on one type shows.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Data = Record<string, unknown>;

interface Case {
  type: string;
  /** The record's relative name under a fresh label `u`. */
  name: (u: string) => string;
  base: Data;
  /** Integer fields and their [min, max]. */
  ints: Record<string, readonly [number, number]>;
  /** Top-level fields the body carries besides data. */
  extra?: Record<string, unknown>;
}

const U8 = [0, 255] as const;
const U16 = [0, 65535] as const;

const CASES: readonly Case[] = [
  {
    type: "SRV",
    name: (u) => `_sip._tcp.${u}`,
    base: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" },
    ints: { priority: U16, weight: U16, port: U16 },
  },
  { type: "CAA", name: (u) => u, base: { flags: 0, tag: "issue", value: "ca.example.net" }, ints: { flags: U8 } },
  {
    type: "DS",
    name: (u) => `ds.${u}`,
    base: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1f987cc6583e92df0890718c42" },
    ints: { key_tag: U16, algorithm: U8, digest_type: U8 },
  },
  {
    type: "DNSKEY",
    name: (u) => u,
    base: { flags: 257, protocol: 3, algorithm: 13, public_key: "QUJDRA==" },
    ints: { flags: U16, algorithm: U8 },
  },
  {
    type: "CERT",
    name: (u) => u,
    base: { type: 1, key_tag: 12345, algorithm: 8, certificate: "QUJDRA==" },
    ints: { type: U16, key_tag: U16, algorithm: U8 },
  },
  {
    type: "SSHFP",
    name: (u) => u,
    base: { algorithm: 4, type: 2, fingerprint: "123456789abcdef0" },
    ints: { algorithm: U8, type: U8 },
  },
  {
    type: "TLSA",
    name: (u) => `_443._tcp.${u}`,
    base: { usage: 3, selector: 1, matching_type: 1, certificate: "0123456789abcdef" },
    ints: { usage: U8, selector: U8, matching_type: U8 },
  },
  {
    type: "SMIMEA",
    name: (u) => u,
    base: { usage: 3, selector: 1, matching_type: 1, certificate: "abcdef01" },
    ints: { usage: U8, selector: U8, matching_type: U8 },
  },
  {
    type: "URI",
    name: (u) => `_ftp._tcp.${u}`,
    base: { weight: 1, target: "ftp://ftp.example.net/" },
    ints: { weight: U16 },
    extra: { priority: 10 },
  },
  {
    type: "NAPTR",
    name: (u) => u,
    base: { order: 100, preference: 10, flags: "S", service: "SIP+D2U", regex: "", replacement: "." },
    ints: { order: U16, preference: U16 },
  },
];

describe("dns records: numeric fields of data-typed records at their bounds", () => {
  clauseTest(
    ["B.type.data-content", "B.type.others", "B.type.ds-dnskey", "B.type.caa", "B.srv.request-data"],
    "every integer field of SRV, CAA, DS, DNSKEY, CERT, SSHFP, TLSA, SMIMEA, URI and NAPTR: 0 and its maximum accepted; -1, maximum + 1 and a fraction refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const c of CASES) {
        const u = uniqueLabel(c.type.toLowerCase().slice(0, 3));
        if (c.type === "DS") await records.create({ type: "NS", name: `ds.${u}`, content: "ns1.example.net" });
        const name = c.name(u);
        for (const [field, [min, max]] of Object.entries(c.ints)) {
          for (const v of [min, max]) {
            const data = { ...c.base, [field]: v };
            const r = await records.create({ type: c.type, name, data, ...c.extra });
            expect(r.data?.[field], `POST ${c.type} with data.${field} ${v} (a bound): data.${field} ${v}`).toBe(v);
            await records.delete(r.id);
          }
          for (const v of [min - 1, max + 1, min + 0.5]) {
            expectFailure(await records.post({ type: c.type, name, data: { ...c.base, [field]: v }, ...c.extra }), 400);
          }
        }
        const left = (await records.at(await records.fqdn(name))).filter((r) => r.type === c.type);
        expect(
          left.map((r) => r.data),
          `POST ${c.type} with each integer field at -1, its maximum + 1 or a fraction: refused, none created [B.validation.no-change]`,
        ).toEqual([]);
      }
    },
  );

  clauseTest(
    ["B.type.priority-bounds", "B.type.others"],
    "URI's top-level priority: 0 and 65535 accepted; -1, 65536 and a fraction refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = `_ftp._tcp.${uniqueLabel("up")}`;
      const data = { weight: 1, target: "ftp://ftp.example.net/" };
      for (const priority of [0, 65535]) {
        const r = await records.create({ type: "URI", name, data, priority });
        expect(r.priority, `POST URI with priority ${priority}: result.priority ${priority}`).toBe(priority);
        await records.delete(r.id);
      }
      for (const priority of [-1, 65536, 2.5]) {
        expectFailure(await records.post({ type: "URI", name, data, priority }), 400);
      }
      expect(
        await records.at(await records.fqdn(name)),
        "after the refused URI priorities: nothing at the name",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.type.loc", "B.type.data-content"],
    "LOC: degrees, minutes, seconds and altitude at RFC 1876's bounds accepted, past them refused; directions N/S and E/W only",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = {
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
      const name = uniqueLabel("loc");
      const fqdn = await records.fqdn(name);
      const good: Data[] = [
        { lat_degrees: 0, lat_minutes: 0, lat_seconds: 0, long_degrees: 0, long_minutes: 0, long_seconds: 0 },
        { lat_degrees: 90, lat_minutes: 0, lat_seconds: 0, lat_direction: "S" },
        { long_degrees: 180, long_minutes: 0, long_seconds: 0, long_direction: "E" },
        { lat_minutes: 59, long_minutes: 59, lat_seconds: 59.999, long_seconds: 59.999 },
        { altitude: -100000 },
        { altitude: 42849672.95 },
      ];
      for (const change of good) {
        const r = await records.create({ type: "LOC", name, data: { ...base, ...change } });
        expect(
          r.data,
          `POST LOC with ${JSON.stringify(change)} (at the bounds): data as sent [B.type.loc]`,
        ).toMatchObject(change);
        await records.delete(r.id);
      }
      const bad: Data[] = [
        { lat_degrees: 91 },
        { lat_degrees: -1 },
        { lat_degrees: 90, lat_minutes: 1, lat_seconds: 0 },
        { lat_degrees: 90, lat_minutes: 0, lat_seconds: 0.5 },
        { long_degrees: 181 },
        { long_degrees: 180, long_minutes: 1, long_seconds: 0 },
        { long_degrees: 180, long_minutes: 0, long_seconds: 0.5 },
        { lat_minutes: 60 },
        { long_minutes: 60 },
        { lat_minutes: 1.5 },
        { lat_degrees: 1.5 },
        { long_degrees: 1.5 },
        { lat_seconds: 60 },
        { long_seconds: 60 },
        { lat_seconds: -1 },
        { altitude: -100001 },
        { altitude: 42849673 },
        { lat_direction: "E" },
        { lat_direction: "NN" },
        { long_direction: "N" },
        { long_direction: "xW" },
        { lat_direction: "Sx" },
        { long_direction: "Wx" },
        { long_direction: "EE" },
        { lat_seconds: "5" },
        { altitude: "0" },
      ];
      for (const change of bad) {
        expectFailure(await records.post({ type: "LOC", name, data: { ...base, ...change } }), 400);
      }
      expect(
        await records.at(fqdn),
        "after the refused LOC records: nothing at the name [B.validation.no-change]",
      ).toEqual([]);
    },
  );
});
