/**
 * Realistic seed data for a simulator, reproducible from its seed:
 *
 *   const sim = createSimulator({ seed: 7 });
 *   const summary = await populate(sim);   // same seed, same data, byte for byte
 *
 * Fills, through the public interfaces only (`sim.fetch` with the simulator's credentials, and
 * `sim.bucket`): DNS records of every creatable type in each tenant's zone (A, AAAA, CNAME, MX, TXT incl. SPF
 * and DMARC content, CAA, SRV, SVCB, HTTPS, PTR, NS, DS, DNSKEY, URI, NAPTR, SSHFP, TLSA, SMIMEA, CERT,
 * LOC), DNS protection rules of each scope, key-transparency namespaces with published epochs, and
 * buckets of objects (text, JSON and binary bodies with metadata). Values come from @faker-js/faker
 * seeded with the simulator's seed (or `options.seed`).
 *
 * Gaps / by design: works whatever the simulator's internals, so any request the simulator refuses
 * is an error naming the request and the answer (populate never leaves silent gaps).
 */
import { base, en, Faker } from "@faker-js/faker";
import type { Credentials, Simulator } from "../sim/index.ts";

export interface PopulateOptions {
  /** Seed of the generated values (default: the simulator's seed). */
  seed?: number;
  /** Records of each type (default 1; A and TXT get twice that). */
  recordsPerType?: number;
  /** DNS protection rules (default 3: one per scope). */
  rules?: number;
  /** Key-transparency namespaces (default 2) and epochs published in each (default 3). */
  namespaces?: number;
  epochs?: number;
  /** Buckets (default 2) and objects in each (default 8). */
  buckets?: number;
  objectsPerBucket?: number;
  /** Which tenants' zones and accounts to fill: "all" (default: every tenant of the simulator) or "primary". */
  tenants?: "all" | "primary";
  /** Client identity that owns the namespaces (default "edgeconf-populate"). */
  clientIdentity?: string;
  /** Host used in URLs (default the platform's); only the path matters to the simulator. */
  apiOrigin?: string;
  ktOrigin?: string;
}

export interface PopulateSummary {
  /** One entry per filled zone; the first is the primary tenant's (`sim.credentials.zone_id`). */
  zones: { id: string; name: string; records: { id: string; type: string; name: string }[] }[];
  rules: { account_id: string; id: string; scope: string; name: string }[];
  namespaces: { name: string; epochs: number }[];
  buckets: { name: string; keys: string[] }[];
}

type Sim = Pick<Simulator, "fetch" | "bucket" | "credentials" | "seed"> & {
  readonly areas?: { readonly api?: { readonly tenants?: readonly Credentials[] } };
};

class PopulateError extends Error {
  override readonly name = "PopulateError";
}

async function call(sim: Sim, url: string, init: RequestInit & { clientIdentity?: string }): Promise<unknown> {
  const response = await sim.fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    throw new PopulateError(
      `populate: ${init.method ?? "GET"} ${url} answered ${response.status}: ${text.slice(0, 400)}`,
    );
  }
  return JSON.parse(text);
}

const hex = (f: Faker, n: number) => f.string.hexadecimal({ length: n, casing: "lower", prefix: "" });
const b64 = (f: Faker, n: number) => Buffer.from(f.string.alphanumeric(n)).toString("base64");

