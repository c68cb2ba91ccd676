/**
 * The whole check of an area A snapshot (`{rules: {<account id>: Rule[]}, lastStampMicros}`), run
 * before anything is restored: every rule as the create validator (validate.ts) accepts it, plus what
 * the model adds, so that each rule is one a create (and later PATCHes) could have made:
 * - ids of the seeded UUID form (version 4, variant 8-b, lowercase), unique in the whole snapshot
 *   (one id stream serves every account);
 * - timestamps as `formatStamp` writes them (`2023-10-01T13:10:38.762503+00:00`, nothing else that
 *   parses to the same time), created_on <= modified_on, none later than `lastStampMicros` (every
 *   stamp moves it forward), created_on strictly increasing along an account's list (rules are kept
 *   in creation order and no two stamps are equal);
 * - with the simulator's account directory (as the API area passes it), every account one of its
 *   tenants' (a create is only served to an authenticated account of the simulator).
 *
 * - only the fields the model writes (`rules`, `lastStampMicros`; a rule's create fields, `id`,
 *   `block_any_queries`, `created_on`, `modified_on`): any other is refused, not dropped;
 * - with the snapshot's `now`, `lastStampMicros` not ahead of it by more than a burst of writes could
 *   take it (`stampNotAhead`: stamps are the clock's ms plus seeded µs, each at least 1 µs after the last).
 *
 * Stamps are compared as ms and µs apart (sim/core/stamps.ts), exactly over the clock's whole range;
 * `lastStampMicros` is a number, or a bigint past 2^53 µs (the year 2255). The first bad value is named (`api.dnsProtection.rules["<account>"]["<id>"].mode`).
 */

import { array, at, boolean, fail, onlyKeys, record, shown, stampNotAhead, string } from "../core/snapshot-check.ts";
import { compareStamps, isStampMicros, type Stamp, stampOfMicros } from "../core/stamps.ts";
import { isoMicros } from "../core/time.ts";
import { validateCreate } from "./validate.ts";
import { CREATE_OPTIONAL, CREATE_REQUIRED } from "./values.ts";

const ACCOUNT_ID = /^[0-9a-f]{32}$/;
/** What `SeededRandom.uuid()` makes: version 4, variant 10xx. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** `2023-10-01T13:10:38.762503+00:00` (years past 9999 or before 0 in the Date's extended form). */
const STAMP = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})\+00:00$/;
/** Every field of a rule a create body sets (the required ones and the defaulted ones). */
const RULE_FIELDS = [...CREATE_REQUIRED, ...CREATE_OPTIONAL] as const;
/** Every field the model writes on a rule. */
const STORED_RULE_FIELDS = ["id", ...RULE_FIELDS, "created_on", "modified_on"];

/** The stamp's time (ms and µs); not later than `last`. */
function stamp(v: unknown, path: string, last: Stamp): Stamp {
  const s = string(v, path);
  const ms = Date.parse(s);
  if (!STAMP.test(s) || !Number.isFinite(ms))
    fail(path, `must be a timestamp like 2023-10-01T13:10:38.762503+00:00, got ${shown(s)}`);
  const us = Number(s.slice(-9, -6));
  if (ms < 0 || isoMicros(ms, us, 0, false) !== s) fail(path, `is not a timestamp the simulator writes (${shown(s)})`);
  const at: Stamp = { ms, us };
  if (compareStamps(at, last) > 0)
    fail(path, "is later than lastStampMicros (every timestamp written moves it forward)");
  return at;
}

function checkRule(v: unknown, path: string, last: Stamp): Stamp {
  const r = record(v, path);
  onlyKeys(r, path, STORED_RULE_FIELDS, "a rule");
  const body: Record<string, unknown> = {};
  for (const f of RULE_FIELDS) body[f] = r[f];
  boolean(r.block_any_queries, `${path}.block_any_queries`);
  const valid = validateCreate(body);
  if (!valid.ok) {
    const first = valid.errors[0]!;
    // The validator's messages start with the field they are about (`mode must be one of ...`).
    const word = first.message.split(" ")[0]!;
    const field = (RULE_FIELDS as readonly string[]).includes(word) ? word : "";
    fail(field ? `${path}.${field}` : path, first.message);
  }
  const created = stamp(r.created_on, `${path}.created_on`, last);
  const modified = stamp(r.modified_on, `${path}.modified_on`, last);
  if (compareStamps(modified, created) < 0) fail(`${path}.modified_on`, "is earlier than created_on");
  return created;
}

/**
 * Checks a whole area A snapshot; throws a SnapshotError naming the first bad path. `accountKnown`
 * (the simulator's accounts) is left out by unit tests of the model, which use accounts of their own;
 * `now` (the snapshot's time) by unit tests of the check alone.
 */
export function checkDnsProtectionSnapshot(
  value: unknown,
  path: string,
  accountKnown?: (accountId: string) => boolean,
  now?: number,
): void {
  const s = record(value, path);
  onlyKeys(s, path, ["rules", "lastStampMicros"], "the DNS protection area");
  const lastMicros = s.lastStampMicros;
  if (!isStampMicros(lastMicros) || lastMicros < 0) {
    fail(
      `${path}.lastStampMicros`,
      `must be an integer number of microseconds in the Date range (a bigint past 2^53), got ${shown(lastMicros)}`,
    );
  }
  const last = stampOfMicros(lastMicros);
  stampNotAhead(last, now, `${path}.lastStampMicros`);
  const rules = record(s.rules, `${path}.rules`);
  const ids = new Set<string>();
  for (const [account, list] of Object.entries(rules)) {
    const p = at(`${path}.rules`, account);
    if (!ACCOUNT_ID.test(account)) fail(p, "an account id is 32 lowercase hex characters");
    if (accountKnown && !accountKnown(account)) fail(p, "is not an account of this simulator");
    let previous: Stamp | undefined;
    array(list, p).forEach((rule, i) => {
      const id = string(record(rule, `${p}[${i}]`).id, `${p}[${i}].id`, { pattern: UUID });
      const rp = at(p, id);
      if (ids.has(id)) fail(rp, "appears twice (rule ids are unique across accounts)");
      ids.add(id);
      const created = checkRule(rule, rp, last);
      if (previous !== undefined && compareStamps(created, previous) <= 0) {
        fail(`${rp}.created_on`, "is not later than the previous rule's (rules are kept in creation order)");
      }
      previous = created;
    });
  }
}
