/**
 * Area B: the text fields of data-typed records. Hex fields (DS digest, SSHFP fingerprint, TLSA and SMIMEA
 * certificate: RFC 4034, 4255, 6698, 8162 write them as hex octets) and base64 fields (DNSKEY public_key, CERT
 * certificate, OPENPGPKEY content: RFC 4034, 4398, 7929) take every valid form and refuse what does not decode;
 * SVCB and HTTPS params (RFC 9460) take every registered key and keyNNNNN, and refuse unknown keys, empty
 * values and params in AliasMode (priority 0); CAA's tag is one of issue, issuewild, iodef (RFC 8659); URI's
 * target is a URI (no spaces, not empty, RFC 7553); NAPTR's flags are letters and digits (RFC 3403). Refusals
 * are 400 and create nothing.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, type Records, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

type Body = Record<string, unknown>;

/** Creates each body (expecting `check` of its answer), then refuses each bad one; nothing of the bad ones stays. */
async function acceptRefuse(
  records: Records,
  what: string,
  good: readonly Body[],
  bad: readonly Body[],
  check: (sent: Body, got: Record<string, unknown>) => void,
): Promise<void> {
  const made = new Set<string>();
  for (const body of good) {
    const r = await records.create(body);
    check(body, r as unknown as Record<string, unknown>);
    made.add(r.id);
  }
  for (const body of bad) expectFailure(await records.post(body), 400);
  const names = new Set([...bad].map((b) => String(b.name)));
  const types = new Set([...bad].map((b) => String(b.type)));
  for (const name of names) {
    const left = (await records.at(await records.fqdn(name))).filter((r) => types.has(r.type) && !made.has(r.id));
    expect(
      left.map((r) => `${r.type} ${r.content}`),
      `${what}: the refused records at ${name} were not created [B.validation.no-change]`,
    ).toEqual([]);
  }
}

