/**
 * Argument conversion as the platform's binding does it (workerd's jsg, WebIDL-like): each
 * parameter and each dictionary field is converted by its declared type, with jsg's exact messages.
 *
 * - `kj::String` fields and parameters coerce (`String(v)`, a Symbol throws); lone surrogates cross
 *   the binding as their WTF-8 bytes, which storage reads back as three U+FFFD each.
 * - `NonCoercible<kj::String>` fields take only primitive strings.
 * - `int` (list limit, part numbers): ToNumber, non-finite -> 0, outside int32 -> TypeError, then
 *   truncated toward zero. `double` (range fields): ToNumber.
 * - `kj::Date` (onlyIf dates, cacheExpiry): a Date (its internal time value) or a number of ms; not
 *   finite -> TypeError; outside what 64-bit nanoseconds hold (years 1677..2262) -> jsg's "after 2189" / "before 1687" messages.
 * - Dictionaries: undefined/null are empty, any object or function is read, anything else is refused.
 * - Arrays (`jsgArray`): real arrays only (not a Proxy of one), holes read as undefined.
 *
 * Gaps / by design: field getters run in declaration order, as jsg reads them; proxies and getters
 * with side effects see the same reads. Symbol-keyed entries of a record are ignored.
 */

import { types } from "node:util";
import { ownData } from "../core/own-data.ts";

const isProxy = types.isProxy;
const isDate = types.isDate as (v: unknown) => v is Date;
const dateTime = Date.prototype.getTime;

/** jsg's conversion of a value to `kj::String` (ToString; Symbols throw V8's TypeError). */
export function coerceString(value: unknown): string {
  const s = typeof value === "string" ? value : `${value as string}`;
  return wellFormed(s);
}

const LONE_SURROGATE = /\p{Cs}/gu;
const hasIsWellFormed = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";

/** A string as it comes back from storage: each lone surrogate (WTF-8, 3 bytes) reads as 3 U+FFFD. */
export function wellFormed(s: string): string {
  if (hasIsWellFormed ? (s as unknown as { isWellFormed(): boolean }).isWellFormed() : !/\p{Cs}/u.test(s)) return s;
  return s.replace(LONE_SURROGATE, "\uFFFD\uFFFD\uFFFD");
}

/** The message jsg gives for a field of the wrong type. */
export function fieldTypeError(field: string, struct: string, type: string): TypeError {
  return new TypeError(
    `Incorrect type for the '${field}' field on '${struct}': the provided value is not of type '${type}'.`,
  );
}

/** The message jsg gives for a parameter of the wrong type (1-based position). */
export function paramTypeError(method: string, cls: string, position: number, type: string): TypeError {
  return new TypeError(`Failed to execute '${method}' on '${cls}': parameter ${position} is not of type '${type}'.`);
}

/** `NonCoercible<kj::String>`: a primitive string only. */
export function nonCoercibleString(value: unknown, field: string, struct: string): string {
  if (typeof value !== "string") throw fieldTypeError(field, struct, "string");
  return wellFormed(value);
}

/** jsg's `int`: ToNumber, non-finite -> 0, out of int32 -> TypeError, truncation toward zero. */
export function toInt(value: unknown): number {
  if (typeof value === "number" && (value | 0) === value) return value;
  const n = +(value as number);
  if (!Number.isFinite(n)) return 0;
  if (n > 2147483647 || n < -2147483648) {
    throw new TypeError("Value out of range. Must be between -2147483648 and 2147483647 (inclusive).");
  }
  return Math.trunc(n) || 0;
}

/** jsg's `double`: ToNumber (Symbols and BigInts throw V8's TypeError). */
export function toDouble(value: unknown): number {
  return typeof value === "number" ? value : +(value as number);
}

const NANOS_LIMIT = 2 ** 63;

/** jsg's `kj::Date`: a Date or a number of ms, as ms since the epoch (truncated toward zero). */
export function toDate(value: unknown, field: string, struct: string): number {
  let ms: number;
  // V8's IsDate and the Date's own time value: a subclass counts, a getTime override does not, an
  // object that only inherits from Date.prototype is no date (jsg's kj::Date unwrapping).
  if (isDate(value)) ms = dateTime.call(value);
  else if (typeof value === "number") ms = value;
  else throw fieldTypeError(field, struct, "date");
  if (!Number.isFinite(ms)) throw new TypeError("The value cannot be converted because it is not a valid Date.");
  const nanos = ms * 1e6;
  if (!(nanos < NANOS_LIMIT)) throw new TypeError("This API doesn't support dates after 2189.");
  if (!(nanos > -NANOS_LIMIT)) throw new TypeError("This API doesn't support dates before 1687.");
  return Math.trunc(ms) || 0;
}

