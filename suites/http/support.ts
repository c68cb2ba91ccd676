/**
 * Shared helpers of the area A and v4-transport suites: the target's api, JSON Schema checks (ajv)
 * of every response, and small builders. Suites reach the implementation only through the Target.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { expect, type TestContext } from "vitest";
import { skipUnless } from "../../harness/clauses/test.ts";
import { PROJECT_ROOT } from "../../harness/expectations.ts";
import type { ApiRequestInit, ApiResult, ApiTarget } from "../../harness/targets/api.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";

const ajv = new Ajv({ allErrors: true, strict: false });
function schema(name: string): ValidateFunction {
  const file = path.join(PROJECT_ROOT, "fixtures", "schemas", "api", name);
  return ajv.compile(JSON.parse(readFileSync(file, "utf8")) as object);
}
const envelopeSchema = schema("envelope.schema.json");
const ruleSchema = schema("rule.schema.json");

export interface Envelope<T = unknown> {
  result: T;
  success: boolean;
  errors: { code: number; message: string; error_chain?: { code: number; message: string }[] }[];
  messages: unknown[];
  /** Area A's OpenAPI lists count, page, per_page, total_count (no total_pages; area B's has it). */
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages?: number };
}

export interface Rule {
  id: string;
  scope: string;
  name: string;
  mode: string;
  profile_sensitivity: string;
  rate_sensitivity: string;
  burst_sensitivity: string;
  block_any_queries?: boolean;
  created_on: string;
  modified_on: string;
}

/** The target's api, or the test is skipped (capability "api"). */
export async function apiOf(ctx: TestContext, capability?: "tenants"): Promise<{ target: Target; api: ApiTarget }> {
  const target = await getTarget();
  skipUnless(ctx, target, "api");
  if (capability) skipUnless(ctx, target, capability);
  return { target, api: target.api! };
}

/** Asserts the body is a v4 envelope (schema) and, for rules, that each rule matches the rule schema. */
export function checkEnvelope<T>(res: ApiResult<unknown>): Envelope<T> {
  expect(res.json, `${res.call}: the body is JSON [A.envelope.json]; got ${res.text.slice(0, 200)}`).toBeDefined();
  const ok = envelopeSchema(res.json);
  expect(
    ok,
    `${res.call}: the body is a v4 envelope (schema): ${ajv.errorsText(envelopeSchema.errors)} in ${res.text.slice(0, 300)}`,
  ).toBe(true);
  expect(res.status, `${res.call}: status below 500 (never a server error)`).toBeLessThan(500);
  return res.json as Envelope<T>;
}

export function checkRule(rule: unknown): Rule {
  const ok = ruleSchema(rule);
  expect(ok, `the rule matches the rule schema: ${ajv.errorsText(ruleSchema.errors)} in ${JSON.stringify(rule)}`).toBe(
    true,
  );
  return rule as Rule;
}

/** A successful envelope (status 2xx, success true, errors and messages empty). */
export function expectSuccess<T>(res: ApiResult<unknown>, status = 200): Envelope<T> {
  const env = checkEnvelope<T>(res);
  expect(res.status, `${res.call}: status ${status}; body ${res.text.slice(0, 300)}`).toBe(status);
  expect(env.success, `${res.call}: envelope.success true on a success [A.envelope.success]`).toBe(true);
  expect(env.errors, `${res.call}: envelope.errors empty on a success [A.envelope.success]`).toEqual([]);
  expect(env.messages, `${res.call}: envelope.messages empty on a success [A.envelope.success]`).toEqual([]);
  return env;
}

/** A failure envelope with this status (and, when given, this first error code). */
export function expectFailure(res: ApiResult<unknown>, status: number, code?: number): Envelope<null> {
  const env = checkEnvelope<null>(res);
  expect(res.status, `${res.call}: status ${status}; body ${res.text.slice(0, 300)}`).toBe(status);
  expect(env.success, `${res.call}: envelope.success false on a failure [A.envelope.failure]`).toBe(false);
  expect(env.result, `${res.call}: envelope.result null on a failure [A.envelope.failure]`).toBeNull();
  expect(env.errors.length, `${res.call}: envelope.errors has at least one item on a failure`).toBeGreaterThan(0);
  if (code !== undefined) {
    expect(
      env.errors.map((e) => e.code),
      `${res.call}: the codes of envelope.errors include ${code}`,
    ).toContain(code);
  }
  return env;
}

/** Codes of the transport (routing, headers, body, auth): a validation error is none of these. */
export const TRANSPORT_CODES: ReadonlySet<number> = new Set([6000, 6003, 6007, 6008, 7000, 7003, 9106, 9109, 10000]);

/** A validation failure: 400, failure envelope, and an error code that is not a transport code. */
export function expectValidationFailure(res: ApiResult<unknown>): Envelope<null> {
  const env = expectFailure(res, 400);
  expect(
    env.errors.some((e) => !TRANSPORT_CODES.has(e.code)),
    `${res.call}: a validation error code (not a transport code), got ${JSON.stringify(env.errors)}`,
  ).toBe(true);
  return env;
}

export function rulesPath(accountId: string): string {
  return `/accounts/${accountId}/magic/advanced_dns_protection/configs/dns_protection/rules`;
}

export const validRule = {
  scope: "global",
  name: "global",
  mode: "enabled",
  profile_sensitivity: "medium",
  rate_sensitivity: "low",
  burst_sensitivity: "high",
} as const;

/** Area A helpers bound to the primary tenant. */
export function rules(api: ApiTarget, init: ApiRequestInit = {}) {
  const base = rulesPath(api.credentials.account_id);
  return {
    base,
    list: (query = "") => api.request("GET", `${base}${query}`, undefined, init),
    create: (body: unknown) => api.request("POST", base, body, init),
    get: (id: string) => api.request("GET", `${base}/${id}`, undefined, init),
    patch: (id: string, body: unknown) => api.request("PATCH", `${base}/${id}`, body, init),
    delete: (id: string) => api.request("DELETE", `${base}/${id}`, undefined, init),
    deleteAll: () => api.request("DELETE", base, undefined, init),
    /** Creates a rule and returns it (asserting success). */
    async made(body: Record<string, unknown> = validRule): Promise<Rule> {
      const res = await api.request("POST", base, body, init);
      return checkRule(expectSuccess<Rule>(res).result);
    },
  };
}

/** Whether `s` is ISO 8601 with fractional seconds and a UTC offset (the spec's format). */
export function isSpecTimestamp(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s));
}
