/**
 * Conditionals (onlyIf): parsing the object form and the Headers form into one shape, and a pure
 * evaluator following RFC 7232 section 6, as the platform does.
 *
 * Gaps / by design: If-Range is ignored (the spec says every conditional header except If-Range is
 * supported). Headers-form dates compare at whole seconds; object-form dates at milliseconds unless
 * `secondsGranularity` is set. Unparseable If-(Un)Modified-Since dates are ignored, as HTTP says.
 */
import { isHeaders } from "./values.ts";

export type EtagSpec = { type: "strong"; value: string } | { type: "weak"; value: string } | { type: "wildcard" };

export interface Conditional {
  etagMatches?: EtagSpec[];
  etagDoesNotMatch?: EtagSpec[];
  /** ms since epoch */
  uploadedBefore?: number;
  /** ms since epoch */
  uploadedAfter?: number;
  secondsGranularity: boolean;
}

/** What the evaluator needs of a stored object. */
export interface ConditionalSubject {
  etag: string;
  /** ms since epoch */
  uploaded: number;
}

function parseObjectEtag(value: unknown): EtagSpec[] {
  const s = String(value);
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    throw new TypeError(`Conditional ETag should not be wrapped in quotes (${s}).`);
  }
  return [s === "*" ? { type: "wildcard" } : { type: "strong", value: s }];
}

function parseDate(value: unknown, field: string): number {
  if (!(value instanceof Date)) {
    throw new TypeError(
      `Incorrect type for the '${field}' field on 'R2Conditional': the provided value is not of type 'Date'.`,
    );
  }
  return value.getTime();
}

/** Parses an `If-Match` / `If-None-Match` value: a comma list of `"strong"`, `W/"weak"` or `*`. */
export function parseEtagList(header: string): EtagSpec[] {
  const out: EtagSpec[] = [];
  for (const raw of header.split(",")) {
    const item = raw.trim();
    if (item === "*") out.push({ type: "wildcard" });
    else if (/^W\/"[^"]*"$/.test(item)) out.push({ type: "weak", value: item.slice(3, -1) });
    else if (/^"[^"]*"$/.test(item)) out.push({ type: "strong", value: item.slice(1, -1) });
  }
  return out;
}

function headerDate(value: string | null): number | undefined {
  if (value === null) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Parses `onlyIf` (object or Headers). Throws the platform's errors for malformed etags. */
export function parseConditional(onlyIf: unknown): Conditional | undefined {
  if (onlyIf === undefined || onlyIf === null) return undefined;
  if (isHeaders(onlyIf)) {
    const cond: Conditional = { secondsGranularity: true };
    const ifMatch = onlyIf.get("if-match");
    if (ifMatch !== null) {
      const list = parseEtagList(ifMatch);
      if (list.length === 0) throw new Error("Invalid ETag in if-match header");
      cond.etagMatches = list;
    }
    const ifNoneMatch = onlyIf.get("if-none-match");
    if (ifNoneMatch !== null) {
      const list = parseEtagList(ifNoneMatch);
      if (list.length === 0) throw new Error("Invalid ETag in if-none-match header");
      cond.etagDoesNotMatch = list;
    }
    const after = headerDate(onlyIf.get("if-modified-since"));
    if (after !== undefined) cond.uploadedAfter = after;
    const before = headerDate(onlyIf.get("if-unmodified-since"));
    if (before !== undefined) cond.uploadedBefore = before;
    return cond;
  }
  if (typeof onlyIf !== "object") {
    throw new TypeError(
      "Incorrect type for the 'onlyIf' field: the provided value is not of type 'R2Conditional or Headers'.",
    );
  }
  const o = onlyIf as Record<string, unknown>;
  const cond: Conditional = { secondsGranularity: o.secondsGranularity === true };
  if (o.etagMatches !== undefined) cond.etagMatches = parseObjectEtag(o.etagMatches);
  if (o.etagDoesNotMatch !== undefined) cond.etagDoesNotMatch = parseObjectEtag(o.etagDoesNotMatch);
  if (o.uploadedBefore !== undefined) cond.uploadedBefore = parseDate(o.uploadedBefore, "uploadedBefore");
  if (o.uploadedAfter !== undefined) cond.uploadedAfter = parseDate(o.uploadedAfter, "uploadedAfter");
  return cond;
}

function matchStrong(list: readonly EtagSpec[], etag: string): boolean {
  return list.some((e) => e.type === "wildcard" || (e.type === "strong" && e.value === etag));
}

function matchWeak(list: readonly EtagSpec[], etag: string): boolean {
  return list.some((e) => e.type === "wildcard" || e.value === etag);
}

function truncateToSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/**
 * Whether the operation proceeds. `subject` undefined means the key does not exist: then only
 * etagMatches and uploadedAfter can fail (they need an object).
 */
export function evaluateConditional(cond: Conditional, subject: ConditionalSubject | undefined): boolean {
  if (subject === undefined) return cond.etagMatches === undefined && cond.uploadedAfter === undefined;
  const trunc = cond.secondsGranularity ? truncateToSeconds : (ms: number) => ms;
  const uploaded = trunc(subject.uploaded);
  const ifMatch = cond.etagMatches === undefined || matchStrong(cond.etagMatches, subject.etag);
  const ifNoneMatch = cond.etagDoesNotMatch === undefined || !matchWeak(cond.etagDoesNotMatch, subject.etag);
  const ifModifiedSince =
    cond.uploadedAfter === undefined ||
    trunc(cond.uploadedAfter) < uploaded ||
    (cond.etagDoesNotMatch !== undefined && ifNoneMatch);
  const ifUnmodifiedSince =
    cond.uploadedBefore === undefined ||
    uploaded < trunc(cond.uploadedBefore) ||
    (cond.etagMatches !== undefined && ifMatch);
  return ifMatch && ifNoneMatch && ifModifiedSince && ifUnmodifiedSince;
}
