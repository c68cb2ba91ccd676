/**
 * Area B for `edgeconf diff`: create (one, or several at once for pages), read, PATCH, PUT, delete and
 * list DNS records of the target's zone, with valid and invalid bodies (names at and past their limits,
 * contents, TTL bounds, proxying, types, comments, tags), lists with every filter of the SDK's list
 * parameters (each field and operator, cases mixed), order, direction and pages; reads, PATCHes and
 * deletes also as the second tenant (on this zone, and through its own zone). Isolation: every name
 * sits under the run's own label (`{tag}`), every list is filtered by it, and the run deletes the
 * records it created (and nothing else).
 */
import fc from "fast-check";
import type { ApiTarget } from "../../targets/api.ts";
import type { Target } from "../../targets/types.ts";
import type { DiffArea, DiffOp, DiffSession, Json } from "../types.ts";
import { HOSTNAMES, IPV4, IPV6, LABELS, SENTENCES } from "../values.ts";
import { fill, httpAnswer, mostly, optionalFields, refArb, resolveRef, sometimes } from "./shared.ts";

const MISSING_ID = "0123456789abcdef0123456789abcdef";

/** Names under the run's label: its apex, one label below, fully qualified, with a trailing dot, in capitals, a 63-character label. */
const validName = fc.oneof(
  { arbitrary: fc.constant("{tag}"), weight: 2 },
  { arbitrary: fc.constantFrom(...LABELS.slice(0, 3)).map((l) => `${l}.{tag}`), weight: 6 },
  { arbitrary: fc.constantFrom(...LABELS.slice(0, 3)).map((l) => `${l}.{tag}.{zone}`), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      `${LABELS[0]}.{tag}.{zone}.`,
      `${LABELS[1]!.toUpperCase()}.{tag}`,
      `${"l".repeat(63)}.{tag}`,
      `*.{tag}`,
    ),
    weight: 1,
  },
);
const badName = fc.constantFrom(
  "-start.{tag}",
  "end-.{tag}",
  "under_score.{tag}",
  `${"x".repeat(64)}.{tag}`,
  "a..{tag}",
  "sp ace.{tag}",
);
const name = mostly(validName, badName);

/** TTLs: automatic (1), the bounds (60, 86400), values between, just outside (59, 86401), and wrong types. */
const ttl = fc.oneof(
  { arbitrary: fc.constant(1), weight: 4 },
  { arbitrary: fc.constantFrom(60, 120, 300, 3600, 86400), weight: 4 },
  { arbitrary: fc.constantFrom<Json>(0, 30, 59, 86401, -1, "300", 120.5, null), weight: 1 },
);
const quoted = (s: string) => `"${s}"`;
const contentOf: Record<string, fc.Arbitrary<Json>> = {
  A: mostly(fc.constantFrom(...IPV4), fc.constantFrom("256.1.1.1", "10.0.0", "::1", "", "01.2.3.4")),
  AAAA: mostly(
    fc.constantFrom(...IPV6, "2001:DB8::A", "2001:0db8:0000::0001"),
    fc.constantFrom("1.2.3.4", "2001:db8::zz"),
  ),
  CNAME: fc.oneof(
    fc.constantFrom(...HOSTNAMES),
    fc.constantFrom(...LABELS.slice(0, 3)).map((l) => `${l}.{tag}.{zone}`),
    fc.constantFrom("not a host", "1.2.3.4"),
  ),
  TXT: mostly(
    fc.oneof(fc.constantFrom(...SENTENCES), fc.constantFrom(...SENTENCES).map(quoted), fc.constant("v=spf1 -all")),
    fc.constantFrom('"half quoted', '"a" b', '"a" "b"', "", "x".repeat(2049)),
  ),
  MX: fc.constantFrom(...HOSTNAMES, ""),
};

const recordType = fc.constantFrom("A", "A", "AAAA", "CNAME", "TXT", "TXT", "MX", "SRV", "BOGUS");
const tags = mostly(
  fc.subarray(["env:prod", "Env:Prod", "role:web", "keep"], { maxLength: 2 }),
  fc.constantFrom<Json>(["bad tag:x"], "env:prod"),
);
const comment = fc.oneof(fc.constantFrom(...SENTENCES.slice(0, 3), "mine", "MINE"), fc.constant(null));

