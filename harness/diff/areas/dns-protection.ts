/**
 * Area A for `edgeconf diff`: list (per_page at and past its bounds, pages, every order and direction),
 * create (one, or eight to twelve at once so lists have pages), read, PATCH and delete DNS protection
 * rules of the target's account, with valid and invalid bodies (enum values of the wrong field, other
 * cases, wrong types, missing and unknown fields, scope/name mismatches, region and datacenter codes in
 * both cases); reads, PATCHes and deletes also as the second tenant (on this account, and through its own). Isolation: the run deletes the rules it
 * created and nothing else. Lists show every rule of the account, so run it against an account
 * with no other rules (a fresh simulator always is).
 */
import fc from "fast-check";
import type { ApiTarget } from "../../targets/api.ts";
import type { Target } from "../../targets/types.ts";
import type { DiffArea, DiffOp, DiffSession, Json } from "../types.ts";
import { httpAnswer, mostly, optionalFields, refArb, resolveRef, sometimes } from "./shared.ts";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const RULES = "/magic/advanced_dns_protection/configs/dns_protection/rules";

/** Every value any enum field takes, so a value of one field is tried in another. */
const ENUM_VALUES = ["enabled", "disabled", "monitoring", "low", "medium", "high", "very_high"] as const;
/** Wrong values as the suites send them: other cases, unknown words, wrong types. */
const wrong = fc.constantFrom<Json>("", "HIGH", "Enabled", "on", "extreme", 1, 2, true, null, ["low"], { v: "low" });
const enumField = (valid: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 24 },
    { arbitrary: fc.constantFrom(...ENUM_VALUES), weight: 2 },
    { arbitrary: wrong, weight: 2 },
  );

/** Scope and name: every scope, region and datacenter codes in both cases, and mismatches. */
const where = fc.oneof(
  { arbitrary: fc.constant({ scope: "global", name: "global" }), weight: 6 },
  {
    arbitrary: fc.constantFrom("wnam", "enam", "weu", "WEUR", "oc").map((name) => ({ scope: "region", name })),
    weight: 4,
  },
  { arbitrary: fc.constantFrom("lax", "ams", "LAX").map((name) => ({ scope: "datacenter", name })), weight: 4 },
  {
    arbitrary: fc.constantFrom<Record<string, Json>>(
      { scope: "global", name: "wnam" },
      { scope: "region", name: "global1" },
      { scope: "datacenter", name: "lax1" },
      { scope: "datacenter", name: "la" },
      { scope: "planet", name: "earth" },
      { scope: 1, name: "global" },
      { scope: "global", name: null },
      { scope: "global" },
      { name: "global" },
    ),
    weight: 2,
  },
);

const settings = {
  mode: enumField(["enabled", "disabled", "monitoring"]),
  profile_sensitivity: enumField(["low", "medium", "high", "very_high"]),
  rate_sensitivity: enumField(["low", "medium", "high"]),
  burst_sensitivity: enumField(["low", "medium", "high"]),
  block_any_queries: mostly(fc.boolean(), fc.constantFrom<Json>("true", null)),
};

const createBody = fc
  .tuple(
    where,
    optionalFields(settings, ["mode", "rate_sensitivity", "burst_sensitivity"]),
    sometimes(fc.constantFrom("mode", "rate_sensitivity", "burst_sensitivity", "profile_sensitivity"), 10),
    sometimes(fc.constantFrom("id", "color", "created_on", "description"), 12),
  )
  .map(([w, s, drop, extra]) => {
    const body: { [k: string]: Json } = { ...w, ...s };
    if (drop) delete body[drop];
    if (extra) body[extra] = extra === "created_on" ? "2023-10-01T13:10:38.762503+00:00" : "x";
    return body;
  });

const patchBody = fc
  .tuple(
    optionalFields(settings),
    sometimes(fc.constantFrom<[string, Json]>(["name", "global"], ["scope", "region"], ["id", "x"], ["extra", 1]), 8),
  )
  .map(([s, extra]) => (extra ? { ...s, [extra[0]]: extra[1] } : s));

/** Whose credentials and account: this tenant's (absent), the second's on this account, or the second's own account. */
const via: fc.Arbitrary<string | undefined> = sometimes(fc.constantFrom("other-token", "other-account"), 8);
const withVia = <T extends { [k: string]: Json }>(op: T, v: string | undefined): T => (v ? { ...op, via: v } : op);

const ORDERS = [
  "prefix",
  "id",
  "scope",
  "name",
  "mode",
  "profile_sensitivity",
  "rate_sensitivity",
  "burst_sensitivity",
  "created_on",
  "modified_on",
] as const;

/** List parameters as the suites send them: per_page at and past its bounds (10, 1000), pages past the last, every order and direction. */
const listQuery = fc
  .record({
    per_page: mostly(fc.constantFrom("10", "11", "25", "1000"), fc.constantFrom("9", "1001", "-5", "0", "x")),
    page: mostly(fc.constantFrom("1", "2", "3"), fc.constantFrom("0", "-1", "y")),
    order: mostly(fc.constantFrom(...ORDERS), fc.constant("colour")),
    direction: mostly(fc.constantFrom("asc", "desc", "ASC", "DESC"), fc.constant("sideways")),
    unknown: fc.constant("1"),
  })
  .chain((q) =>
    fc.shuffledSubarray(Object.keys(q), { maxLength: 3 }).map((keys) => {
      const params = new URLSearchParams();
      for (const k of keys) params.set(k === "unknown" ? "colour" : k, q[k as keyof typeof q]);
      return params.toString();
    }),
  );

