/**
 * Area B: the length of a fully qualified record name (the platform's reference: "at most 253
 * characters fully qualified", code 9000 "DNS name is invalid."; RFC 1035's 255 octets on the wire less
 * the length bytes). Names of exactly 253 and 254 characters are built for the target's own zone, with
 * labels of 63 characters, for an address type (the spec's name rules) and for TXT (DNS label rules), on
 * create and on PATCH.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** A relative name of exactly `n` characters: `first`, then labels of 63 `a`, then a last label of `b`. */
function relativeOf(first: string, n: number): string {
  let rel = first;
  while (n - rel.length > 64) rel += `.${"a".repeat(63)}`;
  let rem = n - rel.length;
  if (rem === 1) {
    // A last label needs a dot and a character: one character fewer before it.
    rel = rel.slice(0, -1);
    rem = 2;
  }
  return rem === 0 ? rel : `${rel}.${"b".repeat(rem - 1)}`;
}

describe("dns records: name length", () => {
  clauseTest(
    ["B.name.fqdn-253", "B.name.invalid-code", "B.validation.no-change"],
    "a full name of 253 characters is accepted, of 254 refused (400 / 9000), on create and PATCH, for A and TXT",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const zone = await records.zoneName();
      for (const type of ["A", "TXT"]) {
        const content = type === "A" ? "198.51.100.120" : '"long name"';
        const ok = relativeOf(uniqueLabel("nl"), 253 - zone.length - 1);
        const r = await records.create({ type, name: ok, content });
        expect(
          r.name,
          `POST ${type} with a full name of 253 characters: the name as sent, completed [B.name.fqdn-253]`,
        ).toBe(`${ok}.${zone}`);
        expect(r.name.length, `POST ${type}: result.name has 253 characters [B.name.fqdn-253]`).toBe(253);
        const bad = relativeOf(uniqueLabel("nl"), 254 - zone.length - 1);
        expect(`${bad}.${zone}`.length, "the test's own name: 254 characters").toBe(254);
        const before = await records.state();
        expectFailure(await records.post({ type, name: bad, content }), 400, 9000);
        expectFailure(await records.post({ type, name: `${bad}.${zone}`, content }), 400, 9000);
        expectFailure(await records.patch(r.id, { name: bad }), 400, 9000);
        expect(
          await records.state(),
          `after the refused ${type} writes of a 254-character name: the zone is unchanged [B.validation.no-change]`,
        ).toBe(before);
      }
    },
  );
});
