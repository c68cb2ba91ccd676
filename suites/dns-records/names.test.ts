/** Area B: name rules (apex, 63 characters, first and last character, character set). */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: names", () => {
  clauseTest(["B.name.apex", "B.name.full-lowercase"], "@ is the zone apex", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const zone = await records.zoneName();
    const r = await records.create({ type: "TXT", name: "@", content: `apex ${uniqueLabel()}` });
    expect(r.name, 'POST TXT at "@": name is the zone name [B.name.apex]').toBe(zone);
  });

  clauseTest(["B.name.full-lowercase"], "relative names get the zone appended, lowercased", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const label = uniqueLabel("Mixed");
    const r = await records.create({ type: "A", name: label.toUpperCase(), content: "198.51.100.10" });
    expect(r.name, "POST A with an upper-case relative name: the full name, lower case [B.name.full-lowercase]").toBe(
      await records.fqdn(label.toLowerCase()),
    );
    const again = await records.create({ type: "AAAA", name: await records.fqdn(label), content: "2001:db8::10" });
    expect(again.name, "POST AAAA with the full name: the same name as the relative one gave").toBe(r.name);
  });

  clauseTest(
    ["B.name.max-63", "B.name.invalid-code"],
    "an A name of 63 characters is accepted, 64 refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = uniqueLabel("len");
      const ok63 = `${base}${"a".repeat(63 - base.length)}`;
      const r = await records.create({ type: "A", name: ok63, content: "198.51.100.11" });
      expect(r.name, "POST A with a 63-character label: accepted, the full name [B.name.max-63]").toBe(
        await records.fqdn(ok63),
      );
      const bad = `${base}${"b".repeat(64 - base.length)}`;
      expectFailure(await records.post({ type: "A", name: bad, content: "198.51.100.11" }), 400, 9000);
      expect(
        await records.at(await records.fqdn(bad)),
        "records at the 64-character name after the refusal: none",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.name.max-63", "B.name.invalid-code"],
    "the 63-character limit is per label: multi-label names longer than 63 are accepted, a 64-character label is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = uniqueLabel("ml");
      const label63 = (c: string) => `${c}${base}${"x".repeat(62 - base.length)}`;
      // Two labels of 63 characters (127 in all): accepted (docs/choices/dns-records.md, name limit).
      const long = `${label63("a")}.${label63("b")}`;
      for (const [type, content] of [
        ["A", "198.51.100.14"],
        ["CNAME", "target.example.net"],
      ] as const) {
        const name = type === "A" ? long : `c${long.slice(1)}`;
        const r = await records.create({ type, name, content });
        expect(r.name, `POST ${type} with two labels of 63: accepted, the full name [B.name.max-63]`).toBe(
          await records.fqdn(name),
        );
      }
      // The same with one label of 64 characters (in first or last place): refused, nothing created.
      for (const bad of [`${label63("d")}z.${label63("e")}`, `${label63("f")}.${label63("g")}z`]) {
        expectFailure(await records.post({ type: "AAAA", name: bad, content: "2001:db8::14" }), 400, 9000);
        expect(await records.at(await records.fqdn(bad)), "records at a name with a 64-character label: none").toEqual(
          [],
        );
      }
    },
  );

  clauseTest(
    ["B.name.label-63", "B.name.invalid-code", "B.validation.no-change"],
    "names of other types (TXT, MX, NS, SRV): labels of 63 characters accepted, a 64-character label refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = uniqueLabel("lb");
      const label = (c: string, n: number) => `${c}${base}${"y".repeat(n - 1 - base.length)}`;
      const bodies = (name: string) => [
        { type: "TXT", name, content: "label limit" },
        { type: "MX", name, content: "mail.example.net", priority: 10 },
        { type: "CNAME", name: `c${name.slice(1)}`, content: "target.example.net" },
      ];
      // One label of 63, and two labels of 63 (multi-label): accepted for every type.
      for (const name of [label("a", 63), `${label("b", 63)}.${label("c", 63)}`]) {
        for (const body of bodies(name)) {
          const r = await records.create(body);
          expect(r.name, `${body.type} ${body.name}`).toBe(await records.fqdn(body.name));
        }
      }
      const ns = label("n", 63);
      expect(
        (await records.create({ type: "NS", name: ns, content: "ns1.example.net" })).name,
        "POST NS with a 63-character label: accepted",
      ).toBe(await records.fqdn(ns));
      const srv = { priority: 1, weight: 1, port: 5060, target: "sip.example.net" };
      const srvName = `_sip._tcp.${label("s", 63)}`;
      expect(
        (await records.create({ type: "SRV", name: srvName, data: srv })).name,
        "POST SRV below a 63-character label: accepted",
      ).toBe(await records.fqdn(srvName));
      // A label of 64, alone or in first or last place of a longer name: refused, nothing created.
      const before = await records.state();
      for (const name of [
        label("d", 64),
        `${label("e", 64)}.${label("f", 63)}`,
        `${label("g", 63)}.${label("h", 64)}`,
      ]) {
        for (const body of bodies(name)) {
          expectFailure(await records.post(body), 400, 1004, 9000);
        }
        expectFailure(await records.post({ type: "NS", name, content: "ns1.example.net" }), 400, 9000);
        expectFailure(await records.post({ type: "SRV", name: `_sip._tcp.${name}`, data: srv }), 400, 9000);
      }
      expect(await records.state(), "the zone after every name with a 64-character label was refused: unchanged").toBe(
        before,
      );
    },
  );

  clauseTest(
    ["B.name.first-letter", "B.name.invalid-code"],
    "names starting with a digit or a hyphen are refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const first of ["1", "-"]) {
        const name = `${first}${uniqueLabel("f")}`;
        for (const type of ["A", "CNAME"]) {
          const body =
            type === "A" ? { type, name, content: "198.51.100.12" } : { type, name, content: "target.example.net" };
          expectFailure(await records.post(body), 400, 9000);
        }
      }
    },
  );

  clauseTest(
    ["B.name.first-letter", "B.name.wildcard-underscore"],
    "underscore labels (_acme-challenge CNAME) and wildcards (*, *.www, proxied) are accepted, as the platform's docs create them",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const sub = uniqueLabel("wc");
      const acme = await records.create({
        type: "CNAME",
        name: `_acme-challenge.${sub}`,
        content: `${sub}.dcv.example.net`,
      });
      expect(acme.name, "POST CNAME _acme-challenge.<name>: accepted, the full name").toBe(
        await records.fqdn(`_acme-challenge.${sub}`),
      );
      // docs wildcard-dns-records: A `*` 192.0.2.1 proxied; CNAME `*.www` proxied (here below a unique label).
      const star = await records.create({ type: "A", name: `*.${sub}`, content: "192.0.2.1", proxied: true });
      expect(star, "POST A *.<name> proxied: a wildcard, proxiable and proxied, ttl 1").toMatchObject({
        name: await records.fqdn(`*.${sub}`),
        proxied: true,
        proxiable: true,
        ttl: 1,
      });
      await records.create({ type: "A", name: sub, content: "192.0.2.2" });
      const starWww = await records.create({
        type: "CNAME",
        name: `*.www.${sub}`,
        content: await records.fqdn(sub),
        proxied: true,
      });
      expect(starWww, "POST CNAME *.www.<name> proxied: accepted").toMatchObject({
        name: await records.fqdn(`*.www.${sub}`),
        proxied: true,
      });
      for (const bad of [`a*b.${sub}`, `*x.${sub}`]) {
        expectFailure(await records.post({ type: "A", name: bad, content: "192.0.2.1" }), 400, 9000);
      }
    },
  );

  clauseTest(
    ["B.name.last-letter-digit"],
    "names ending with a hyphen or underscore are refused; a digit is fine",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const last of ["-", "_"]) {
        expectFailure(
          await records.post({ type: "AAAA", name: `${uniqueLabel("l")}${last}`, content: "2001:db8::12" }),
          400,
          9000,
        );
      }
      const ok = `${uniqueLabel("l")}9`;
      expect(
        (await records.create({ type: "AAAA", name: ok, content: "2001:db8::12" })).name,
        "POST AAAA with a name ending in a digit: accepted [B.name.last-letter-digit]",
      ).toBe(await records.fqdn(ok));
    },
  );

  clauseTest(
    ["B.name.charset"],
    "letters, digits, hyphens and underscores are allowed; other characters are not",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const ok = `${uniqueLabel("c")}-a_b1`;
      expect(
        (await records.create({ type: "A", name: ok, content: "198.51.100.13" })).name,
        "POST A with letters, digits, a hyphen and an underscore: accepted [B.name.charset]",
      ).toBe(await records.fqdn(ok));
      for (const bad of ["a!b", "a b", "a*b", "a+b", "a/b"]) {
        expectFailure(
          await records.post({ type: "A", name: `${uniqueLabel("c")}${bad}`, content: "198.51.100.13" }),
          400,
          9000,
        );
      }
    },
  );

  clauseTest(
    ["B.name.srv-underscore", "B.srv.request-data"],
    "SRV names begin with underscore-prefixed labels",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = `_sip._tcp.${uniqueLabel("srv")}`;
      const r = await records.create({
        type: "SRV",
        name,
        data: { priority: 10, weight: 5, port: 5060, target: "sip.example.net" },
      });
      expect(r.name, "POST SRV _sip._tcp.<name>: accepted, the full name [B.name.srv-underscore]").toBe(
        await records.fqdn(name),
      );
    },
  );
});
