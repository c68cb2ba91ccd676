/**
 * The whole check of an area B snapshot (`{zones: [[<zone id>, DnsRecord[]], ...]}`), run before
 * anything is restored. Each record must be what the record validators make of it: its body
 * (`bodyOf`) goes through `buildDraft` as a create would, and the stored fields must equal the
 * draft's (name, type, content, priority, data, proxiable, proxied, ttl, settings, comment, tags);
 * no two records of a zone may conflict (identical records, a CNAME beside other records), as every
 * write checks; ids are 32 hex, unique per zone; timestamps ISO dates; `locked` and `meta` typed.
 * With the simulator's zone directory (as the area passes it), every zone must be one of its zones and
 * every record's `zone_name` that zone's name (so names are inside the zone, as a create makes them).
 * Only the fields the model writes (area, record, `meta`): any other is refused, not dropped. Every
 * timestamp (created, modified, comment/tags modified) at most `lastMicros` (each stamp moves it
 * forward) and, with the snapshot's `now`, not ahead of it by more than a burst of writes could take
 * it (`stampNotAhead`: the clock's ms plus seeded µs, each at least 1 µs after the last).
 *
 * Gaps / by design: the proxied-CNAME chain rule is not re-checked: it holds when a record is
 * written, and a later delete of its target may leave a valid state that would no longer pass it.
 */
import {
  array,
  at,
  boolean,
  fail,
  isoDate,
  onlyKeys,
  record,
  shown,
  stampNotAhead,
  string,
} from "../core/snapshot-check.ts";
import { compareStamps, isStampMicros, type Stamp, stampOfMicros } from "../core/stamps.ts";
import { checkConflicts } from "./conflicts.ts";
import { bodyOf, buildDraft, type DnsRecord, type RecordDraft } from "./record.ts";
import type { TypeContext } from "./types/index.ts";
import { ZoneIndex } from "./zone-index.ts";

const HEX32 = /^[0-9a-f]{32}$/;
const DRAFT_FIELDS: readonly (keyof RecordDraft)[] = [
  "name",
  "type",
  "content",
  "priority",
  "data",
  "proxiable",
  "proxied",
  "ttl",
  "settings",
  "comment",
  "tags",
];

/** Every field the model writes on a record (priority, data and the two *_modified_on only sometimes). */
const RECORD_FIELDS = [
  "id",
  "zone_id",
  "zone_name",
  "name",
  "type",
  "content",
  "priority",
  "proxiable",
  "proxied",
  "ttl",
  "data",
  "settings",
  "locked",
  "meta",
  "comment",
  "tags",
  "created_on",
  "modified_on",
  "comment_modified_on",
  "tags_modified_on",
];
const META_FIELDS = ["auto_added", "managed_by_apps", "managed_by_tunnel", "source"];

/** A stamp's time: its ms and the 4th to 6th fractional digits (the model's seeded µs). */
function stampOf(iso: string): Stamp {
  const frac = /\.(\d+)/.exec(iso)?.[1] ?? "";
  return { ms: Date.parse(iso), us: Number(frac.padEnd(6, "0").slice(3, 6)) };
}

/** Where the snapshot's stamps may reach: `lastMicros` when written, and never far ahead of `now`. */
interface StampBound {
  last: Stamp | undefined;
  now: number | undefined;
}

function stamp(v: unknown, path: string, bound: StampBound): void {
  const at = stampOf(isoDate(v, path));
  stampNotAhead(at, bound.now, path);
  if (bound.last !== undefined && compareStamps(at, bound.last) > 0) {
    fail(path, "is later than lastMicros (every timestamp written moves it forward)");
  }
}

function problemOf(e: unknown): string {
  const errors = (e as { errors?: { message?: string }[] }).errors;
  return errors?.[0]?.message ?? (e instanceof Error ? e.message : String(e));
}

