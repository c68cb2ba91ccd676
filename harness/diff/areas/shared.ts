/**
 * Helpers shared by the area drivers: placeholders in generated operations (`{tag}`, `{zone}`),
 * symbolic references to resources a run created, and HTTP answers as plain JSON.
 */
import fc from "fast-check";
import type { Json } from "../types.ts";

/** Replaces `{name}` placeholders in every string of a JSON value. */
export function fill(value: Json | undefined, vars: Readonly<Record<string, string>>): Json | undefined {
  if (typeof value === "string") return value.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars) as Json);
  if (value !== null && typeof value === "object") {
    const out: { [k: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, vars) as Json;
    return out;
  }
  return value;
}

/**
 * A reference to a resource of the run: an index into the ids this side created (modulo their
 * count, so shrinking keeps it valid), an id of the right shape that exists nowhere, or a malformed one.
 */
export type Ref = number | "missing" | "malformed";

export const refArb: fc.Arbitrary<Ref> = fc.oneof(
  { arbitrary: fc.nat(3), weight: 8 },
  { arbitrary: fc.constantFrom<Ref>("missing", "malformed"), weight: 1 },
);

export function resolveRef(ref: Json | undefined, ids: readonly string[], missing: string, malformed: string): string {
  if (ref === "malformed") return malformed;
  if (typeof ref !== "number" || ids.length === 0) return missing;
  return ids[ref % ids.length]!;
}

/** An HTTP answer: status, media type and the body (JSON when it parses, else the text). */
export function httpAnswer(status: number, contentType: string | null, text: string): { [k: string]: Json } {
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = { $text: text };
  }
  return { status, contentType: (contentType ?? "").split(";")[0]!.trim().toLowerCase(), body };
}

/** `fc.option` that leaves the key out instead of writing undefined. */
export function optionalFields<T extends Record<string, fc.Arbitrary<unknown>>>(
  fields: T,
  required: (keyof T)[] = [],
): fc.Arbitrary<{ [k: string]: Json }> {
  return fc.record(fields, { requiredKeys: required as string[] }) as unknown as fc.Arbitrary<{ [k: string]: Json }>;
}

/** Valid values most of the time, an invalid one now and then (one in `n`, default ten). */
export function mostly<T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>, n = 10): fc.Arbitrary<T | U> {
  return fc.oneof({ arbitrary: valid, weight: n - 1 }, { arbitrary: invalid, weight: 1 });
}

/** Sometimes (one in `n`) a value, else undefined. */
export function sometimes<T>(arb: fc.Arbitrary<T>, n = 6): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: arb, weight: 1 }, { arbitrary: fc.constant(undefined), weight: n - 1 });
}