/** A create or PUT body: valid by construction most of the time, with one field off now and then. */
const recordBody: fc.Arbitrary<{ [k: string]: Json }> = recordType.chain((type) => {
  const common = {
    type: fc.constant(type),
    name,
    ttl,
    proxied: fc.oneof(
      { arbitrary: fc.boolean(), weight: 5 },
      { arbitrary: fc.constantFrom<Json>("yes", null), weight: 1 },
    ),
    comment,
    tags,
    priority: mostly(fc.constantFrom(0, 1, 10, 65535), fc.constantFrom<Json>(-1, 70000, "10")),
  };
  if (type === "SRV") {
    const data = optionalFields(
      {
        priority: fc.constantFrom(0, 10, 65535),
        weight: mostly(fc.constantFrom(0, 5, 65535), fc.constant(-5)),
        port: mostly(fc.constantFrom(1, 5060, 65535), fc.constantFrom(0, 70000)),
        target: fc.constantFrom(...HOSTNAMES),
      },
      ["priority", "weight", "port", "target"],
    );
    return optionalFields(
      {
        type: common.type,
        name: fc.constantFrom(...LABELS.slice(0, 3)).map((l) => `_sip._tcp.${l}.{tag}`),
        data,
        ttl,
        comment: common.comment,
      },
      ["type", "name", "data"],
    );
  }
  const content = contentOf[type] ?? fc.constantFrom(...SENTENCES);
  return optionalFields(
    { ...common, content },
    type === "MX" ? ["type", "name", "content", "priority"] : ["type", "name", "content"],
  );
});

/** A PATCH body: some fields of a record body. */
const patchBody = fc
  .tuple(
    recordBody,
    fc.subarray(["type", "name", "content", "ttl", "proxied", "comment", "tags", "data"], { minLength: 1 }),
  )
  .map(([body, keys]) => Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, body[k]!])));

/** Words of the values the records hold, in other cases too (every string filter is case-insensitive). */
const WORDS = SENTENCES.slice(0, 3).map((s) => s.split(" ")[0]!.replace(/\W/g, ""));
const needle = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...WORDS.map((w) => w.toLowerCase()), ...WORDS.map((w) => w.toUpperCase())),
  fc.constantFrom("1", "192.0", "2001:DB8", "example", "spf1", LABELS[0]!, LABELS[1]!.toUpperCase()),
);

/** Every list parameter the suites send: filters of each field and operator, order, direction, pages. */
const anyListQuery = fc
  .record({
    type: mostly(fc.constantFrom("A", "AAAA", "CNAME", "TXT", "SRV", "MX", "a"), fc.constantFrom("NOPE", "")),
    proxied: mostly(fc.constantFrom("true", "false"), fc.constant("maybe")),
    content: fc.tuple(fc.constantFrom("contains", "startswith", "endswith", "exact"), needle),
    name: fc.tuple(
      fc.constantFrom("exact", "startswith", "endswith"),
      fc.constantFrom(`${LABELS[0]}.{tag}`, `${LABELS[0]!.toUpperCase()}.{tag}.{zone}`, LABELS[1]!, "{tag}.{zone}"),
    ),
    comment: fc.oneof(
      fc.tuple(fc.constantFrom("contains", "exact", "startswith"), fc.constantFrom("mine", "MINE", WORDS[0]!)),
      fc.tuple(fc.constantFrom("present", "absent"), fc.constant("")),
    ),
    tag: fc.oneof(
      fc.tuple(fc.constantFrom("present", "absent"), fc.constantFrom("env", "keep")),
      fc.tuple(fc.constantFrom("exact", "contains"), fc.constantFrom("env:prod", "ENV:prod", "role:w")),
      fc.tuple(fc.constant(""), fc.constantFrom("env", "env:prod", "")),
    ),
    tag_match: fc.constantFrom("any", "all", "some"),
    search: fc.constantFrom(WORDS[0]!.toLowerCase(), LABELS[0]!, "1"),
    order: mostly(fc.constantFrom("type", "name", "content", "ttl", "proxied"), fc.constant("id")),
    direction: mostly(fc.constantFrom("asc", "desc"), fc.constant("up")),
    per_page: mostly(fc.constantFrom("1", "2", "3", "5", "100"), fc.constantFrom("0", "abc", "5000001")),
    page: mostly(fc.constantFrom("1", "2", "3", "4"), fc.constantFrom("0", "-1", "x")),
    unknown: fc.constant("1"),
  })
  .chain((q) =>
    // Two or three parameters at a time, so each one's effect shows (all at once filter everything out).
    fc.shuffledSubarray(Object.keys(q), { maxLength: Math.min(3, Object.keys(q).length) }).map((keys) => {
      const params = new URLSearchParams({ "name.contains": "{tag}" });
      for (const k of keys) {
        const v = q[k as keyof typeof q];
        if (Array.isArray(v)) {
          const [o, text] = v as [string, string];
          params.set(o ? `${k}.${o}` : k, text);
        } else params.set(k === "unknown" ? "colour" : k, v as string);
      }
      return params.toString().replaceAll("%7Btag%7D", "{tag}").replaceAll("%7Bzone%7D", "{zone}");
    }),
  );

