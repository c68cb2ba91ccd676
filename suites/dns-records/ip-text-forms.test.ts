/**
 * Area B: the text forms of addresses that address-forms.test.ts leaves out.
 *
 * - An IPv6 address may end in a dotted quad (RFC 4291 section 2.2, form 3: `x:x:x:x:x:x:d.d.d.d`, the d's the
 *   four low-order octets, also after `::`). It is an IPv6 address like any other, so AAAA accepts it, and answers
 *   it in RFC 5952 form (reference: "returned in canonical RFC 5952 form"): all hex (section 4), since mixed
 *   notation is only recommended for a well-known prefix such as `::ffff:0:0/96` (section 5), and 2001:db8::/32
 *   is none. A dotted quad anywhere but at the end, a bad quad, or one too many groups is not an address.
 * - An IPv4-mapped address (`::ffff:0:0/96`, RFC 4291 section 2.5.5.2): no source says whether AAAA content may be
 *   one (a refusal is a 400); when accepted, RFC 5952 section 5 recommends the mixed form and section 4 gives the
 *   hex one, so either is accepted, but it must be the address that was sent.
 * - A dotted quad with a leading zero (`01.2.3.4`), a trailing dot or a space around it: no source says whether A
 *   content takes one. Refused (then with 9005, the reference's code for A content that is not a dotted quad) or
 *   accepted as the address it names, answered as the plain quad; never echoed as sent (inet_aton reads a part
 *   with a leading zero as octal: RFC 6943 section 3.1.1). Only parts whose octal and decimal readings agree are
 *   sent.
 * - An IPv6 zone index (`fe80::1%eth0`, RFC 4007 section 11) is not part of an address of the DNS: refused.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, codesOf, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** Sent form (ending in a dotted quad) -> RFC 5952 form. */
const EMBEDDED: readonly [string, string][] = [
  ["2001:db8::192.0.2.33", "2001:db8::c000:221"],
  ["2001:db8:1:2:3:4:192.0.2.33", "2001:db8:1:2:3:4:c000:221"],
  ["2001:db8:1:2:3::203.0.113.255", "2001:db8:1:2:3:0:cb00:71ff"],
  ["2001:db8::ffff:102:304", "2001:db8::ffff:102:304"],
  // 45 characters, the longest IPv6 text there is: 6 groups of 4 digits and a quad of 15 characters.
  ["2001:0db8:0000:0000:0000:ffff:192.168.100.200", "2001:db8::ffff:c0a8:64c8"],
  ["2001:0db8:0001:0002:0003:0004:203.113.100.200", "2001:db8:1:2:3:4:cb71:64c8"],
];

/** Not IPv6 text (RFC 4291 section 2.2): a dotted quad that is not the last 32 bits, a bad quad, too many groups. */
const NOT_IPV6 = [
  "192.0.2.33::",
  "192.0.2.33::1",
  "2001:db8:192.0.2.33::",
  "::192.0.2.33:1",
  "2001:db8:1:2:3:192.0.2.33:4",
  "::192.0.2.256",
  "::192.0.2",
  "2001:db8:1:2:3:4:5:192.0.2.33",
  // A zone index (RFC 4007 section 11) names an interface of one node, not part of the 128 bits of an AAAA
  // (RFC 3596 section 2.2).
  "fe80::1%eth0",
  "fe80::1%1",
];

