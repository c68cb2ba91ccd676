/**
 * Area B: the `data` of data-typed records read back whole, from the reference ("send `data`, get back `data`
 * plus a formatted `content`"): the POST answer and a GET by id of every data-typed type carry `data` exactly
 * as sent, and the same content; SRV's priority and URI's at the top level. (Field bounds and formats:
 * data-bounds.test.ts, data-formats.test.ts.)
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Data = Record<string, unknown>;

/** A valid body per data type, with lower-case hex (the answer's case is not what these tests ask). */
const BASE: Record<string, { name: string; data: Data; priority?: number }> = {
  SRV: { name: "_sip._udp.", data: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" } },
  CAA: { name: "", data: { flags: 0, tag: "issue", value: "ca.example.net" } },
  DS: { name: "", data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1f987cc6583e92df" } },
  DNSKEY: { name: "", data: { flags: 257, protocol: 3, algorithm: 13, public_key: "mdsswUyr3DPW132mOi8V9w==" } },
  CERT: { name: "", data: { type: 1, key_tag: 12345, algorithm: 8, certificate: "QUJDRA==" } },
  TLSA: { name: "_443._tcp.", data: { usage: 3, selector: 1, matching_type: 1, certificate: "0123456789abcdef" } },
  SMIMEA: { name: "", data: { usage: 3, selector: 1, matching_type: 1, certificate: "abcdef01" } },
  SSHFP: { name: "", data: { algorithm: 4, type: 2, fingerprint: "123456789abcdef0" } },
  URI: { name: "_ftp._tcp.", data: { weight: 1, target: "ftp://ftp.example.net/" }, priority: 10 },
  NAPTR: {
    name: "",
    data: {
      order: 100,
      preference: 10,
      flags: "S",
      service: "SIP+D2U",
      regex: "",
      replacement: "_sip._udp.example.net",
    },
  },
  SVCB: { name: "_8443._foo.", data: { priority: 1, target: "svc.example.net", value: 'alpn="h2"' } },
  HTTPS: { name: "", data: { priority: 1, target: ".", value: 'alpn="h3,h2"' } },
  LOC: {
    name: "",
    data: {
      lat_degrees: 37,
      lat_minutes: 46,
      lat_seconds: 46.25,
      lat_direction: "N",
      long_degrees: 122,
      long_minutes: 23,
      long_seconds: 35.5,
      long_direction: "W",
      altitude: 12.5,
      size: 100,
      precision_horz: 10,
      precision_vert: 2,
    },
  },
};

function body(type: string, data: Data, extra: Data = {}): Record<string, unknown> {
  const base = BASE[type]!;
  const b: Record<string, unknown> = { type, name: `${base.name}${uniqueLabel("df")}`, data, ...extra };
  if (base.priority !== undefined && !("priority" in extra)) b.priority = base.priority;
  return b;
}

/** POST that must succeed, then GET by id: both answers carry `data` exactly as sent. */
async function createAndReadBack(records: Records, b: Record<string, unknown>, what: string): Promise<void> {
  const created = await records.create(b);
  const got = records.ok(await records.get(created.id));
  for (const [call, r] of [
    ["POST", created],
    ["GET by id", got],
  ] as const) {
    expect(r.type, `${call} ${b.type} (${what}): result.type as sent [B.type.data-content]`).toBe(b.type);
    expect(r.data, `${call} ${b.type} (${what}): result.data exactly the data sent [B.type.data-content]`).toEqual(
      b.data,
    );
    expect(r.content, `${call} ${b.type} (${what}): result.content the same in both answers`).toBe(created.content);
  }
  if (b.type === "SRV" || b.type === "URI") {
    const want = b.type === "SRV" ? (b.data as Data).priority : b.priority;
    expect(
      got.priority,
      `GET ${b.type} (${what}): result.priority at the top level (SRV from data.priority, URI as sent) [${b.type === "SRV" ? "B.srv.priority-top-level" : "B.type.others"}]`,
    ).toBe(want);
  }
}

describe("dns records: data of data-typed records (reference, SDK, RFCs)", () => {
  clauseTest(
    ["B.type.data-content", "B.srv.data-repeated", "B.type.others", "B.type.loc", "B.type.svcb-https"],
    "every data-typed record answers its data exactly as sent, on POST and on GET",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const type of Object.keys(BASE)) {
        await createAndReadBack(records, body(type, { ...BASE[type]!.data }), "a valid body");
      }
      // Several SvcParams, each kept, one space apart, in data.value (RFC 9460 presentation form).
      await createAndReadBack(
        records,
        body("HTTPS", { priority: 2, target: "svc.example.net", value: "alpn=h2 no-default-alpn port=8443" }),
        "three SvcParams",
      );
    },
  );
});