/** A content filter alone (the filter most implementations get wrong in some way), or any mix of parameters. */
const listQuery = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom("contains", "contains", "startswith", "endswith"), needle)
      .map(([o, text]) =>
        new URLSearchParams({ "name.contains": "{tag}", [`content.${o}`]: text })
          .toString()
          .replaceAll("%7Btag%7D", "{tag}"),
      ),
    weight: 1,
  },
  { arbitrary: anyListQuery, weight: 3 },
);

/** Whose credentials and zone: this tenant's (absent), the second tenant's on this zone, or the second tenant's own zone. */
const via: fc.Arbitrary<string | undefined> = sometimes(fc.constantFrom("other-key", "other-zone"), 8);

const withVia = <T extends { [k: string]: Json }>(op: T, v: string | undefined): T => (v ? { ...op, via: v } : op);

export const dnsRecordsOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: recordBody.map((body) => ({ op: "create", body })), weight: 6 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 3, max: 7 }), fc.constantFrom("A", "TXT", "mixed"))
      .map(([count, kind]) => ({ op: "create-many", count, kind })),
    weight: 1,
  },
  { arbitrary: fc.tuple(refArb, via).map(([ref, v]) => withVia({ op: "get", ref }, v)), weight: 2 },
  {
    arbitrary: fc.tuple(refArb, patchBody, via).map(([ref, body, v]) => withVia({ op: "patch", ref, body }, v)),
    weight: 3,
  },
  { arbitrary: fc.tuple(refArb, recordBody).map(([ref, body]) => ({ op: "put", ref, body })), weight: 1 },
  { arbitrary: fc.tuple(refArb, via).map(([ref, v]) => withVia({ op: "delete", ref }, v)), weight: 2 },
  { arbitrary: listQuery.map((query) => ({ op: "list", query })), weight: 4 },
);

/** The records `create-many` makes: several of one kind, so lists have pages and orders show. */
function manyBodies(count: number, kind: string): { [k: string]: Json }[] {
  return Array.from({ length: count }, (_, i) => {
    const type = kind === "mixed" ? (["A", "TXT", "AAAA", "CNAME"] as const)[i % 4]! : kind;
    const content =
      type === "A"
        ? IPV4[i % IPV4.length]!
        : type === "AAAA"
          ? IPV6[i % IPV6.length]!
          : type === "CNAME"
            ? HOSTNAMES[i % HOSTNAMES.length]!
            : SENTENCES[i % SENTENCES.length]!;
    return {
      type,
      name: `${LABELS[i % 3]}${i}.{tag}`,
      content,
      ttl: [1, 60, 300, 86400][i % 4]!,
      ...(type === "A" || type === "AAAA" || type === "CNAME" ? { proxied: i % 2 === 0 } : {}),
      ...(i % 3 === 0 ? { comment: i % 2 ? "mine" : SENTENCES[0]! } : {}),
      ...(i % 2 === 0 ? { tags: ["env:prod"] } : {}),
    };
  });
}

