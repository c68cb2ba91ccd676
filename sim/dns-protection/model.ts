/**
 * Area A model: DNS protection rules per account (state + operations). Never sees HTTP.
 *
 * Gaps / by design: rules are listed in creation order (the platform's order is not documented).
 * Timestamps come from the fake clock plus microsecond digits from the seeded stream, strictly
 * increasing within the area, so modified_on always moves on update even when the clock did not; they
 * are exact over the clock's whole range (sim/core/stamps.ts).
 * They are written with a `+00:00` offset (`2023-10-01T13:10:38.762503+00:00`). Restoring a snapshot
 * does not rewind the id stream: ids after a restore are new ids, never reused ones.
 */
import type { SimCore } from "../core/context.ts";
import type { SeededRandom } from "../core/random.ts";
import { EPOCH_STAMP, nextStamp, type Stamp, stampMicros, stampOfMicros } from "../core/stamps.ts";
import { isoMicros } from "../core/time.ts";
import { checkDnsProtectionSnapshot } from "./snapshot-check.ts";
import type { RuleInput, RulePatch } from "./validate.ts";
import type { Mode, ProfileSensitivity, Scope, Sensitivity } from "./values.ts";

export interface Rule {
  id: string;
  scope: Scope;
  name: string;
  mode: Mode;
  profile_sensitivity: ProfileSensitivity;
  rate_sensitivity: Sensitivity;
  burst_sensitivity: Sensitivity;
  block_any_queries: boolean;
  created_on: string;
  modified_on: string;
}

interface State {
  rules: Record<string, Rule[]>;
  /** The last stamp given (in a snapshot: `lastStampMicros`, see stampMicros). */
  lastStamp: Stamp;
}

/** The area's state as a snapshot holds it. */
interface SnapshotState {
  rules: Record<string, Rule[]>;
  lastStampMicros: number | bigint;
}

function copyRules(rules: Record<string, Rule[]>): Record<string, Rule[]> {
  const out: Record<string, Rule[]> = {};
  for (const [account, list] of Object.entries(rules)) out[account] = list.map(copyRule);
  return out;
}

function copyRule(r: Rule): Rule {
  return {
    id: r.id,
    scope: r.scope,
    name: r.name,
    mode: r.mode,
    profile_sensitivity: r.profile_sensitivity,
    rate_sensitivity: r.rate_sensitivity,
    burst_sensitivity: r.burst_sensitivity,
    block_any_queries: r.block_any_queries,
    created_on: r.created_on,
    modified_on: r.modified_on,
  };
}

/** Formats a timestamp (ms and µs, or microseconds since the epoch), with a +00:00 offset. */
export function formatStamp(stamp: Stamp | number): string {
  const s = typeof stamp === "number" ? stampOfMicros(stamp) : stamp;
  return isoMicros(s.ms, s.us, 0, false);
}

/** What the model needs of the simulator around it. */
export interface DnsProtectionOptions {
  /** Whether an account id is one of the simulator's (a snapshot may hold rules of those only). */
  accountKnown?: (accountId: string) => boolean;
}

export class DnsProtectionModel {
  readonly #core: SimCore;
  readonly #random: SeededRandom;
  #state: State = { rules: {}, lastStamp: EPOCH_STAMP };
  /** Index of live rules by `account id` + "/" + `rule id` (rebuilt on restore and reset). */
  #byKey = new Map<string, Rule>();

  readonly #accountKnown: ((accountId: string) => boolean) | undefined;

  constructor(core: SimCore, options: DnsProtectionOptions = {}) {
    this.#core = core;
    this.#accountKnown = options.accountKnown;
    this.#random = core.random.fork("dns-protection");
  }

  #stamp(): string {
    const stamp = nextStamp(this.#core.clock.now(), this.#random.int(1000), this.#state.lastStamp);
    this.#state.lastStamp = stamp;
    return formatStamp(stamp);
  }

  #rulesOf(account: string): Rule[] {
    let list = this.#state.rules[account];
    if (!list) {
      list = [];
      this.#state.rules[account] = list;
    }
    return list;
  }

  list(account: string): Rule[] {
    return (this.#state.rules[account] ?? []).map(copyRule);
  }

  get(account: string, id: string): Rule | undefined {
    const r = this.#byKey.get(`${account}/${id}`);
    return r ? copyRule(r) : undefined;
  }

  #reindex(): void {
    this.#byKey = new Map();
    for (const [account, list] of Object.entries(this.#state.rules)) {
      for (const r of list) this.#byKey.set(`${account}/${r.id}`, r);
    }
  }

  create(account: string, input: RuleInput): Rule {
    const now = this.#stamp();
    const rule: Rule = {
      id: this.#random.uuid(),
      scope: input.scope,
      name: input.name,
      mode: input.mode,
      profile_sensitivity: input.profile_sensitivity,
      rate_sensitivity: input.rate_sensitivity,
      burst_sensitivity: input.burst_sensitivity,
      block_any_queries: input.block_any_queries ?? true,
      created_on: now,
      modified_on: now,
    };
    this.#rulesOf(account).push(rule);
    this.#byKey.set(`${account}/${rule.id}`, rule);
    return copyRule(rule);
  }

  /** Applies the given fields; undefined when the rule does not exist. */
  update(account: string, id: string, patch: RulePatch): Rule | undefined {
    const r = this.#byKey.get(`${account}/${id}`);
    if (!r) return undefined;
    // Stamped first: a write with no stamp left (StampRangeError) changes nothing.
    const now = this.#stamp();
    if (patch.mode !== undefined) r.mode = patch.mode;
    if (patch.profile_sensitivity !== undefined) r.profile_sensitivity = patch.profile_sensitivity;
    if (patch.rate_sensitivity !== undefined) r.rate_sensitivity = patch.rate_sensitivity;
    if (patch.burst_sensitivity !== undefined) r.burst_sensitivity = patch.burst_sensitivity;
    if (patch.block_any_queries !== undefined) r.block_any_queries = patch.block_any_queries;
    r.modified_on = now;
    return copyRule(r);
  }

  /** Deletes one rule; false when it does not exist. */
  delete(account: string, id: string): boolean {
    const r = this.#byKey.get(`${account}/${id}`);
    const list = this.#state.rules[account];
    if (!r || !list) return false;
    list.splice(list.indexOf(r), 1);
    this.#byKey.delete(`${account}/${id}`);
    return true;
  }

  /** Deletes every rule of the account; returns how many there were. */
  deleteAll(account: string): number {
    const list = this.#state.rules[account] ?? [];
    for (const r of list) this.#byKey.delete(`${account}/${r.id}`);
    delete this.#state.rules[account];
    return list.length;
  }

  snapshot(): unknown {
    const out: SnapshotState = {
      rules: copyRules(this.#state.rules),
      lastStampMicros: stampMicros(this.#state.lastStamp),
    };
    return out;
  }

  /** Checks a whole snapshot (snapshot-check.ts); throws naming the first bad path. */
  check(state: unknown, path: string, now?: number): void {
    checkDnsProtectionSnapshot(state, path, this.#accountKnown, now);
  }

  /** Replaces the state with a snapshot; a bad one throws (naming its first bad path) and changes nothing. */
  restore(state: unknown): void {
    checkDnsProtectionSnapshot(state, "dnsProtection", this.#accountKnown);
    const s = state as SnapshotState;
    this.#state = { rules: copyRules(s.rules), lastStamp: stampOfMicros(s.lastStampMicros) };
    this.#reindex();
  }

  reset(): void {
    this.#state = { rules: {}, lastStamp: EPOCH_STAMP };
    this.#byKey = new Map();
  }
}
