/**
 * The shared vocabulary of `edgeconf diff`: operations (plain JSON, so a sequence can be saved and
 * replayed), answers (what one side said, as plain JSON), and the area driver that turns one into
 * the other against any Target.
 */
import type fc from "fast-check";
import type { Capability, Target } from "../targets/types.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const DIFF_AREAS = ["dns-protection", "dns-records", "key-transparency", "object-store"] as const;
export type DiffAreaName = (typeof DIFF_AREAS)[number];

/** One generated operation: `op` names it, the rest are its arguments (symbolic where ids are involved). */
export interface DiffOp {
  op: string;
  [arg: string]: Json | undefined;
}

/**
 * What one side answered to one operation, as plain JSON: for HTTP areas `{status, contentType, body}`,
 * for the binding `{result}` or `{threw: {name, message}}`.
 */
export type Answer = { [key: string]: Json };

/** Values of one side that legitimately differ from the other's and are replaced before comparing. */
export interface SideContext {
  /** Literal strings replaced by a placeholder wherever they occur (zone name, account id ...). */
  substitutions: ReadonlyArray<readonly [value: string, placeholder: string]>;
}

/** One side's state during one run: fresh, isolated resources, opened on the target and cleaned up after. */
export interface DiffSession {
  readonly context: SideContext;
  exec(op: DiffOp): Promise<Answer>;
  /** Deletes what the run created where the area allows it (never anything else). */
  close(): Promise<void>;
}

export interface DiffArea {
  readonly name: DiffAreaName;
  /** The capability a target needs for this area. */
  readonly capability: Capability;
  /** One operation of the area (valid and invalid inputs alike). */
  readonly op: fc.Arbitrary<DiffOp>;
  /** Normalisation rules of the area, applied after the shared ones. */
  readonly rules: readonly NormaliseRule[];
  /** The capability an operation needs beyond the area's (a second tenant, a second operator), if any. */
  requires?(op: DiffOp): Capability | undefined;
  /** Why a target cannot be one side of this area's diff (e.g. an http side without its zone name), or undefined. */
  check?(target: Target): string | undefined;
  /** Opens one side's session; `tag` is unique per run and the same on both sides. */
  open(target: Target, tag: string): Promise<DiffSession>;
}

/**
 * A normalisation rule: fields whose value legitimately differs between implementations.
 * - `role`: the value is replaced by `<role>#n`, n counted per side in first-seen order, so the same
 *   value used twice on one side must be used twice on the other (consistency), whatever its bytes.
 * - `timestamp`: the value must have the same shape (digits masked) on both sides; its value is not compared.
 * - `substitution`: (the shared `own-names` rule) a side's own literal values, wherever they occur.
 */
export interface NormaliseRule {
  name: string;
  /** The last key of the field (`id`, `version`, `uploaded` ...). */
  keys: readonly string[];
  /** Only when the operation is one of these (all when absent). */
  ops?: readonly string[];
  kind: "role" | "timestamp" | "substitution";
  /** Role label (defaults to the rule name). */
  role?: string;
  why: string;
}
