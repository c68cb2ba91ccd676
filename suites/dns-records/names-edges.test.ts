/**
 * Area B: the edges of the name rules (spec rules 1-4 for A, AAAA and CNAME; RFC 1035 labels for every type):
 * the ends of the character ranges (a name ending with `z` or `0`), characters just outside them in names with
 * no letter or no digit, empty labels, wildcard names that must still keep the first/last-character and label
 * rules, wildcards of other types (RFC 4592), names no IDN conversion makes a domain name, a missing name, and
 * target hostnames ending with two dots (an empty label). Refusals change nothing.
 */
import { domainToASCII } from "node:url";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: name rule edges", () => {
  clauseTest(
    ["B.name.last-letter-digit", "B.name.first-letter"],
    "names ending with the last letter z or the first digit 0 are accepted",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [type, name, content] of [
        ["A", `z${uniqueLabel("ez")}z`, "198.51.100.140"],
        ["AAAA", `_${uniqueLabel("e0")}0`, "2001:db8::140"],
        ["CNAME", `${uniqueLabel("e9")}9`, "target.example.net"],
      ] as const) {
        const r = await records.create({ type, name, content });
        expect(
          r.name,
          `POST ${type} named ${name} (first character ${name[0]}, last ${name.at(-1)}): accepted, the full name [B.name.last-letter-digit]`,
        ).toBe(await records.fqdn(name));
      }
    },
  );

  clauseTest(
    ["B.name.charset", "B.name.invalid-code", "B.validation.no-change"],
    "characters just past the letters and digits (=, ~, {, the bar) and empty labels are refused, also in names without a letter or a digit",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const before = await records.state();
      const u = uniqueLabel("ec");
      for (const name of ["edge=conf", "edge~conf", "_0{9", "_0|9", `${u}..b`, `a..${u}`, `${u}..`]) {
        expectFailure(await records.post({ type: "A", name, content: "198.51.100.141" }), 400, 9000);
      }
      expect(
        await records.state(),
        "the zone after every refused name (=, ~, {, the bar, empty labels, two final dots): unchanged",
      ).toBe(before);
    },
  );

  clauseTest(
    ["B.name.wildcard-underscore", "B.name.first-letter", "B.name.last-letter-digit", "B.name.max-63"],
    "wildcard names keep the other rules: *.<63-character label> accepted; <digit or hyphen>x.* and *.x<hyphen or underscore> refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = uniqueLabel("ew");
      const label63 = `${base}${"w".repeat(63 - base.length)}`;
      const r = await records.create({ type: "A", name: `*.${label63}`, content: "198.51.100.142" });
      expect(r.name, "POST A *.<a 63-character label>: accepted, the full name [B.name.max-63]").toBe(
        await records.fqdn(`*.${label63}`),
      );
      const before = await records.state();
      const u = uniqueLabel("ew");
      for (const name of [`9${u}.*`, `-${u}.*`, `*.${u}-`, `*.${u}_`]) {
        expectFailure(await records.post({ type: "AAAA", name, content: "2001:db8::142" }), 400, 9000);
      }
      expect(
        await records.state(),
        "the zone after wildcard names starting with a digit or hyphen, or ending with a hyphen or underscore: unchanged",
      ).toBe(before);
    },
  );

  clauseTest(
    ["B.name.wildcard-underscore", "B.name.label-63"],
    "wildcard names of other types (TXT, MX) are accepted (RFC 4592)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const body of [
        { type: "TXT", name: `*.${uniqueLabel("et")}`, content: "wildcard text" },
        { type: "MX", name: `*.${uniqueLabel("em")}`, content: "mail.example.net", priority: 10 },
      ]) {
        const r = await records.create(body);
        expect(r.name, `POST ${body.type} named ${body.name}: accepted, the full name`).toBe(
          await records.fqdn(body.name),
        );
      }
    },
  );

  clauseTest(
    ["B.name.charset", "B.name.invalid-code", "B.validation.no-change"],
    "a name with non-ASCII letters and a character no domain name holds (space, %) is refused with 9000, for A and TXT",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const before = await records.state();
      for (const name of ["bü cher", "bü%cher"]) {
        for (const [type, content] of [
          ["A", "198.51.100.143"],
          ["TXT", "not a name"],
        ]) {
          expectFailure(await records.post({ type, name, content }), 400, 9000);
        }
      }
      expect(await records.state(), "the zone after the refused non-ASCII names: unchanged (nothing at the apex)").toBe(
        before,
      );
    },
  );

  clauseTest(
    ["B.name.punycode", "B.name.full-lowercase"],
    "a name with a non-ASCII label and a last label that is a number (2024) is accepted, answered in Punycode",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const idn = `Ü${uniqueLabel("ei")}`;
      const want = await records.fqdn(`${domainToASCII(idn.toLowerCase())}.rev.2024`);
      const sent = `${idn}.Rev.2024`;
      const r = await records.create({ type: "A", name: sent, content: "198.51.100.145" });
      expect(
        r.name,
        `POST A named ${sent} (a number as last label is no IPv4 address here): the full name, Punycode, lower case [B.name.punycode]`,
      ).toBe(want);
    },
  );

  clauseTest(
    ["B.name.apex", "B.validation.no-change"],
    "a create without a name, or with a name that is not a string, is refused (400)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const before = await records.state();
      for (const name of [undefined, null, 5, ""]) {
        expectFailure(await records.post({ type: "A", name, content: "198.51.100.144" }), 400);
      }
      expect(await records.state(), "the zone after creates without a usable name: unchanged").toBe(before);
    },
  );

  clauseTest(
    ["B.type.cname-fqdn", "B.type.mx", "B.type.ns", "B.validation.no-change"],
    "CNAME, MX and NS targets ending with two dots (an empty label) are refused (400)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const before = await records.state();
      for (const type of ["CNAME", "MX", "NS"]) {
        const body = { type, name: uniqueLabel("ed"), content: "target.example.net.." };
        expectFailure(await records.post(type === "MX" ? { ...body, priority: 10 } : body), 400);
      }
      expect(await records.state(), "the zone after targets ending with two dots: unchanged").toBe(before);
    },
  );
});
