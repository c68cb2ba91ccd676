/**
 * One zone's records, indexed so that a write costs O(log n) searches and a list page
 * O(log n + page) for the default order and the indexable filters (see list-plan.ts):
 * - by id, with a creation rank (lists break ties by creation; snapshots keep creation order);
 * - by exact name (what the conflict and CNAME-chain checks look up);
 *   it holds a lone record as itself and only several as a list (no array made per record);
 * - facets: all records, the proxied ones, the DNS-only ones, those of one lowercased tag name;
 *   each facet holds one sequence per type sorted by (name, content, creation), so the default
 *   list order (type, name, content, creation) is the concatenation of a facet's arrays in type
 *   order, and a name or name prefix is one binary-searched range in each;
 * - buckets: the records of one lowercased content, and those of one lowercased tag `name:value`
 *   (what content exact and tag.exact ask). Usually a handful, so a bucket is a lone record or an
 *   unsorted array while it holds at most BUCKET records, and a facet (sorted) once it grows past
 *   that; it goes back to an array when it shrinks to BUCKET / 2 (no flapping at the edge). A list
 *   sorts a small bucket when it asks (at most BUCKET records) and pages a large one as any facet:
 *   O(log n + page) either way, and a zone of distinct contents pays one map entry per record.
 *
 * Only the id and name lookups are kept from the start: the facets and the buckets are built on
 * the first list that asks for each (creation order, as if kept all along), then kept up to date by
 * every write, so a zone that is only written and read by id pays for none of them.
 *
 * Gaps / by design: an in-memory index only, rebuilt from the plain record list on restore; the
 * snapshot stays that list. The sorted sequences are chunked (sorted-chunks.ts): a write moves at
 * most a chunk, whatever the size of the zone. A journal undoes writes, so a batch rolls
 * back in time proportional to the batch, not the zone.
 */
import { resultJsonIn, successEnvelopeJson } from "../http/envelope.ts";
import type { RecordsByName } from "./conflicts.ts";
import { splitTag } from "./list-filter.ts";
import { type DnsRecord, flatten, presentJson } from "./record.ts";
import { SortedChunks } from "./sorted-chunks.ts";

/**
 * A facet: the records of one kind (all of them, the proxied ones, those with one content, those
 * with one tag name), as one array per type sorted by (name, content, creation).
 */
export type Facet = Map<string, SortedChunks<DnsRecord>>;

/** A bucket's records while it is small: a lone record or an unsorted array; a facet when large. */
type Bucket = DnsRecord | DnsRecord[] | Facet;

/** The most records a bucket holds unsorted (see the header). */
export const BUCKET = 32;

type Undo = () => void;

/** A stored record: its creation rank and, once asked for, its answer (see ZoneIndex.answerOf). */
interface Entry {
  record: DnsRecord;
  rank: number;
  answer: string | undefined;
}

/**
 * A record's answer: the success envelope around its JSON text (http/envelope.ts), laid out flat now
 * (it is kept and written many times).
 */
function answerJson(resultText: string): string {
  const text = successEnvelopeJson(resultText);
  flatten(text);
  return text;
}

export class ZoneIndex implements RecordsByName {
  /**
   * Each record by id, with its creation rank (one map for both: one insert per write) and, once
   * presented, its answer: the success envelope around its JSON text (records never change in place,
   * so the answer stays right while it is stored). A GET or a create answers it as it is.
   */
  readonly #byId = new Map<string, Entry>();
  /** Records by exact name: the record itself while it is alone at its name (no array per record). */
  readonly #byName = new Map<string, DnsRecord | DnsRecord[]>();
  /** The number of records of each type (what `typeOrder` lists). */
  readonly #typeCount = new Map<string, number>();
  /** The facets and the by-content lookup, each undefined until a list first asks for it. */
  #all: Facet | undefined;
  #proxied: Facet | undefined;
  #dnsOnly: Facet | undefined;
  /** Buckets by lowercased content, and by lowercased tag `name:value` (see the header). */
  #byContent: Map<string, Bucket> | undefined;
  #byTagValue: Map<string, Bucket> | undefined;
  #byTag: Map<string, Facet> | undefined;
  #typeOrder: string[] = [];
  /**
   * The last name `atName` looked up and its by-name entry, until the next write: a write of a
   * record just checked (its name looked up by the conflict checks) does not look it up again.
   */
  #lastName: string | undefined;
  #lastAt: DnsRecord | DnsRecord[] | undefined;
  /** The entry of the record written last (its answer is asked for right after: no lookup by id). */
  #lastEntry: Entry | undefined;
  #next = 0;
  #journal: Undo[] | undefined;

