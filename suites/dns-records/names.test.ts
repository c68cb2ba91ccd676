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
    expect(r.name).toBe(zone);
  });

  clauseTest(["B.name.full-lowercase"], "relative names get the zone appended, lowercased", async (ctx) => {
    const { records } = await recordsOf(ctx);
    const label = uniqueLabel("Mixed");
    const r = await records.create({ type: "A", name: label.toUpperCase(), content: "198.51.100.10" });
    expect(r.name).toBe(await records.fqdn(label.toLowerCase()));
    const again = await records.create({ type: "AAAA", name: await records.fqdn(label), content: "2001:db8::10" });
    expect(again.name).toBe(r.name);
  });

  clauseTest(
    ["B.name.max-63", "B.name.invalid-code"],
    "an A name of 63 characters is accepted, 64 refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const base = uniqueLabel("len");
      const ok63 = `${base}${"a".repeat(63 - base.length)}`;
      const r = await records.create({ type: "A", name: ok63, content: "198.51.100.11" });
      expect(r.name).toBe(await records.fqdn(ok63));
      const bad = `${base}${"b".repeat(64 - base.length)}`;
      expectFailure(await records.post({ type: "A", name: bad, content: "198.51.100.11" }), 400, 9000);
      expect(await records.at(await records.fqdn(bad))).toEqual([]);
    },
  );

  clauseTest(
    ["B.name.first-letter", "B.name.invalid-code"],
    "names starting with a digit, hyphen or underscore are refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const first of ["1", "-", "_"]) {
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
      expect((await records.create({ type: "AAAA", name: ok, content: "2001:db8::12" })).name).toBe(
        await records.fqdn(ok),
      );
    },
  );

  clauseTest(
    ["B.name.charset"],
    "letters, digits, hyphens and underscores are allowed; other characters are not",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const ok = `${uniqueLabel("c")}-a_b1`;
      expect((await records.create({ type: "A", name: ok, content: "198.51.100.13" })).name).toBe(
        await records.fqdn(ok),
      );
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
      expect(r.name).toBe(await records.fqdn(name));
    },
  );
});