export const dnsProtectionOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: createBody.map((body) => ({ op: "create", body })), weight: 5 },
  {
    arbitrary: fc.tuple(fc.integer({ min: 8, max: 12 }), fc.nat(3)).map(([count, mix]) => ({
      op: "create-many",
      count,
      mix,
    })),
    weight: 1,
  },
  { arbitrary: fc.tuple(refArb, via).map(([ref, v]) => withVia({ op: "get", ref }, v)), weight: 2 },
  {
    arbitrary: fc.tuple(refArb, patchBody, via).map(([ref, body, v]) => withVia({ op: "patch", ref, body }, v)),
    weight: 3,
  },
  { arbitrary: fc.tuple(refArb, via).map(([ref, v]) => withVia({ op: "delete", ref }, v)), weight: 2 },
  { arbitrary: listQuery.map((query) => ({ op: "list", query })), weight: 3 },
);

/** The rules `create-many` makes: varied scopes and settings, so pages, orders and directions show. */
function manyBodies(count: number, mix: number): { [k: string]: Json }[] {
  const modes = ["enabled", "disabled", "monitoring"];
  const levels = ["low", "medium", "high"];
  return Array.from({ length: count }, (_, i) => {
    const k = i + mix;
    const w =
      k % 3 === 0
        ? { scope: "global", name: "global" }
        : k % 3 === 1
          ? { scope: "region", name: ["wnam", "enam", "weu"][k % 3]! }
          : { scope: "datacenter", name: ["lax", "ams", "fra"][k % 3]! };
    return {
      ...w,
      mode: modes[k % 3]!,
      profile_sensitivity: levels[(k + 1) % 3]!,
      rate_sensitivity: levels[k % 3]!,
      burst_sensitivity: levels[(k + 2) % 3]!,
    };
  });
}

function openSession(api: ApiTarget): DiffSession {
  const { account_id } = api.credentials;
  const base = `/accounts/${account_id}${RULES}`;
  const other = api.otherTenant;
  const ids: string[] = [];
  const call = async (method: string, path: string, body?: Json, via?: Json) => {
    const init = via === "other-token" || via === "other-account" ? { auth: "other-token" as const } : {};
    const res = await api.request(method, path, body, init);
    return { res, answer: httpAnswer(res.status, res.headers.get("content-type"), res.text) };
  };
  return {
    context: {
      substitutions: [
        [account_id, "<account_id>"],
        ...(other ? ([[other.account_id, "<other_account_id>"]] as const) : []),
      ],
    },
    async exec(op) {
      const id = resolveRef(op.ref, ids, MISSING_ID, "rule-1");
      if (op.via !== undefined && !other) return { unavailable: "no second tenant (capability tenants)" };
      const at = op.via === "other-account" && other ? `/accounts/${other.account_id}${RULES}` : base;
      switch (op.op) {
        case "create": {
          const { res, answer } = await call("POST", base, op.body ?? null);
          const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
          if (res.status === 200 && typeof created === "string") ids.push(created);
          return answer;
        }
        case "create-many": {
          const statuses: Json[] = [];
          for (const body of manyBodies(Number(op.count), Number(op.mix))) {
            const { res } = await call("POST", base, body);
            const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
            if (res.status === 200 && typeof created === "string") ids.push(created);
            statuses.push(res.status);
          }
          return { statuses };
        }
        case "get":
          return (await call("GET", `${at}/${id}`, undefined, op.via)).answer;
        case "patch":
          return (await call("PATCH", `${at}/${id}`, op.body ?? null, op.via)).answer;
        case "delete":
          return (await call("DELETE", `${at}/${id}`, undefined, op.via)).answer;
        case "list":
          return (await call("GET", `${base}${op.query ? `?${op.query as string}` : ""}`)).answer;
        default:
          throw new Error(`unknown dns-protection operation ${op.op}`);
      }
    },
    async close() {
      for (const id of ids) await api.request("DELETE", `${base}/${id}`).catch(() => undefined);
    },
  };
}

export const dnsProtectionArea: DiffArea = {
  name: "dns-protection",
  capability: "api",
  op: dnsProtectionOp,
  requires: (op) => (op.via !== undefined ? "tenants" : undefined),
  rules: [
    { name: "rule-id", keys: ["id"], kind: "role", role: "rule", why: "rule ids are assigned by each implementation" },
    {
      name: "timestamp",
      keys: ["created_on", "modified_on"],
      kind: "timestamp",
      why: "creation and modification times depend on each implementation's clock",
    },
  ],
  async open(target: Target) {
    if (!target.api) throw new Error(`target ${target.name} does not reach area A (dns-protection)`);
    return openSession(target.api);
  },
};
