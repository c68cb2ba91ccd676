/**
 * Conditionals (onlyIf): converting the object form and the Headers form into one shape, as workerd's
 * binding does (`R2Bucket::UnwrappedConditional`), and a pure evaluator following RFC 7232 section 6.
 *
 * Two steps, as in the binding: `convertConditional` checks types (part of converting the options,
 * before any other check), `unwrapConditional` then checks values (quoted etags, the If-Match /
 * If-None-Match grammar with its three error messages) and reads header dates.
 *
 * Gaps / by design: If-Range is ignored (the spec says every conditional header except If-Range is
 * supported). Headers-form dates compare at whole seconds; object-form dates at milliseconds unless
 * `secondsGranularity` is set. A header date V8 cannot parse reads as the epoch (as the binding's
 * `js.date()` gives); header dates are parsed by the host's Date.parse, in the process's time zone
 * for forms without one (workerd runs in UTC), and wrap as the binding's int64 nanoseconds do
 * (`headerDate`). Dates before 1970 compare as the instants they are: the binding sends them to
 * storage as UInt64 two's complement, and what the platform's storage makes of that is not public.
 */
import { fieldTypeError, nonCoercibleString, toDate } from "./convert.ts";
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

/** onlyIf once its types are checked: a Headers, or the object form's converted fields. */
export type ConvertedConditional =
  | { headers: Headers }
  | {
      etagMatches?: string;
      etagDoesNotMatch?: string;
      uploadedBefore?: number;
      uploadedAfter?: number;
      secondsGranularity?: boolean;
    };

/** Type conversion of `onlyIf` (field of `owner`, 'PutOptions' or 'GetOptions'). */
export function convertConditional(onlyIf: unknown, owner: string): ConvertedConditional | undefined {
  if (onlyIf === undefined) return undefined;
  if (isHeaders(onlyIf)) return { headers: onlyIf };
  if (onlyIf !== null && typeof onlyIf !== "object" && typeof onlyIf !== "function") {
    throw fieldTypeError("onlyIf", owner, "Conditional or Headers");
  }
  const o = (onlyIf ?? {}) as Record<string, unknown>;
  const out: ConvertedConditional = {};
  const em = o.etagMatches;
  if (em !== undefined) out.etagMatches = nonCoercibleString(em, "etagMatches", "Conditional");
  const ednm = o.etagDoesNotMatch;
  if (ednm !== undefined) out.etagDoesNotMatch = nonCoercibleString(ednm, "etagDoesNotMatch", "Conditional");
  const before = o.uploadedBefore;
  if (before !== undefined) out.uploadedBefore = toDate(before, "uploadedBefore", "Conditional");
  const after = o.uploadedAfter;
  if (after !== undefined) out.uploadedAfter = toDate(after, "uploadedAfter", "Conditional");
  const sg = o.secondsGranularity;
  if (sg !== undefined) out.secondsGranularity = Boolean(sg);
  return out;
}

function objectEtag(value: string): EtagSpec[] {
  if (value.startsWith('"') && value.endsWith('"')) {
    throw new TypeError(`Conditional ETag should not be wrapped in quotes (${value}).`);
  }
  return [value === "*" ? { type: "wildcard" } : { type: "strong", value }];
}

/**
 * Parses an `If-Match` / `If-None-Match` value as the binding does: a comma list of `"strong"`,
 * `W/"weak"` and `*` (a wildcard ends the list and replaces it); commas inside quotes belong to the
 * etag; parsing stops at the first other character. Malformed lists throw the binding's Errors.
 */