  constructor(records: Iterable<DnsRecord> = []) {
    for (const r of records) this.add(r);
  }

  get size(): number {
    return this.#byId.size;
  }

  /** The records in creation order (a new array). */
  records(): DnsRecord[] {
    return [...this.#byId.values()].sort((a, b) => a.rank - b.rank).map((e) => e.record);
  }

  /** Every record, in no particular order (nothing sorted or copied: for counts and scans). */
  *unordered(): IterableIterator<DnsRecord> {
    for (const e of this.#byId.values()) yield e.record;
  }

  rankOf(r: DnsRecord): number {
    return this.#byId.get(r.id)?.rank ?? 0;
  }

  get(id: string): DnsRecord | undefined {
    return this.#byId.get(id)?.record;
  }

  /** The record of `id` with its answer (see `answerOf`), or undefined. */
  presented(id: string): { readonly record: DnsRecord; readonly answer: string } | undefined {
    const entry = this.#byId.get(id);
    if (entry === undefined) return undefined;
    entry.answer ??= answerJson(presentJson(entry.record));
    return entry as { record: DnsRecord; answer: string };
  }

  /**
   * The success envelope around `present(r)`'s JSON text (`answerJson(presentJson(r))`), kept beside
   * `r` while it is the stored record of its id.
   */
  answerOf(r: DnsRecord): string {
    const entry = this.#entryOf(r);
    if (entry === undefined) return answerJson(presentJson(r));
    entry.answer ??= answerJson(presentJson(r));
    return entry.answer;
  }

  /** `present(r)`'s JSON text (`presentJson`): the result inside its kept answer (made on first ask). */
  textOf(r: DnsRecord): string {
    const entry = this.#entryOf(r);
    if (entry === undefined) return presentJson(r);
    entry.answer ??= answerJson(presentJson(r));
    return resultJsonIn(entry.answer);
  }

  /** The entry of `r` while it is the stored record of its id (the one written last without a lookup). */
  #entryOf(r: DnsRecord): Entry | undefined {
    const last = this.#lastEntry;
    const entry = last !== undefined && last.record === r ? last : this.#byId.get(r.id);
    return entry !== undefined && entry.record === r ? entry : undefined;
  }

  atName(name: string): readonly DnsRecord[] {
    const at = this.#byName.get(name);
    this.#lastName = name;
    this.#lastAt = at;
    return listOf(at);
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

  /** Types present, in list order. */
  typeOrder(): readonly string[] {
    return this.#typeOrder;
  }

  /** Every record, per type. */
  all(): Facet {
    if (this.#all === undefined) {
      const all: Facet = new Map();
      for (const r of this.records()) this.#facetAdd(all, r);
      this.#all = all;
    }
    return this.#all;
  }

  /** The proxied (true) or DNS-only (false) records, per type. */
  byProxied(proxied: boolean): Facet {
    if (this.#proxied === undefined || this.#dnsOnly === undefined) {
      const yes: Facet = new Map();
      const no: Facet = new Map();
      for (const r of this.records()) this.#facetAdd(r.proxied ? yes : no, r);
      this.#proxied = yes;
      this.#dnsOnly = no;
    }
    return proxied ? this.#proxied : this.#dnsOnly;
  }

  /**
   * The records whose lowercased content is `lowerContent`, per type (a facet made for the call
   * when the bucket is small: the caller must not keep or change it).
   */
  withContent(lowerContent: string): Facet {
    if (this.#byContent === undefined) {
      const byContent = new Map<string, Bucket>();
      for (const r of this.records()) this.#bucketAdd(byContent, r.content.toLowerCase(), r);
      this.#byContent = byContent;
    }
    return this.#facetOfBucket(this.#byContent.get(lowerContent));
  }

  /**
   * The records with a tag `lowerTagName:lowerValue` (a tag without a value has the empty value), per
   * type; a facet made for the call when the bucket is small, as `withContent`.
   */
  withTagValue(lowerTagName: string, lowerValue: string): Facet {
    if (this.#byTagValue === undefined) {
      const byTagValue = new Map<string, Bucket>();
      for (const r of this.records()) this.#tagValuesAdd(byTagValue, r);
      this.#byTagValue = byTagValue;
    }
    return this.#facetOfBucket(this.#byTagValue.get(`${lowerTagName}:${lowerValue}`));
  }

  /** The records with a tag named `lowerTagName` (any case), per type. */
  byTag(lowerTagName: string): Facet {
    if (this.#byTag === undefined) {
      const byTag = new Map<string, Facet>();
      for (const r of this.records()) this.#tagsAdd(byTag, r);
      this.#byTag = byTag;
    }
    return this.#byTag.get(lowerTagName) ?? EMPTY;
  }

  /** Default-order comparison: name, content, creation (within one type). */
  compare = (a: DnsRecord, b: DnsRecord): number => {
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    if (a.content !== b.content) return a.content < b.content ? -1 : 1;
    return this.rankOf(a) - this.rankOf(b);
  };

  /** Appends a new record (last in creation order). */
  add(record: DnsRecord): void {
    this.#insert(record, this.#next++);
    this.#journal?.push(() => this.#delete(record.id));
  }

  /** Puts `next` in the place of the record with the same id. */
  replace(next: DnsRecord): void {
    const entry = this.#byId.get(next.id);
    if (!entry) throw new Error(`no record ${next.id}`);
    const { record: old, rank } = entry;
    this.#delete(next.id);
    this.#insert(next, rank);
    this.#journal?.push(() => {
      this.#delete(next.id);
      this.#insert(old, rank);
    });
  }

