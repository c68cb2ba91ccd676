/**
 * One zone's records, indexed: by id (in creation order, which lists follow) and by exact name (what
 * the conflict and CNAME-chain checks look up). Get, create, update and delete cost the records at
 * one name, not the size of the zone.
 *
 * Gaps / by design: an in-memory index only, rebuilt from the plain record list on restore; the
 * snapshot stays that list. Records at one name keep creation order, as a scan of the list would.
 */
import type { RecordsByName } from "./conflicts.ts";
import type { DnsRecord } from "./record.ts";

export class ZoneIndex implements RecordsByName {
  /** Insertion order of a Map = creation order; replacing a value keeps its place. */
  readonly #byId = new Map<string, DnsRecord>();
  readonly #byName = new Map<string, DnsRecord[]>();
  /** Creation rank of each id, to keep the records at one name in creation order. */
  readonly #rank = new Map<string, number>();
  #next = 0;

  constructor(records: Iterable<DnsRecord> = []) {
    for (const r of records) this.add(r);
  }

  get size(): number {
    return this.#byId.size;
  }

  /** The records in creation order (a new array). */
  records(): DnsRecord[] {
    return [...this.#byId.values()];
  }

  get(id: string): DnsRecord | undefined {
    return this.#byId.get(id);
  }

  atName(name: string): readonly DnsRecord[] {
    return this.#byName.get(name) ?? NONE;
  }

  /** The same lookup without the record `id` (the one being rewritten). */
  without(id: string): { atName(name: string): readonly DnsRecord[] } {
    return {
      atName: (name) => {
        const at = this.atName(name);
        return at.some((r) => r.id === id) ? at.filter((r) => r.id !== id) : at;
      },
    };
  }

  /** Appends a new record (last in creation order). */
  add(record: DnsRecord): void {
    this.#rank.set(record.id, this.#next++);
    this.#byId.set(record.id, record);
    this.#insertByName(record);
  }

  /** Puts `next` in the place of the record with the same id. */
  replace(next: DnsRecord): void {
    const old = this.#byId.get(next.id);
    if (!old) throw new Error(`no record ${next.id}`);
    this.#byId.set(next.id, next);
    this.#removeByName(old);
    this.#insertByName(next);
  }

  remove(id: string): DnsRecord | undefined {
    const old = this.#byId.get(id);
    if (!old) return undefined;
    this.#byId.delete(id);
    this.#removeByName(old);
    this.#rank.delete(id);
    return old;
  }

  /** An independent copy (same record objects), for all-or-nothing batches. */
  clone(): ZoneIndex {
    return new ZoneIndex(this.#byId.values());
  }

  #insertByName(record: DnsRecord): void {
    const at = this.#byName.get(record.name);
    if (!at) {
      this.#byName.set(record.name, [record]);
      return;
    }
    const rank = this.#rank.get(record.id)!;
    let i = at.length;
    while (i > 0 && this.#rank.get(at[i - 1]!.id)! > rank) i--;
    at.splice(i, 0, record);
  }

  #removeByName(record: DnsRecord): void {
    const at = this.#byName.get(record.name);
    if (!at) return;
    const i = at.findIndex((r) => r.id === record.id);
    if (i >= 0) at.splice(i, 1);
    if (at.length === 0) this.#byName.delete(record.name);
  }
}

const NONE: readonly DnsRecord[] = [];
