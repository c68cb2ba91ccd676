/**
 * The list query of area B, decoded: every parameter of the official SDK's `RecordListParams`
 * (cloudflare-typescript, src/resources/dns/records.ts) and nothing else.
 *
 * - `type`, `proxied`; `name`, `content` with `.exact/.contains/.startswith/.endswith` (bare = exact);
 *   `comment` with those and `.present/.absent`; `tag` with those (values `name:value`) and
 *   `.present/.absent` (values a tag name); bare `tag=x` is `tag.present=x`, `tag=x:v` is `tag.exact`.
 * - `match` (any|all) combines the filters; `tag_match` (any|all) combines the tag filters first,
 *   whose result is one term of `match` (as the SDK documents).
 * - `search`: a case-insensitive substring of name, content, comment or a tag, AND-ed with the rest
 *   (the SDK leaves its exact behaviour unspecified).
 * - `shadowing_name`, `shadowed_by_name`, `include_shadow_metadata` (shadowed records).
 * - `order` (type|name|content|ttl|proxied), `direction` (asc|desc), `page`, `per_page` (default 100).
 *
 * All string filters are case-insensitive (SDK: "Name/Content/Comment/Tag filters are
 * case-insensitive"). A parameter not in that list, a value of the wrong form or a parameter given
 * twice is 400 / 1004 with chain 9105: nothing is silently ignored. The bare `name` takes at most 255
 * characters (the OpenAPI's maxLength of dns-records_name); its `.exact` and other forms have no stated limit.
 *
 * The other endpoints take what the SDK gives them (`parseRecordQuery`): `include_shadow_metadata` on
 * every other endpoint (GET of one record, create, PATCH, PUT, DELETE, batch); anything else is
 * refused the same way (400 / 1004 / 9105).
 *
 * Gaps / by design: the shadow metadata itself is shadow.ts's.
 */
import { CODES, validationError } from "./errors.ts";

export const DEFAULT_PER_PAGE = 100;
/** The bare `name` filter's longest value (OpenAPI: the list's `name` is dns-records_name, maxLength 255). */
export const MAX_NAME_FILTER = 255;
export const MAX_PER_PAGE = 5_000_000;
export const ORDER_FIELDS = ["type", "name", "content", "ttl", "proxied"] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** Record types the SDK's `type` filter names. */
export const LIST_TYPES: ReadonlySet<string> = new Set([
  "A",
  "AAAA",
  "CAA",
  "CERT",
  "CNAME",
  "DNSKEY",
  "DS",
  "HTTPS",
  "LOC",
  "MX",
  "NAPTR",
  "NS",
  "OPENPGPKEY",
  "PTR",
  "SMIMEA",
  "SRV",
  "SSHFP",
  "SVCB",
  "TLSA",
  "TXT",
  "URI",
]);

export type TextOp = "exact" | "contains" | "startswith" | "endswith";
const TEXT_OPS: readonly string[] = ["exact", "contains", "startswith", "endswith"];

/** One filter; string values are lowercased (every filter is case-insensitive). */
export type Filter =
  | { field: "type"; value: string }
  | { field: "proxied"; value: boolean }
  | { field: "name" | "content"; op: TextOp; value: string }
  | { field: "comment"; op: TextOp; value: string }
  | { field: "comment"; op: "present" | "absent" }
  | { field: "tag"; op: TextOp; tagName: string; value: string }
  | { field: "tag"; op: "present" | "absent"; tagName: string };

export interface ListQuery {
  /** Filters other than tag filters, combined by `match`. */
  filters: Filter[];
  /** Tag filters, combined by `tagMatch`; their result is one more term of `match`. */
  tagFilters: Filter[];
  match: "all" | "any";
  tagMatch: "all" | "any";
  /** Lowercased `search` text (AND-ed with everything else). */
  search?: string;
  /** Full lowercased names (shadowed-records filters). */
  shadowingName?: string;
  shadowedByName?: string;
  includeShadowMetadata: boolean;
  order?: OrderField;
  direction: "asc" | "desc";
  page: number;
  perPage: number;
}

function queryError(why: string) {
  return validationError(CODES.queryInvalid, why);
}

function positiveInt(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^[0-9]{1,16}$/.test(raw)) throw queryError(`${name} must be a positive integer`);
  const n = Number(raw);
  if (n < 1 || n > max) throw queryError(`${name} must be from 1 to ${max}`);
  return n;
}

function oneOf<T extends string>(raw: string | undefined, name: string, values: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  if (!(values as readonly string[]).includes(raw)) throw queryError(`${name} must be one of ${values.join(", ")}`);
  return raw as T;
}

function bool(raw: string, name: string): boolean {
  if (raw !== "true" && raw !== "false") throw queryError(`${name} must be true or false`);
  return raw === "true";
}

/** A name as the zone stores it: lowercased, trailing dot dropped, relative names completed, `@` the apex. */
export function fullName(value: string, zoneName: string): string {
  const lower = value.toLowerCase().replace(/\.$/, "");
  const zone = zoneName.toLowerCase();
  if (lower === "@" || lower === zone) return zone;
  return lower.endsWith(`.${zone}`) ? lower : `${lower}.${zone}`;
}

/** A `name:value` tag filter value, split (name and value lowercased). */
function tagPair(raw: string, key: string): { tagName: string; value: string } {
  const i = raw.indexOf(":");
  if (i <= 0) throw queryError(`${key} must be <tag-name>:<tag-value>`);
  return { tagName: raw.slice(0, i).toLowerCase(), value: raw.slice(i + 1).toLowerCase() };
}

