/**
 * What every record-type family module provides, and the field checks they share.
 *
 * Gaps / by design: each family validates its own content or `data`; name, TTL, proxy and conflict
 * rules live outside the families (names.ts, ttl.ts, conflicts.ts).
 */
import { CODES, contentError, fieldError, validationError } from "../errors.ts";

/** The part of a request body a type family reads. */
export interface TypeInput {
  type: string;
  content: unknown;
  data: unknown;
  priority: unknown;
}

/** What a family derives: the response content, and data/priority for data-typed records. */
export interface TypeOutput {
  content: string;
  data?: Record<string, unknown>;
  priority?: number;
}

/** Address ranges of the platform itself (CIDR strings); configurable, see address.ts. */
export interface PlatformRanges {
  v4: readonly string[];
  v6: readonly string[];
}

export interface TypeContext {
  platformRanges: PlatformRanges;
}

export interface RecordTypeSpec {
  readonly type: string;
  /** Validates and formats; throws a DnsRecordError. */
  build(input: TypeInput, ctx: TypeContext): TypeOutput;
  /** Whether a record of this content can be proxied (only address records). */
  proxiable?(out: TypeOutput, ctx: TypeContext): boolean;
}

export function requireData(type: string, data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) throw contentError(type, "data is required");
  if (typeof data !== "object" || Array.isArray(data)) throw contentError(type, "data must be an object");
  return data as Record<string, unknown>;
}

export function intField(type: string, data: Record<string, unknown>, key: string, min: number, max: number): number {
  const v = data[key];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw contentError(type, `data.${key} must be an integer from ${min} to ${max}`);
  }
  return v;
}

/** A finite number field in [min, max] (LOC seconds and metres). */
export function numberField(
  type: string,
  data: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
): number {
  const v = data[key];
  if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) {
    throw contentError(type, `data.${key} must be a number from ${min} to ${max}`);
  }
  return v;
}

export function stringField(type: string, data: Record<string, unknown>, key: string, pattern?: RegExp): string {
  const v = data[key];
  if (typeof v !== "string") throw contentError(type, `data.${key} must be a string`);
  if (pattern && !pattern.test(v)) throw contentError(type, `data.${key} has an invalid format`);
  return v;
}

export function hexField(type: string, data: Record<string, unknown>, key: string): string {
  const v = stringField(type, data, key);
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(v)) throw contentError(type, `data.${key} must be an even number of hex digits`);
  return v.toLowerCase();
}

export function base64Field(type: string, data: Record<string, unknown>, key: string): string {
  const v = stringField(type, data, key);
  if (v === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(v) || v.length % 4 !== 0) {
    throw contentError(type, `data.${key} must be base64`);
  }
  return v;
}

/**
 * Top-level priority of MX and URI: required (9100 "priority is a required field.", as the platform
 * answers an MX without one), an integer 0..65535 (9101).
 */
export function priorityField(type: string, priority: unknown): number {
  if (priority === undefined || priority === null) {
    throw validationError(CODES.contentInvalid, "priority is a required field.");
  }
  if (typeof priority !== "number" || !Number.isInteger(priority) || priority < 0 || priority > 65535) {
    throw fieldError(`priority of a ${type} record must be an integer from 0 to 65535`);
  }
  return priority;
}

export function contentString(type: string, content: unknown): string {
  if (typeof content !== "string" || content === "") throw contentError(type, "content is required");
  return content;
}
