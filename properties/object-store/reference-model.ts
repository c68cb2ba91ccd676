/**
 * A small, independent reference model of a bucket for the model-based properties: a Map of keys to
 * bytes and a sorted key list, written from the spec and the reference, never from the simulator.
 */
import { createHash } from "node:crypto";

export interface ModelObject {
  bytes: Uint8Array;
  etag: string;
  customMetadata: Record<string, string>;
}

export function md5(...chunks: Uint8Array[]): string {
  const h = createHash("md5");
  for (const c of chunks) h.update(c);
  return h.digest("hex");
}

/** UTF-8 byte order, computed the slow, obvious way. */
export function utf8Compare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

export class BucketModel {
  readonly objects = new Map<string, ModelObject>();

  put(key: string, bytes: Uint8Array, customMetadata: Record<string, string> = {}): ModelObject {
    const o = { bytes, etag: md5(bytes), customMetadata };
    this.objects.set(key, o);
    return o;
  }

  delete(keys: readonly string[]): void {
    for (const k of keys) this.objects.delete(k);
  }

  sortedKeys(): string[] {
    return [...this.objects.keys()].sort(utf8Compare);
  }

  /** Every object key and delimited prefix a complete listing returns. */
  listAll(prefix = "", delimiter?: string): { keys: string[]; prefixes: string[] } {
    const keys: string[] = [];
    const prefixes: string[] = [];
    for (const k of this.sortedKeys()) {
      if (!k.startsWith(prefix)) continue;
      const rest = k.slice(prefix.length);
      const at = delimiter ? rest.indexOf(delimiter) : -1;
      if (delimiter && at !== -1) {
        const p = prefix + rest.slice(0, at + delimiter.length);
        if (prefixes[prefixes.length - 1] !== p) prefixes.push(p);
      } else {
        keys.push(k);
      }
    }
    return { keys, prefixes };
  }
}

/** The bytes a range selects, or "unsatisfiable" (object form of the range; reference rules). */
export function expectedRange(
  size: number,
  range: { offset?: number; length?: number; suffix?: number },
): { offset: number; length: number } | "unsatisfiable" {
  if (range.suffix !== undefined) {
    if (range.suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(range.suffix, size);
    return { offset: size - length, length };
  }
  if (range.offset === undefined && range.length === undefined) return { offset: 0, length: size };
  const offset = range.offset ?? 0;
  if (offset > size) return "unsatisfiable";
  const rest = size - offset;
  const length = range.length === undefined || range.length > rest ? rest : range.length;
  return length === 0 ? "unsatisfiable" : { offset, length };
}

/**
 * RFC 7232 section 6, step by step, for an existing object (object form: one strong etag each).
 */
export function expectedProceeds(
  object: { etag: string; uploaded: number },
  cond: { etagMatches?: string; etagDoesNotMatch?: string; uploadedBefore?: number; uploadedAfter?: number },
): boolean {
  if (cond.etagMatches !== undefined) {
    if (!(cond.etagMatches === "*" || cond.etagMatches === object.etag)) return false;
  } else if (cond.uploadedBefore !== undefined) {
    if (!(object.uploaded < cond.uploadedBefore)) return false;
  }
  if (cond.etagDoesNotMatch !== undefined) {
    if (cond.etagDoesNotMatch === "*" || cond.etagDoesNotMatch === object.etag) return false;
  } else if (cond.uploadedAfter !== undefined) {
    if (!(object.uploaded > cond.uploadedAfter)) return false;
  }
  return true;
}

/** One entry of an If-Match / If-None-Match list. */
export type HeaderEtag = { kind: "strong" | "weak"; value: string } | { kind: "any" };

/** RFC 7232 section 6 for the Headers form: If-Match strong only, If-None-Match weak, dates at whole seconds. */
export function expectedHeadersProceed(
  object: { etag: string; uploaded: number },
  cond: { ifMatch?: HeaderEtag[]; ifNoneMatch?: HeaderEtag[]; ifUnmodifiedSince?: number; ifModifiedSince?: number },
): boolean {
  const uploaded = Math.floor(object.uploaded / 1000) * 1000;
  if (cond.ifMatch !== undefined) {
    if (!cond.ifMatch.some((e) => e.kind === "any" || (e.kind === "strong" && e.value === object.etag))) return false;
  } else if (cond.ifUnmodifiedSince !== undefined && !(uploaded < cond.ifUnmodifiedSince)) {
    return false;
  }
  if (cond.ifNoneMatch !== undefined) {
    if (cond.ifNoneMatch.some((e) => e.kind === "any" || e.value === object.etag)) return false;
  } else if (cond.ifModifiedSince !== undefined && !(uploaded > cond.ifModifiedSince)) {
    return false;
  }
  return true;
}

export function headerEtagList(list: readonly HeaderEtag[]): string {
  return list.map((e) => (e.kind === "any" ? "*" : e.kind === "weak" ? `W/"${e.value}"` : `"${e.value}"`)).join(", ");
}