function tagName(raw: string, key: string): string {
  if (raw === "" || raw.includes(":")) throw queryError(`${key} must be a tag name`);
  return raw.toLowerCase();
}

const SINGLE_KEYS = new Set([
  "match",
  "tag_match",
  "search",
  "order",
  "direction",
  "page",
  "per_page",
  "proxied",
  "type",
  "include_shadow_metadata",
  "shadowing_name",
  "shadowed_by_name",
]);

/** Decodes list query parameters; throws 1004 / 9105 for an unknown, repeated or malformed one. */
export function parseListQuery(q: URLSearchParams, zoneName: string): ListQuery {
  const seen = new Map<string, string>();
  const filters: Filter[] = [];
  const tagFilters: Filter[] = [];
  for (const [key, value] of q) {
    if (seen.has(key)) throw queryError(`${key} is given more than once`);
    seen.set(key, value);
    if (SINGLE_KEYS.has(key)) continue;
    const dot = key.indexOf(".");
    const field = dot < 0 ? key : key.slice(0, dot);
    const op = dot < 0 ? undefined : key.slice(dot + 1);
    if (field === "name" || field === "content") {
      // The bare `name` parameter is the OpenAPI's dns-records_name (maxLength 255, in characters).
      if (key === "name" && [...value].length > MAX_NAME_FILTER) {
        throw queryError(`name must be at most ${MAX_NAME_FILTER} characters`);
      }
      const o = (op ?? "exact") as TextOp;
      if (!TEXT_OPS.includes(o)) throw queryError(`unknown list parameter ${key}`);
      const v = field === "name" && o === "exact" ? fullName(value, zoneName) : value.toLowerCase();
      filters.push({ field, op: o, value: v });
    } else if (field === "comment") {
      const o = op ?? "exact";
      if (o === "present" || o === "absent") filters.push({ field, op: o });
      else if (TEXT_OPS.includes(o)) filters.push({ field, op: o as TextOp, value: value.toLowerCase() });
      else throw queryError(`unknown list parameter ${key}`);
    } else if (field === "tag") {
      if (op === undefined) {
        if (value.includes(":")) tagFilters.push({ field, op: "exact", ...tagPair(value, key) });
        else tagFilters.push({ field, op: "present", tagName: tagName(value, key) });
      } else if (op === "present" || op === "absent") {
        tagFilters.push({ field, op, tagName: tagName(value, key) });
      } else if (TEXT_OPS.includes(op)) {
        tagFilters.push({ field, op: op as TextOp, ...tagPair(value, key) });
      } else throw queryError(`unknown list parameter ${key}`);
    } else {
      throw queryError(`unknown list parameter ${key}`);
    }
  }
  const type = seen.get("type");
  if (type !== undefined) {
    const t = type.toUpperCase();
    if (!LIST_TYPES.has(t)) throw queryError(`type must be one of ${[...LIST_TYPES].join(", ")}`);
    filters.push({ field: "type", value: t });
  }
  const proxied = seen.get("proxied");
  if (proxied !== undefined) filters.push({ field: "proxied", value: bool(proxied, "proxied") });
  const out: ListQuery = {
    filters,
    tagFilters,
    match: oneOf(seen.get("match"), "match", ["all", "any"], "all"),
    tagMatch: oneOf(seen.get("tag_match"), "tag_match", ["all", "any"], "all"),
    includeShadowMetadata: false,
    direction: oneOf(seen.get("direction"), "direction", ["asc", "desc"], "asc"),
    page: positiveInt(seen.get("page"), "page", 1, Number.MAX_SAFE_INTEGER),
    perPage: positiveInt(seen.get("per_page"), "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
  const order = seen.get("order");
  if (order !== undefined) out.order = oneOf(order, "order", ORDER_FIELDS, "type");
  const search = seen.get("search");
  if (search !== undefined && search !== "") out.search = search.toLowerCase();
  const include = seen.get("include_shadow_metadata");
  if (include !== undefined) out.includeShadowMetadata = bool(include, "include_shadow_metadata");
  for (const key of ["shadowing_name", "shadowed_by_name"] as const) {
    const raw = seen.get(key);
    if (raw === undefined) continue;
    const name = fullName(raw, zoneName);
    if (raw === "" || name === zoneName.toLowerCase()) {
      throw queryError(`${key} must be a subdomain of the zone; the zone apex is not accepted`);
    }
    if (key === "shadowing_name") out.shadowingName = name;
    else out.shadowedByName = name;
  }
  if (out.shadowedByName !== undefined && !out.includeShadowMetadata) {
    throw queryError("shadowed_by_name requires include_shadow_metadata=true");
  }
  return out;
}

/**
 * The query of a one-record endpoint or of batch: `include_shadow_metadata` (true|false), which the
 * SDK sends on GET one, POST, PATCH, PUT and batch and the docs allow on "any DNS records API request"
 * (DELETE answers `{id}`: nothing to add it to). Unknown, repeated or malformed parameters:
 * 400 / 1004 / 9105, as on the list.
 */
export function parseRecordQuery(q: URLSearchParams): { includeShadowMetadata: boolean } {
  let include: boolean | undefined;
  for (const [key, value] of q) {
    if (key !== "include_shadow_metadata") throw queryError(`unknown query parameter ${key}`);
    if (include !== undefined) throw queryError(`${key} is given more than once`);
    include = bool(value, key);
  }
  return { includeShadowMetadata: include ?? false };
}
