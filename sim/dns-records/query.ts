/**
 * Listing: filters (type, name, content, comment, tag with .exact/.contains/.startswith/.endswith,
 * proxied, match any|all), ordering (order, direction) and page-number pagination with result_info.
 * A page past the end is an empty page (200).
 *
 * Gaps / by design: without `order`, records come in type, name, content order (then creation);
 * the platform does not document its default. `search`, `comment.present/absent` and
 * `tag.present/absent` filters are not modelled; unknown query parameters are ignored.
 */
import { CODES, validationError } from "./errors.ts";
import type { DnsRecord } from "./record.ts";

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 5_000_000;
export const ORDER_FIELDS = ["type", "name", "content", "ttl", "proxied"] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

type Op = "exact" | "contains" | "startswith" | "endswith";
const OPS: readonly Op[] = ["exact", "contains", "startswith", "endswith"];

export interface Predicate {
  field: "type" | "name" | "content" | "comment" | "tag" | "proxied";
  op: Op;
  value: string;
}

export interface ListQuery {
  predicates: Predicate[];
  match: "all" | "any";
  order?: OrderField;
  direction: "asc" | "desc";
  page: number;
  perPage: number;
}

export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  total_pages: number;
}

function queryError(why: string) {
  return validationError(CODES.queryInvalid, why);
}

function positiveInt(raw: string | null, name: string, fallback: number, max: number): number {
  if (raw === null) return fallback;
  if (!/^[0-9]+$/.test(raw)) throw queryError(`${name} must be a positive integer`);
  const n = Number(raw);
  if (n < 1 || n > max) throw queryError(`${name} must be from 1 to ${max}`);
  return n;
}

/** Decodes list query parameters; throws 1004 for malformed ones. */
export function parseListQuery(q: URLSearchParams, zoneName: string): ListQuery {
  const predicates: Predicate[] = [];
  for (const [key, value] of q) {
    const [field, opText] = key.split(".", 2);
    if (!["type", "name", "content", "comment", "tag", "proxied"].includes(field ?? "")) continue;
    const op = (opText ?? "exact") as Op;
    if (!OPS.includes(op)) continue;
    if (field === "proxied") {
      if (value !== "true" && value !== "false") throw queryError("proxied must be true or false");
      predicates.push({ field, op: "exact", value });
      continue;
    }
    let v = value;
    if (field === "name" && op === "exact") {
      const lower = value.toLowerCase().replace(/\.$/, "");
      v =
        lower === "@"
          ? zoneName
          : lower === zoneName || lower.endsWith(`.${zoneName}`)
            ? lower
            : `${lower}.${zoneName}`;
    }
    predicates.push({ field: field as Predicate["field"], op, value: v });
  }
  const match = q.get("match") ?? "all";
  if (match !== "all" && match !== "any") throw queryError("match must be any or all");
  const order = q.get("order");
  if (order !== null && !(ORDER_FIELDS as readonly string[]).includes(order)) {
    throw queryError(`order must be one of ${ORDER_FIELDS.join(", ")}`);
  }
  const direction = q.get("direction") ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw queryError("direction must be asc or desc");
  return {
    predicates,
    match,
    ...(order !== null ? { order: order as OrderField } : {}),
    direction,
    page: positiveInt(q.get("page"), "page", 1, Number.MAX_SAFE_INTEGER),
    perPage: positiveInt(q.get("per_page"), "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
}

function test(op: Op, have: string, want: string, caseless: boolean): boolean {
  const h = caseless ? have.toLowerCase() : have;
  const w = caseless ? want.toLowerCase() : want;
  switch (op) {
    case "exact":
      return h === w;
    case "contains":
      return h.includes(w);
    case "startswith":
      return h.startsWith(w);
    case "endswith":
      return h.endsWith(w);
  }
}

export function matches(r: DnsRecord, p: Predicate): boolean {
  switch (p.field) {
    case "type":
      return test(p.op, r.type, p.value, true);
    case "name":
      return test(p.op, r.name, p.value, true);
    case "content":
      return test(p.op, r.content, p.value, true);
    case "comment":
      return r.comment !== null && test(p.op, r.comment, p.value, false);
    case "proxied":
      return String(r.proxied) === p.value;
    case "tag": {
      // `tag=name` matches a tag of that name (any value); `tag=name:value` matches the value.
      const colon = p.value.indexOf(":");
      if (colon < 0) return r.tags.some((t) => t.split(":", 1)[0] === p.value);
      const wantName = p.value.slice(0, colon);
      const wantValue = p.value.slice(colon + 1);
      return r.tags.some((t) => {
        const i = t.indexOf(":");
        const tn = i < 0 ? t : t.slice(0, i);
        const tv = i < 0 ? "" : t.slice(i + 1);
        return tn === wantName && test(p.op, tv, wantValue, false);
      });
    }
  }
}

function compare(a: DnsRecord, b: DnsRecord, field: OrderField): number {
  const x = a[field];
  const y = b[field];
  if (typeof x === "number" && typeof y === "number") return x - y;
  const xs = String(x);
  const ys = String(y);
  return xs < ys ? -1 : xs > ys ? 1 : 0;
}

/** Filters, orders and pages `records` (given in creation order). */
export function runListQuery(
  records: readonly DnsRecord[],
  q: ListQuery,
): { result: DnsRecord[]; result_info: ResultInfo } {
  const kept = records.filter((r) =>
    q.predicates.length === 0
      ? true
      : q.match === "all"
        ? q.predicates.every((p) => matches(r, p))
        : q.predicates.some((p) => matches(r, p)),
  );
  const indexed = kept.map((r, i) => ({ r, i }));
  const keys: OrderField[] = q.order ? [q.order] : ["type", "name", "content"];
  const sign = q.direction === "desc" ? -1 : 1;
  indexed.sort((a, b) => {
    for (const k of keys) {
      const c = compare(a.r, b.r, k);
      if (c !== 0) return sign * c;
    }
    return a.i - b.i;
  });
  const start = (q.page - 1) * q.perPage;
  const page = start >= indexed.length ? [] : indexed.slice(start, start + q.perPage).map((x) => x.r);
  return {
    result: page,
    result_info: {
      page: q.page,
      per_page: q.perPage,
      count: page.length,
      total_count: kept.length,
      total_pages: Math.ceil(kept.length / q.perPage),
    },
  };
}
