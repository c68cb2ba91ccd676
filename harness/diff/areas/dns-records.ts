/**
 * Area B for `edgeconf diff`: create, read, PATCH, PUT, delete and list DNS records of the target's
 * zone, with valid and invalid bodies (names, contents, TTLs, proxying, types), lists with filters,
 * ordering and pages. Isolation: every name sits under the run's own label (`{tag}`), every list is
 * filtered by it, and the run deletes the records it created (and nothing else).
 */
import fc from "fast-check";
import type { ApiTarget } from "../../targets/api.ts";
import type { Target } from "../../targets/types.ts";
import type { DiffArea, DiffOp, DiffSession, Json } from "../types.ts";
import { HOSTNAMES, IPV4, IPV6, LABELS, SENTENCES } from "../values.ts";
import { fill, httpAnswer, mostly, optionalFields, refArb, resolveRef } from "./shared.ts";

const MISSING_ID = "0123456789abcdef0123456789abcdef";

const validName = fc.oneof(
  fc.constant("{tag}"),
  fc.constantFrom(...LABELS).map((l) => `${l}.{tag}`),
  fc.constantFrom(...LABELS).map((l) => `${l}.{tag}.{zone}`),
);
const badName = fc.constantFrom(
  "-start.{tag}",
  "end-.{tag}",
  "under_score.{tag}",
  `${"x".repeat(64)}.{tag}`,
  "a..{tag}",
);
const name = mostly(validName, badName);

const ttl = fc.oneof(
  { arbitrary: fc.constant(1), weight: 4 },
  { arbitrary: fc.integer({ min: 60, max: 86400 }), weight: 4 },
  { arbitrary: fc.constantFrom<Json>(0, 30, 59, 86401, -1, "300", 120.5, null), weight: 1 },
);
const quoted = (s: string) => `"${s}"`;
const contentOf: Record<string, fc.Arbitrary<Json>> = {
  A: mostly(fc.constantFrom(...IPV4), fc.constantFrom("256.1.1.1", "10.0.0", "::1", "")),
  AAAA: mostly(fc.constantFrom(...IPV6), fc.constantFrom("1.2.3.4", "2001:db8::zz")),
  CNAME: fc.oneof(
    fc.constantFrom(...HOSTNAMES),
    fc.constantFrom(...LABELS).map((l) => `${l}.{tag}.{zone}`),
    fc.constantFrom("not a host", "1.2.3.4"),
  ),
  TXT: mostly(
    fc.oneof(fc.constantFrom(...SENTENCES), fc.constantFrom(...SENTENCES).map(quoted)),
    fc.constantFrom('"half quoted', '"a" b', '"a" "b"', ""),
  ),
  MX: fc.constantFrom(...HOSTNAMES, ""),
};

const recordType = fc.constantFrom("A", "A", "AAAA", "CNAME", "TXT", "MX", "SRV", "BOGUS");

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
    comment: fc.oneof(fc.constantFrom(...SENTENCES), fc.constant(null)),
    priority: mostly(fc.integer({ min: 0, max: 65535 }), fc.constantFrom<Json>(-1, 70000, "10")),
  };
  if (type === "SRV") {
    const data = optionalFields(
      {
        priority: fc.integer({ min: 0, max: 65535 }),
        weight: mostly(fc.integer({ min: 0, max: 65535 }), fc.constant(-5)),
        port: mostly(fc.integer({ min: 1, max: 65535 }), fc.constant(70000)),
        target: fc.constantFrom(...HOSTNAMES),
      },
      ["priority", "weight", "port", "target"],
    );
    return optionalFields(
      {
        type: common.type,
        name: fc.constantFrom(...LABELS).map((l) => `_sip._tcp.${l}.{tag}`),
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
  .tuple(recordBody, fc.subarray(["type", "name", "content", "ttl", "proxied", "comment", "data"], { minLength: 1 }))
  .map(([body, keys]) => Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, body[k]!])));

const listQuery = fc
  .record(
    {
      type: mostly(fc.constantFrom("A", "AAAA", "CNAME", "TXT", "SRV"), fc.constantFrom("a", "NOPE")),
      proxied: mostly(fc.constantFrom("true", "false"), fc.constant("maybe")),
      "content.contains": fc.constantFrom("1", "a", "example"),
      order: mostly(fc.constantFrom("type", "name", "content", "ttl", "proxied"), fc.constant("id")),
      direction: mostly(fc.constantFrom("asc", "desc"), fc.constant("up")),
      per_page: mostly(fc.constantFrom("1", "2", "3", "5"), fc.constantFrom("0", "abc")),
      page: mostly(fc.constantFrom("1", "2", "3"), fc.constantFrom("0", "-1")),
    },
    { requiredKeys: [] },
  )
  .map((q) => new URLSearchParams({ "name.contains": "{tag}", ...q }).toString().replace("%7Btag%7D", "{tag}"));

export const dnsRecordsOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: recordBody.map((body) => ({ op: "create", body })), weight: 5 },
  { arbitrary: refArb.map((ref) => ({ op: "get", ref })), weight: 2 },
  { arbitrary: fc.tuple(refArb, patchBody).map(([ref, body]) => ({ op: "patch", ref, body })), weight: 2 },
  { arbitrary: fc.tuple(refArb, recordBody).map(([ref, body]) => ({ op: "put", ref, body })), weight: 1 },
  { arbitrary: refArb.map((ref) => ({ op: "delete", ref })), weight: 1 },
  { arbitrary: listQuery.map((query) => ({ op: "list", query })), weight: 2 },
);

async function openSession(api: ApiTarget, tag: string): Promise<DiffSession> {
  const { zone_id, zone_name } = api.credentials;
  const vars = { tag, zone: zone_name };
  const ids: string[] = [];
  const base = `/zones/${zone_id}/dns_records`;
  const call = async (method: string, path: string, body?: Json) => {
    const res = await api.request(method, path, body === undefined ? undefined : body);
    return { res, answer: httpAnswer(res.status, res.headers.get("content-type"), res.text) };
  };
  return {
    context: {
      substitutions: [
        [zone_name, "<zone_name>"],
        [zone_id, "<zone_id>"],
      ],
    },
    async exec(op) {
      const id = resolveRef(op.ref, ids, MISSING_ID, "not-a-record-id");
      const body = fill(op.body, vars);
      switch (op.op) {
        case "create": {
          const { res, answer } = await call("POST", base, body);
          const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
          if (res.status === 200 && typeof created === "string") ids.push(created);
          return answer;
        }
        case "get":
          return (await call("GET", `${base}/${id}`)).answer;
        case "patch":
          return (await call("PATCH", `${base}/${id}`, body)).answer;
        case "put":
          return (await call("PUT", `${base}/${id}`, body)).answer;
        case "delete":
          return (await call("DELETE", `${base}/${id}`)).answer;
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
