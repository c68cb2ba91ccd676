/**
 * The record as stored and answered, and `buildDraft`: a request body (create, PUT, or a PATCH
 * merged onto the stored record) validated into the fields a record holds.
 *
 * Gaps / by design: validation stops at the first problem (one error per response); unknown body
 * fields are ignored, as the platform does; comments have no length limit (the platform's depends
 * on the plan).
 */
import { CODES, DnsRecordError, fieldError, validationError } from "./errors.ts";
import { ADDRESS_NAME_TYPES, resolveNameOrThrow } from "./names.ts";
import { resolveTtlOrThrow } from "./ttl.ts";
import { DATA_TYPES, PRIORITY_TYPES, type TypeContext, typeSpec } from "./types/index.ts";

export interface RecordMeta {
  auto_added: boolean;
  managed_by_apps: boolean;
  managed_by_tunnel: boolean;
  source: string;
}

export interface DnsRecord {
  id: string;
  zone_id: string;
  zone_name: string;
  name: string;
  type: string;
  content: string;
  priority?: number;
  proxiable: boolean;
  proxied: boolean;
  ttl: number;
  data?: Record<string, unknown>;
  settings: Record<string, unknown>;
  locked: boolean;
  meta: RecordMeta;
  comment: string | null;
  tags: string[];
  created_on: string;
  modified_on: string;
  comment_modified_on?: string;
  tags_modified_on?: string;
}

/** The fields a request decides. */
export type RecordDraft = Pick<
  DnsRecord,
  "name" | "type" | "content" | "priority" | "proxiable" | "proxied" | "ttl" | "data" | "settings" | "comment" | "tags"
>;

export const PROXIABLE_TYPES: ReadonlySet<string> = ADDRESS_NAME_TYPES;

/** Tag form `name` or `name:value`; names are letters, digits, `-` and `_` (platform). */
export const TAG_PATTERN = /^[A-Za-z0-9_-]+(?::[^\r\n]*)?$/;