function checkRecord(
  v: unknown,
  path: string,
  zoneId: string,
  zoneName: string,
  ctx: TypeContext,
  bound: StampBound,
): DnsRecord {
  const r = record(v, path);
  onlyKeys(r, path, RECORD_FIELDS, "a DNS record");
  if (r.zone_id !== zoneId) fail(`${path}.zone_id`, `must be the zone's id ${zoneId}, got ${shown(r.zone_id)}`);
  if (r.zone_name !== zoneName) fail(`${path}.zone_name`, `must be ${shown(zoneName)}, got ${shown(r.zone_name)}`);
  record(r.settings, `${path}.settings`);
  array(r.tags, `${path}.tags`);
  if (r.data !== undefined) record(r.data, `${path}.data`);
  let draft: RecordDraft;
  try {
    draft = buildDraft(bodyOf(r as unknown as DnsRecord), zoneName, ctx);
  } catch (e) {
    fail(path, `the record validators refuse it: ${problemOf(e)}`);
  }
  for (const f of DRAFT_FIELDS) {
    if (JSON.stringify(r[f]) !== JSON.stringify(draft[f])) {
      fail(`${path}.${f}`, `is ${shown(r[f])} but the validators make it ${shown(draft[f])}`);
    }
  }
  boolean(r.locked, `${path}.locked`);
  const meta = record(r.meta, `${path}.meta`);
  onlyKeys(meta, `${path}.meta`, META_FIELDS, "a record's meta");
  for (const k of ["auto_added", "managed_by_apps", "managed_by_tunnel"]) boolean(meta[k], `${path}.meta.${k}`);
  string(meta.source, `${path}.meta.source`);
  stamp(r.created_on, `${path}.created_on`, bound);
  stamp(r.modified_on, `${path}.modified_on`, bound);
  if (r.comment_modified_on !== undefined) stamp(r.comment_modified_on, `${path}.comment_modified_on`, bound);
  if (r.tags_modified_on !== undefined) stamp(r.tags_modified_on, `${path}.tags_modified_on`, bound);
  return r as unknown as DnsRecord;
}

/**
 * Checks a whole area B snapshot; throws a SnapshotError naming the first bad path. `now` (the
 * snapshot's time) is left out by unit tests of the check alone.
 */
export function checkDnsRecordsSnapshot(
  value: unknown,
  path: string,
  ctx: TypeContext,
  zoneNameOf?: (zoneId: string) => string | undefined,
  now?: number,
): void {
  const s = record(value, path);
  onlyKeys(s, path, ["zones", "lastMicros"], "the DNS records area");
  const lastMicros = s.lastMicros;
  if (lastMicros !== undefined && !isStampMicros(lastMicros)) {
    fail(
      `${path}.lastMicros`,
      `must be an integer number of microseconds in the Date range (a bigint past 2^53), got ${shown(lastMicros)}`,
    );
  }
  const last = lastMicros === undefined ? undefined : stampOfMicros(lastMicros);
  if (last !== undefined) stampNotAhead(last, now, `${path}.lastMicros`);
  const bound: StampBound = { last, now };
  const zones = new Set<string>();
  array(s.zones, `${path}.zones`).forEach((pair, i) => {
    const pp = `${path}.zones[${i}]`;
    const z = array(pair, pp);
    if (z.length !== 2) fail(pp, "must be a [zone id, records] pair");
    const zoneId = string(z[0], `${pp}[0]`, { pattern: HEX32 });
    const zp = at(`${path}.zones`, zoneId);
    if (zones.has(zoneId)) fail(zp, "appears twice");
    zones.add(zoneId);
    const list = array(z[1], zp);
    let zoneName: string;
    if (zoneNameOf) {
      const known = zoneNameOf(zoneId);
      if (known === undefined) fail(`${pp}[0]`, `${shown(zoneId)} is not a zone of this simulator`);
      zoneName = known;
    } else {
      const first = list[0];
      zoneName = string(record(first ?? {}, `${zp}[0]`).zone_name ?? "", `${zp}[0].zone_name`);
    }
    const index = new ZoneIndex();
    const ids = new Set<string>();
    list.forEach((item, j) => {
      const id = string(record(item, `${zp}[${j}]`).id, `${zp}[${j}].id`, { pattern: HEX32 });
      const rp = at(zp, id);
      if (ids.has(id)) fail(rp, "appears twice");
      ids.add(id);
      index.add(checkRecord(item, rp, zoneId, zoneName, ctx, bound));
    });
    for (const r of index.records()) {
      try {
        checkConflicts(r, index.without(r.id), zoneName);
      } catch (e) {
        fail(at(zp, r.id), `conflicts with another record of the zone: ${problemOf(e)}`);
      }
    }
  });
}