  remove(id: string): DnsRecord | undefined {
    const entry = this.#byId.get(id);
    if (!entry) return undefined;
    const { record: old, rank } = entry;
    this.#delete(id);
    this.#journal?.push(() => this.#insert(old, rank));
    return old;
  }

  /** Runs `work`; if it throws, every write it made is undone (in reverse) and the error rethrown. */
  atomically<T>(work: () => T): T {
    if (this.#journal) return work();
    const journal: Undo[] = [];
    this.#journal = journal;
    try {
      return work();
    } catch (e) {
      this.#journal = undefined;
      for (let i = journal.length - 1; i >= 0; i--) journal[i]!();
      throw e;
    } finally {
      this.#journal = undefined;
    }
  }

  /** An independent copy (same record objects). */
  clone(): ZoneIndex {
    return new ZoneIndex(this.records());
  }

  #tagValuesAdd(byTagValue: Map<string, Bucket>, r: DnsRecord): void {
    if (r.tags.length > 0) for (const key of tagValues(r)) this.#bucketAdd(byTagValue, key, r);
  }

  /** Adds `r` to the bucket at `key`: an array grows into a facet past BUCKET records. */
  #bucketAdd(map: Map<string, Bucket>, key: string, r: DnsRecord): void {
    const b = map.get(key);
    if (b === undefined) map.set(key, r);
    else if (b instanceof Map) this.#facetAdd(b, r);
    else if (!Array.isArray(b)) map.set(key, [b, r]);
    else if (b.length < BUCKET) b.push(r);
    else {
      const f: Facet = new Map();
      for (const x of b) this.#facetAdd(f, x);
      this.#facetAdd(f, r);
      map.set(key, f);
    }
  }

  /** Takes `r` out of the bucket at `key`: a facet shrunk to BUCKET / 2 goes back to an array. */
  #bucketRemove(map: Map<string, Bucket>, key: string, r: DnsRecord): void {
    const b = map.get(key);
    if (b === undefined) return;
    if (!(b instanceof Map)) {
      removeFrom(map as Map<string, DnsRecord | DnsRecord[]>, key, r);
      return;
    }
    this.#facetRemove(b, r);
    let n = 0;
    for (const seq of b.values()) n += seq.size;
    if (n > BUCKET / 2) return;
    const list: DnsRecord[] = [];
    for (const seq of b.values())
      seq.forEachIn(0, seq.size, (x) => {
        list.push(x);
      });
    if (list.length === 0) map.delete(key);
    else map.set(key, list.length === 1 ? list[0]! : list);
  }

  /** A bucket as a facet (a new one, sorted here, while the bucket is small). */
  #facetOfBucket(b: Bucket | undefined): Facet {
    if (b === undefined) return EMPTY;
    if (b instanceof Map) return b;
    const f: Facet = new Map();
    if (Array.isArray(b)) for (const x of b) this.#facetAdd(f, x);
    else this.#facetAdd(f, b);
    return f;
  }

  #tagsAdd(byTag: Map<string, Facet>, r: DnsRecord): void {
    if (r.tags.length > 0) for (const t of tagNames(r)) this.#facetAdd(facetOf(byTag, t), r);
  }

  #facetAdd(f: Facet, r: DnsRecord): void {
    let seq = f.get(r.type);
    if (!seq) {
      seq = new SortedChunks(nameOf);
      f.set(r.type, seq);
    }
    seq.insert(r, this.compare);
  }

  /** Removes `r` from facet `f`; drops emptied arrays, and the facet from `owner` when it empties. */
  #facetRemove(f: Facet | undefined, r: DnsRecord, owner?: Map<string, Facet>, key?: string): void {
    const seq = f?.get(r.type);
    if (!f || !seq) return;
    seq.remove(r, this.compare);
    if (seq.size === 0) f.delete(r.type);
    if (f.size === 0 && owner && key !== undefined) owner.delete(key);
  }

  #insert(r: DnsRecord, rank: number): void {
    const entry: Entry = { record: r, rank, answer: undefined };
    this.#byId.set(r.id, entry);
    this.#lastEntry = entry;
    const at = r.name === this.#lastName ? this.#lastAt : this.#byName.get(r.name);
    this.#lastName = undefined;
    this.#lastAt = undefined;
    if (at === undefined) this.#byName.set(r.name, r);
    else {
      const list = Array.isArray(at) ? at : [at];
      let i = list.length;
      while (i > 0 && this.rankOf(list[i - 1]!) > rank) i--;
      list.splice(i, 0, r);
      if (list !== at) this.#byName.set(r.name, list);
    }
    const ofType = this.#typeCount.get(r.type);
    if (ofType === undefined) {
      this.#typeCount.set(r.type, 1);
      this.#typeOrder = [...this.#typeCount.keys()].sort();
    } else this.#typeCount.set(r.type, ofType + 1);
    if (this.#all) this.#facetAdd(this.#all, r);
    const split = r.proxied ? this.#proxied : this.#dnsOnly;
    if (split) this.#facetAdd(split, r);
    if (this.#byContent) this.#bucketAdd(this.#byContent, r.content.toLowerCase(), r);
    if (this.#byTagValue) this.#tagValuesAdd(this.#byTagValue, r);
    if (this.#byTag) this.#tagsAdd(this.#byTag, r);
  }

  #delete(id: string): void {
    const r = this.#byId.get(id)?.record;
    if (!r) return;
    this.#lastEntry = undefined;
    this.#lastName = undefined;
    this.#lastAt = undefined;
    removeFrom(this.#byName, r.name, r);
    const ofType = this.#typeCount.get(r.type) ?? 1;
    if (ofType > 1) this.#typeCount.set(r.type, ofType - 1);
    else {
      this.#typeCount.delete(r.type);
      this.#typeOrder = this.#typeOrder.filter((t) => t !== r.type);
    }
    this.#facetRemove(this.#all, r);
    this.#facetRemove(r.proxied ? this.#proxied : this.#dnsOnly, r);
    if (this.#byContent) this.#bucketRemove(this.#byContent, r.content.toLowerCase(), r);
    const byTagValue = this.#byTagValue;
    if (byTagValue && r.tags.length > 0) for (const key of tagValues(r)) this.#bucketRemove(byTagValue, key, r);
    const byTag = this.#byTag;
    if (byTag && r.tags.length > 0) for (const t of tagNames(r)) this.#facetRemove(byTag.get(t), r, byTag, t);
    // Last: the facet removals above compare by rank.
    this.#byId.delete(id);
  }
}

function facetOf(map: Map<string, Facet>, key: string): Facet {
  let f = map.get(key);
  if (!f) {
    f = new Map();
    map.set(key, f);
  }
  return f;
}

function tagNames(r: DnsRecord): Set<string> {
  const out = new Set<string>();
  for (const t of r.tags) out.add(splitTag(t)[0]);
  return out;
}

/**
 * The lowercased `name:value` of each of `r`'s tags (a tag without a value: `name:`), each once;
 * split and lowercased by list-filter.ts's splitTag (so the keys are what
 * tag.exact compares).
 */
function tagValues(r: DnsRecord): Set<string> {
  const out = new Set<string>();
  for (const t of r.tags) {
    const [name, value] = splitTag(t);
    out.add(`${name}:${value}`);
  }
  return out;
}

/** The sort key of facets: `compare` orders by name first, so searches compare names alone until they tie. */
const nameOf = (r: DnsRecord): string => r.name;

const NONE: readonly DnsRecord[] = [];

/** The records of a by-name entry, as a list. */
function listOf(entry: DnsRecord | DnsRecord[] | undefined): readonly DnsRecord[] {
  return entry === undefined ? NONE : Array.isArray(entry) ? entry : [entry];
}

/** Takes `r` out of the entry at `key` (the entry goes when it empties). */
function removeFrom(map: Map<string, DnsRecord | DnsRecord[]>, key: string, r: DnsRecord): void {
  const entry = map.get(key);
  if (entry === undefined) return;
  if (!Array.isArray(entry)) {
    if (entry === r) map.delete(key);
    return;
  }
  const i = entry.indexOf(r);
  if (i >= 0) entry.splice(i, 1);
  if (entry.length === 0) map.delete(key);
}
const EMPTY: Facet = new Map();
