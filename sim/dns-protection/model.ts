/**
 * Area A model: DNS protection rules per account (state + operations). Never sees HTTP.
 *
 * Gaps / by design: rules are listed in creation order (the platform's order is not documented).
 * Timestamps come from the fake clock plus microsecond digits from the seeded stream, strictly
 * increasing within the area, so modified_on always moves on update even when the clock did not.
 * They are written with a `+00:00` offset (`2023-10-01T13:10:38.762503+00:00`). Restoring a snapshot
 * does not rewind the id stream: ids after a restore are new ids, never reused ones.
 */
import type { SimCore } from "../core/context.ts";
import type { SeededRandom } from "../core/random.ts";
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
  lastStampMicros: number;
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

function copyState(s: State): State {
  const rules: Record<string, Rule[]> = {};
  for (const [account, list] of Object.entries(s.rules)) rules[account] = list.map(copyRule);
  return { rules, lastStampMicros: s.lastStampMicros };
}

/** Formats a timestamp given in microseconds since the epoch, with a +00:00 offset. */
export function formatStamp(micros: number): string {
  return isoMicros(Math.floor(micros / 1000), micros % 1000, 0, false);
}

/** What the model needs of the simulator around it. */
export interface DnsProtectionOptions {
  /** Whether an account id is one of the simulator's (a snapshot may hold rules of those only). */
  accountKnown?: (accountId: string) => boolean;
}

export class DnsProtectionModel {
  readonly #core: SimCore;
  readonly #random: SeededRandom;
  #state: State = { rules: {}, lastStampMicros: 0 };
  /** Index of live rules by `account id` + "/" + `rule id` (rebuilt on restore and reset). */
  #byKey = new Map<string, Rule>();

  readonly #accountKnown: ((accountId: string) => boolean) | undefined;

  constructor(core: SimCore, options: DnsProtectionOptions = {}) {
    this.#core = core;
    this.#accountKnown = options.accountKnown;
    this.#random = core.random.fork("dns-protection");
  }

  #stamp(): string {
    const candidate = this.#core.clock.now() * 1000 + this.#random.int(1000);
    const micros = Math.max(candidate, this.#state.lastStampMicros + 1);
    this.#state.lastStampMicros = micros;
    return formatStamp(micros);
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
    if (patch.mode !== undefined) r.mode = patch.mode;
    if (patch.profile_sensitivity !== undefined) r.profile_sensitivity = patch.profile_sensitivity;
    if (patch.rate_sensitivity !== undefined) r.rate_sensitivity = patch.rate_sensitivity;
    if (patch.burst_sensitivity !== undefined) r.burst_sensitivity = patch.burst_sensitivity;
    if (patch.block_any_queries !== undefined) r.block_any_queries = patch.block_any_queries;
    r.modified_on = this.#stamp();
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
    return copyState(this.#state);
  }

  /** Checks a whole snapshot (snapshot-check.ts); throws naming the first bad path. */
  check(state: unknown, path: string, now?: number): void {
    checkDnsProtectionSnapshot(state, path, this.#accountKnown, now);
  }

  /** Replaces the state with a snapshot; a bad one throws (naming its first bad path) and changes nothing. */
  restore(state: unknown): void {
    checkDnsProtectionSnapshot(state, "dnsProtection", this.#accountKnown);
    const s = state as State;
    this.#state = copyState({ rules: s.rules, lastStampMicros: s.lastStampMicros });
    this.#reindex();
  }

  reset(): void {
    this.#state = { rules: {}, lastStampMicros: 0 };
    this.#byKey = new Map();
  }
}
