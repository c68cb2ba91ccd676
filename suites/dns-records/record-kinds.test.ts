/**
 * Area B: what a create must name and hold before its fields are read. The type is one the platform creates
 * (the SDK's RecordCreateParams is a union of A, AAAA, CNAME, MX, NS, OPENPGPKEY, PTR, TXT, CAA, CERT, DNSKEY, DS,
 * HTTPS, LOC, NAPTR, SMIMEA, SRV, SSHFP, SVCB, TLSA and URI records: no SOA, which the spec says the platform
 * makes itself, and no SPF, DKIM or DMARC type, which the spec says are TXT content); a data-typed record
 * carries `data` (reference: "Data-typed records (send `data`, get back `data` plus a formatted `content`)");
 * a TXT record carries content. TXT content in quotes follows the zone-file form (RFC 1035 section 5.1):
 * `\"` and `\\` escape inside a quoted string, which is answered as sent; text outside the quoted strings is
 * refused (reference: "unbalanced quotes are a validation error", 1004); content over the record's wire size
 * (reference: "Record wire size <= 4096 bytes (9015)") is refused with 9015 even under 2,048 characters.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: the type, data and TXT content a create needs", () => {
  clauseTest(
    ["B.validation.no-change", "B.envelope.failure"],
    "a type the platform does not create (SOA, SPF, DKIM, DMARC, an unknown one, none, not a string) is refused and creates nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("ty");
      for (const type of ["SOA", "SPF", "DKIM", "DMARC", "BOGUS", "", 5, null]) {
        expectFailure(await records.post({ type, name, content: "v=spf1 -all" }), 400);
      }
      expectFailure(await records.post({ name, content: "v=spf1 -all" }), 400);
      expect(
        await records.at(await records.fqdn(name)),
        "after the refused types: nothing at the name [B.validation.no-change]",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.type.data-content", "B.srv.request-data", "B.validation.no-change"],
    "a data-typed record without data (absent or null) is refused, as is a TXT record without content",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("nd");
      for (const type of ["SRV", "CAA", "DS", "DNSKEY", "CERT", "SSHFP", "TLSA", "SMIMEA", "NAPTR", "LOC", "SVCB"]) {
        expectFailure(await records.post({ type, name: `_sip._tcp.${name}` }), 400);
        expectFailure(await records.post({ type, name: `_sip._tcp.${name}`, data: null }), 400);
      }
      for (const content of [undefined, "", 5]) {
        expectFailure(await records.post({ type: "TXT", name, content }), 400);
      }
      expect(
        [
          ...(await records.at(await records.fqdn(name))),
          ...(await records.at(await records.fqdn(`_sip._tcp.${name}`))),
        ],
        "after the refused records: nothing created [B.validation.no-change]",
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.txt.quoted", "B.txt.inconsistent-quotes", "B.validation.code", "B.txt.length"],
    'TXT: \\" and \\\\ inside quoted strings are kept; text outside the quoted strings is refused (1004); content over 4096 bytes is refused (9015)',
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("tq");
      for (const content of ['"say \\"hi\\""', '"back\\\\slash"', '"a\\"b" "c\\\\d"']) {
        const r = await records.create({ type: "TXT", name, content });
        expect(r.content, `POST TXT ${content}: content as sent, escapes kept [B.txt.quoted]`).toBe(content);
      }
      for (const content of ['"a" b', '"a" "b" c', '"a\\"']) {
        expectFailure(await records.post({ type: "TXT", name, content }), 400, 1004);
      }
      const wide = "€".repeat(2000);
      expectFailure(await records.post({ type: "TXT", name, content: wide }), 400, 9015);
      expect(
        (await records.at(await records.fqdn(name))).map((r) => r.content).sort(),
        "after the refused TXT contents: only the three accepted records [B.validation.no-change]",
      ).toEqual(['"a\\"b" "c\\\\d"', '"back\\\\slash"', '"say \\"hi\\""'].sort());
    },
  );
});
