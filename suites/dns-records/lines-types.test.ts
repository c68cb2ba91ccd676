/**
 * Area B: type rules the mutation run left unasked once triage entries stopped matching other lines of the
 * same text. TXT: after a quoted string and its spaces, a character that does not open a new quoted string is
 * text outside the quoted strings, even when a quote follows later (`"a" bc"` holds three quotes: unbalanced,
 * reference "unbalanced quotes are a validation error"). SVCB/HTTPS: a SvcParam key is a registered name or
 * `key` followed by decimal digits only (RFC 9460 2.1, "keyNNNNN"): `mykey1` or `key1e3` is an unknown key.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: type rules by line", () => {
  clauseTest(
    ["B.txt.inconsistent-quotes", "B.validation.no-change"],
    'TXT "a" bc" (text outside the quoted strings, then a stray quote) is refused (400), nothing created',
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("tl");
      for (const content of ['"a" bc"', '"a" b"c"d"']) {
        expectFailure(await records.post({ type: "TXT", name, content }), 400);
      }
      expect(
        await records.at(await records.fqdn(name)),
        `records at the name after POST TXT '"a" bc"' and '"a" b"c"d"' were refused: none [B.validation.no-change]`,
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.type.svcb-https", "B.validation.no-change"],
    "SVCB/HTTPS SvcParam keys mykey1, key1e3 and key0x10 (not keyNNNNN, not registered) are refused (400)",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const type of ["SVCB", "HTTPS"]) {
        for (const value of ["mykey1=abc", "key1e3=abc", "key0x10=abc"]) {
          const name = uniqueLabel("sl");
          expectFailure(
            await records.post({ type, name, data: { priority: 1, target: "svc.example.net", value } }),
            400,
          );
          expect(
            await records.at(await records.fqdn(name)),
            `records at the name after POST ${type} value ${value} (an unknown SvcParam key) was refused: none [B.validation.no-change]`,
          ).toEqual([]);
        }
      }
    },
  );
});
