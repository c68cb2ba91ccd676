/**
 * How suites and properties name the clauses they check.
 *
 * `clauseTest(ids, title, fn)` is vitest's `test` with the clause ids in the title (`title [A.x, B.y]`)
 * and in `task.meta.clauses`, where the reporters read them. `skipUnless(ctx, target, capability)`
 * skips with a reason the report shows.
 */
import { type RunnerTestCase, type TestContext, test } from "vitest";
import { byMatchKey, expectationKey, loadExpectations, matchKey } from "../expectations.ts";
import { recordedImplementation } from "../targets/identity.ts";
import { targetNameFromEnv } from "../targets/index.ts";
import { SECOND_TENANT_ENV } from "../targets/second-tenant.ts";
import type { Capability, Target } from "../targets/types.ts";
import type { ClauseId } from "./index.ts";

declare module "vitest" {
  interface TaskMeta {
    /** Clause ids the test checks. */
    clauses?: string[];
    /** For properties: what replays a failure. */
    property?: { seed: number; path?: string; replayPath?: string; counterexample?: string };
    /**
     * Set when the target's expectations list this test, with the listed reason: "expected-fail" when it
     * failed as listed (the test then passes), "unexpected-pass" when it passed (the test then fails).
     */
    expectation?: { status: "expected-fail" | "unexpected-pass"; reason: string; error?: string };
    /** The implementation the worker's target reached, where it told (harness/targets/identity.ts). */
    implementation?: { name: string; version?: string };
  }
}

let expectations: Map<string, string> | undefined;

function expectedFailure(task: RunnerTestCase): string | undefined {
  expectations ??= byMatchKey(loadExpectations(targetNameFromEnv()));
  if (expectations.size === 0) return undefined;
  const names: string[] = [];
  for (let s = task.suite; s; s = s.suite) if (s.name) names.unshift(s.name);
  names.push(task.name);
  return expectations.get(matchKey(expectationKey(task.file.filepath, names)));
}

/** `ctx.skip()` throws vitest's PendingError: a skip is not a failure, so it passes through. */
function isSkip(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "VITEST_PENDING";
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

export interface ClauseTestOptions {
  timeout?: number;
}

export function clauseTitle(ids: readonly ClauseId[], title: string): string {
  return `${title} [${ids.join(", ")}]`;
}

export function clauseTest(
  ids: readonly ClauseId[],
  title: string,
  fn: (ctx: TestContext) => unknown,
  options: ClauseTestOptions = {},
): void {
  test(clauseTitle(ids, title), options, async (ctx) => {
    ctx.task.meta.clauses = [...ids];
    try {
      await runAsListed(ctx, fn);
    } finally {
      // Who answered (the target tells once it knows: a module's exports, a server header), for the report.
      const impl = recordedImplementation();
      if (impl) ctx.task.meta.implementation = { ...impl };
    }
  });
}

/** Runs a test; when the expectations list it, a failure passes as expected and a pass fails as unexpected. */
async function runAsListed(ctx: TestContext, fn: (ctx: TestContext) => unknown): Promise<void> {
  const reason = expectedFailure(ctx.task);
  if (reason === undefined) {
    await fn(ctx);
    return;
  }
  let failure: unknown;
  let failed = false;
  try {
    await fn(ctx);
  } catch (error) {
    if (isSkip(error)) throw error;
    failed = true;
    failure = error;
  }
  if (!failed) {
    ctx.task.meta.expectation = { status: "unexpected-pass", reason };
    throw new Error(`unexpected pass: listed in the expectations as failing (${reason}); remove the entry`);
  }
  ctx.task.meta.expectation = { status: "expected-fail", reason, error: errorText(failure) };
}

/** Why a test skips when the target lacks a capability: a sentence a user understands (`{target}`: its name). */
export const MISSING_CAPABILITY: Record<Capability, string> = {
  "object-store": "The {target} target does not serve area D (the bucket binding).",
  api: "The {target} target does not serve areas A and B (the v4 API): give --base-url.",
  kt: "The {target} target does not serve area C (key transparency): give --kt-url.",
  clock: "The {target} target has no controllable clock, so this test cannot move time forward.",
  "min-part-size":
    "The {target} target's minimum multipart part size cannot be lowered, and this test would need parts of 5 MiB.",
  "compat-date": "The {target} target cannot make a bucket with a chosen compatibility date and flags.",
  "kt-identities":
    "The {target} target has one key-transparency operator identity; this test needs a second client certificate " +
    "(EDGECONF_KT_CERT_2, EDGECONF_KT_KEY_2).",
  tenants:
    "The {target} target has no second tenant's credentials, so isolation between tenants cannot be checked " +
    `(the http target takes them from ${SECOND_TENANT_ENV.join(", ")}).`,
};

/** The skip reason of a missing capability on a target: the target's own sentence, else the default. */
export function missingCapability(target: Pick<Target, "name" | "whyNot">, capability: Capability): string {
  return target.whyNot?.[capability] ?? MISSING_CAPABILITY[capability].replace("{target}", target.name);
}

/** Skips the running test, with a reason, when the target lacks `capability`. */
export function skipUnless(ctx: TestContext, target: Target, capability: Capability): void {
  if (!target.capabilities.has(capability)) {
    ctx.skip(missingCapability(target, capability));
  }
}
