/**
 * Area A: rules belong to one account (spec: "Area A lets an account read, create and partially update
 * DNS protection rules"). With its own valid credentials, on its own account's path, the second tenant
 * must not reach a rule of the primary account by its id (404, as for any unknown rule), must not see it
 * in its list, and its delete-all must leave it; the same holds the other way round. (Credentials of one
 * tenant on the other's path are suites/http/auth.test.ts's: 403 / 9109.)
 */
import { afterEach, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ApiTarget } from "../../harness/targets/api.ts";
import { apiOf, checkRule, expectFailure, expectSuccess, type Rule, rulesPath, validRule } from "../http/support.ts";
import { deleteOwnRules, ownRules } from "./own-rules.ts";

/** The second tenant's rules, on its own account's path with its own token; tracks what it creates. */
function theirRules(api: ApiTarget) {
  const base = rulesPath(api.otherTenant!.account_id);
  const init = { auth: "other-token" } as const;
  const made = new Set<string>();
  return {
    base,
    made,
    list: (q = "?per_page=1000") => api.request("GET", `${base}${q}`, undefined, init),
    get: (id: string) => api.request("GET", `${base}/${id}`, undefined, init),
    patch: (id: string, body: unknown) => api.request("PATCH", `${base}/${id}`, body, init),
    delete: (id: string) => api.request("DELETE", `${base}/${id}`, undefined, init),
    deleteAll: () => api.request("DELETE", base, undefined, init),
    async create(body: Record<string, unknown>): Promise<Rule> {
      const rule = checkRule(expectSuccess<Rule>(await api.request("POST", base, body, init)).result);
      made.add(rule.id);
      return rule;
    },
    async cleanup(): Promise<void> {
      for (const id of made) {
        const res = await api.request("DELETE", `${base}/${id}`, undefined, init);
        expect([200, 404], `cleanup: DELETE ${base}/${id} (second tenant's rule) answers 200 or 404`).toContain(
          res.status,
        );
      }
    },
  };
}

const ids = (rules: readonly Rule[]) => rules.map((r) => r.id);

describe("dns protection: tenants", () => {
  afterEach(deleteOwnRules);

  clauseTest(
    ["A.tenant.isolation", "A.get.not-found", "A.errors.no-change"],
    "the second tenant, on its own account's path, gets 404 for our rule on GET, PATCH, DELETE and does not list it",
    async (ctx) => {
      const { api } = await apiOf(ctx, "tenants");
      const mine = ownRules(api);
      const theirs = theirRules(api);
      try {
        const ours = await mine.made({ ...validRule, scope: "datacenter", name: "Ams" });
        // The control: the second tenant reads, changes and lists a rule of its own account.
        const their = await theirs.create({ ...validRule, scope: "region", name: "wnam" });
        const got = expectSuccess<Rule>(await theirs.get(their.id)).result;
        expect(got, `GET ${theirs.base}/{its rule} (second tenant): its own rule [A.get.one]`).toEqual(their);
        const patched = expectSuccess<Rule>(await theirs.patch(their.id, { mode: "monitoring" })).result;
        expect(patched.mode, `PATCH ${theirs.base}/{its rule} (second tenant): mode [A.update.partial]`).toBe(
          "monitoring",
        );
        const listed = expectSuccess<Rule[]>(await theirs.list()).result;
        expect(ids(listed), `GET ${theirs.base} (second tenant): lists its own rule [A.list.rules]`).toContain(
          their.id,
        );

        // Our rule by id, through the second tenant's account: as unknown as any id.
        const at = `${theirs.base}/${ours.id} (second tenant, our rule's id)`;
        expectFailure(await theirs.get(ours.id), 404);
        expectFailure(await theirs.patch(ours.id, { mode: "disabled" }), 404);
        expectFailure(await theirs.delete(ours.id), 404);
        expect(
          ids(listed),
          `GET ${theirs.base} (second tenant): our rule is not listed [A.tenant.isolation]`,
        ).not.toContain(ours.id);
        const same = expectSuccess<Rule>(await mine.get(ours.id)).result;
        expect(same, `GET our rule after GET/PATCH/DELETE ${at}: unchanged [A.errors.no-change]`).toEqual(ours);

        // Their rule by id, through our account: the same.
        expectFailure(await mine.get(their.id), 404);
        expectFailure(await mine.patch(their.id, { mode: "disabled" }), 404);
        expectFailure(await mine.delete(their.id), 404);
        const ourList = ids(await mine.listAll());
        expect(ourList, "GET our rules list: holds our rule [A.list.rules]").toContain(ours.id);
        expect(ourList, "GET our rules list: not the second tenant's rule [A.tenant.isolation]").not.toContain(
          their.id,
        );
        const theirsAfter = expectSuccess<Rule>(await theirs.get(their.id)).result;
        expect(
          theirsAfter,
          "GET the second tenant's rule after our GET/PATCH/DELETE of its id on our path: unchanged [A.errors.no-change]",
        ).toEqual(patched);
      } finally {
        await theirs.cleanup();
      }
    },
  );

  clauseTest(
    ["A.tenant.isolation", "A.delete.all"],
    "the second tenant's delete-all empties its account and leaves ours",
    async (ctx) => {
      const { target, api } = await apiOf(ctx, "tenants");
      // Deleting every rule of the second account is done on the simulators only (as A.delete.all).
      if (target.name !== "sim" && target.name !== "serve") {
        ctx.skip(`target ${target.name}: deleting every rule of a real account is not done by this suite`);
      }
      const mine = ownRules(api);
      const theirs = theirRules(api);
      try {
        const ours = [await mine.made(), await mine.made({ ...validRule, scope: "region", name: "weu" })];
        await theirs.create(validRule);
        await theirs.create({ ...validRule, mode: "disabled" });
        expectSuccess(await theirs.deleteAll());
        const left = expectSuccess<Rule[]>(await theirs.list());
        expect(left.result, `GET ${theirs.base} after its DELETE ${theirs.base}: empty [A.delete.all]`).toEqual([]);
        expect(
          left.result_info?.total_count,
          `GET ${theirs.base} after its delete-all: result_info.total_count [A.delete.all]`,
        ).toBe(0);
        expect(
          await mine.listOwn(),
          `GET our rules after the second tenant's delete-all: both of ours, unchanged [A.tenant.isolation]`,
        ).toEqual(ours);
      } finally {
        await theirs.cleanup();
      }
    },
  );
});
