/**
 * IP addresses: strict IPv4 dotted quads, IPv6 parsed to 8 groups and printed in canonical
 * RFC 5952 form, CIDR membership, private/reserved ranges (not proxiable).
 *
 * Gaps / by design: IPv6 zone ids (`fe80::1%eth0`) are not addresses of a record and are refused.
 */

/** IPv4 as a 32-bit unsigned number, or undefined when `s` is not a dotted quad (no leading zeros). */
export function parseIPv4(s: string): number | undefined {
  // Char by char (no regex, no split): this runs on every A record written.
  let n = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 46;
    if (c === 46) {
      if (digits === 0 || part > 255 || parts === 4) return undefined;
      n = n * 256 + part;
      parts++;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits > 0 && part === 0) return undefined; // leading zero
      part = part * 10 + (c - 48);
      if (++digits > 3) return undefined;
    } else return undefined;
  }
  return parts === 4 ? n : undefined;
}

/** IPv6 as 8 16-bit groups, or undefined. Accepts an embedded IPv4 tail. */
export function parseIPv6(s: string): number[] | undefined {
  if (s.length === 0 || s.length > 45 || !/^[0-9A-Fa-f:.]+$/.test(s)) return undefined;
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const parseSide = (side: string, allowV4Tail: boolean): number[] | undefined => {
    if (side === "") return [];
    const items = side.split(":");
    const out: number[] = [];
    for (const [i, item] of items.entries()) {
      if (allowV4Tail && i === items.length - 1 && item.includes(".")) {
        const v4 = parseIPv4(item);
        if (v4 === undefined) return undefined;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
        continue;
      }
      if (!/^[0-9A-Fa-f]{1,4}$/.test(item)) return undefined;
      out.push(Number.parseInt(item, 16));
    }
    return out;
  };
  if (halves.length === 1) {
    const all = parseSide(s, true);
    return all && all.length === 8 ? all : undefined;
  }
  const head = parseSide(halves[0]!, false);
  const tail = parseSide(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** RFC 5952 text of 8 groups: lowercase, no leading zeros, the longest run (>= 2) of zeros as `::`. */
export function formatIPv6(groups: readonly number[]): string {
  // RFC 5952 section 5: IPv4-mapped addresses keep the dotted quad.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const hi = groups[6] ?? 0;
    const lo = groups[7] ?? 0;
    return `::ffff:${hi >>> 8}.${hi & 255}.${lo >>> 8}.${lo & 255}`;
  }
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLen < 2) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLen).join(":")}`;
}

/** The canonical RFC 5952 form of an IPv6 address, or undefined when it is not one. */
export function canonicalIPv6(s: string): string | undefined {
  const g = parseIPv6(s);
  return g ? formatIPv6(g) : undefined;
}

function v6ToBigInt(groups: readonly number[]): bigint {
  let n = 0n;
  for (const g of groups) n = (n << 16n) | BigInt(g);
  return n;
}

/** Whether IPv4 `addr` lies in `cidr` (`a.b.c.d/len`). */
export function inCidr4(addr: number, cidr: string): boolean {
  const { base, size } = parsedCidr4(cidr);
  return size === 0 || Math.floor(addr / size) === Math.floor(base / size);
}

// Ranges are data checked on every address: each CIDR string is parsed once.
const cidr4Cache = new Map<string, { base: number; size: number }>();
const cidr6Cache = new Map<string, { base: bigint; shift: bigint }>();

function parsedCidr4(cidr: string): { base: number; size: number } {
  let hit = cidr4Cache.get(cidr);
  if (hit === undefined) {
    const [baseText, lenText] = cidr.split("/");
    const b = parseIPv4(baseText ?? "");
    const len = Number(lenText);
    if (b === undefined || !Number.isInteger(len) || len < 0 || len > 32) throw new RangeError(`bad IPv4 CIDR ${cidr}`);
    hit = { base: b, size: len === 0 ? 0 : 2 ** (32 - len) };
    cidr4Cache.set(cidr, hit);
  }
  return hit;
}

/**
 * The parsed CIDRs of a list, per list (checked entry by entry against the texts it was made from,
 * so a list changed in place is parsed again); an entry is parsed when first needed.
 */
const cidr4Lists = new WeakMap<
  readonly string[],
  { texts: string[]; parsed: ({ base: number; size: number } | undefined)[] }
>();

function cidr4List(cidrs: readonly string[]): {
  texts: string[];
  parsed: ({ base: number; size: number } | undefined)[];
} {
  let hit = cidr4Lists.get(cidrs);
  if (hit !== undefined && hit.texts.length === cidrs.length) {
    let same = true;
    for (let i = 0; i < cidrs.length && same; i++) same = hit.texts[i] === cidrs[i];
    if (same) return hit;
  }
  hit = { texts: [...cidrs], parsed: [] };
  cidr4Lists.set(cidrs, hit);
  return hit;
}

/** `cidrs.some((c) => inCidr4(addr, c))`, without looking each CIDR up by its text. */
export function inAnyCidr4(addr: number, cidrs: readonly string[]): boolean {
  const list = cidr4List(cidrs);
  for (let i = 0; i < list.texts.length; i++) {
    let c = list.parsed[i];
    if (c === undefined) {
      c = parsedCidr4(list.texts[i]!);
      list.parsed[i] = c;
    }
    if (c.size === 0 || Math.floor(addr / c.size) === Math.floor(c.base / c.size)) return true;
  }
  return false;
}

/** Whether IPv6 `groups` lies in `cidr` (`x::/len`). */
export function inCidr6(groups: readonly number[], cidr: string): boolean {
  let hit = cidr6Cache.get(cidr);
  if (hit === undefined) {
    const [baseText, lenText] = cidr.split("/");
    const b = parseIPv6(baseText ?? "");
    const len = Number(lenText);
    if (!b || !Number.isInteger(len) || len < 0 || len > 128) throw new RangeError(`bad IPv6 CIDR ${cidr}`);
    const shift = BigInt(128 - len);
    hit = { base: v6ToBigInt(b) >> shift, shift };
    cidr6Cache.set(cidr, hit);
  }
  return v6ToBigInt(groups) >> hit.shift === hit.base;
}

/**
 * IPv4 ranges a record cannot be proxied to: unspecified, private (RFC 1918), shared/CGNAT,
 * loopback, link-local (the platform answers 9003 for these: python-cloudflare#73, a maintainer's
 * transcript with 192.168.1.1; dnscontrol/dnsweaver reports), multicast and reserved.
 * Documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24) are NOT here: the spec's
 * own example proxies 198.51.100.4, and the docs proxy 192.0.2.1 for originless Worker routes.
 */
export const RESERVED_V4: readonly string[] = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "224.0.0.0/4",
  "240.0.0.0/4",
];

/**
 * IPv6 ranges a record cannot be proxied to: unspecified, loopback, IPv4-mapped, unique-local,
 * link-local, multicast. Documentation (2001:db8::/32) and the discard prefix `100::/64` are
 * proxiable: the docs tell users to proxy `AAAA 100::` for originless Worker routes.
 */
export const RESERVED_V6: readonly string[] = [
  "::/128",
  "::1/128",
  "::ffff:0:0/96",
  "fc00::/7",
  "fe80::/10",
  "ff00::/8",
];

export function isReservedV4(addr: number): boolean {
  return inAnyCidr4(addr, RESERVED_V4);
}

export function isReservedV6(groups: readonly number[]): boolean {
  return RESERVED_V6.some((c) => inCidr6(groups, c));
}