/** Record bodies of every creatable type, with faker values. */
function recordBodies(f: Faker, zone: string, index: number): Record<string, unknown>[] {
  const label = () =>
    `${f.word
      .noun()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}${index}`;
  const host = () => f.internet.domainName().toLowerCase();
  const ttl = () => f.helpers.arrayElement([1, 60, 300, 3600, 86400]);
  // Proxied records need public addresses outside the platform's own ranges.
  const v4 = `${f.helpers.arrayElement([23, 34, 45, 52, 64, 81, 93, 151, 185])}.${f.number.int(255)}.${f.number.int(255)}.${f.number.int({ min: 1, max: 254 })}`;
  const v6 = `2a01:4f8:${f.number.int({ min: 1, max: 0xffff }).toString(16)}::${f.number.int({ min: 1, max: 0xffff }).toString(16)}`;
  const web = label();
  return [
    { type: "A", name: web, content: v4, ttl: 1, proxied: true, comment: f.company.catchPhrase() },
    {
      type: "A",
      name: label(),
      content: `198.51.100.${f.number.int({ min: 1, max: 254 })}`,
      ttl: ttl(),
      proxied: false,
    },
    { type: "AAAA", name: web, content: v6, ttl: 1, proxied: true },
    { type: "CNAME", name: label(), content: `${web}.${zone}`, ttl: 1, proxied: true },
    {
      type: "MX",
      name: "@",
      content: `mail${index}.${host()}`,
      priority: f.number.int({ min: 0, max: 50 }),
      ttl: ttl(),
    },
    { type: "TXT", name: "@", content: `"v=spf1 include:${host()} ~all"`, ttl: ttl() },
    {
      type: "TXT",
      name: `_dmarc${index ? index : ""}`,
      content: `v=DMARC1; p=none; rua=mailto:${f.internet.email()}`,
      ttl: ttl(),
    },
    {
      type: "CAA",
      name: "@",
      data: { flags: 0, tag: f.helpers.arrayElement(["issue", "issuewild"]), value: host() },
      ttl: ttl(),
    },
    {
      type: "SRV",
      name: `_sip._tcp.${label()}`,
      data: {
        priority: f.number.int({ min: 0, max: 100 }),
        weight: f.number.int({ min: 0, max: 100 }),
        port: f.internet.port(),
        target: host(),
      },
      ttl: ttl(),
    },
    {
      type: "SVCB",
      name: `_svc${index}`,
      data: { priority: f.number.int({ min: 1, max: 10 }), target: host(), value: 'alpn="h2"' },
      ttl: ttl(),
    },
    { type: "HTTPS", name: label(), data: { priority: 1, target: ".", value: 'alpn="h3,h2"' }, ttl: ttl() },
    { type: "PTR", name: `${f.number.int({ min: 1, max: 254 })}`, content: host(), ttl: ttl() },
    { type: "NS", name: `delegated${index}`, content: `ns${f.number.int({ min: 1, max: 4 })}.${host()}`, ttl: ttl() },
    {
      type: "DS",
      name: `secure${index}`,
      data: { key_tag: f.number.int({ min: 1, max: 65535 }), algorithm: 13, digest_type: 2, digest: hex(f, 64) },
      ttl: ttl(),
    },
    { type: "DNSKEY", name: "@", data: { flags: 257, protocol: 3, algorithm: 13, public_key: b64(f, 48) }, ttl: ttl() },
    {
      type: "URI",
      name: `_ftp._tcp.${label()}`,
      data: { weight: f.number.int({ min: 0, max: 100 }), target: f.internet.url() },
      priority: 10,
      ttl: ttl(),
    },
    {
      type: "NAPTR",
      name: label(),
      data: { order: 100, preference: 10, flags: "S", service: "SIP+D2U", regex: "", replacement: `_sip._udp.${zone}` },
      ttl: ttl(),
    },
    { type: "SSHFP", name: label(), data: { algorithm: 4, type: 2, fingerprint: hex(f, 64) }, ttl: ttl() },
    {
      type: "TLSA",
      name: `_443._tcp.${web}`,
      data: { usage: 3, selector: 1, matching_type: 1, certificate: hex(f, 64) },
      ttl: ttl(),
    },
    {
      type: "SMIMEA",
      name: `${hex(f, 56)}._smimecert`,
      data: { usage: 3, selector: 1, matching_type: 1, certificate: hex(f, 64) },
      ttl: ttl(),
    },
    {
      type: "CERT",
      name: label(),
      data: { type: 1, key_tag: f.number.int({ min: 0, max: 65535 }), algorithm: 8, certificate: b64(f, 60) },
      ttl: ttl(),
    },
    {
      type: "LOC",
      name: label(),
      data: {
        lat_degrees: f.number.int({ min: 0, max: 89 }),
        lat_minutes: f.number.int({ min: 0, max: 59 }),
        lat_seconds: f.number.int({ min: 0, max: 59 }),
        lat_direction: f.helpers.arrayElement(["N", "S"]),
        long_degrees: f.number.int({ min: 0, max: 179 }),
        long_minutes: f.number.int({ min: 0, max: 59 }),
        long_seconds: f.number.int({ min: 0, max: 59 }),
        long_direction: f.helpers.arrayElement(["E", "W"]),
        altitude: f.number.int({ min: 0, max: 3000 }),
        size: 100,
        precision_horz: 0,
        precision_vert: 0,
      },
      ttl: ttl(),
    },
  ];
}

const REGIONS = ["wnam", "enam", "weu", "eeu", "nsam", "ssam", "oc", "me", "naf", "saf", "sas", "seas", "neas"];

function ruleBody(f: Faker, i: number): Record<string, string> {
  const scope = (["global", "region", "datacenter"] as const)[i % 3]!;
  const name =
    scope === "global"
      ? "global"
      : scope === "region"
        ? f.helpers.arrayElement(REGIONS)
        : f.string.alpha({ length: 3, casing: "lower" });
  return {
    scope,
    name,
    mode: f.helpers.arrayElement(["enabled", "disabled", "monitoring"]),
    profile_sensitivity: f.helpers.arrayElement(["low", "medium", "high", "very_high"]),
    rate_sensitivity: f.helpers.arrayElement(["low", "medium", "high"]),
    burst_sensitivity: f.helpers.arrayElement(["low", "medium", "high"]),
  };
}