export function asBody(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw fieldError("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

function checkComment(comment: unknown): string | null {
  if (comment === undefined || comment === null) return null;
  if (typeof comment !== "string") throw fieldError("comment must be a string or null");
  if (/[\r\n]/.test(comment)) throw fieldError("comment must not contain CR or LF");
  return comment === "" ? null : comment;
}

function checkTags(tags: unknown): string[] {
  if (tags === undefined || tags === null) return [];
  if (!Array.isArray(tags)) throw fieldError("tags must be an array of strings");
  const out: string[] = [];
  for (const t of tags) {
    if (typeof t !== "string" || !TAG_PATTERN.test(t)) {
      throw fieldError(
        `tag ${JSON.stringify(t)} must be name or name:value (letters, digits, - and _ in the name; no CR or LF)`,
      );
    }
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** Settings keys per type, as the SDK's record schemas list them: ipv4_only/ipv6_only on every type. */
function settingKeys(type: string): readonly string[] {
  return type === "CNAME" ? ["flatten_cname", "ipv4_only", "ipv6_only"] : ["ipv4_only", "ipv6_only"];
}

function checkSettings(type: string, settings: unknown, proxied: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = type === "CNAME" ? { flatten_cname: false } : {};
  if (settings === undefined || settings === null) return out;
  if (typeof settings !== "object" || Array.isArray(settings)) throw fieldError("settings must be an object");
  const allowed = settingKeys(type);
  for (const [k, v] of Object.entries(settings)) {
    if (!allowed.includes(k)) throw fieldError(`settings.${k} is not a setting of ${type} records`);
    if (typeof v !== "boolean") throw fieldError(`settings.${k} must be a boolean`);
    out[k] = v;
  }
  // SDK: flatten_cname "is unavailable for proxied records, since they are always flattened".
  if (proxied && out.flatten_cname === true) {
    throw fieldError("settings.flatten_cname is unavailable for proxied records (they are always flattened)");
  }
  return out;
}

/** Validates a body into a draft, or throws the platform's error. */
export function buildDraft(body: Record<string, unknown>, zoneName: string, ctx: TypeContext): RecordDraft {
  const spec = typeSpec(body.type);
  const type = spec.type;
  const name = resolveNameOrThrow(body.name, zoneName, type);
  const out = spec.build({ type, content: body.content, data: body.data, priority: body.priority }, ctx);
  if (body.proxied !== undefined && typeof body.proxied !== "boolean") throw fieldError("proxied must be a boolean");
  const proxied = body.proxied === true;
  const proxiable = PROXIABLE_TYPES.has(type) && (spec.proxiable ? spec.proxiable(out, ctx) : true);
  if (proxied && !PROXIABLE_TYPES.has(type)) {
    throw validationError(CODES.notProxiable, "This kind of record cannot be proxied");
  }
  if (proxied && !proxiable) {
    throw validationError(CODES.targetNotAllowed, `Target ${out.content} is not allowed for a proxied record.`);
  }
  const ttl = resolveTtlOrThrow(body.ttl, proxied);
  const draft: RecordDraft = {
    name,
    type,
    content: out.content,
    proxiable,
    proxied,
    ttl,
    settings: checkSettings(type, body.settings, proxied),
    comment: checkComment(body.comment),
    tags: checkTags(body.tags),
  };
  if (PRIORITY_TYPES.has(type) && out.priority !== undefined) draft.priority = out.priority;
  if (DATA_TYPES.has(type) && out.data) draft.data = out.data;
  return draft;
}

/** The body that re-creates `r` (the base a PATCH is merged onto). */
export function bodyOf(r: DnsRecord): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: r.type,
    name: r.name,
    content: r.content,
    proxied: r.proxied,
    ttl: r.ttl,
    comment: r.comment,
    tags: [...r.tags],
    settings: { ...r.settings },
  };
  if (r.data) body.data = structuredClone(r.data);
  if (r.priority !== undefined) body.priority = r.priority;
  return body;
}

/**
 * `present(r)` as JSON text (the zone index keeps it beside each stored record: see
 * ZoneIndex.textOf, so a GET after a create serialises nothing).
 */
export function presentJson(r: DnsRecord): string {
  const text = recordText(r) ?? JSON.stringify(fieldsOf(r, false));
  flatten(text);
  return text;
}

/**
 * `JSON.stringify(fieldsOf(r, false))` written out field by field (the same bytes, no object made
 * for it), or undefined when a field is not of its usual kind (the caller then stringifies).
 */
function recordText(r: DnsRecord): string | undefined {
  const { comment, settings, tags, meta } = r;
  if (
    typeof r.id !== "string" ||
    typeof r.zone_id !== "string" ||
    typeof r.zone_name !== "string" ||
    typeof r.name !== "string" ||
    typeof r.type !== "string" ||
    typeof r.content !== "string" ||
    typeof r.proxiable !== "boolean" ||
    typeof r.proxied !== "boolean" ||
    typeof r.ttl !== "number" ||
    typeof r.locked !== "boolean" ||
    typeof r.created_on !== "string" ||
    typeof r.modified_on !== "string" ||
    (comment !== null && typeof comment !== "string") ||
    !Array.isArray(tags) ||
    typeof settings !== "object" ||
    settings === null ||
    typeof meta !== "object" ||
    meta === null
  ) {
    return undefined;
  }
  if (r.zone_id !== lastZoneId || r.zone_name !== lastZoneName) {
    lastZoneId = r.zone_id;
    lastZoneName = r.zone_name;
    lastZoneText = `"zone_id":${quote(r.zone_id)},"zone_name":${quote(r.zone_name)}`;
    flatten(lastZoneText);
  }
  const created = quote(r.created_on);
  const modified = r.modified_on === r.created_on ? created : quote(r.modified_on);
  let out = `{"id":${quote(r.id)},${lastZoneText},"name":${quote(r.name)},"type":${quote(r.type)},"content":${quote(r.content)}`;
  if (r.priority !== undefined) out += `,"priority":${JSON.stringify(r.priority)}`;
  out += `,"proxiable":${r.proxiable},"proxied":${r.proxied},"ttl":${JSON.stringify(r.ttl)}`;
  if (r.data) out += `,"data":${JSON.stringify(r.data)}`;
  out += `,"settings":${isEmpty(settings) ? "{}" : JSON.stringify(settings)},"locked":${r.locked},"meta":${metaText(meta)}`;
  out += `,"comment":${comment === null ? "null" : quote(comment)},"tags":${tags.length === 0 ? "[]" : JSON.stringify(tags)}`;
  out += `,"created_on":${created},"modified_on":${modified}`;
  if (r.comment_modified_on) out += `,"comment_modified_on":${JSON.stringify(r.comment_modified_on)}`;
  if (r.tags_modified_on) out += `,"tags_modified_on":${JSON.stringify(r.tags_modified_on)}`;
  return `${out}}`;
}

/**
 * Makes V8 lay `text` (built by concatenation: a tree of pieces) out as one flat string now, so the
 * text kept is one string, not a tree the garbage collector walks and copies. Speed only.
 */
export function flatten(text: string): void {
  if (text.length > 0) text.charCodeAt(text.length >>> 1);
}

/** The zone fields' text of the last record written out (records of one zone share it). */
let lastZoneId = "";
let lastZoneName = "";
let lastZoneText = '"zone_id":"","zone_name":""';

/** `JSON.stringify(s)` for a string: quoted as it is when nothing in it needs an escape. */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** The meta's text: records share one meta object, so the last one's text is kept. */
let lastMeta: object | undefined;
let lastMetaText = "";
function metaText(meta: object): string {
  if (meta !== lastMeta) {
    lastMetaText = JSON.stringify(meta);
    lastMeta = meta;
  }
  return lastMetaText;
}

/** Field order of a record in responses. */
export function present(r: DnsRecord): Record<string, unknown> {
  return fieldsOf(r, true);
}

/**
 * The fields of `present(r)` in its order; `copy` false shares the nested values with the record
 * (for JSON.stringify only: the same text, without copies made just to be serialised).
 */
function fieldsOf(r: DnsRecord, copy: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: r.id,
    zone_id: r.zone_id,
    zone_name: r.zone_name,
    name: r.name,
    type: r.type,
    content: r.content,
  };
  if (r.priority !== undefined) out.priority = r.priority;
  out.proxiable = r.proxiable;
  out.proxied = r.proxied;
  out.ttl = r.ttl;
  if (r.data) out.data = copy ? structuredClone(r.data) : r.data;
  out.settings = copy ? { ...r.settings } : r.settings;
  out.locked = r.locked;
  out.meta = copy ? { ...r.meta } : r.meta;
  out.comment = r.comment;
  out.tags = copy ? [...r.tags] : r.tags;
  out.created_on = r.created_on;
  out.modified_on = r.modified_on;
  if (r.comment_modified_on) out.comment_modified_on = r.comment_modified_on;
  if (r.tags_modified_on) out.tags_modified_on = r.tags_modified_on;
  return out;
}

export { DnsRecordError };
