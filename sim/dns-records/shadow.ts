/**
 * Shadowed-records metadata (`include_shadow_metadata=true`), as docs shadowed-records.mdx defines it:
 *
 * - `shadowed_by`: ids of the NS records at a non-apex name at or above the record (an NS record is
 *   not shadowed by the delegation it forms: only by a shallower one). Apex records carry none.
 * - `is_glue`: true on an A/AAAA record whose name is the target (content) of an NS record that
 *   shadows it; omitted otherwise.
 * - `dead_glue`: true on glue that a shallower delegation intercepts (the record is not the target of
 *   the shallowest delegation shadowing it); omitted otherwise.
 * - `shadowed_records_count`: on a non-apex NS record, the records at or below its name other than
 *   the NS records of that name; capped at 10,000; omitted when zero.
 *
 * Requests: list, GET of one record, create, PATCH, PUT and batch; a list page or batch of more than
 * 1,000 records answers without it (docs).
 *
 * Gaps / by design: the platform's "hidden records" (excluded from the count) do not exist here; the
 * records a batch deletes carry no shadow metadata (they are no longer in the zone). An NS record's
 * count is one unsorted pass over the zone (about 1.7 ms per NS record at 50,000 records): a page of
 * many NS records with the metadata costs that per NS record.
 */
import type { DnsRecord } from "./record.ts";

export interface ShadowMeta {
  shadowed_by?: string[];
  is_glue?: true;
  dead_glue?: true;
  shadowed_records_count?: number;
}

/** The zone as the metadata needs it. */
export interface ShadowZone {
  atName(name: string): readonly DnsRecord[];
  /** Every record, in any order. */
  unordered(): Iterable<DnsRecord>;
}

/** Counts above this are answered as this ("at least 10,000"). */
export const SHADOW_COUNT_CAP = 10_000;
/** A list page or batch of more records than this answers without shadow metadata. */
export const SHADOW_MAX_RECORDS = 1_000;

function hostOf(content: string): string {
  return content.toLowerCase().replace(/\.$/, "");
}

/** The shadow metadata of `r` in `zone` (fields omitted when they do not apply). */
export function shadowMetaOf(zone: ShadowZone, r: DnsRecord): ShadowMeta {
  const out: ShadowMeta = {};
  const zoneName = r.zone_name.toLowerCase();
  const by: string[] = [];
  /** The NS records shadowing `r`, by delegation name, deepest first. */
  const delegations: DnsRecord[][] = [];
  for (let n = r.name; n !== zoneName && n.includes("."); n = n.slice(n.indexOf(".") + 1)) {
    if (r.type === "NS" && n === r.name) continue;
    const ns = zone.atName(n).filter((x) => x.type === "NS");
    if (ns.length === 0) continue;
    delegations.push(ns);
    for (const x of ns) by.push(x.id);
  }
  if (by.length > 0) out.shadowed_by = by;
  if ((r.type === "A" || r.type === "AAAA") && delegations.length > 0) {
    const name = r.name.toLowerCase();
    const targets = (ns: readonly DnsRecord[]) => ns.some((x) => hostOf(x.content) === name);
    if (delegations.some(targets)) {
      out.is_glue = true;
      if (!targets(delegations[delegations.length - 1]!)) out.dead_glue = true;
    }
  }
  if (r.type === "NS" && r.name !== zoneName) {
    let count = 0;
    // One pass over the zone, unsorted (O(n) per NS record asked about; no index by ancestor).
    const below = `.${r.name}`;
    for (const x of zone.unordered()) {
      // atOrBelow(x.name, r.name), with the suffix made once.
      const at = x.name === r.name;
      if ((at || (x.name.length > below.length && x.name.endsWith(below))) && !(at && x.type === "NS")) {
        count++;
        if (count >= SHADOW_COUNT_CAP) break;
      }
    }
    if (count > 0) out.shadowed_records_count = count;
  }
  return out;
}
