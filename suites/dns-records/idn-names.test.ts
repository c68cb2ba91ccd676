/**
 * Area B: internationalised names (shared/reference: "responses carry the full name, lowercased, in Punycode").
 * The expected form is computed here with WHATWG `domainToASCII` (UTS #46), independently of the target.
 */
import { domainToASCII } from "node:url";
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: internationalised names", () => {
  clauseTest(
    ["B.name.punycode", "B.name.full-lowercase"],
    "a name with non-ASCII letters, in mixed case, is answered in lowercased Punycode and found by that name",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const label = `Bücher-${uniqueLabel("i")}`;
      const ascii = domainToASCII(label.toLowerCase());
      expect(ascii.startsWith("xn--"), `domainToASCII(${label}) is a Punycode label`).toBe(true);
      const want = await records.fqdn(ascii);
      const r = await records.create({ type: "TXT", name: label, content: '"idn"' });
      expect(r.name, `POST TXT name ${label}: name is the full Punycode name, lowercased [B.name.punycode]`).toBe(want);
      expect(
        (await records.at(want)).map((x) => x.id),
        `GET dns_records?name=${want}: the record created as ${label} [B.name.punycode]`,
      ).toEqual([r.id]);
    },
  );
});