describe("dns records: text fields of data-typed records", () => {
  clauseTest(
    ["B.type.ds-dnskey", "B.type.others", "B.type.data-content"],
    "hex fields (DS digest, SSHFP fingerprint, TLSA/SMIMEA certificate): even hex digits in either case, answered in lower case; odd, non-hex, empty or not a string refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("hx");
      await records.create({ type: "NS", name: `ds.${u}`, content: "ns1.example.net" });
      const fields: [string, string, string, Body][] = [
        ["DS", `ds.${u}`, "digest", { key_tag: 2371, algorithm: 13, digest_type: 2 }],
        ["SSHFP", `fp.${u}`, "fingerprint", { algorithm: 4, type: 2 }],
        ["TLSA", `_443._tcp.${u}`, "certificate", { usage: 3, selector: 1, matching_type: 1 }],
        ["SMIMEA", `sm.${u}`, "certificate", { usage: 3, selector: 1, matching_type: 1 }],
      ];
      for (const [type, name, field, rest] of fields) {
        const body = (v: unknown): Body => ({ type, name, data: { ...rest, [field]: v } });
        await acceptRefuse(
          records,
          `${type} data.${field}`,
          [body("0a1B2c3D"), body("FF")],
          ["abc", "zz", "0g", "", 1234].map(body),
          (sent, got) =>
            expect(
              (got.data as Body)[field],
              `POST ${type} with data.${field} ${JSON.stringify((sent.data as Body)[field])}: the hex in lower case`,
            ).toBe(String((sent.data as Body)[field]).toLowerCase()),
        );
      }
    },
  );

  clauseTest(
    ["B.type.ds-dnskey", "B.type.others", "B.type.openpgpkey"],
    "base64 fields (DNSKEY public_key, CERT certificate, OPENPGPKEY content): padded or not, as sent; bad characters, bad length or padding, empty refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("bs");
      const good = ["QUJD", "QUI=", "QQ==", "ab+/Cd09"];
      const bad = ["not base64!", "QUJDRA=", "QUJDR", "QQ=A", "QQ===", "Q===", "", "QU JD!"];
      const shapes: [string, string, (v: unknown) => Body][] = [
        ["DNSKEY", "public_key", (v) => ({ data: { flags: 257, protocol: 3, algorithm: 13, public_key: v } })],
        ["CERT", "certificate", (v) => ({ data: { type: 1, key_tag: 1, algorithm: 8, certificate: v } })],
        ["OPENPGPKEY", "content", (v) => ({ content: v })],
      ];
      for (const [type, field, shape] of shapes) {
        const name = `${type.toLowerCase()}.${u}`;
        const body = (v: unknown): Body => ({ type, name, ...shape(v) });
        await acceptRefuse(records, `${type} ${field}`, good.map(body), bad.map(body), (sent, got) => {
          const where = (x: Body) => (field === "content" ? x.content : (x.data as Body)[field]);
          expect(where(got), `POST ${type} with ${field} ${JSON.stringify(where(sent))}: as sent`).toBe(where(sent));
        });
      }
    },
  );

  clauseTest(
    ["B.type.svcb-https", "B.type.data-content"],
    "SVCB params: every key of RFC 9460's registry and keyNNNNN accepted; an unknown key, an empty value, params in AliasMode refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = `_8443._foo.${uniqueLabel("sp")}`;
      const body = (priority: number, value: string): Body => ({
        type: "SVCB",
        name,
        data: { priority, target: "svc.example.net", value },
      });
      const good = [
        "mandatory=alpn alpn=h2",
        'alpn="h3,h2"',
        "alpn=h2 no-default-alpn",
        "port=8443",
        "ipv4hint=192.0.2.1",
        "ech=QUJD",
        "ipv6hint=2001:db8::1",
        "dohpath=/dns-query{?dns}",
        "ohttp",
        "key65000=abc",
      ].map((v, i) => body(i + 1, v));
      const bad = [
        body(1, "bogus=1"),
        body(1, "alpn="),
        body(1, "port=443 keyx=1"),
        body(1, "xkey1=1"),
        body(1, "key1x=1"),
        body(1, "key123456=1"),
        body(0, "alpn=h2"),
        { type: "SVCB", name, data: { priority: 1, target: "not a host!", value: "" } },
      ];
      await acceptRefuse(records, "SVCB params", good, bad, (sent, got) => {
        const d = sent.data as Body;
        expect(got.content, `POST SVCB with value ${JSON.stringify(d.value)}: content 'priority target value'`).toBe(
          `${d.priority} svc.example.net ${d.value}`,
        );
        expect(got.data, `POST SVCB with value ${JSON.stringify(d.value)}: data as sent [B.type.data-content]`).toEqual(
          d,
        );
      });
      const https = await records.create({
        type: "HTTPS",
        name: uniqueLabel("hp"),
        data: { priority: 1, target: ".", value: "alpn=h2" },
      });
      expect(https.data, "POST HTTPS with data: data as sent [B.type.data-content]").toEqual({
        priority: 1,
        target: ".",
        value: "alpn=h2",
      });
    },
  );

  clauseTest(
    ["B.type.caa", "B.type.others"],
    "CAA tag issue, issuewild or iodef; URI target a URI without spaces; NAPTR flags letters and digits",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("tf");
      const caa = (tag: unknown): Body => ({ type: "CAA", name: `caa.${u}`, data: { flags: 0, tag, value: "x.net" } });
      await acceptRefuse(
        records,
        "CAA tag",
        [caa("issue"), caa("issuewild"), caa("iodef")],
        [caa("bogus"), caa(""), caa(5), caa("issue ")],
        (sent, got) =>
          expect((got.data as Body).tag, "POST CAA: data.tag as sent [B.type.caa]").toBe((sent.data as Body).tag),
      );
      const uri = (target: unknown): Body => ({
        type: "URI",
        name: `_ftp._tcp.${u}`,
        priority: 1,
        data: { weight: 1, target },
      });
      await acceptRefuse(
        records,
        "URI target",
        [uri("https://www.example.net/a?b=c")],
        [uri(""), uri("has space"), uri(7)],
        (sent, got) =>
          expect((got.data as Body).target, "POST URI: data.target as sent").toBe((sent.data as Body).target),
      );
      const naptr = (flags: unknown, regex = "", replacement = "."): Body => ({
        type: "NAPTR",
        name: `na.${u}`,
        data: { order: 1, preference: 1, flags, service: "E2U+sip", regex, replacement },
      });
      await acceptRefuse(
        records,
        "NAPTR flags, regex and replacement",
        [naptr("U"), naptr(""), naptr("U", "!^.*$!sip:customer@example.net!"), naptr("S", "", "_sip._udp.example.net")],
        [naptr("S!"), naptr('"'), naptr(1), naptr("S", "", "not a host!")],
        (sent, got) => expect(got.data, "POST NAPTR: data as sent").toEqual(sent.data),
      );
    },
  );

  clauseTest(["B.type.mx", "B.validation.no-change"], "MX content must be a hostname", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const name = uniqueLabel("mh");
    const mx = (content: unknown): Body => ({ type: "MX", name, content, priority: 10 });
    await acceptRefuse(
      records,
      "MX content",
      [mx("mail.example.net")],
      [mx("not a host!"), mx(""), mx(25), mx("mail..example.net")],
      (_sent, got) =>
        expect(got.content, "POST MX mail.example.net: content as sent [B.type.mx]").toBe("mail.example.net"),
    );
  });
});
