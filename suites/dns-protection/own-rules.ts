/**
 * Area A suites' rules helper that only ever touches the rules a test created: every successful
 * create is recorded, `deleteOwnRules()` (run after each test) deletes exactly those, and listings
 * are read for those ids. Safe to run against a real account holding rules of its own.
 */
import { expect } from "vitest";
import type { ApiRequestInit, ApiResult, ApiTarget } from "../../harness/targets/api.ts";
import { expectSuccess, type Rule, rules, validRule } from "../http/support.ts";

interface Tracked {
  api: ApiTarget;
  init: ApiRequestInit;
  ids: Set<string>;
}

const tracked: Tracked[] = [];

function createdId(res: ApiResult): string | undefined {
  const id = (res.json as { result?: { id?: unknown } } | undefined)?.result?.id;
  return res.status < 300 && typeof id === "string" ? id : undefined;
}

/** `rules(api)` without `deleteAll`, recording the id of every rule it creates. */
export function ownRules(api: ApiTarget, init: ApiRequestInit = {}) {
  const { deleteAll: _everyRule, ...r } = rules(api, init);
  const entry: Tracked = { api, init, ids: new Set() };
  tracked.push(entry);
  const note = (res: ApiResult): ApiResult => {
    const id = createdId(res);
    if (id !== undefined) entry.ids.add(id);
    return res;
  };
  return {
    ...r,
    /** Ids of the rules created through this helper (and not deleted through it). */
    ids: entry.ids as ReadonlySet<string>,
    /** Records a rule created some other way (a client of its own), so `deleteOwnRules` deletes it. */
    track(id: string): void {
      entry.ids.add(id);
    },
    create: async (body: unknown) => note(await r.create(body)),
    async made(body: Record<string, unknown> = validRule): Promise<Rule> {
      const rule = await r.made(body);
      entry.ids.add(rule.id);
      return rule;
    },
    async delete(id: string) {
      const res = await r.delete(id);
      if (res.status < 300) entry.ids.delete(id);
      return res;
    },
    /** Every rule of the account, across all pages (per_page 1000). */
    async listAll(): Promise<Rule[]> {
      const out: Rule[] = [];
      for (let page = 1; ; page++) {
        const env = expectSuccess<Rule[]>(await r.list(`?per_page=1000&page=${page}`));
        out.push(...env.result);
        // total_count, not total_pages: the OpenAPI's result_info of this list has no total_pages.
        if (env.result.length === 0 || page * 1000 >= (env.result_info?.total_count ?? 0)) return out;
      }
    },
    /** The account's rules whose ids are in `ids` (default: this helper's own), in listing order. */
    async listOwn(ids: ReadonlySet<string> = entry.ids): Promise<Rule[]> {
      return (await this.listAll()).filter((x) => ids.has(x.id));
    },
  };
}

/** Deletes the rules the tests created (a rule already gone is fine); run it after each test. */
export async function deleteOwnRules(): Promise<void> {
  const entries = tracked.splice(0);
  for (const e of entries) {
    const r = rules(e.api, e.init);
    for (const id of e.ids) {
      const res = await r.delete(id);
      expect([200, 404], `cleanup of rule ${id}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    }
  }
}
