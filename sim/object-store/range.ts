/**
 * Ranges of get: parsing the object form (with the platform's RangeError/TypeError texts) and the
 * Range header form, and resolving a range against an object size.
 *
 * Gaps / by design: the Headers form honours one satisfiable `bytes=` range; anything else (several
 * ranges, bad syntax, unsatisfiable) returns the whole object, as the platform does. The object form
 * raises 10039 for an unsatisfiable range (the caller turns `undefined` from `resolveRange` into it).
 */
import { fieldTypeError, kjNumber, toDouble } from "./convert.ts";
import { isHeaders } from "./values.ts";

export type RangeSpec =
  | { kind: "window"; offset?: number; length?: number }
  | { kind: "suffix"; suffix: number }
  /** From a Range header: honoured only when satisfiable, else the whole object. */
  | { kind: "header"; spec: { offset?: number; length?: number } | { suffix: number } };

export interface ResolvedRange {
  offset: number;
  length: number;
}

/** `range` once its types are checked: a Headers, or the object form's fields as numbers (jsg doubles). */
export type ConvertedRange = { headers: Headers } | { offset?: number; length?: number; suffix?: number };

/** Type conversion of GetOptions' `range` (ToNumber on each field; null is an empty range). */
export function convertRange(range: unknown): ConvertedRange | undefined {
  if (range === undefined) return undefined;
  if (isHeaders(range)) return { headers: range };
  if (range !== null && typeof range !== "object" && typeof range !== "function") {
    throw fieldTypeError("range", "GetOptions", "Range or Headers");
  }
  const r = (range ?? {}) as Record<string, unknown>;
  const out: { offset?: number; length?: number; suffix?: number } = {};
  // Each field read once, in declaration order (jsg reads a struct's fields once).
  const offset = r.offset;
  if (offset !== undefined) out.offset = toDouble(offset);
  const length = r.length;
  if (length !== undefined) out.length = toDouble(length);
  const suffix = r.suffix;
  if (suffix !== undefined) out.suffix = toDouble(suffix);
  return out;
}

function checkInteger(value: number, label: "Starting offset" | "Length"): number {
  if (!(value >= 0)) {
    throw new RangeError(`Invalid range. ${label} (${kjNumber(value)}) must be greater than or equal to 0.`);
  }
  if (!isWhole(value)) {
    throw new RangeError(`Invalid range. ${label} (${kjNumber(value)}) must be an integer, not floating point.`);
  }
  // The binding sends it as an unsigned integer, so -0 is 0 (r2-bucket.c++:387, static_cast<uint64_t>).
  return value + 0;
}

/** C's `modf(x) == 0`: integers and infinities. */
function isWhole(x: number): boolean {
  return Number.isInteger(x) || x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY;
}

/** Value checks of a converted range (the binding's RangeError/TypeError texts). */
export function checkRange(r: ConvertedRange | undefined): RangeSpec | undefined {
  if (r === undefined) return undefined;
  if ("headers" in r) {
    const header = r.headers.get("range");
    if (header === null) return undefined;
    const spec = parseRangeHeader(header);
    return spec === undefined ? undefined : { kind: "header", spec };
  }
  const spec: { offset?: number; length?: number } = {};
  if (r.offset !== undefined) spec.offset = checkInteger(r.offset, "Starting offset");
  if (r.length !== undefined) spec.length = checkInteger(r.length, "Length");
  if (r.suffix !== undefined) {
    if (r.offset !== undefined) throw new TypeError("Suffix is incompatible with offset.");
    if (r.length !== undefined) throw new TypeError("Suffix is incompatible with length.");
    const s = r.suffix;
    if (!(s >= 0)) {
      throw new RangeError(`Invalid suffix. Suffix (${kjNumber(s)}) must be greater than or equal to 0.`);
    }
    if (!isWhole(s)) {
      throw new RangeError(`Invalid range. Suffix (${kjNumber(s)}) must be an integer, not floating point.`);
    }
    return { kind: "suffix", suffix: s };
  }
  return { kind: "window", ...spec };
}

/** Parses the object form of a range, or a Headers object carrying `Range` (conversion, then checks). */
export function parseRange(range: unknown): RangeSpec | undefined {
  return checkRange(convertRange(range));
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range only); anything else is undefined (whole object). */
export function parseRangeHeader(header: string): { offset: number; length?: number } | { suffix: number } | undefined {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return undefined;
  const [, a = "", b = ""] = m;
  if (a === "" && b === "") return undefined;
  if (a === "") return { suffix: Number(b) };
  const start = Number(a);
  if (b === "") return { offset: start };
  const end = Number(b);
  if (end < start) return undefined;
  return { offset: start, length: end - start + 1 };
}

function resolveWindow(
  spec: { offset?: number; length?: number } | { suffix: number },
  size: number,
): ResolvedRange | undefined {
  if ("suffix" in spec) {
    if (spec.suffix === 0 || size === 0) return undefined;
    const length = Math.min(spec.suffix, size);
    return { offset: size - length, length };
  }
  const offset = spec.offset ?? 0;
  if (offset > size) return undefined;
  const length = Math.min(spec.length ?? size - offset, size - offset);
  if (length === 0) return undefined;
  return { offset, length };
}

/**
 * Resolves `spec` against an object of `size` bytes. Returns the clamped range, the whole object for
 * no range, or `"unsatisfiable"` (object form only; header ranges fall back to the whole object).
 */
export function resolveRange(spec: RangeSpec | undefined, size: number): ResolvedRange | "unsatisfiable" {
  const whole = { offset: 0, length: size };
  if (spec === undefined) return whole;
  switch (spec.kind) {
    case "header":
      return resolveWindow(spec.spec, size) ?? whole;
    case "suffix":
      return resolveWindow({ suffix: spec.suffix }, size) ?? "unsatisfiable";
    case "window":
      // No offset and no length is offset 0 to the end: the whole object, unsatisfiable when it is empty (as
      // workerd's storage answers; docs/choices/object-store.md, Ranges).
      return resolveWindow(spec, size) ?? "unsatisfiable";
  }
}
