/**
 * Runs a list query (list-params.ts) on a zone's index (zone-index.ts): picks where the candidates
 * come from, filters, orders and cuts the page.
 *
 * Default order (type, name, content, creation; `direction=desc` reverses it):
 * - the candidates come from the smallest facet of the zone index that the filters allow (all
 *   records; proxied / DNS-only; one content exact; one tag.present name; one tag.exact
 *   `name:value`), restricted to the `type` filter's array and to the `name` exact / startswith
 *   range in each array;
 * - when those answer the whole query (type, name exact/startswith, and one of proxied, content
 *   exact, or a lone tag.present / tag.exact, under `match=all`), the page is cut from the ranges
 *   without visiting them: O(types x log n + page);
 * - otherwise the candidates are checked one by one (O(candidates), the smallest facet's):
 *   e.g. content exact with proxied, or several tag filters; `match=any` over several terms,
 *   `tag_match=any` over several tag filters, or only unindexed filters (contains, endswith,
 *   comment, search, shadow, tag.absent) scan the zone.
 * `order=<field>`: the candidates are sorted by that field, then creation: O(k log k).
 *
 * Gaps / by design: unindexed filters and orders other than the default grow with the zone (the
 * dns-records-scale bench prints how much); the platform's own costs are not public.
 */

import type { ResultInfo } from "../http/types.ts";
import { recordMatches } from "./list-filter.ts";
import type { Filter, ListQuery, OrderField, TextOp } from "./list-params.ts";
import type { DnsRecord } from "./record.ts";
import type { SortedChunks } from "./sorted-chunks.ts";
import type { Facet, ZoneIndex } from "./zone-index.ts";

export interface ListPage {
  result: DnsRecord[];
  result_info: ResultInfo;
}

interface Range {
  seq: SortedChunks<DnsRecord>;
  lo: number;
  hi: number;
}

type NameFilter = { field: "name" | "content"; op: TextOp; value: string };

interface Plan {
  type?: string;
  name?: NameFilter;
  facet?: Facet;
  /** Whether the facet, type and name range answer the whole query (nothing left to check). */
  pure: boolean;
}

function facetSize(f: Facet, type: string | undefined): number {
  if (type !== undefined) return f.get(type)?.size ?? 0;
  let n = 0;
  for (const seq of f.values()) n += seq.size;
  return n;
}

/** Where the candidates come from; undefined when only a scan of the zone can answer. */
function plan(zone: ZoneIndex, q: ListQuery): Plan | undefined {
  const terms = q.filters.length + (q.tagFilters.length > 0 ? 1 : 0);
  if (q.match === "any" && terms > 1) return undefined;
  let type: string | undefined;
  let name: NameFilter | undefined;
  const rest: Filter[] = [];
  const facets: { facet: Facet; consumes: Filter | undefined }[] = [{ facet: zone.all(), consumes: undefined }];
  for (const f of q.filters) {
    if (f.field === "type" && type === undefined) type = f.value;
    else if (f.field === "name" && (f.op === "exact" || f.op === "startswith") && name === undefined) name = f;
    else {
      rest.push(f);
      if (f.field === "proxied") facets.push({ facet: zone.byProxied(f.value), consumes: f });
      if (f.field === "content" && f.op === "exact") facets.push({ facet: zone.withContent(f.value), consumes: f });
    }
  }
  // Tag filters are one term; a facet answers it whole only when it is the only tag filter.
  if (q.tagMatch === "all" || q.tagFilters.length === 1) {
    for (const f of q.tagFilters) {
      if (f.field !== "tag") continue;
      const consumes = q.tagFilters.length === 1 ? f : undefined;
      if (f.op === "present") facets.push({ facet: zone.byTag(f.tagName), consumes });
      else if (f.op === "exact") facets.push({ facet: zone.withTagValue(f.tagName, f.value), consumes });
      else if ("value" in f && f.value === "") {
        // `name:` with contains / startswith / endswith: every tag of that name has the empty part.
        facets.push({ facet: zone.byTag(f.tagName), consumes });
      }
    }
  }
  let best = facets[0]!;
  let bestSize = facetSize(best.facet, type);
  for (const c of facets.slice(1)) {
    const size = facetSize(c.facet, type);
    if (size < bestSize) [best, bestSize] = [c, size];
  }
  const tagsLeft = q.tagFilters.length > 0 && !(best.consumes && q.tagFilters.includes(best.consumes));
  const left = rest.filter((f) => f !== best.consumes).length + (tagsLeft ? 1 : 0);
  const pure = left === 0 && q.search === undefined && q.shadowingName === undefined && q.shadowedByName === undefined;
  return { ...(type !== undefined ? { type } : {}), ...(name ? { name } : {}), facet: best.facet, pure };
}

