/**
 * Area B: the text forms of A and AAAA content. AAAA content is answered in RFC 5952 form (reference: "AAAA:
 * IPv6, returned in canonical RFC 5952 form"): lower case (4.3), no leading zeros (4.1), `::` for the longest run
 * of two or more zero groups, the first one on a tie (4.2.1-4.2.3), never for a single zero group (4.2.2). Text
 * that is not an IPv6 address (RFC 4291 section 2.2: eight groups, one `::`, groups of at most four hex digits)
 * is refused, as is A content that is not a dotted quad (reference: "IPv4 dotted quad only").
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** Sent form -> RFC 5952 form. */
const CANONICAL: readonly [string, string][] = [
  ["2001:DB8::A", "2001:db8::a"],
  ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
  ["2001:0:0:1:0:0:0:1", "2001:0:0:1::1"],
  ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
  ["2001:0db8:0001:0000:0000:0ab9:C0A8:0102", "2001:db8:1::ab9:c0a8:102"],
  ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
  ["::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8"],
  ["2001:db8:1:0:0:0:0:0", "2001:db8:1::"],
  ["0:0:0:0:0:0:0:1", "::1"],
  ["2001:db8:0:0:0:0:0:1", "2001:db8::1"],
];

describe("dns records: A and AAAA content forms", () => {
  clauseTest(
    ["B.type.aaaa-ipv6", "B.type.aaaa-canonical"],
    "AAAA content answered in RFC 5952 form: lower case, no leading zeros, :: for the first longest run of zeros and never for one group",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [sent, canonical] of CANONICAL) {
        const r = await records.create({ type: "AAAA", name: uniqueLabel("v6"), content: sent });
        expect(r.content, `POST AAAA ${sent}: result.content ${canonical} (RFC 5952) [B.type.aaaa-canonical]`).toBe(
          canonical,
        );
        expect(
          records.ok(await records.get(r.id)).content,
          `GET of the AAAA sent as ${sent}: content ${canonical} [B.type.aaaa-canonical]`,
        ).toBe(canonical);
      }
    },
  );

  clauseTest(
    ["B.type.aaaa-ipv6", "B.type.a-ipv4", "B.validation.no-change"],
    "AAAA content that is not an IPv6 address and A content that is not a dotted quad are refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("bad");
      for (const content of [
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7",
        "12345::1",
        "1::2::3",
        "1:2:3:4::5:6:7:8",
        ":1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:",
        "::g",
        "2001:db8::1/64",
        "",
      ]) {
        expectFailure(await records.post({ type: "AAAA", name, content }), 400, 1004);
      }
      for (const content of ["1.2.3", "1.2.3.4.5", "1.2.3.256", "1.2.3.-4", "1.2.3.4/24", "1..3.4", "a.b.c.d"]) {
        expectFailure(await records.post({ type: "A", name, content }), 400, 1004);
      }
      expect(
        await records.at(await records.fqdn(name)),
        "after the refused A and AAAA contents: nothing at the name [B.validation.no-change]",
      ).toEqual([]);
    },
  );
});