async function openSession(api: ApiTarget, tag: string): Promise<DiffSession> {
  const { zone_id, zone_name } = api.credentials;
  const vars = { tag, zone: zone_name };
  const ids: string[] = [];
  const base = `/zones/${zone_id}/dns_records`;
  const other = api.otherTenant;
  const call = async (method: string, path: string, body?: Json, via?: Json) => {
    const init = via === "other-key" || via === "other-zone" ? { auth: "other-key" as const } : {};
    const res = await api.request(method, path, body === undefined ? undefined : body, init);
    return { res, answer: httpAnswer(res.status, res.headers.get("content-type"), res.text) };
  };
  /** The collection a request goes to: this zone's, or (via other-zone) the second tenant's. */
  const baseVia = (via: Json | undefined) =>
    via === "other-zone" && other ? `/zones/${other.zone_id}/dns_records` : base;
  return {
    context: {
      substitutions: [
        [zone_name, "<zone_name>"],
        [zone_id, "<zone_id>"],
        ...(other
          ? ([
              [other.zone_id, "<other_zone_id>"],
              ...(other.zone_name ? [[other.zone_name, "<other_zone_name>"] as const] : []),
            ] as const)
          : []),
      ],
    },
    async exec(op) {
      const id = resolveRef(op.ref, ids, MISSING_ID, "not-a-record-id");
      const body = fill(op.body, vars);
      if (op.via !== undefined && !other) return { unavailable: "no second tenant (capability tenants)" };
      const at = baseVia(op.via);
      switch (op.op) {
        case "create": {
          const { res, answer } = await call("POST", base, body);
          const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
          if (res.status === 200 && typeof created === "string") ids.push(created);
          return answer;
        }
        case "create-many": {
          const statuses: Json[] = [];
          for (const b of manyBodies(Number(op.count), String(op.kind))) {
            const { res } = await call("POST", base, fill(b, vars));
            const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
            if (res.status === 200 && typeof created === "string") ids.push(created);
            statuses.push(res.status);
          }
          return { statuses };
        }
        case "get":
          return (await call("GET", `${at}/${id}`, undefined, op.via)).answer;
        case "patch":
          return (await call("PATCH", `${at}/${id}`, body, op.via)).answer;
        case "put":
          return (await call("PUT", `${base}/${id}`, body)).answer;
        case "delete": {
          const done = (await call("DELETE", `${at}/${id}`, undefined, op.via)).answer;
          return done;
        }
        case "list":
          return (await call("GET", `${base}?${fill(op.query, vars) as string}`)).answer;
        default:
          throw new Error(`unknown dns-records operation ${op.op}`);
      }
    },
    async close() {
      for (const id of ids) await api.request("DELETE", `${base}/${id}`).catch(() => undefined);
    },
  };
}

export const dnsRecordsArea: DiffArea = {
  name: "dns-records",
  capability: "api",
  op: dnsRecordsOp,
  requires: (op) => (op.via !== undefined ? "tenants" : undefined),
  rules: [
    {
      name: "record-id",
      keys: ["id"],
      kind: "role",
      role: "record",
      why: "record ids are assigned by each implementation",
    },
    {
      name: "timestamp",
      keys: ["created_on", "modified_on", "comment_modified_on", "tags_modified_on"],
      kind: "timestamp",
      why: "creation and modification times depend on each implementation's clock",
    },
  ],
  check(target: Target) {
    // Record names are the side's own zone name: without it they cannot be normalised, and every answer
    // naming a record would differ falsely.
    if (target.api && !target.api.credentials.zone_name) {
      return "its zone name is unknown: set CLOUDFLARE_ZONE_NAME (the name of the zone CLOUDFLARE_ZONE_ID names)";
    }
    return undefined;
  },
  open(target: Target, tag: string) {
    if (!target.api) throw new Error(`target ${target.name} does not reach area B (dns-records)`);
    return openSession(target.api, tag);
  },
};
