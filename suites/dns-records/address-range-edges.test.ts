/**
 * Area B: the edges of address ranges. The platform's published ranges (shared/reference: "IPv4: 173.245.48.0/20,
 * ...") are refused as A/AAAA content up to their last address, and the address after each range is accepted;
 * private and reserved ranges (reference: "`proxiable` is false ... for private or reserved addresses") are not
 * proxiable up to their last address either, and the address after them is. An implementation whose range test
 * is off by one at the top (a mask written as `< base + size - 1`) is caught here.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

const PLATFORM_V4 = [
  "173.245.48.0/20",
  "103.21.244.0/22",
  "103.22.200.0/22",
  "103.31.4.0/22",
  "141.101.64.0/18",
  "108.162.192.0/18",
  "190.93.240.0/20",
  "188.114.96.0/20",
  "197.234.240.0/22",
  "198.41.128.0/17",
  "162.158.0.0/15",
  "104.16.0.0/13",
  "104.24.0.0/14",
  "172.64.0.0/13",
  "131.0.72.0/22",
];

/** [last address of the range, the address after it] of the platform's IPv6 ranges. */
const PLATFORM_V6_EDGES: [string, string][] = [
  ["2400:cb00:ffff:ffff:ffff:ffff:ffff:ffff", "2400:cb01::"],
  ["2606:4700:ffff:ffff:ffff:ffff:ffff:ffff", "2606:4701::"],
  ["2803:f800:ffff:ffff:ffff:ffff:ffff:ffff", "2803:f801::"],
  ["2405:b500:ffff:ffff:ffff:ffff:ffff:ffff", "2405:b501::"],
  ["2405:8100:ffff:ffff:ffff:ffff:ffff:ffff", "2405:8101::"],
  ["2a06:98c7:ffff:ffff:ffff:ffff:ffff:ffff", "2a06:98c8::"],
  ["2c0f:f248:ffff:ffff:ffff:ffff:ffff:ffff", "2c0f:f249::"],
];

/** [last address, the address after] of private and reserved IPv4 ranges (10/8, 100.64/10, 172.16/12, ...). */
const PRIVATE_V4_EDGES: [string, string][] = [
  ["10.255.255.255", "11.0.0.0"],
  ["100.127.255.255", "100.128.0.0"],
  ["172.31.255.255", "172.32.0.0"],
  ["192.168.255.255", "192.169.0.0"],
  ["169.254.255.255", "169.255.0.0"],
];

function v4(s: string): number {
  return s.split(".").reduce((n, p) => n * 256 + Number(p), 0);
}

function dotted(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join(".");
}

/** [first, last + 1] of a CIDR, as numbers. */
function span(cidr: string): [number, number] {
  const [base, len] = cidr.split("/") as [string, string];
  return [v4(base), v4(base) + 2 ** (32 - Number(len))];
}

const inPlatform = (n: number) =>
  PLATFORM_V4.some((c) => {
    const [lo, hi] = span(c);
    return n >= lo && n < hi;
  });

describe("dns records: the edges of address ranges", () => {
  clauseTest(
    ["B.type.no-platform-ip", "B.validation.no-change"],
    "the last address of each of the platform's ranges is refused as A/AAAA content; the address after it is accepted",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const edges: [string, string, string | undefined][] = [];
      for (const c of PLATFORM_V4) {
        const [, end] = span(c);
        edges.push(["A", dotted(end - 1), inPlatform(end) ? undefined : dotted(end)]);
      }
      for (const [last, after] of PLATFORM_V6_EDGES) edges.push(["AAAA", last, after]);
      for (const [type, last, after] of edges) {
        const label = uniqueLabel("re");
        expectFailure(await records.post({ type, name: label, content: last }), 400);
        expect(
          await records.at(await records.fqdn(label)),
          `POST ${type} ${last} (the last address of a platform range) was refused: no record named ${label} [B.validation.no-change]`,
        ).toEqual([]);
        if (after === undefined) continue;
        const r = await records.create({ type, name: uniqueLabel("re"), content: after });
        expect(
          r.content,
          `POST ${type} ${after} (the address after a platform range): accepted, content as sent [B.type.no-platform-ip]`,
        ).toBe(after);
      }
    },
  );

  clauseTest(
    ["B.proxy.private-not-proxiable"],
    "the last address of a private or reserved range is not proxiable; the address after it is",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const [last, after] of PRIVATE_V4_EDGES) {
        const r = await records.create({ type: "A", name: uniqueLabel("rp"), content: last, proxied: false });
        expect(
          r.proxiable,
          `POST A ${last} (the last address of a private/reserved range), DNS only: proxiable false [B.proxy.private-not-proxiable]`,
        ).toBe(false);
        const n = await records.create({ type: "A", name: uniqueLabel("rp"), content: after, proxied: false });
        expect(
          n.proxiable,
          `POST A ${after} (the address after a private/reserved range), DNS only: proxiable true [B.proxy.private-not-proxiable]`,
        ).toBe(true);
      }
    },
  );
});
