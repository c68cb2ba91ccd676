/**
 * How suites and properties name the clauses they check.
 *
 * `clauseTest(ids, title, fn)` is vitest's `test` with the clause ids in the title (`title [A.x, B.y]`)
 * and in `task.meta.clauses`, where the reporters read them. `skipUnless(ctx, target, capability)`
 * skips with a reason the report shows.
 */
import { type TestContext, test } from "vitest";
import type { Capability, Target } from "../targets/types.ts";
import type { ClauseId } from "./index.ts";

declare module "vitest" {
  interface TaskMeta {
    /** Clause ids the test checks. */
    clauses?: string[];
    /** For properties: what replays a failure. */
    property?: { seed: number; path?: string; counterexample?: string };
  }
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
    await fn(ctx);
  });
}

/** Skips the running test, with a reason, when the target lacks `capability`. */
export function skipUnless(ctx: TestContext, target: Target, capability: Capability): void {
  if (!target.capabilities.has(capability)) {
    ctx.skip(`target ${target.name} cannot ${capability}`);
  }
}