/** Fills `sim` with realistic data (see the module comment). Returns what it made. */
export async function populate(sim: Sim, options: PopulateOptions = {}): Promise<PopulateSummary> {
  const f = new Faker({ locale: [en, base] });
  f.seed(options.seed ?? sim.seed);
  // Faker's date helpers default to the wall clock; pin their reference to the seed's fixed instant.
  f.setDefaultRefDate(new Date(Date.UTC(2025, 0, 1)));
  const api = `${options.apiOrigin ?? "https://api.cloudflare.com"}/client/v4`;
  const kt = options.ktOrigin ?? "https://plexi.key-transparency.cloudflare.com";
  const json = { "content-type": "application/json" };
  const summary: PopulateSummary = { zones: [], rules: [], namespaces: [], buckets: [] };
  const tenants: readonly Credentials[] =
    options.tenants === "primary" ? [sim.credentials] : (sim.areas?.api?.tenants ?? [sim.credentials]);

  for (const c of tenants) {
    const zone: PopulateSummary["zones"][number] = { id: c.zone_id, name: c.zone_name, records: [] };
    const keyAuth = { ...json, "x-auth-email": c.auth_email, "x-auth-key": c.auth_key };
    for (let i = 0; i < (options.recordsPerType ?? 1); i++) {
      for (const body of recordBodies(f, c.zone_name, i)) {
        const r = (await call(sim, `${api}/zones/${c.zone_id}/dns_records`, {
          method: "POST",
          headers: keyAuth,
          body: JSON.stringify(body),
        })) as { result: { id: string; type: string; name: string } };
        zone.records.push({ id: r.result.id, type: r.result.type, name: r.result.name });
      }
    }
    summary.zones.push(zone);

    const bearer = { ...json, authorization: `Bearer ${c.api_token}` };
    for (let i = 0; i < (options.rules ?? 3); i++) {
      const r = (await call(
        sim,
        `${api}/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
        { method: "POST", headers: bearer, body: JSON.stringify(ruleBody(f, i)) },
      )) as { result: { id: string; scope: string; name: string } };
      summary.rules.push({ account_id: c.account_id, id: r.result.id, scope: r.result.scope, name: r.result.name });
    }
  }

  const identity = options.clientIdentity ?? "edgeconf-populate";
  for (let i = 0; i < (options.namespaces ?? 2); i++) {
    const name = `${f.internet
      .domainWord()
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "")}-log-${i}`;
    const first = hex(f, 64);
    await call(sim, `${kt}/namespaces`, {
      method: "POST",
      headers: json,
      clientIdentity: identity,
      body: JSON.stringify({
        name,
        public: i % 4 !== 3,
        root: `1/${first}`,
        signature_version: (i % 2) + 1,
        log_directory: `https://${f.internet.domainName().toLowerCase()}/logs/${name}`,
      }),
    });
    const epochs = options.epochs ?? 3;
    for (let e = 1; e <= epochs; e++) {
      await call(sim, `${kt}/namespaces/${name}/audits`, {
        method: "POST",
        headers: json,
        clientIdentity: identity,
        body: JSON.stringify({ epoch: e, digest: e === 1 ? first : hex(f, 64) }),
      });
    }
    summary.namespaces.push({ name, epochs });
  }

  for (let b = 0; b < (options.buckets ?? 2); b++) {
    const name = `${f.word
      .noun()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}-assets-${b}`;
    const bucket = sim.bucket(name);
    const keys: string[] = [];
    for (let o = 0; o < (options.objectsPerBucket ?? 8); o++) {
      const kind = o % 3;
      const key = `${f.system.directoryPath().slice(1)}/${f.system.fileName({ extensionCount: 0 })}${[".txt", ".json", ".bin"][kind]}`;
      const body =
        kind === 0
          ? f.lorem.paragraphs(2)
          : kind === 1
            ? JSON.stringify({ id: f.string.uuid(), user: f.person.fullName(), email: f.internet.email() })
            : Uint8Array.from({ length: f.number.int({ min: 16, max: 512 }) }, () => f.number.int(255));
      await bucket.put(key, body, {
        httpMetadata: { contentType: ["text/plain", "application/json", "application/octet-stream"][kind]! },
        customMetadata: { author: f.person.firstName(), source: "edgeconf-populate" },
      });
      keys.push(key);
    }
    summary.buckets.push({ name, keys });
  }
  return summary;
}
