/**
 * Generators of area B record bodies: valid by construction, and broken in exactly one labelled
 * rule. The oracles here are written from the spec and the reference, independent of the
 * simulator's validators (never import sim/ here).
 */
import { en, Faker } from "@faker-js/faker";
import fc from "fast-check";

/** Addresses of the platform (the reference's published ranges), for the "platform IP" mutation. */
export const PLATFORM_V4 = ["104.16.0.0/13", "172.64.0.0/13", "173.245.48.0/20", "162.158.0.0/15", "141.101.64.0/18"];

/** First octets of public, non-platform IPv4 space (no private, reserved or platform ranges start there). */
const PUBLIC_FIRST_OCTETS = [
  ...range(1, 9),
  ...range(11, 99),
  101,
  102,
  ...range(105, 107),
  ...range(109, 126),
  ...range(128, 130),
  ...range(132, 140),
  ...range(142, 161),
  ...range(163, 168),
  170,
  171,
  ...range(174, 187),
  189,
  191,
  ...range(193, 196),
  ...range(199, 202),
  ...range(204, 223),
];

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** A seeded faker, its seed drawn by fast-check (so shrinking and replay stay deterministic). */
export const fakerArb: fc.Arbitrary<Faker> = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => {
  const f = new Faker({ locale: [en] });
  f.seed(seed);
  return f;
});

export const publicIPv4 = fc
  .tuple(fc.constantFrom(...PUBLIC_FIRST_OCTETS), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map((o) => o.join("."));

/** A hostname outside any test zone: faker's realistic domain names, lowercased. */
export const hostname = fakerArb.map((f) => `${f.internet.domainWord()}.${f.internet.domainName()}`.toLowerCase());

/**
 * A relative name valid for A/AAAA/CNAME records, of one to three labels: letter first, letter or
 * digit last, letters/digits/hyphens/underscores, each label at most 63 characters (the limit is per
 * label: docs/choices/dns-records.md). Labels stay short enough for a unique suffix on the last one.
 */
export const addressLabel = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9_-]{0,40}[a-z0-9]$/),
    fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,40}[a-z0-9]$/), { maxLength: 2 }),
  )
  .map(([first, rest]) => [first, ...rest].join("."));

export const dnsOnlyTtl = fc.oneof(fc.constant(1), fc.integer({ min: 60, max: 86400 }));

export interface ValidBody {
  body: Record<string, unknown>;
  /** What the response must show (independent oracle). */
  expect: { type: string; ttl: number; proxied: boolean; content?: string };
}

