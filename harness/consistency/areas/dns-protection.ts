/**
 * Area A (dns-protection) under concurrent clients: the workload and the sequential model of one rule.
 *
 * Keys are rules created for the run (scope region, one region code each). Clients PATCH a rule (most
 * often all four updatable fields at once, so that the rule after two racing PATCHes must equal one of
 * them; now and then one or two fields) and GET it. The model is the rule's four updatable fields: a
 * PATCH answers the rule with exactly its fields changed from the state (the spec: "result is the complete
 * updated rule"), a GET answers the state. A read that shows some fields of one PATCH and some of another
 * that no order of the PATCHes gives is a mix: a violation.
 *
 * Gaps / by design: name and scope are not updatable (not part of the workload); timestamps are not
 * compared (A.update.timestamps checks them one call at a time). A refusal is taken as changing nothing.
 */

import type { AreaClient, AreaWorkload } from "./record.ts";
import { failedAnswer, pick } from "./record.ts";
import type { AreaModel, AreaOperation } from "./types.ts";

export const RULE_FIELDS = ["mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleFields = Record<RuleField, string>;

const VALUES: Record<RuleField, readonly string[]> = {
  mode: ["enabled", "disabled", "monitoring"],
  profile_sensitivity: ["low", "medium", "high", "very_high"],
  rate_sensitivity: ["low", "medium", "high"],
  burst_sensitivity: ["low", "medium", "high"],
};

export type RuleCall = { op: "patch"; rule: string; set: Partial<RuleFields> } | { op: "get"; rule: string };

export type RuleOutcome =
  | { kind: "rule"; fields: RuleFields }
  | { kind: "missing" }
  | { kind: "refused"; status: number; codes: number[] };

const sameFields = (a: RuleFields, b: RuleFields) => RULE_FIELDS.every((f) => a[f] === b[f]);

export const dnsProtectionModel: AreaModel<RuleFields> = {
  area: "dns-protection",
  step(s, op) {
    const call = op.call as RuleCall;
    const out = op.outcome as RuleOutcome | { kind: "error" };
    if (call.op === "get") return out.kind === "rule" && sameFields(out.fields, s) ? s : undefined;
    const after = { ...s, ...call.set };
    if (out.kind === "error") return after;
    if (out.kind === "refused") return s;
    return out.kind === "rule" && sameFields(out.fields, after) ? after : undefined;
  },
  key: (s) => RULE_FIELDS.map((f) => s[f]).join(","),
  isWrite: (op) => (op.call as RuleCall).op === "patch",
  wrote: (op) => (op.call as RuleCall).op === "patch" && (op.outcome as { kind: string }).kind === "rule",
  isObserver: (op) => (op.call as RuleCall).op === "get" || (op.outcome as { kind: string }).kind === "refused",
  // A PATCH of all four fields answers the same rule from any state; every other call's answer depends on it.
  dependsOnState: (op) => {
    const c = op.call as RuleCall;
    return c.op !== "patch" || RULE_FIELDS.some((f) => c.set[f] === undefined);
  },
  describeCall(op) {
    const c = op.call as RuleCall;
    return c.op === "patch" ? `PATCH ${c.rule.slice(0, 8)} ${JSON.stringify(c.set)}` : `GET ${c.rule.slice(0, 8)}`;
  },
  describeOutcome(op) {
    const o = op.outcome as RuleOutcome | { kind: "error"; message: string };
    switch (o.kind) {
      case "rule":
        return RULE_FIELDS.map((f) => o.fields[f]).join("/");
      case "missing":
        return "404";
      case "refused":
        return `refused ${o.status} (${o.codes.join(", ")})`;
      case "error":
        return `error (effect unknown): ${o.message}`;
    }
  },
  describeState: (s) => RULE_FIELDS.map((f) => `${f} ${s[f]}`).join(", "),
};

/** Region codes of the run's rules (one rule each). */
const REGIONS = ["wnam", "enam", "weu", "eeu", "nsam", "ssam", "oc", "me", "naf", "saf", "sas", "seas", "neas"];

function fieldsOf(x: unknown): RuleFields {
  const r = (x ?? {}) as Record<string, unknown>;
  return Object.fromEntries(RULE_FIELDS.map((f) => [f, String(r[f])])) as RuleFields;
}

interface Envelope {
  success?: boolean;
  result?: unknown;
  errors?: { code?: number }[];
}

function answerOf(status: number, json: unknown): RuleOutcome | { kind: "error"; message: string } {
  const failed = failedAnswer(status, json);
  if (failed) return failed;
  const env = json as Envelope;
  if (status === 200 && env.success === true) return { kind: "rule", fields: fieldsOf(env.result) };
  if (status === 404) return { kind: "missing" };
  return { kind: "refused", status, codes: (env.errors ?? []).map((e) => Number(e.code)) };
}

export function dnsProtectionWorkload(accountId: string): AreaWorkload<RuleFields> {
  const base = `/accounts/${accountId}/magic/advanced_dns_protection/configs/dns_protection/rules`;
  return {
    area: "dns-protection",
    async setup(send, o) {
      const out: Record<string, RuleFields> = {};
      for (let i = 0; i < o.keys; i++) {
        const body = {
          scope: "region",
          name: REGIONS[i % REGIONS.length],
          mode: "monitoring",
          profile_sensitivity: "low",
          rate_sensitivity: "low",
          burst_sensitivity: "low",
        };
        const res = await send("POST", base, body);
        const env = res.json as Envelope;
        if (res.status !== 200 || env.success !== true) {
          throw new Error(`creating a rule answered ${res.status}: ${JSON.stringify(res.json)}`);
        }
        out[String((env.result as { id: unknown }).id)] = fieldsOf(env.result);
      }
      return out;
    },
    client(_id, rand, initial): AreaClient {
      const rules = Object.keys(initial);
      return {
        next() {
          const rule = pick(rand, rules);
          if (rand() < 0.5) {
            const all = rand() < 0.75;
            const set: Partial<RuleFields> = {};
            for (const f of RULE_FIELDS) if (all || rand() < 0.4) set[f] = pick(rand, VALUES[f]);
            if (Object.keys(set).length === 0) set.mode = pick(rand, VALUES.mode);
            return {
              key: rule,
              call: { op: "patch", rule, set } satisfies RuleCall,
              run: async (send) => {
                const res = await send("PATCH", `${base}/${rule}`, set);
                return answerOf(res.status, res.json);
              },
            };
          }
          return {
            key: rule,
            call: { op: "get", rule } satisfies RuleCall,
            run: async (send) => {
              const res = await send("GET", `${base}/${rule}`);
              return answerOf(res.status, res.json);
            },
          };
        },
        saw() {},
      };
    },
    async cleanup(send, history) {
      for (const rule of Object.keys(history.initial)) await send("DELETE", `${base}/${rule}`).catch(() => undefined);
    },
  };
}

export type RuleOperation = AreaOperation<RuleCall, RuleOutcome>;