/** A dictionary parameter: undefined/null are empty; objects and functions are read; else TypeError. */
export function dictionaryParam(
  value: unknown,
  method: string,
  cls: string,
  position: number,
  type: string,
): Record<string, unknown> {
  if (value === undefined || value === null) return EMPTY;
  if (typeof value === "object" || typeof value === "function") return value as Record<string, unknown>;
  throw paramTypeError(method, cls, position, type);
}

/** A dictionary field that may also be a Headers (onlyIf, httpMetadata, range): which of the two, or refused. */
export function dictionaryOrHeaders(
  value: unknown,
  field: string,
  struct: string,
  type: string,
  isHeaders: (v: unknown) => boolean,
): { headers: Headers } | { dict: Record<string, unknown> } {
  if (isHeaders(value)) return { headers: value as Headers };
  if (value === null) return { dict: EMPTY };
  if (typeof value === "object" || typeof value === "function") return { dict: value as Record<string, unknown> };
  throw fieldTypeError(field, struct, type);
}

/**
 * jsg's `kj::Array<T>` (value.h:873-886): only a real Array (V8's IsArray: a Proxy of an array is not
 * one) gives its elements, read by index up to the length read once, holes (and inherited indices) as
 * V8's Get reads them; anything else gives undefined (the caller's "not of type 'Array'" or next type).
 */
export function jsgArray(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value) || isProxy(value)) return undefined;
  const length = value.length;
  const out = new Array<unknown>(length);
  for (let i = 0; i < length; i++) out[i] = value[i];
  return out;
}

/**
 * The bytes of an ArrayBuffer (a SharedArrayBuffer too) or a view, without copying, as jsg reads a
 * buffer source: a detached buffer (or a view of one) is 0 bytes, never an error.
 */
export function bufferBytes(value: ArrayBufferLike | ArrayBufferView): Uint8Array {
  if (value.byteLength === 0) return new Uint8Array(0);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(value);
}

/** jsg's TypeError for a struct with required members made from undefined or null (struct.h:231-243). */
export function requiredMembersError(mangledName: string): TypeError {
  return new TypeError(`Cannot initialize ${mangledName} with required members from an undefined or null value.`);
}

/**
 * `jsg::Dict<kj::String>` (customMetadata): an object (not an array); its own enumerable string keys
 * (V8's GetOwnPropertyNames, jsg/value.h:1124) and their values coerce. Every key is kept as an own
 * data property, `__proto__` included (an own key of JSON.parse's objects): the binding sends it and
 * storage keeps it (reading it back drops it: `platformDict`, metadata.ts).
 */
export function stringRecord(value: unknown, field: string, struct: string): Record<string, string> {
  if (value === null || (typeof value !== "object" && typeof value !== "function") || Array.isArray(value)) {
    throw fieldTypeError(field, struct, "object");
  }
  const out: Record<string, string> = {};
  for (const k of Object.keys(value as object)) {
    ownData(out, wellFormed(k), coerceString((value as Record<string, unknown>)[k]));
  }
  return out;
}

/** How kj prints a double in a message: `nan`, `inf`, exponents with two digits. */
export function kjNumber(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (n === Number.POSITIVE_INFINITY) return "inf";
  if (n === Number.NEGATIVE_INFINITY) return "-inf";
  return String(n).replace(/e([+-])(\d)$/, "e$10$2");
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** jsg's TypeError for a method or getter called on an object of another class (resource.h). */
export const ILLEGAL_INVOCATION =
  "Illegal invocation: function called with incorrect `this` reference. See https://developers.cloudflare.com/workers/observability/errors/#illegal-invocation-errors for details.";

/**
 * Makes a class's prototype members look as jsg's do (JSG_METHOD, JSG_READONLY_PROTOTYPE_PROPERTY):
 * enumerable (for...in lists them), and, with `isInstance`, checking `this` first: another object gives
 * jsg's synchronous TypeError (ILLEGAL_INVOCATION), even for a method that returns a promise.
 */
export function platformMembers(proto: object, names: readonly string[], isInstance?: (o: unknown) => boolean): void {
  for (const name of names) {
    const d = Object.getOwnPropertyDescriptor(proto, name)!;
    d.enumerable = true;
    if (isInstance) {
      if (d.get) {
        const get = d.get;
        d.get = function (this: unknown) {
          if (!isInstance(this)) throw new TypeError(ILLEGAL_INVOCATION);
          return get.call(this);
        };
        Object.defineProperty(d.get, "name", { value: `get ${name}` });
      } else {
        const f = d.value as (...a: unknown[]) => unknown;
        d.value = {
          [name](this: unknown, ...args: unknown[]) {
            if (!isInstance(this)) throw new TypeError(ILLEGAL_INVOCATION);
            return f.apply(this, args);
          },
        }[name];
      }
    }
    Object.defineProperty(proto, name, d);
  }
}
