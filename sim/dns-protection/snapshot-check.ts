/**
 * The whole check of an area A snapshot (`{rules: {<account id>: Rule[]}, lastStampMicros}`), run
 * before anything is restored: every rule as the create validator accepts it, plus what the model
 * adds (a UUID id, unique per account; `+00:00` timestamps in the Date range, created <= modified).
 *
 * Gaps / by design: the first bad value is named (`api.dnsProtection.rules["<account>"]["<id>"].mode`);
 * accounts need not be the simulator's tenants (a rule of another account is unreachable but harmless).
 */

import { MAX_TIME_MS } from "../core/clock.ts";
import { array, at, boolean, fail, record, shown, string } from "../core/snapshot-check.ts";
import { validateCreate } from "./validate.ts";
import { CREATE_REQUIRED } from "./values.ts";

const ACCOUNT_ID = /^[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `2023-10-01T13:10:38.762503+00:00` (years past 9999 or before 0 in the Date's extended form). */
const STAMP = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})\+00:00$/;
const RULE_FIELDS = [...CREATE_REQUIRED, "block_any_queries"] as const;

function stamp(v: unknown, path: string): number {
  const s = string(v, path);
  const ms = Date.parse(s);
  if (!STAMP.test(s) || !Number.isFinite(ms))
    fail(path, `must be a timestamp like 2023-10-01T13:10:38.762503+00:00, got ${shown(s)}`);
  return ms * 1000 + Number(s.slice(23, 26));
}

function checkRule(v: unknown, path: string): void {
  const r = record(v, path);
  const body: Record<string, unknown> = {};
  for (const f of RULE_FIELDS) body[f] = r[f];
  boolean(r.block_any_queries, `${path}.block_any_queries`);
  const valid = validateCreate(body);
  if (!valid.ok) {
    const first = valid.errors[0]!;
    const field = RULE_FIELDS.find((f) => first.message.includes(f)) ?? "";
    fail(field ? `${path}.${field}` : path, first.message);
  }
  const created = stamp(r.created_on, `${path}.created_on`);
  const modified = stamp(r.modified_on, `${path}.modified_on`);
  if (modified < created) fail(`${path}.modified_on`, "is earlier than created_on");
}

/** Checks a whole area A snapshot; throws a SnapshotError naming the first bad path. */
export function checkDnsProtectionSnapshot(value: unknown, path: string): void {
  const s = record(value, path);
  const last = s.lastStampMicros;
  if (typeof last !== "number" || !Number.isInteger(last) || last < 0 || last > MAX_TIME_MS * 1000 + 999) {
    fail(`${path}.lastStampMicros`, `must be an integer number of microseconds in the Date range, got ${shown(last)}`);
  }
  const rules = record(s.rules, `${path}.rules`);
  for (const [account, list] of Object.entries(rules)) {
    const p = at(`${path}.rules`, account);
    if (!ACCOUNT_ID.test(account)) fail(p, "an account id is 32 lowercase hex characters");
    const ids = new Set<string>();
    array(list, p).forEach((rule, i) => {
      const id = string(record(rule, `${p}[${i}]`).id, `${p}[${i}].id`, { pattern: UUID });
      const rp = at(p, id);
      if (ids.has(id)) fail(rp, "appears twice");
      ids.add(id);
      checkRule(rule, rp);
    });
  }
}