function ranges(zone: ZoneIndex, p: Plan): Range[] {
  const types = p.type === undefined ? zone.typeOrder() : [p.type];
  const out: Range[] = [];
  for (const t of types) {
    const seq = p.facet?.get(t);
    if (!seq) continue;
    let lo = 0;
    let hi = seq.size;
    const nf = p.name;
    if (nf) {
      const v = nf.value;
      lo = seq.lowerBound((r) => r.name < v);
      hi =
        nf.op === "exact"
          ? seq.lowerBound((r) => r.name <= v)
          : seq.lowerBound((r) => r.name < v || r.name.startsWith(v));
    }
    if (hi > lo) out.push({ seq, lo, hi });
  }
  return out;
}

function pageOf(total: number, q: ListQuery, take: (start: number, count: number) => DnsRecord[]): ListPage {
  const start = (q.page - 1) * q.perPage;
  const result = start >= total ? [] : take(start, Math.min(q.perPage, total - start));
  return {
    result,
    result_info: {
      page: q.page,
      per_page: q.perPage,
      count: result.length,
      total_count: total,
      total_pages: Math.ceil(total / q.perPage),
    },
  };
}

/** The records at positions [start, start + count) of the ranges concatenated (reversed for desc). */
function sliceRanges(rs: readonly Range[], total: number, desc: boolean, start: number, count: number): DnsRecord[] {
  const out: DnsRecord[] = [];
  // In ascending terms, desc positions [start, start+count) are [total-start-count, total-start) reversed.
  let skip = desc ? total - start - count : start;
  for (const r of rs) {
    const len = r.hi - r.lo;
    if (skip >= len) {
      skip -= len;
      continue;
    }
    r.seq.forEachIn(r.lo + skip, Math.min(r.hi, r.lo + skip + count - out.length), (x) => {
      out.push(x);
    });
    skip = 0;
    if (out.length >= count) break;
  }
  return desc ? out.reverse() : out;
}

/** `records` sorted by `field` (ties in creation order): keys computed once, then an index sort. */
function sortedBy(zone: ZoneIndex, records: DnsRecord[], field: OrderField, desc: boolean): DnsRecord[] {
  const n = records.length;
  const keys: (string | number)[] = new Array(n);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = records[i]![field];
    keys[i] = typeof v === "number" ? v : String(v);
    ranks[i] = zone.rankOf(records[i]!);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  const sign = desc ? -1 : 1;
  order.sort((x, y) => {
    const a = keys[x]!;
    const b = keys[y]!;
    if (a !== b) return a < b ? -sign : sign;
    return ranks[x]! - ranks[y]!;
  });
  return order.map((i) => records[i]!);
}

/** Filters, orders and pages the zone's records. */
export function runList(zone: ZoneIndex | undefined, q: ListQuery): ListPage {
  if (!zone) return pageOf(0, q, () => []);
  const desc = q.direction === "desc";
  const p = plan(zone, q);
  const rs = p ? ranges(zone, p) : undefined;
  if (p?.pure && rs && q.order === undefined) {
    const total = rs.reduce((n, r) => n + r.hi - r.lo, 0);
    return pageOf(total, q, (start, count) => sliceRanges(rs, total, desc, start, count));
  }
  // The candidates (ranges, in default order, or the whole zone), each checked against the whole query.
  let kept: DnsRecord[] = [];
  const all = rs ?? ranges(zone, { facet: zone.all(), pure: false });
  for (const r of all)
    r.seq.forEachIn(r.lo, r.hi, (x) => {
      if (recordMatches(x, q)) kept.push(x);
    });
  if (q.order !== undefined) kept = sortedBy(zone, kept, q.order, desc);
  else if (desc) kept.reverse();
  return pageOf(kept.length, q, (start, count) => kept.slice(start, start + count));
}
