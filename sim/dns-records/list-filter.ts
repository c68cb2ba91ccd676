/**
 * Whether a record passes a decoded list query (list-params.ts): each filter, `match` and
 * `tag_match`, `search`, and the shadowed-records filters. Pure; case-insensitive throughout.
 *
 * Gaps / by design: a tag without a value (`name`) has the empty value for `.exact/.contains/...`.
 * A name is shadowed by the NS records at a strict ancestor or at the name itself (zone apex
 * excluded), except the NS records that form that delegation.
 */
import type { Filter, ListQuery, TextOp } from "./list-params.ts";
import type { DnsRecord } from "./record.ts";

function textTest(op: TextOp, have: string, want: string): boolean {
  switch (op) {
    case "exact":
      return have === want;
    case "contains":
      return have.includes(want);
    case "startswith":
      return have.startsWith(want);
    case "endswith":
      return have.endsWith(want);
  }
}

export function splitTag(tag: string): [string, string] {
  const i = tag.indexOf(":");
  return i < 0 ? [tag.toLowerCase(), ""] : [tag.slice(0, i).toLowerCase(), tag.slice(i + 1).toLowerCase()];
}

export function passes(r: DnsRecord, f: Filter): boolean {
  switch (f.field) {
    case "type":
      return r.type === f.value;
    case "proxied":
      return r.proxied === f.value;
    case "name":
      return textTest(f.op, r.name, f.value);
    case "content":
      return textTest(f.op, r.content.toLowerCase(), f.value);
    case "comment":
      if (!("value" in f)) return f.op === "present" ? r.comment !== null : r.comment === null;
      return r.comment !== null && textTest(f.op, r.comment.toLowerCase(), f.value);
    case "tag": {
      const has = (test: (name: string, value: string) => boolean) =>
        r.tags.some((t) => {
          const [n, v] = splitTag(t);
          return test(n, v);
        });
      if (!("value" in f)) return f.op === "present" ? has((n) => n === f.tagName) : !has((n) => n === f.tagName);
      const { op, tagName, value } = f;
      return has((n, v) => n === tagName && textTest(op, v, value));
    }
  }
}

function searchHit(r: DnsRecord, s: string): boolean {
  return (
    r.name.includes(s) ||
    r.content.toLowerCase().includes(s) ||
    r.comment?.toLowerCase().includes(s) === true ||
    r.tags.some((t) => t.toLowerCase().includes(s))
  );
}

/** Whether `name` is `under` or below it. */
export function atOrBelow(name: string, under: string): boolean {
  return name === under || (name.length > under.length && name.endsWith(`.${under}`));
}

/** Whether `r` passes every part of `q` (filters with match/tag_match, search, shadow filters). */
export function recordMatches(r: DnsRecord, q: ListQuery): boolean {
  if (q.search !== undefined && !searchHit(r, q.search)) return false;
  if (q.shadowingName !== undefined) {
    if (r.type !== "NS" || r.name === r.zone_name || !atOrBelow(q.shadowingName, r.name)) return false;
  }
  if (q.shadowedByName !== undefined) {
    if (!atOrBelow(r.name, q.shadowedByName) || (r.type === "NS" && r.name === q.shadowedByName)) return false;
  }
  const terms = q.filters.length + (q.tagFilters.length > 0 ? 1 : 0);
  if (terms === 0) return true;
  const tagTerm = () =>
    q.tagMatch === "all" ? q.tagFilters.every((f) => passes(r, f)) : q.tagFilters.some((f) => passes(r, f));
  if (q.match === "all") {
    for (const f of q.filters) if (!passes(r, f)) return false;
    return q.tagFilters.length === 0 || tagTerm();
  }
  for (const f of q.filters) if (passes(r, f)) return true;
  return q.tagFilters.length > 0 && tagTerm();
}
