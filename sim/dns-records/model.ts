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
import { isoMicros } from "../core/time.ts";
import { checkCnameChain, checkConflicts } from "./conflicts.ts";
import { DnsRecordError, fieldError, notFound } from "./errors.ts";
import { type ListQuery, type ResultInfo, runListQuery } from "./query.ts";
import { asBody, bodyOf, buildDraft, type DnsRecord, type RecordDraft } from "./record.ts";
import { DEFAULT_PLATFORM_RANGES, type PlatformRanges, type TypeContext } from "./types/index.ts";
import { ZoneIndex } from "./zone-index.ts";

export interface DnsRecordsOptions {
  /** Address ranges of the platform (A/AAAA content may not be in them). */
  platformRanges?: PlatformRanges;
}

export interface BatchResult {
  deletes: DnsRecord[];
  patches: DnsRecord[];
  puts: DnsRecord[];
  posts: DnsRecord[];
}

interface State {
  zones: Map<string, ZoneIndex>;
}

export class DnsRecordsModel implements Snapshottable {
  readonly #core: SimCore;
  readonly #random;
  readonly #ctx: TypeContext;
  #state: State = { zones: new Map() };

  constructor(core: SimCore, options: DnsRecordsOptions = {}) {
    this.#core = core;
    this.#random = core.random.fork("dns-records");
    this.#ctx = { platformRanges: options.platformRanges ?? DEFAULT_PLATFORM_RANGES };
  }

  #now(): string {
    return isoMicros(this.#core.clock.now(), this.#random.int(1000));
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

  list(zoneId: string, query: ListQuery): { result: DnsRecord[]; result_info: ResultInfo } {
    return runListQuery(this.#state.zones.get(zoneId)?.records() ?? [], query);
  }

  get(zoneId: string, id: string): DnsRecord {
    const r = this.#state.zones.get(zoneId)?.get(id);
    if (!r) throw notFound();
    return r;
  }

  create(zoneId: string, zoneName: string, body: unknown): DnsRecord {
    return this.#write(zoneId, (zone) => this.#create(zone, zoneId, zoneName, body));
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
    const work = this.#state.zones.get(zoneId)?.clone() ?? new ZoneIndex();
    const out: BatchResult = { deletes: [], patches: [], puts: [], posts: [] };
    for (const d of lists.deletes) out.deletes.push(this.#delete(work, idOf(d)));
    for (const p of lists.patches) out.patches.push(this.#update(work, zoneName, idOf(p), withoutId(p), "patch"));
    for (const p of lists.puts) out.puts.push(this.#update(work, zoneName, idOf(p), withoutId(p), "put"));
    for (const p of lists.posts) out.posts.push(this.#create(work, zoneId, zoneName, p));
    this.#state.zones.set(zoneId, work);
    return out;
  }

  #validate(work: ZoneIndex, zoneName: string, body: unknown, selfId?: string): RecordDraft {
    const draft = buildDraft(asBody(body), zoneName, this.#ctx);
    const others = selfId === undefined ? work : work.without(selfId);
    checkCnameChain(draft, others, zoneName);
    checkConflicts(draft, others);
    return draft;
  }

  #create(work: ZoneIndex, zoneId: string, zoneName: string, body: unknown): DnsRecord {
    const draft = this.#validate(work, zoneName, body);
    const now = this.#now();
    const record: DnsRecord = {
      id: this.#random.hex(32),
      zone_id: zoneId,
      zone_name: zoneName,
      ...draft,
      locked: false,
      meta: { auto_added: false, managed_by_apps: false, managed_by_tunnel: false, source: "primary" },
      created_on: now,
      modified_on: now,
    };
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
    if (mode === "patch" && given.data === undefined && given.type !== undefined && given.type !== old.type) {
      delete merged.data;
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
    return { zones: [...this.#state.zones].map(([z, zone]) => [z, structuredClone(zone.records())]) };
  }

  restore(state: unknown): void {
    if (state === undefined || state === null) {
      this.reset();
      return;
    }
    const s = state as { zones?: [string, DnsRecord[]][] };
    if (!Array.isArray(s.zones)) throw new TypeError("not a dns-records snapshot");
    this.#state = { zones: new Map(s.zones.map(([z, rs]) => [z, new ZoneIndex(structuredClone(rs))])) };
  }

  reset(): void {
    this.#state = { zones: new Map() };
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
