/**
 * Area A routes: decode -> model -> encode for
 * `/accounts/:account_id/magic/advanced_dns_protection/configs/dns_protection/rules[/:rule_id]`.
 *
 * Gaps / by design: list, create, PATCH (the spec) plus get one, delete one and delete all (the
 * platform, per the reference). Deletes answer `{success, errors, messages}` without a `result`
 * key (the platform's OpenAPI response schema of both deletes). The list takes exactly the
 * OpenAPI's query parameters: page, per_page, order (a rule field, or the OpenAPI's documented
 * default `prefix`, which rules lack: creation order), direction (ASC or DESC as documented; lower
 * case accepted too); another parameter is 400. result_info is exactly the OpenAPI's
 * {count, page, per_page, total_count} (dos_api-response-collection has no total_pages). An unknown rule is
 * 404/1003; a rule_id that is not a UUID is 400/7003 (malformed identifier), as on the platform.
 */
import type { SimCore } from "../core/context.ts";
import { NotFoundError, ValidationError } from "../http/errors.ts";
import { paginate, parsePageQuery } from "../http/pagination.ts";
import type { ApiRoute, HttpAreaModule } from "../http/types.ts";
import { DnsProtectionModel, type DnsProtectionOptions, type Rule } from "./model.ts";
import { validateCreate, validatePatch } from "./validate.ts";
import { A_CODES, DEFAULT_ORDER, ORDER_FIELDS } from "./values.ts";

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

type OrderField = (typeof ORDER_FIELDS)[number];
const LIST_PARAMS = new Set(["page", "per_page", "order", "direction"]);

/** Reads `order` and `direction`; refuses unknown, repeated or malformed list parameters (1004). */
export function parseOrder(q: URLSearchParams): { field?: OrderField; desc: boolean } {
  const chain = [];
  const seen = new Set<string>();
  for (const key of q.keys()) {
    if (!LIST_PARAMS.has(key)) chain.push({ code: 1205, message: `unknown list parameter ${key}` });
    else if (seen.has(key)) chain.push({ code: 1205, message: `${key} is given more than once` });
    seen.add(key);
  }
  const raw = q.get("order");
  const order = raw === DEFAULT_ORDER ? null : raw;
  if (order !== null && !(ORDER_FIELDS as readonly string[]).includes(order)) {
    chain.push({ code: 1203, message: `order must be ${DEFAULT_ORDER} or one of ${ORDER_FIELDS.join(", ")}` });
  }
  const direction = q.get("direction");
  if (direction !== null && !/^(asc|desc)$/i.test(direction)) {
    chain.push({ code: 1204, message: "direction must be ASC or DESC" });
  }
  if (chain.length > 0) throw new ValidationError(chain);
  return {
    ...(order !== null ? { field: order as OrderField } : {}),
    desc: direction !== null && direction.toLowerCase() === "desc",
  };
}

/** Rules in creation order, or sorted by `order` (ties in creation order); DESC reverses. */
function ordered(rules: readonly Rule[], o: { field?: OrderField; desc: boolean }): Rule[] {
  const out = [...rules];
  if (o.field) {
    const f = o.field;
    out.sort((a, b) => (a[f] < b[f] ? -1 : a[f] > b[f] ? 1 : 0));
  }
  return o.desc ? out.reverse() : out;
}

export function createDnsProtectionModule(core: SimCore, options: DnsProtectionOptions = {}): HttpAreaModule {
  const model = new DnsProtectionModel(core, options);
  const one = `${RULES_PATH}/:rule_id`;
  const params = { rule_id: RULE_ID };
  const routes: ApiRoute[] = [
    {
      method: "GET",
      path: RULES_PATH,
      handle: (req) => {
        const page = parsePageQuery(req.query, LIST_LIMITS);
        if (page instanceof ValidationError) throw page;
        const order = parseOrder(req.query);
        const { items, result_info } = paginate(ordered(model.list(req.params.account_id!), order), page);
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
        return { result: null, noResult: true };
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
        return { result: null, noResult: true };
      },
    },
  ];
  return {
    routes,
    state: {
      snapshot: () => model.snapshot(),
      check: (s, path, now) => model.check(s, path, now),
      restore: (s) => model.restore(s),
      reset: () => model.reset(),
    },
  };
}
