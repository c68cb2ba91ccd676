/**
 * Area B model: the records of each zone in creation order (indexed by id and by name, see
 * zone-index.ts), and the operations on them (create,
 * get, list, patch, put, delete, batch). Every operation validates fully before it changes
 * anything: a failed call changes nothing; a batch is all-or-nothing.
 *
 * Gaps / by design: no import/export (BIND files), no record locking (locked is always false), no
 * auto-added or app-managed records (meta flags false, source "primary"), no SOA or the
 * platform's own NS records in lists. Ids are 32 hex from `core.random.fork("dns-records")`;
 * timestamps come from the fake clock with seeded microseconds.
 */

import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { EPOCH_STAMP, nextStamp, type Stamp, stampMicros, stampOfMicros } from "../core/stamps.ts";
import { isoMicros } from "../core/time.ts";
import { checkCnameChain, checkConflicts } from "./conflicts.ts";
import { CODES, contentError, DnsRecordError, fieldError, notFound, validationError } from "./errors.ts";
import type { ListQuery } from "./list-params.ts";
import { type ListPage, runList } from "./list-plan.ts";
import {
  asBody,
  bodyOf,
  buildDraft,
  type DnsRecord,
  presentJson,
  type RecordDraft,
  type RecordMeta,
} from "./record.ts";
import { type ShadowMeta, shadowMetaOf } from "./shadow.ts";
import { checkDnsRecordsSnapshot } from "./snapshot-check.ts";
import { DEFAULT_PLATFORM_RANGES, type PlatformRanges, type TypeContext } from "./types/index.ts";
import { TXT_MAX_CHARS_PER_NAME, txtTextLength } from "./types/txt.ts";
import { ZoneIndex } from "./zone-index.ts";

export interface DnsRecordsOptions {
  /** Address ranges of the platform (A/AAAA content may not be in them). */
  platformRanges?: PlatformRanges;
  /** The zones of the simulator (a snapshot's zone must be one, its records named inside it). */
  zoneName?: (zoneId: string) => string | undefined;
}

export interface BatchResult {
  deletes: DnsRecord[];
  patches: DnsRecord[];
  puts: DnsRecord[];
  posts: DnsRecord[];
}

interface State {
  zones: Map<string, ZoneIndex>;
  /** The last timestamp given: timestamps strictly increase (in a snapshot: `lastMicros`, see stampMicros). */
  lastStamp: Stamp;
}

export class DnsRecordsModel implements Snapshottable {
  readonly #core: SimCore;
  readonly #random;
  readonly #ctx: TypeContext;
  readonly #zoneName: ((zoneId: string) => string | undefined) | undefined;
  #state: State = { zones: new Map(), lastStamp: EPOCH_STAMP };

  constructor(core: SimCore, options: DnsRecordsOptions = {}) {
    this.#core = core;
    this.#random = core.random.fork("dns-records");
    this.#ctx = { platformRanges: options.platformRanges ?? DEFAULT_PLATFORM_RANGES };
    this.#zoneName = options.zoneName;
  }

  /**
   * The clock's time with seeded microseconds, strictly later than the last stamp given, exact over the
   * clock's whole range (sim/core/stamps.ts).
   */
  #now(): string {
    const stamp = nextStamp(this.#core.clock.now(), this.#random.int(1000), this.#state.lastStamp);
    this.#state.lastStamp = stamp;
    return isoMicros(stamp.ms, stamp.us);
  }

