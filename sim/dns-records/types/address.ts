/**
 * A and AAAA: an IPv4 dotted quad / an IPv6 address (answered in RFC 5952 form). Never an address
 * of the platform (spec); not proxiable when private or reserved (platform).
 *
 * Gaps / by design: the platform's published ranges are data (`DEFAULT_PLATFORM_RANGES`) and can be
 * replaced per simulator (createDnsRecordsModule options), since the platform changes them.
 */
import { CODES, validationError } from "../errors.ts";
import { canonicalIPv6, inAnyCidr4, inCidr6, isReservedV4, isReservedV6, parseIPv4, parseIPv6 } from "../ip.ts";
import type { PlatformRanges, RecordTypeSpec, TypeContext } from "./common.ts";

export const DEFAULT_PLATFORM_RANGES: PlatformRanges = {
  v4: [
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
  ],
  v6: [
    "2400:cb00::/32",
    "2606:4700::/32",
    "2803:f800::/32",
    "2405:b500::/32",
    "2405:8100::/32",
    "2a06:98c0::/29",
    "2c0f:f248::/32",
  ],
};

export function isPlatformAddress(content: string, ranges: PlatformRanges): boolean {
  const v4 = parseIPv4(content);
  if (v4 !== undefined) return inAnyCidr4(v4, ranges.v4);
  const v6 = parseIPv6(content);
  return v6 !== undefined && ranges.v6.some((c) => inCidr6(v6, c));
}

function refusePlatform(content: string, ctx: TypeContext): void {
  if (isPlatformAddress(content, ctx.platformRanges)) {
    throw validationError(
      CODES.targetNotAllowed,
      `Target ${content} is not allowed: it is an address of the platform.`,
    );
  }
}

export const aRecord: RecordTypeSpec = {
  type: "A",
  build(input, ctx) {
    const c = input.content;
    if (typeof c !== "string" || parseIPv4(c) === undefined) {
      throw validationError(CODES.aInvalid, "Content for A record must be a valid IPv4 address.");
    }
    refusePlatform(c, ctx);
    return { content: c };
  },
  proxiable: (out) => !isReservedV4(parseIPv4(out.content) ?? 0),
};

export const aaaaRecord: RecordTypeSpec = {
  type: "AAAA",
  build(input, ctx) {
    const c = input.content;
    const canonical = typeof c === "string" ? canonicalIPv6(c) : undefined;
    if (canonical === undefined) {
      throw validationError(CODES.aaaaInvalid, "Content for AAAA record must be a valid IPv6 address.");
    }
    refusePlatform(canonical, ctx);
    return { content: canonical };
  },
  proxiable: (out) => {
    const g = parseIPv6(out.content);
    return g !== undefined && !isReservedV6(g);
  },
};