export function parseEtagList(header: string): EtagSpec[] {
  const out: EtagSpec[] = [];
  let rest = header;
  let commaRequired = false;
  for (;;) {
    let i = 0;
    while (i < rest.length && (rest[i] === " " || rest[i] === "\t")) i++;
    rest = rest.slice(i);
    if (rest.length === 0) return out;
    const c = rest[0];
    if (c === ",") {
      rest = rest.slice(1);
      commaRequired = false;
    } else if (c === "*") {
      if (commaRequired) {
        throw new Error("Comma was expected to separate etags. Encountered a wildcard character '*' instead.");
      }
      return [{ type: "wildcard" }];
    } else if (c === "W") {
      if (commaRequired) {
        throw new Error(
          "Comma was expected to separate etags. Encountered a weak quotation character 'W' instead. This would otherwise indicate the start of a new weak etag.",
        );
      }
      if (!(rest.length > 2 && rest[1] === "/" && rest[2] === '"')) {
        throw new Error("Weak etags must start with W/ and their value must be quoted");
      }
      rest = rest.slice(3);
      const close = rest.indexOf('"');
      if (close === -1) throw new Error("Unclosed double quote for Etag");
      out.push({ type: "weak", value: rest.slice(0, close) });
      rest = rest.slice(close + 1);
      commaRequired = true;
    } else if (c === '"') {
      if (commaRequired) {
        throw new Error(
          "Comma was expected to separate etags. Encountered a double quote character '\"' instead. This would otherwise indicate the start of a new strong etag.",
        );
      }
      rest = rest.slice(1);
      const close = rest.indexOf('"');
      if (close === -1) throw new Error("Unclosed double quote for Etag");
      out.push({ type: "strong", value: rest.slice(0, close) });
      rest = rest.slice(close + 1);
      commaRequired = true;
    } else {
      return out;
    }
  }
}

/**
 * A header date as the binding reads it (`js.date(value)` then `JsDate::operator kj::Date`, then
 * `(d - UNIX_EPOCH) / MILLISECONDS` when sent): V8's Date parsing; the double truncated to int64 ms
 * and multiplied into int64 nanoseconds, which wrap outside about 1677-09-21..2262-04-11 (no range
 * check on this path, unlike a Date argument); back to ms by C++ division, truncating toward zero.
 * What V8 cannot parse (NaN) is the epoch: int64_t(NaN) is INT64_MIN on x86-64 (0 on arm64), and
 * INT64_MIN * 10^6 wraps to 0.
 */
export function headerDate(value: string): number {
  return kjDateMs(Date.parse(value));
}

/** Milliseconds through kj::Date and back, as the binding converts a header date. */
export function kjDateMs(ms: number): number {
  if (!Number.isFinite(ms)) return 0;
  const ns = BigInt.asIntN(64, BigInt(Math.trunc(ms)) * 1_000_000n);
  return Number(ns / 1_000_000n);
}

/** Value checks of a converted `onlyIf` (quoted etags, header grammar); reads header dates. */
export function unwrapConditional(c: ConvertedConditional | undefined): Conditional | undefined {
  if (c === undefined) return undefined;
  if ("headers" in c) {
    const h = c.headers;
    const cond: Conditional = { secondsGranularity: true };
    const ifMatch = h.get("if-match");
    if (ifMatch !== null) {
      const list = parseEtagList(ifMatch);
      if (list.length === 0) throw new Error("Invalid ETag in if-match header");
      cond.etagMatches = list;
    }
    const ifNoneMatch = h.get("if-none-match");
    if (ifNoneMatch !== null) {
      const list = parseEtagList(ifNoneMatch);
      if (list.length === 0) throw new Error("Invalid ETag in if-none-match header");
      cond.etagDoesNotMatch = list;
    }
    const ims = h.get("if-modified-since");
    if (ims !== null) cond.uploadedAfter = headerDate(ims);
    const ius = h.get("if-unmodified-since");
    if (ius !== null) cond.uploadedBefore = headerDate(ius);
    return cond;
  }
  const cond: Conditional = { secondsGranularity: c.secondsGranularity === true };
  if (c.etagMatches !== undefined) cond.etagMatches = objectEtag(c.etagMatches);
  if (c.etagDoesNotMatch !== undefined) cond.etagDoesNotMatch = objectEtag(c.etagDoesNotMatch);
  if (c.uploadedAfter !== undefined) cond.uploadedAfter = c.uploadedAfter;
  if (c.uploadedBefore !== undefined) cond.uploadedBefore = c.uploadedBefore;
  return cond;
}

/** Converts and checks `onlyIf` in one step (for callers with no other options to interleave). */
export function parseConditional(onlyIf: unknown, owner = "GetOptions"): Conditional | undefined {
  return unwrapConditional(convertConditional(onlyIf, owner));
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