  /**
   * Runs `write` on the zone's index in place (every write validates before it changes anything,
   * so a failed one leaves the index as it was); a zone is stored once a write succeeds.
   */
  #write<T>(zoneId: string, write: (zone: ZoneIndex) => T): T {
    const existing = this.#state.zones.get(zoneId);
    const zone = existing ?? new ZoneIndex();
    const out = write(zone);
    if (!existing) this.#state.zones.set(zoneId, zone);
    return out;
  }

  list(zoneId: string, query: ListQuery): ListPage {
    return runList(this.#state.zones.get(zoneId), query);
  }

  /** Shadowed-records metadata of `r` (include_shadow_metadata; shadow.ts). */
  shadowMeta(zoneId: string, r: DnsRecord): ShadowMeta {
    const zone = this.#state.zones.get(zoneId);
    return zone ? shadowMetaOf(zone, r) : {};
  }

  /** The JSON text of `present(r)` (kept with the stored record: made once per record). */
  json(zoneId: string, r: DnsRecord): string {
    const zone = this.#state.zones.get(zoneId);
    return zone ? zone.textOf(r) : presentJson(r);
  }

  /** The success envelope around `json(zoneId, r)` (kept beside a stored record: see ZoneIndex.answerOf). */
  answerJson(zoneId: string, r: DnsRecord): string | undefined {
    return this.#state.zones.get(zoneId)?.answerOf(r);
  }

  /** `get` with the record's answer, the success envelope around its JSON text (one lookup for both). */
  getPresented(zoneId: string, id: string): { readonly record: DnsRecord; readonly answer: string } {
    const found = this.#state.zones.get(zoneId)?.presented(id);
    if (!found) throw notFound();
    return found;
  }

  get(zoneId: string, id: string): DnsRecord {
    const r = this.#state.zones.get(zoneId)?.get(id);
    if (!r) throw notFound();
    return r;
  }

  create(zoneId: string, zoneName: string, body: unknown): DnsRecord {
    // As #write, without a closure per call (the commonest write).
    const existing = this.#state.zones.get(zoneId);
    const zone = existing ?? new ZoneIndex();
    const out = this.#create(zone, zoneId, zoneName, body);
    if (!existing) this.#state.zones.set(zoneId, zone);
    return out;
  }

  patch(zoneId: string, zoneName: string, id: string, body: unknown): DnsRecord {
    return this.#write(zoneId, (zone) => this.#update(zone, zoneName, id, body, "patch"));
  }

  put(zoneId: string, zoneName: string, id: string, body: unknown): DnsRecord {
    return this.#write(zoneId, (zone) => this.#update(zone, zoneName, id, body, "put"));
  }

  delete(zoneId: string, id: string): { id: string } {
    return this.#write(zoneId, (zone) => ({ id: this.#delete(zone, id).id }));
  }

  /** deletes, then patches, then puts, then posts; all or nothing (on a copy of the zone's index). */
  batch(zoneId: string, zoneName: string, body: unknown): BatchResult {
    const b = asBody(body);
    const lists = {
      deletes: listOf(b.deletes, "deletes"),
      patches: listOf(b.patches, "patches"),
      puts: listOf(b.puts, "puts"),
      posts: listOf(b.posts, "posts"),
    };
    // All or nothing: the zone's journal undoes a failed batch's writes (cost of the batch, not the zone).
    return this.#write(zoneId, (work) =>
      work.atomically(() => {
        const out: BatchResult = { deletes: [], patches: [], puts: [], posts: [] };
        for (const d of lists.deletes) out.deletes.push(this.#delete(work, idOf(d)));
        for (const p of lists.patches) out.patches.push(this.#update(work, zoneName, idOf(p), withoutId(p), "patch"));
        for (const p of lists.puts) out.puts.push(this.#update(work, zoneName, idOf(p), withoutId(p), "put"));
        for (const p of lists.posts) out.posts.push(this.#create(work, zoneId, zoneName, p));
        return out;
      }),
    );
  }

  #validate(work: ZoneIndex, zoneName: string, body: unknown, selfId?: string): RecordDraft {
    const draft = buildDraft(asBody(body), zoneName, this.#ctx);
    const others = selfId === undefined ? work : work.without(selfId);
    checkCnameChain(draft, others, zoneName);
    checkConflicts(draft, others, zoneName);
    if (draft.type === "TXT") checkTxtPerName(draft, others);
    if (draft.type === "DS" && draft.name === zoneName.toLowerCase()) {
      throw contentError("DS", "a DS record belongs at a delegation point (a subdomain), not at the zone apex");
    }
    return draft;
  }

  #create(work: ZoneIndex, zoneId: string, zoneName: string, body: unknown): DnsRecord {
    const draft = this.#validate(work, zoneName, body);
    const now = this.#now();
    const record = newRecord(this.#random.hex(32), zoneId, zoneName, draft, now);
    if (draft.comment !== null) record.comment_modified_on = now;
    if (draft.tags.length > 0) record.tags_modified_on = now;
    work.add(record);
    return record;
  }

  #update(work: ZoneIndex, zoneName: string, id: string, body: unknown, mode: "patch" | "put"): DnsRecord {
    const old = work.get(id);
    if (!old) throw notFound();
    const given = asBody(body);
    const merged = mode === "patch" ? { ...bodyOf(old), ...given } : given;
    if (mode === "patch" && given.type !== undefined && given.type !== old.type) {
      // A new type does not inherit the old type's data, settings or priority.
      if (given.data === undefined) delete merged.data;
      if (given.settings === undefined) delete merged.settings;
      if (given.priority === undefined) delete merged.priority;
    }
    const draft = this.#validate(work, zoneName, merged, id);
    const now = this.#now();
    const record: DnsRecord = { ...old, ...draft, modified_on: now };
    if (draft.priority === undefined) delete record.priority;
    if (draft.data === undefined) delete record.data;
    if (draft.comment !== old.comment) {
      if (draft.comment === null) delete record.comment_modified_on;
      else record.comment_modified_on = now;
    }
    if (draft.tags.join("\n") !== old.tags.join("\n")) {
      if (draft.tags.length === 0) delete record.tags_modified_on;
      else record.tags_modified_on = now;
    }
    work.replace(record);
    return record;
  }

  #delete(work: ZoneIndex, id: string): DnsRecord {
    const old = work.remove(id);
    if (!old) throw notFound();
    return old;
  }

  snapshot(): unknown {
    return {
      zones: [...this.#state.zones].map(([z, zone]) => [z, structuredClone(zone.records())]),
      lastMicros: stampMicros(this.#state.lastStamp),
    };
  }

  /** Checks a whole snapshot (snapshot-check.ts); throws naming the first bad path. */
  check(state: unknown, path: string, now?: number): void {
    checkDnsRecordsSnapshot(state, path, this.#ctx, this.#zoneName, now);
  }

  /** Replaces the state with a snapshot; a bad one throws (naming its first bad path) and changes nothing. */
  restore(state: unknown): void {
    checkDnsRecordsSnapshot(state, "dnsRecords", this.#ctx, this.#zoneName);
    const s = state as { zones: [string, DnsRecord[]][]; lastMicros?: number | bigint };
    this.#state = {
      zones: new Map(s.zones.map(([z, rs]) => [z, new ZoneIndex(structuredClone(rs))])),
      // Checked (an integer in the Date range's microseconds) when present; absent in older snapshots.
      lastStamp: s.lastMicros === undefined ? EPOCH_STAMP : stampOfMicros(s.lastMicros),
    };
  }

  reset(): void {
    this.#state = { zones: new Map(), lastStamp: EPOCH_STAMP };
  }
}

/** The meta of every record written here (one frozen object: records never change theirs in place). */
const NEW_RECORD_META: RecordMeta = Object.freeze({
  auto_added: false,
  managed_by_apps: false,
  managed_by_tunnel: false,
  source: "primary",
});

/**
 * A new record from its draft, the fields in the order `{ id, zone_id, zone_name, ...draft, locked,
 * ... }` gives (snapshots keep it), written out: no spread. Priority and data, when the draft has them,
 * come between tags and locked.
 */
function newRecord(id: string, zoneId: string, zoneName: string, draft: RecordDraft, now: string): DnsRecord {
  const record = {
    id,
    zone_id: zoneId,
    zone_name: zoneName,
    name: draft.name,
    type: draft.type,
    content: draft.content,
    proxiable: draft.proxiable,
    proxied: draft.proxied,
    ttl: draft.ttl,
    settings: draft.settings,
    comment: draft.comment,
    tags: draft.tags,
  } as DnsRecord;
  if (draft.priority !== undefined) record.priority = draft.priority;
  if (draft.data !== undefined) record.data = draft.data;
  record.locked = false;
  record.meta = NEW_RECORD_META;
  record.created_on = now;
  record.modified_on = now;
  return record;
}

/** The TXT records of one name hold at most 8,192 characters in all (docs). */
function checkTxtPerName(draft: RecordDraft, others: { atName(name: string): readonly DnsRecord[] }): void {
  let total = txtTextLength(draft.content);
  for (const o of others.atName(draft.name)) if (o.type === "TXT") total += txtTextLength(o.content);
  if (total > TXT_MAX_CHARS_PER_NAME) {
    throw validationError(
      CODES.tooLarge,
      `The TXT records of ${draft.name} would hold ${total} characters; at most ${TXT_MAX_CHARS_PER_NAME} per name.`,
    );
  }
}

function listOf(v: unknown, name: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw fieldError(`${name} must be an array`);
  return v;
}

function idOf(item: unknown): string {
  const o = asBody(item);
  if (typeof o.id !== "string" || o.id === "") throw fieldError("each delete, patch and put of a batch needs an id");
  return o.id;
}

function withoutId(item: unknown): Record<string, unknown> {
  const { id: _id, ...rest } = asBody(item);
  return rest;
}

export { DnsRecordError };
