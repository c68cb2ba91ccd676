/** Area B: TTL rules, what can be proxied, addresses of the platform. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: TTL", () => {
  clauseTest(
    ["B.ttl.proxied-3600-answers-1", "B.ttl.proxied-auto", "B.record.proxied-boolean"],
    "a proxied create that sent ttl 3600 answers ttl 1 (Auto)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({
        type: "A",
        name: uniqueLabel("px"),
        content: "8.8.8.8",
        ttl: 3600,
        proxied: true,
      });
      expect(r.proxied, "POST A proxied: true: proxied true [B.record.proxied-boolean]").toBe(true);
      expect(r.ttl, "POST A proxied with ttl 3600: ttl 1 (Auto) [B.ttl.proxied-3600-answers-1]").toBe(1);
      const c = await records.create({
        type: "CNAME",
        name: uniqueLabel("px"),
        content: "www.example.net",
        ttl: 7200,
        proxied: true,
      });
      expect(c.ttl, "POST CNAME proxied with ttl 7200: ttl 1 (Auto) [B.ttl.proxied-auto]").toBe(1);
    },
  );

  clauseTest(
    ["B.ttl.dns-only-custom", "B.ttl.range", "B.record.proxied-boolean"],
    "DNS only: 1, 60 and 86400 are kept as sent",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const ttl of [1, 60, 3600, 86400]) {
        const r = await records.create({
          type: "A",
          name: uniqueLabel("ttl"),
          content: "198.51.100.20",
          ttl,
          proxied: false,
        });
        expect(r.proxied, "POST A proxied: false: proxied false [B.record.proxied-boolean]").toBe(false);
        expect(r.ttl, `POST A DNS only with ttl ${ttl}: kept as sent [B.ttl.dns-only-custom]`).toBe(ttl);
      }
    },
  );

  clauseTest(
    ["B.ttl.range", "B.validation.no-change"],
    "DNS only: TTLs outside 1 and 60..86400 are refused with 9021",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const ttl of [0, 2, 59, 86401, -5, 1.5]) {
        const label = uniqueLabel("ttl");
        expectFailure(await records.post({ type: "A", name: label, content: "198.51.100.21", ttl }), 400, 9021);
        expect(
          await records.at(await records.fqdn(label)),
          `records named ${label} after ttl ${ttl} was refused: none`,
        ).toEqual([]);
      }
    },
  );

  clauseTest(["B.ttl.not-string"], "a string TTL is refused with 9022", async (ctx) => {
    const { records } = await recordsOf(ctx);
    expectFailure(
      await records.post({ type: "A", name: uniqueLabel("ttl"), content: "198.51.100.22", ttl: "3600" }),
      400,
      9022,
    );
  });
});

describe("dns records: proxying", () => {
  clauseTest(
    ["B.proxy.address-types-only", "B.proxy.refused-code", "B.validation.code"],
    "only A, AAAA and CNAME can be proxied; others are refused with 1004/9004",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const others: Record<string, unknown>[] = [
        { type: "TXT", content: "hello" },
        { type: "MX", content: "mail.example.net", priority: 10 },
        { type: "NS", content: "ns1.example.net" },
        { type: "SRV", data: { priority: 1, weight: 1, port: 443, target: "t.example.net" } },
        { type: "CAA", data: { flags: 0, tag: "issue", value: "ca.example.net" } },
      ];
      for (const body of others) {
        const name = body.type === "SRV" ? `_x._tcp.${uniqueLabel("np")}` : uniqueLabel("np");
        expectFailure(await records.post({ ...body, name, proxied: true }), 400, 1004, 9004);
        const dnsOnly = await records.create({ ...body, name, proxied: false });
        expect(dnsOnly.proxiable, `POST ${body.type} DNS only: proxiable false [B.proxy.address-types-only]`).toBe(
          false,
        );
      }
      for (const body of [
        { type: "A", content: "8.8.4.4" },
        { type: "AAAA", content: "2a00:1450:4001::1" },
        { type: "CNAME", content: "www.example.net" },
      ]) {
        const r = await records.create({ ...body, name: uniqueLabel("yp"), proxied: true });
        expect(r.proxiable, `POST ${body.type} proxied: proxiable true [B.proxy.address-types-only]`).toBe(true);
        expect(r.proxied, `POST ${body.type} proxied: proxied true`).toBe(true);
      }
    },
  );

  clauseTest(
    ["B.proxy.private-not-proxiable"],
    "private and reserved addresses are not proxiable, and proxying them is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const body of [
        { type: "A", content: "10.1.2.3" },
        { type: "A", content: "192.168.1.1" },
        { type: "A", content: "127.0.0.1" },
        { type: "AAAA", content: "fd00::1" },
        { type: "AAAA", content: "fe80::1" },
      ]) {
        const name = uniqueLabel("pv");
        const r = await records.create({ ...body, name, proxied: false });
        expect(r.proxiable, `POST ${body.type} ${body.content}: proxiable false [B.proxy.private-not-proxiable]`).toBe(
          false,
        );
        expectFailure(await records.post({ ...body, name: uniqueLabel("pv"), proxied: true }), 400);
      }
    },
  );

  clauseTest(["B.type.no-platform-ip"], "A and AAAA content cannot be an address of the platform", async (ctx) => {
    const { records } = await recordsOf(ctx);
    for (const body of [
      { type: "A", content: "104.16.0.1" },
      { type: "A", content: "172.67.1.1" },
      { type: "A", content: "173.245.48.1" },
      { type: "AAAA", content: "2606:4700::6810:1" },
      { type: "AAAA", content: "2400:cb00::1" },
    ]) {
      for (const proxied of [false, true]) {
        const label = uniqueLabel("cf");
        expectFailure(await records.post({ ...body, name: label, proxied }), 400);
        expect(
          await records.at(await records.fqdn(label)),
          `records named ${label} after ${body.content} (proxied ${proxied}) was refused: none`,
        ).toEqual([]);
      }
    }
  });
});