/** Valid bodies; `name` is a relative label the caller makes unique by appending a suffix. */
export const validBody: fc.Arbitrary<ValidBody> = fc.oneof(
  fc
    .record({ label: addressLabel, ip: publicIPv4, ttl: dnsOnlyTtl, proxied: fc.boolean() })
    .map(({ label, ip, ttl, proxied }) => ({
      body: { type: "A", name: label, content: ip, ttl, proxied },
      expect: { type: "A", ttl: proxied ? 1 : ttl, proxied, content: ip },
    })),
  fc.record({ label: addressLabel, host: hostname, ttl: dnsOnlyTtl }).map(({ label, host, ttl }) => ({
    body: { type: "CNAME", name: label, content: host, ttl, proxied: false },
    expect: { type: "CNAME", ttl, proxied: false, content: host },
  })),
  fc.record({ label: addressLabel, f: fakerArb, ttl: dnsOnlyTtl }).map(({ label, f, ttl }) => {
    const text = f.lorem.sentence().replace(/"/g, "");
    return {
      body: { type: "TXT", name: label, content: text, ttl },
      expect: { type: "TXT", ttl, proxied: false, content: `"${text}"` },
    };
  }),
  fc
    .record({ label: addressLabel, host: hostname, prio: fc.integer({ min: 0, max: 65535 }) })
    .map(({ label, host, prio }) => ({
      body: { type: "MX", name: label, content: host, priority: prio },
      expect: { type: "MX", ttl: 1, proxied: false, content: host },
    })),
  fc
    .record({
      label: addressLabel,
      host: hostname,
      priority: fc.integer({ min: 0, max: 65535 }),
      weight: fc.integer({ min: 0, max: 65535 }),
      port: fc.integer({ min: 0, max: 65535 }),
    })
    .map(({ label, host, priority, weight, port }) => ({
      body: { type: "SRV", name: `_svc._tcp.${label}`, data: { priority, weight, port, target: host } },
      expect: { type: "SRV", ttl: 1, proxied: false, content: `${weight} ${port} ${host}` },
    })),
);

/** The rules a mutation breaks, with the error family (status + a code) the target must answer. */
export const RULES = {
  "name-too-long": { status: 400, code: 9000 },
  "name-bad-first-char": { status: 400, code: 9000 },
  "name-bad-last-char": { status: 400, code: 9000 },
  "name-bad-char": { status: 400, code: 9000 },
  "ttl-out-of-range": { status: 400, code: 9021 },
  "ttl-string": { status: 400, code: 9022 },
  "a-not-ipv4": { status: 400, code: 1004 },
  "platform-ip": { status: 400, code: undefined },
  "proxied-not-proxiable-type": { status: 400, code: 1004 },
  "txt-unbalanced-quote": { status: 400, code: 1004 },
  "cname-to-itself": { status: 400, code: undefined },
  "srv-port-out-of-range": { status: 400, code: undefined },
  "mx-priority-out-of-range": { status: 400, code: undefined },
} as const satisfies Record<string, { status: number; code: number | undefined }>;

export type Rule = keyof typeof RULES;

export interface BrokenBody {
  rule: Rule;
  body: Record<string, unknown>;
}

function ipToInt(ip: string): number {
  return ip.split(".").reduce((n, o) => n * 256 + Number(o), 0);
}

function inV4(ip: string, cidr: string): boolean {
  const [base, len] = cidr.split("/");
  const size = 2 ** (32 - Number(len));
  return Math.floor(ipToInt(ip) / size) === Math.floor(ipToInt(base ?? "0.0.0.0") / size);
}

/**
 * Whether `body` breaks `rule` (independent oracle, from the spec and reference text). `fqdn` is
 * the record's full name, for the CNAME rule. Properties assert it on every input, shrunk ones too.
 */
export function breaks(rule: Rule, body: Record<string, unknown>, fqdn: string): boolean {
  const name = String(body.name);
  switch (rule) {
    case "name-too-long":
      return name.split(".").some((label) => label.length > 63);
    case "name-bad-first-char":
      return !/^([A-Za-z_]|\*(\.|$))/.test(name);
    case "name-bad-last-char":
      return !/[A-Za-z0-9]$/.test(name);
    case "name-bad-char":
      return /[^A-Za-z0-9_.-]/.test(name);
    case "ttl-out-of-range":
      return typeof body.ttl === "number" && body.ttl !== 1 && (body.ttl < 60 || body.ttl > 86400);
    case "ttl-string":
      return typeof body.ttl === "string";
    case "a-not-ipv4":
      return !/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(String(body.content));
    case "platform-ip":
      return PLATFORM_V4.some((c) => inV4(String(body.content), c));
    case "proxied-not-proxiable-type":
      return body.proxied === true && !["A", "AAAA", "CNAME"].includes(String(body.type));
    case "txt-unbalanced-quote":
      return (String(body.content).match(/"/g) ?? []).length % 2 === 1;
    case "cname-to-itself":
      return body.type === "CNAME" && String(body.content).toLowerCase() === fqdn.toLowerCase();
    case "srv-port-out-of-range": {
      const port = (body.data as { port?: number } | undefined)?.port ?? 0;
      return port < 0 || port > 65535;
    }
    case "mx-priority-out-of-range":
      return typeof body.priority === "number" && (body.priority < 0 || body.priority > 65535);
  }
}

const base = fc.record({ label: addressLabel, ip: publicIPv4 });
const a = (label: string, ip: string, extra: Record<string, unknown> = {}) => ({
  type: "A",
  name: label,
  content: ip,
  ...extra,
});

/** Bodies that keep every rule but the labelled one (names get a suffix appended by the caller only when valid). */
export const brokenBody: fc.Arbitrary<BrokenBody> = fc.oneof(
  fc
    .record({
      label: addressLabel,
      fill: fc.stringMatching(/^[a-z0-9-]{100}$/),
      length: fc.oneof(fc.constant(64), fc.integer({ min: 65, max: 100 })),
      ip: publicIPv4,
    })
    .map(({ label, fill, length, ip }) => ({
      rule: "name-too-long" as const,
      // A label of 64+ characters, last in a multi-label name (the limit is per label).
      body: a(`${label}.${`z${fill}`.slice(0, length - 1)}z`, ip),
    })),
  fc
    .record({
      first: fc.constantFrom("1", "9", "-"),
      label: addressLabel,
      ip: publicIPv4,
      type: fc.constantFrom("A", "CNAME"),
    })
    .map(({ first, label, ip, type }) => ({
      rule: "name-bad-first-char" as const,
      body:
        type === "A" ? a(`${first}${label}`, ip) : { type, name: `${first}${label}`, content: "target.example.net" },
    })),
  fc.record({ last: fc.constantFrom("-", "_"), b: base }).map(({ last, b }) => ({
    rule: "name-bad-last-char" as const,
    body: a(`${b.label}${last}`, b.ip),
  })),
  fc.record({ bad: fc.constantFrom("!", "*", "+", " ", "=", ",", "~"), b: base }).map(({ bad, b }) => ({
    rule: "name-bad-char" as const,
    body: a(`${b.label.slice(0, 1)}${bad}${b.label.slice(1)}`, b.ip),
  })),
  fc
    .record({
      b: base,
      ttl: fc.oneof(
        fc.constantFrom(0, 2, 59, 86401),
        fc.integer({ min: 2, max: 59 }),
        fc.integer({ min: 86401, max: 10_000_000 }),
        fc.integer({ min: -1000, max: 0 }),
      ),
    })
    .map(({ b, ttl }) => ({ rule: "ttl-out-of-range" as const, body: a(b.label, b.ip, { ttl, proxied: false }) })),
  fc.record({ b: base, ttl: fc.integer({ min: 60, max: 86400 }) }).map(({ b, ttl }) => ({
    rule: "ttl-string" as const,
    body: a(b.label, b.ip, { ttl: String(ttl) }),
  })),
  fc
    .record({
      label: addressLabel,
      content: fc.oneof(
        fc.tuple(fc.nat(255), fc.nat(255)).map((t) => t.join(".")),
        fc.tuple(fc.integer({ min: 256, max: 999 }), fc.nat(255), fc.nat(255), fc.nat(255)).map((t) => t.join(".")),
        fc.constant("not-an-address"),
        fc.constant("2001:db8::1"),
      ),
    })
    .map(({ label, content }) => ({ rule: "a-not-ipv4" as const, body: a(label, content) })),
  fc
    .record({ label: addressLabel, cidr: fc.constantFrom(...PLATFORM_V4), host: fc.nat(4095), proxied: fc.boolean() })
    .map(({ label, cidr, host, proxied }) => {
      const [b] = cidr.split("/");
      const n = ipToInt(b ?? "0.0.0.0") + host;
      const ip = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
      return { rule: "platform-ip" as const, body: a(label, ip, { proxied }) };
    }),
  fc
    .record({ label: addressLabel, host: hostname, type: fc.constantFrom("MX", "TXT", "NS") })
    .map(({ label, host, type }) => ({
      rule: "proxied-not-proxiable-type" as const,
      body:
        type === "MX"
          ? { type, name: label, content: host, priority: 10, proxied: true }
          : type === "TXT"
            ? { type, name: label, content: "hello", proxied: true }
            : { type, name: label, content: host, proxied: true },
    })),
  fc
    .record({
      label: addressLabel,
      text: fc.stringMatching(/^[a-z ]{0,30}$/),
      where: fc.constantFrom("start", "end", "middle"),
    })
    .map(({ label, text, where }) => ({
      rule: "txt-unbalanced-quote" as const,
      body: {
        type: "TXT",
        name: label,
        content: where === "start" ? `"${text}` : where === "end" ? `${text}"` : `a${text}"b`,
      },
    })),
  addressLabel.map((label) => ({
    rule: "cname-to-itself" as const,
    body: { type: "CNAME", name: label, content: "@self" },
  })),
  fc
    .record({
      label: addressLabel,
      host: hostname,
      port: fc.oneof(
        fc.constantFrom(65536, -1),
        fc.integer({ min: 65536, max: 1_000_000 }),
        fc.integer({ min: -100, max: -1 }),
      ),
    })
    .map(({ label, host, port }) => ({
      rule: "srv-port-out-of-range" as const,
      body: { type: "SRV", name: `_svc._tcp.${label}`, data: { priority: 1, weight: 1, port, target: host } },
    })),
  fc
    .record({
      label: addressLabel,
      host: hostname,
      priority: fc.oneof(
        fc.constantFrom(65536, -1),
        fc.integer({ min: 65536, max: 1_000_000 }),
        fc.integer({ min: -100, max: -1 }),
      ),
    })
    .map(({ label, host, priority }) => ({
      rule: "mx-priority-out-of-range" as const,
      body: { type: "MX", name: label, content: host, priority },
    })),
);
