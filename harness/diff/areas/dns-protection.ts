/**
 * Area A for `edgeconf diff`: list (pages), create, read, PATCH and delete DNS protection rules of
 * the target's account, with valid and invalid bodies (enum values of the wrong field, wrong types,
 * missing and unknown fields, scope/name mismatches). Isolation: the run deletes the rules it
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
const wrong = fc.constantFrom<Json>("", "HIGH", "Enabled", 1, true, null, ["low"]);
const enumField = (valid: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 30 },
    { arbitrary: fc.constantFrom(...ENUM_VALUES), weight: 2 },
    { arbitrary: wrong, weight: 1 },
  );

const where = fc.oneof(
  { arbitrary: fc.constant({ scope: "global", name: "global" }), weight: 6 },
  { arbitrary: fc.constantFrom("wnam", "enam", "weu").map((name) => ({ scope: "region", name })), weight: 4 },
  { arbitrary: fc.constantFrom("lax", "ams", "fra").map((name) => ({ scope: "datacenter", name })), weight: 4 },
  {
    arbitrary: fc.constantFrom<Record<string, Json>>(
      { scope: "global", name: "wnam" },
      { scope: "region", name: "global" },
      { scope: "planet", name: "earth" },
      { scope: "global" },
      { name: "global" },
    ),
    weight: 1,
  },
);

const settings = {
  mode: enumField(["enabled", "disabled", "monitoring"]),
  profile_sensitivity: enumField(["low", "medium", "high", "very_high"]),
  rate_sensitivity: enumField(["low", "medium", "high"]),
  burst_sensitivity: enumField(["low", "medium", "high"]),
  block_any_queries: mostly(fc.boolean(), fc.constant<Json>("yes")),
};

const createBody = fc
  .tuple(
    where,
    optionalFields(settings, ["mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"]),
    sometimes(fc.constantFrom("mode", "rate_sensitivity"), 12),
    sometimes(fc.constantFrom("id", "color", "created_on"), 12),
  )
  .map(([w, s, drop, extra]) => {
    const body: { [k: string]: Json } = { ...w, ...s };
    if (drop) delete body[drop];
    if (extra) body[extra] = "x";
    return body;
  });

const patchBody = fc
  .tuple(
    optionalFields(settings),
    sometimes(fc.constantFrom<[string, Json]>(["name", "global"], ["scope", "region"], ["extra", 1]), 10),
  )
  .map(([s, extra]) => (extra ? { ...s, [extra[0]]: extra[1] } : s));

export const dnsProtectionOp: fc.Arbitrary<DiffOp> = fc.oneof(
  { arbitrary: createBody.map((body) => ({ op: "create", body })), weight: 5 },
  { arbitrary: refArb.map((ref) => ({ op: "get", ref })), weight: 2 },
  { arbitrary: fc.tuple(refArb, patchBody).map(([ref, body]) => ({ op: "patch", ref, body })), weight: 3 },
  { arbitrary: refArb.map((ref) => ({ op: "delete", ref })), weight: 1 },
  {
    arbitrary: fc
      .record(
        {
          per_page: mostly(fc.constantFrom("10", "20", "25"), fc.constantFrom("5", "9", "1001", "x")),
          page: mostly(fc.constantFrom("1", "2"), fc.constantFrom("0", "-1", "y")),
        },
        { requiredKeys: [] },
      )
      .map((q) => ({ op: "list", query: new URLSearchParams(q).toString() })),
    weight: 2,
  },
);

function openSession(api: ApiTarget): DiffSession {
  const { account_id } = api.credentials;
  const base = `/accounts/${account_id}${RULES}`;
  const ids: string[] = [];
  const call = async (method: string, path: string, body?: Json) => {
    const res = await api.request(method, path, body);
    return { res, answer: httpAnswer(res.status, res.headers.get("content-type"), res.text) };
  };
  return {
    context: { substitutions: [[account_id, "<account_id>"]] },
    async exec(op) {
      const id = resolveRef(op.ref, ids, MISSING_ID, "rule-1");
      switch (op.op) {
        case "create": {
          const { res, answer } = await call("POST", base, op.body ?? null);
          const created = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
          if (res.status === 200 && typeof created === "string") ids.push(created);
          return answer;
        }
        case "get":
          return (await call("GET", `${base}/${id}`)).answer;
        case "patch":
          return (await call("PATCH", `${base}/${id}`, op.body ?? null)).answer;
        case "delete":
          return (await call("DELETE", `${base}/${id}`)).answer;
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
