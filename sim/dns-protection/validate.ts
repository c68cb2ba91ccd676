/**
 * Area A validation: create and PATCH bodies of a DNS protection rule. Pure: a body in, the decoded
 * input or the list of broken rules (error items) out.
 *
 * Gaps / by design: every broken rule is reported (not only the first; at most MAX_ERRORS), each as one error item with
 * a stable code (values.ts). `null` is a wrong type for every field. No uniqueness of (scope, name)
 * is enforced: the spec and the reference do not say the platform refuses duplicates. An omitted
 * profile_sensitivity is `low` (the docs' default; the OpenAPI lists it as required: values.ts).
 */
import type { ErrorItem } from "../http/types.ts";
import {
  A_CODES,
  CREATE_OPTIONAL,
  CREATE_REQUIRED,
  DATACENTER_CODE,
  DEFAULT_PROFILE_SENSITIVITY,
  ENUMS,
  IMMUTABLE_FIELDS,
  type Mode,
  PATCH_FIELDS,
  type ProfileSensitivity,
  REGION_CODE,
  type Scope,
  type Sensitivity,
} from "./values.ts";

export interface RuleInput {
  scope: Scope;
  name: string;
  mode: Mode;
  profile_sensitivity: ProfileSensitivity;
  rate_sensitivity: Sensitivity;
  burst_sensitivity: Sensitivity;
  block_any_queries?: boolean;
}

export type RulePatch = Partial<
  Pick<RuleInput, "mode" | "profile_sensitivity" | "rate_sensitivity" | "burst_sensitivity" | "block_any_queries">
>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ErrorItem[] };

/** At most this many error items are reported (a body of 100 000 unknown keys gets 50, not 100 000). */
export const MAX_ERRORS = 50;

function capped(errors: ErrorItem[]): ErrorItem[] {
  return errors.length > MAX_ERRORS ? errors.slice(0, MAX_ERRORS) : errors;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Whether `name` is allowed for `scope`: `global` for global; a region or datacenter code otherwise (values.ts). */
export function nameMatchesScope(scope: Scope, name: string): boolean {
  switch (scope) {
    case "global":
      return name === "global";
    case "region":
      return REGION_CODE.test(name);
    case "datacenter":
      return DATACENTER_CODE.test(name);
  }
}

function checkField(field: string, value: unknown, errors: ErrorItem[]): void {
  if (field === "block_any_queries") {
    if (typeof value !== "boolean") errors.push({ code: A_CODES.wrongType, message: `${field} must be a boolean` });
    return;
  }
  if (typeof value !== "string") {
    errors.push({ code: A_CODES.wrongType, message: `${field} must be a string` });
    return;
  }
  const allowed = (ENUMS as Record<string, readonly string[]>)[field];
  if (allowed && !allowed.includes(value)) {
    errors.push({ code: A_CODES.invalidValue, message: `${field} must be one of ${allowed.join(", ")}` });
  }
}

export function validateCreate(body: unknown): Validated<RuleInput> {
  if (!isObject(body))
    return { ok: false, errors: [{ code: A_CODES.notAnObject, message: "body must be a JSON object" }] };
  const errors: ErrorItem[] = [];
  const known = new Set<string>([...CREATE_REQUIRED, ...CREATE_OPTIONAL]);
  for (const key of Object.keys(body)) {
    if (!known.has(key)) errors.push({ code: A_CODES.unknownField, message: `unknown field ${JSON.stringify(key)}` });
  }
  for (const field of CREATE_REQUIRED) {
    if (!Object.hasOwn(body, field)) errors.push({ code: A_CODES.missingField, message: `${field} is required` });
    else checkField(field, body[field], errors);
  }
  for (const field of CREATE_OPTIONAL) if (Object.hasOwn(body, field)) checkField(field, body[field], errors);
  if (errors.length === 0) {
    const scope = body.scope as Scope;
    const name = body.name as string;
    if (!nameMatchesScope(scope, name)) {
      errors.push({
        code: A_CODES.nameScopeMismatch,
        message:
          scope === "global"
            ? 'name must be "global" when scope is global'
            : `name must be a ${scope} code when scope is ${scope}`,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors: capped(errors) };
  const value: RuleInput = {
    scope: body.scope as Scope,
    name: body.name as string,
    mode: body.mode as Mode,
    profile_sensitivity: (body.profile_sensitivity ?? DEFAULT_PROFILE_SENSITIVITY) as ProfileSensitivity,
    rate_sensitivity: body.rate_sensitivity as Sensitivity,
    burst_sensitivity: body.burst_sensitivity as Sensitivity,
  };
  if (typeof body.block_any_queries === "boolean") value.block_any_queries = body.block_any_queries;
  return { ok: true, value };
}

export function validatePatch(body: unknown): Validated<RulePatch> {
  if (!isObject(body))
    return { ok: false, errors: [{ code: A_CODES.notAnObject, message: "body must be a JSON object" }] };
  const errors: ErrorItem[] = [];
  const patchable = new Set<string>(PATCH_FIELDS);
  const immutable = new Set<string>(IMMUTABLE_FIELDS);
  const value: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(body)) {
    if (immutable.has(key)) errors.push({ code: A_CODES.immutableField, message: `${key} cannot be updated` });
    else if (!patchable.has(key))
      errors.push({ code: A_CODES.unknownField, message: `unknown field ${JSON.stringify(key)}` });
    else {
      const before = errors.length;
      checkField(key, v, errors);
      if (errors.length === before) value[key] = v;
    }
  }
  return errors.length > 0 ? { ok: false, errors: capped(errors) } : { ok: true, value: value as RulePatch };
}