describe("dns records: addresses ending in a dotted quad, mapped addresses, zone indexes, A content not plain", () => {
  clauseTest(
    ["B.type.aaaa-ipv6", "B.type.aaaa-canonical"],
    "AAAA content ending in a dotted quad (RFC 4291 2.2) is accepted and answered in RFC 5952 hex form",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [sent, canonical] of EMBEDDED) {
        const r = await records.create({ type: "AAAA", name: uniqueLabel("v6q"), content: sent });
        expect(
          r.content,
          `POST AAAA ${sent}: result.content ${canonical} (RFC 5952 hex form) [B.type.aaaa-canonical]`,
        ).toBe(canonical);
        expect(
          records.ok(await records.get(r.id)).content,
          `GET of the AAAA sent as ${sent}: content ${canonical} [B.type.aaaa-canonical]`,
        ).toBe(canonical);
      }
    },
  );

  clauseTest(
    ["B.type.aaaa-ipv6", "B.validation.no-change"],
    "AAAA content with a dotted quad that is not its last 32 bits, a bad quad or a group too many is refused",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("v6bad");
      for (const content of NOT_IPV6) {
        const res = await records.post({ type: "AAAA", name, content });
        expect(
          res.status,
          `POST AAAA ${content}: refused with 400, not IPv6 text (RFC 4291 2.2: a dotted quad only as the last 32 bits of 8 groups) [B.type.aaaa-ipv6]`,
        ).toBe(400);
        expectFailure(res, 400, 1004);
      }
      expect(
        await records.at(await records.fqdn(name)),
        `after the refused AAAA contents ${NOT_IPV6.join(", ")}: nothing at the name [B.validation.no-change]`,
      ).toEqual([]);
    },
  );

  clauseTest(
    ["B.type.aaaa-ipv6", "B.type.aaaa-canonical"],
    "an IPv4-mapped AAAA, when accepted, is answered as ::ffff: and the address sent, in mixed (RFC 5952 5) or hex (4) form",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const forms = ["::ffff:192.0.2.33", "::ffff:c000:221"];
      for (const sent of ["::ffff:192.0.2.33", "::FFFF:C000:0221", "0:0:0:0:0:ffff:192.0.2.33"]) {
        const res = await records.post({ type: "AAAA", name: uniqueLabel("v6m"), content: sent });
        if (res.status !== 200) {
          // No source says whether AAAA content may be IPv4-mapped: a refusal is a 400.
          expectFailure(res, 400);
          continue;
        }
        const r = records.ok(res);
        expect(
          forms,
          `POST AAAA ${sent} accepted: result.content is one of ${forms.join(" or ")} (RFC 5952 5 or 4) [B.type.aaaa-canonical]`,
        ).toContain(r.content);
        expect(
          records.ok(await records.get(r.id)).content,
          `GET of the AAAA sent as ${sent}: the content the POST answered [B.type.aaaa-canonical]`,
        ).toBe(r.content);
      }
    },
  );

  clauseTest(
    ["B.type.a-ipv4"],
    "A content with a leading zero, a trailing dot or a space is refused (9005) or answered as the plain quad, never echoed",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const cases: [string, string][] = [
        ["01.2.3.4", "1.2.3.4"],
        ["1.2.3.04", "1.2.3.4"],
        ["1.2.00.4", "1.2.0.4"],
        ["1.2.3.0004", "1.2.3.4"],
        ["1.2.3.4.", "1.2.3.4"],
        [" 1.2.3.4", "1.2.3.4"],
        ["1.2.3.4 ", "1.2.3.4"],
      ];
      for (const [content, named] of cases) {
        const res = await records.post({ type: "A", name: uniqueLabel("v4z"), content });
        if (res.status === 200) {
          expect(
            records.ok(res).content,
            `POST A ${JSON.stringify(content)} accepted: result.content is the plain quad of the address it names, ${named} [B.type.a-ipv4]`,
          ).toBe(named);
          continue;
        }
        expect(
          res.status,
          `POST A ${JSON.stringify(content)}: accepted (200) as ${named}, or refused with 400 as not a dotted quad [B.type.a-ipv4]`,
        ).toBe(400);
        const env = expectFailure(res, 400, 1004);
        expect(
          codesOf(env),
          `POST A ${JSON.stringify(content)}: refused as A content that is not a dotted quad, with 9005 [B.type.a-ipv4]`,
        ).toContain(9005);
      }
    },
  );
});
