/**
 * Area B: addresses of the private and reserved ranges that ttl-proxy.test.ts and address-range-edges.test.ts do
 * not reach, at both ends of each range. The reference: "`proxiable` is false ... for private or reserved
 * addresses"; which ranges are private or reserved is IANA's special-purpose registries (RFC 6890: 0/8 "this
 * network", 127/8 loopback, 224/4 multicast, 240/4 reserved and 255.255.255.255 broadcast; ::/128 unspecified,
 * ::1/128 loopback, fc00::/7 unique-local of which fc00::/8 is the half seldom seen, fe80::/10 link-local,
 * ff00::/8 multicast). No source says whether such content is accepted at all, so each address is either refused
 * (400) or accepted as not proxiable; proxying it is always refused and creates nothing.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const RESERVED: readonly [type: string, content: string, range: string][] = [
  ["A", "0.255.255.255", "0.0.0.0/8"],
  ["A", "127.255.255.255", "127.0.0.0/8"],
  ["A", "224.0.0.251", "224.0.0.0/4"],
  ["A", "239.255.255.255", "224.0.0.0/4"],
  ["A", "240.0.0.1", "240.0.0.0/4"],
  ["A", "255.255.255.255", "240.0.0.0/4"],
  ["AAAA", "::", "::/128"],
  ["AAAA", "::1", "::1/128"],
  ["AAAA", "fc00::1", "fc00::/7"],
  ["AAAA", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fc00::/7"],
  ["AAAA", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::/10"],
  ["AAAA", "ff02::1", "ff00::/8"],
  ["AAAA", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ff00::/8"],
];

describe("dns records: both ends of the private and reserved ranges", () => {
  clauseTest(
    ["B.proxy.private-not-proxiable", "B.validation.no-change"],
    "an address at either end of a private or reserved range is refused or not proxiable, and never proxied",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [type, content, range] of RESERVED) {
        const dnsOnly = await records.post({ type, name: uniqueLabel("rr"), content, proxied: false });
        if (dnsOnly.status === 200) {
          expect(
            records.ok(dnsOnly).proxiable,
            `POST ${type} ${content} (in ${range}), DNS only, accepted: proxiable false [B.proxy.private-not-proxiable]`,
          ).toBe(false);
        } else {
          expect(
            dnsOnly.status,
            `POST ${type} ${content} (in ${range}), DNS only: accepted as not proxiable, or refused with 400 [B.proxy.private-not-proxiable]`,
          ).toBe(400);
          expectFailure(dnsOnly, 400);
        }
        const name = uniqueLabel("rr");
        const proxied = await records.post({ type, name, content, proxied: true });
        expect(
          proxied.status,
          `POST ${type} ${content} (in ${range}), proxied: refused with 400 [B.proxy.private-not-proxiable]`,
        ).toBe(400);
        expectFailure(proxied, 400);
        expect(
          await records.at(await records.fqdn(name)),
          `after the refused proxied ${type} ${content}: nothing at the name [B.validation.no-change]`,
        ).toEqual([]);
      }
    },
  );
});
