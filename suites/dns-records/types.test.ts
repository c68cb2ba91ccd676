/** Area B: every record type the spec names, SRV's shape and data-typed records. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: types", () => {
  clauseTest(["B.type.a-ipv4", "B.validation.code"], "A content is an IPv4 dotted quad", async (ctx) => {
    const { records } = await recordsOf(ctx);
    expect(
      (await records.create({ type: "A", name: uniqueLabel("a"), content: "203.0.113.5" })).content,
      "POST A 203.0.113.5: result.content the address as sent [B.type.a-ipv4]",
    ).toBe("203.0.113.5");
    for (const content of ["1.1", "256.1.1.1", "2001:db8::1", "example.com", ""]) {
      expectFailure(await records.post({ type: "A", name: uniqueLabel("a"), content }), 400, 1004);
    }
    expectFailure(await records.post({ type: "A", name: uniqueLabel("a"), content: "1.1" }), 400, 9005);
  });

  clauseTest(
    ["B.type.aaaa-ipv6", "B.type.aaaa-canonical"],
    "AAAA content is IPv6, answered in RFC 5952 form",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({
        type: "AAAA",
        name: uniqueLabel("q"),
        content: "2001:0DB8:0000:0000:0000:0000:0000:0001",
      });
      expect(
        r.content,
        "POST AAAA in full upper-case form: result.content in RFC 5952 form [B.type.aaaa-canonical]",
      ).toBe("2001:db8::1");
      const f = await records.create({ type: "AAAA", name: uniqueLabel("q"), content: "fe80::0:0:1" });
      expect(f.content, "POST AAAA fe80::0:0:1: result.content fe80::1 (RFC 5952) [B.type.aaaa-canonical]").toBe(
        "fe80::1",
      );
      for (const content of ["203.0.113.5", "1::2::3", "gggg::1"]) {
        expectFailure(await records.post({ type: "AAAA", name: uniqueLabel("q"), content }), 400, 1004);
      }
    },
  );

  clauseTest(["B.type.cname-fqdn"], "CNAME content is the target's fully qualified hostname", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "CNAME", name: uniqueLabel("cn"), content: "Target.Example.NET." });
    expect(
      r.content,
      "POST CNAME Target.Example.NET.: result.content lower case, no final dot [B.type.cname-fqdn]",
    ).toBe("target.example.net");
    for (const content of ["not a host", "", "-bad.example.net"]) {
      expectFailure(await records.post({ type: "CNAME", name: uniqueLabel("cn"), content }), 400, 1004);
    }
  });

  clauseTest(["B.type.mx"], "MX records take a mail server hostname and a top-level priority", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "MX", name: uniqueLabel("mx"), content: "mail.example.net", priority: 10 });
    expect(r, "POST MX with priority 10: type, content, priority as sent, not proxiable [B.type.mx]").toMatchObject({
      type: "MX",
      content: "mail.example.net",
      priority: 10,
      proxiable: false,
    });
    expectFailure(
      await records.post({ type: "MX", name: uniqueLabel("mx"), content: "mail.example.net", priority: 70000 }),
      400,
    );
  });

  clauseTest(
    [
      "B.srv.request-data",
      "B.srv.content",
      "B.srv.data-repeated",
      "B.srv.priority-top-level",
      "B.record.proxiable-srv-false",
    ],
    "SRV: data in; content 'weight port target', data repeated, priority at top level, not proxiable",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const data = { priority: 10, weight: 5, port: 5060, target: "sipserver.example.net" };
      const r = await records.create({ type: "SRV", name: `_sip._udp.${uniqueLabel("s")}`, data });
      expect(
        r.content,
        'POST SRV with data: result.content is priority-less "weight port target" [B.srv.request-data]',
      ).toBe("5 5060 sipserver.example.net");
      expect(r.data, "POST SRV with data: result.data as sent [B.srv.request-data]").toMatchObject(data);
      expect(r.priority, "POST SRV with data: result.priority from data.priority [B.srv.request-data]").toBe(10);
      expect(r.proxiable, "POST SRV: result.proxiable false [B.srv.request-data]").toBe(false);
      expect(r.proxied, "POST SRV: result.proxied false [B.srv.request-data]").toBe(false);
      expectFailure(
        await records.post({ type: "SRV", name: `_sip._udp.${uniqueLabel("s")}`, data: { ...data, port: 65536 } }),
        400,
      );
    },
  );

  clauseTest(
    ["B.type.caa", "B.type.data-content"],
    "CAA records list the allowed certificate authorities",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({
        type: "CAA",
        name: uniqueLabel("caa"),
        data: { flags: 0, tag: "issue", value: "ca.example.net" },
      });
      expect(r.content, "POST CAA with data: result.content 'flags tag \"value\"' [B.type.caa]").toBe(
        '0 issue "ca.example.net"',
      );
      expect(r.data, "POST CAA with data: result.data as sent [B.type.data-content]").toMatchObject({
        flags: 0,
        tag: "issue",
        value: "ca.example.net",
      });
      expectFailure(
        await records.post({ type: "CAA", name: uniqueLabel("caa"), data: { flags: 0, tag: "bogus", value: "x" } }),
        400,
      );
    },
  );

  clauseTest(["B.type.svcb-https", "B.type.data-content"], "SVCB and HTTPS records (RFC 9460)", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const h = await records.create({
      type: "HTTPS",
      name: uniqueLabel("h"),
      data: { priority: 1, target: ".", value: 'alpn="h3,h2"' },
    });
    expect(h.content, "POST HTTPS with data: result.content 'priority target params' [B.type.svcb-https]").toBe(
      '1 . alpn="h3,h2"',
    );
    const s = await records.create({
      type: "SVCB",
      name: `_8443._foo.${uniqueLabel("sv")}`,
      data: { priority: 0, target: "svc.example.net" },
    });
    expect(s.content, "POST SVCB with data: result.content 'priority target' [B.type.svcb-https]").toBe(
      "0 svc.example.net",
    );
    expectFailure(
      await records.post({ type: "HTTPS", name: uniqueLabel("h"), data: { priority: 70000, target: "." } }),
      400,
    );
  });

  clauseTest(["B.type.ptr"], "PTR records point at a hostname", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const r = await records.create({ type: "PTR", name: uniqueLabel("ptr"), content: "host.example.net" });
    expect(r.content, "POST PTR: result.content the hostname as sent [B.type.ptr]").toBe("host.example.net");
    expectFailure(await records.post({ type: "PTR", name: uniqueLabel("ptr"), content: "not a host" }), 400);
  });

  clauseTest(["B.type.ns"], "NS records delegate a subdomain", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const sub = uniqueLabel("dlg");
    const a = await records.create({ type: "NS", name: sub, content: "ns1.example.net" });
    const b = await records.create({ type: "NS", name: sub, content: "ns2.example.net" });
    expect([a.content, b.content], "two POST NS at one name: both kept, contents as sent [B.type.ns]").toEqual([
      "ns1.example.net",
      "ns2.example.net",
    ]);
  });

  clauseTest(["B.type.ds-dnskey", "B.type.data-content"], "DS and DNSKEY records", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const sub = uniqueLabel("sec");
    const ds = await records.create({
      type: "DS",
      name: sub,
      data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1F987CC6583E92DF0890718C42" },
    });
    expect(
      ds.content,
      "POST DS with data: result.content 'key_tag algorithm digest_type digest', digest lower case [B.type.ds-dnskey]",
    ).toBe("2371 13 2 1f987cc6583e92df0890718c42");
    const key = await records.create({
      type: "DNSKEY",
      name: sub,
      data: {
        flags: 257,
        protocol: 3,
        algorithm: 13,
        public_key: "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==",
      },
    });
    expect(
      key.content.startsWith("257 3 13 "),
      "POST DNSKEY with data: result.content starts 'flags protocol algorithm ' [B.type.ds-dnskey]",
    ).toBe(true);
    expectFailure(
      await records.post({ type: "DS", name: sub, data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: "zz" } }),
      400,
    );
  });

  clauseTest(
    ["B.type.others", "B.type.data-content"],
    "URI, NAPTR, SSHFP, TLSA, SMIMEA and CERT records",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const cases: [Record<string, unknown>, string][] = [
        [
          {
            type: "URI",
            name: `_ftp._tcp.${uniqueLabel("u")}`,
            data: { weight: 1, target: "ftp://ftp.example.net/" },
            priority: 10,
          },
          '1 "ftp://ftp.example.net/"',
        ],
        [
          {
            type: "NAPTR",
            name: uniqueLabel("n"),
            data: {
              order: 100,
              preference: 10,
              flags: "S",
              service: "SIP+D2U",
              regex: "",
              replacement: "_sip._udp.example.net",
            },
          },
          '100 10 "S" "SIP+D2U" "" _sip._udp.example.net',
        ],
        [
          { type: "SSHFP", name: uniqueLabel("f"), data: { algorithm: 4, type: 2, fingerprint: "123456789ABCDEF0" } },
          "4 2 123456789abcdef0",
        ],
        [
          {
            type: "TLSA",
            name: `_443._tcp.${uniqueLabel("t")}`,
            data: { usage: 3, selector: 1, matching_type: 1, certificate: "0123456789abcdef" },
          },
          "3 1 1 0123456789abcdef",
        ],
        [
          {
            type: "SMIMEA",
            name: uniqueLabel("m"),
            data: { usage: 3, selector: 1, matching_type: 1, certificate: "abcdef01" },
          },
          "3 1 1 abcdef01",
        ],
        [
          {
            type: "CERT",
            name: uniqueLabel("c"),
            data: { type: 1, key_tag: 12345, algorithm: 8, certificate: "QUJDRA==" },
          },
          "1 12345 8 QUJDRA==",
        ],
      ];
      for (const [body, content] of cases) {
        const r = await records.create(body);
        expect(r.type, `POST ${body.type} with data: result.type as sent [B.type.others]`).toBe(body.type);
        expect(r.content, `POST ${body.type} with data: result.content built from data [B.type.data-content]`).toBe(
          content,
        );
        expect(r.data, `POST ${body.type} with data: result.data present [B.type.data-content]`).toBeDefined();
        expectFailure(await records.post({ ...body, name: uniqueLabel("x"), data: "not an object" }), 400);
      }
      const uri = await records.list(`type=URI&per_page=1000`);
      expect(
        uri.result.some((r) => r.priority === 10),
        "GET ?type=URI: a URI record with priority 10 (from data) [B.type.others]",
      ).toBe(true);
    },
  );

  clauseTest(["B.type.loc", "B.type.data-content"], "LOC records", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const data = {
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
    const r = await records.create({ type: "LOC", name: uniqueLabel("loc"), data });
    expect(r.content, "POST LOC with data: result.content in the LOC text form [B.type.loc]").toBe(
      "37 46 46 N 122 23 35 W 0m 100m 0m 0m",
    );
    expectFailure(
      await records.post({ type: "LOC", name: uniqueLabel("loc"), data: { ...data, lat_degrees: 91 } }),
      400,
    );
  });
});
