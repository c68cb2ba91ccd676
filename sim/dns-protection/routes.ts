/**
 * Area A routes: decode -> model -> encode for
 * `/accounts/:account_id/magic/advanced_dns_protection/configs/dns_protection/rules[/:rule_id]`.
 *
 * Gaps / by design: list, create, PATCH (the spec) plus get one, delete one and delete all (the
 * platform, per the reference). Deletes answer the envelope with `result: null`. An unknown rule is
 * 404/1003; a rule_id that is not a UUID is 400/7003 (malformed identifier), as on the platform.
 */
import type { SimCore } from "../core/context.ts";
import { NotFoundError, ValidationError } from "../http/errors.ts";
import { paginate, parsePageQuery } from "../http/pagination.ts";
import type { ApiRoute, HttpAreaModule } from "../http/types.ts";
import { DnsProtectionModel, type Rule } from "./model.ts";
import { validateCreate, validatePatch } from "./validate.ts";
import { A_CODES } from "./values.ts";

export const RULES_PATH = "/accounts/:account_id/magic/advanced_dns_protection/configs/dns_protection/rules";
export const RULE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const LIST_LIMITS = { defaultPerPage: 25, minPerPage: 10, maxPerPage: 1000 } as const;

function notFound(): NotFoundError {
  return new NotFoundError(A_CODES.notFound, "Rule not found");
}

function found(rule: Rule | undefined): Rule {
  if (!rule) throw notFound();
  return rule;
}

export function createDnsProtectionModule(core: SimCore): HttpAreaModule {
  const model = new DnsProtectionModel(core);
  const one = `${RULES_PATH}/:rule_id`;
  const params = { rule_id: RULE_ID };
  const routes: ApiRoute[] = [
    {
      method: "GET",
      path: RULES_PATH,
      handle: (req) => {
        const page = parsePageQuery(req.query, LIST_LIMITS);
        if (page instanceof ValidationError) throw page;
        const { items, result_info } = paginate(model.list(req.params.account_id!), page);
        return { result: items, result_info };
      },
    },
    {
      method: "POST",
      path: RULES_PATH,
      body: "json",
      handle: (req) => {
        const v = validateCreate(req.body);
        if (!v.ok) throw new ValidationError(v.errors);
        return { result: model.create(req.params.account_id!, v.value) };
      },
    },
    {
      method: "DELETE",
      path: RULES_PATH,
      handle: (req) => {
        model.deleteAll(req.params.account_id!);
        return { result: null };
      },
    },
    {
      method: "GET",
      path: one,
      params,
      handle: (req) => ({ result: found(model.get(req.params.account_id!, req.params.rule_id!)) }),
    },
    {
      method: "PATCH",
      path: one,
      params,
      body: "json",
      handle: (req) => {
        const account = req.params.account_id!;
        const id = req.params.rule_id!;
        if (!model.get(account, id)) throw notFound();
        const v = validatePatch(req.body);
        if (!v.ok) throw new ValidationError(v.errors);
        return { result: found(model.update(account, id, v.value)) };
      },
    },
    {
      method: "DELETE",
      path: one,
      params,
      handle: (req) => {
        if (!model.delete(req.params.account_id!, req.params.rule_id!)) throw notFound();
        return { result: null };
      },
    },
  ];
  return {
    routes,
    state: { snapshot: () => model.snapshot(), restore: (s) => model.restore(s), reset: () => model.reset() },
  };
}
