/**
 * How properties run: fast-check with a printed, replayable seed and path, recorded for the report.
 *
 * Seed: EDGECONF_SEED if set, else a fixed seed under CI (CI pins the seed), else fast-check's random
 * seed. EDGECONF_PATH replays one failure (with its seed); EDGECONF_RUNS scales the number of runs.
 * A failure throws fast-check's own report (seed, path, counterexample) and records them in
 * `task.meta.property` for the report and for `edgeconf replay`.
 */
import fc from "fast-check";
import type { TestContext } from "vitest";
import type { ClauseId } from "./index.ts";
import { type ClauseTestOptions, clauseTest } from "./test.ts";

export const CI_SEED = 20260410;

export interface PropertyRunOptions {
  /** Default number of runs (scaled by EDGECONF_RUNS when set). */
  numRuns?: number;
}

export function propertyParameters<T>(options: PropertyRunOptions = {}): fc.Parameters<T> {
  const env = process.env;
  const seed =
    env.EDGECONF_SEED !== undefined && env.EDGECONF_SEED !== ""
      ? Number(env.EDGECONF_SEED)
      : env.CI
        ? CI_SEED
        : undefined;
  const runs = env.EDGECONF_RUNS ? Number(env.EDGECONF_RUNS) : undefined;
  const params: fc.Parameters<T> = { numRuns: runs ?? options.numRuns ?? 100 };
  if (seed !== undefined && Number.isFinite(seed)) params.seed = seed;
  if (env.EDGECONF_PATH) {
    params.path = env.EDGECONF_PATH;
    params.endOnFailure = true;
  }
  return params;
}

/** Time a property gets by default; fuzzing (EDGECONF_RUNS above the default runs) scales it, up to an hour. */
export const PROPERTY_TIMEOUT_MS = 120_000;

export function propertyTimeout(numRuns = 100, env: NodeJS.ProcessEnv = process.env): number {
  const runs = Number(env.EDGECONF_RUNS);
  const scale = Number.isFinite(runs) && runs > numRuns ? runs / numRuns : 1;
  return Math.min(3_600_000, Math.round(PROPERTY_TIMEOUT_MS * scale));
}

/** The failing assertion of a counterexample (what the property threw), as the first lines of a failure. */
export function failingAssertion(error: unknown): string {
  if (error === undefined || error === null) return "Failing assertion: the property returned false";
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const limited = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
  return `Failing assertion: ${limited}`;
}

/**
 * A property test naming its clauses. `build` returns the fast-check property (sync or async);
 * it runs with `propertyParameters`, and a failure records seed, path and counterexample.
 */
export function clauseProperty(
  ids: readonly ClauseId[],
  title: string,
  build: (ctx: TestContext) => fc.IRawProperty<unknown[] | [unknown], boolean>,
  options: PropertyRunOptions & ClauseTestOptions = {},
): void {
  clauseTest(
    ids,
    title,
    async (ctx) => {
      const details = await fc.check(build(ctx) as fc.IAsyncProperty<[unknown]>, propertyParameters(options));
      if (details.failed) {
        ctx.task.meta.property = {
          seed: details.seed,
          ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
          ...(details.counterexample ? { counterexample: fc.stringify(details.counterexample) } : {}),
        };
        const replay = `EDGECONF_SEED=${details.seed} EDGECONF_PATH="${details.counterexamplePath ?? ""}"`;
        const name = ctx.task.name.replace(/[.*+?^${}()|[\]\\"]/g, "\\$&");
        // fast-check's summary leaves out why the counterexample fails: the assertion comes first.
        throw new Error(
          `${failingAssertion(details.errorInstance)}\n\n${fc.defaultReportMessage(details) ?? "property failed"}` +
            `\nReplay: ${replay} npx vitest run ${ctx.task.file.name} -t "${name}$"` +
            " (under edgeconf run: the replay file named in the report)",
        );
      }
    },
    { timeout: options.timeout ?? propertyTimeout(options.numRuns) },
  );
}
