/**
 * How properties run: fast-check with a printed, replayable seed and path, recorded for the report.
 *
 * Seed: EDGECONF_SEED if set, else a fixed seed under CI (CI pins the seed), else fast-check's random
 * seed. EDGECONF_PATH replays one failure (with its seed); EDGECONF_RUNS scales the number of runs.
 * Model-based properties build their command sequences with `commandsArbitrary` (never `fc.commands`
 * directly): a replay of their failure also needs the commands' replay path (which commands ran while
 * shrinking), EDGECONF_REPLAY_PATH, without which fast-check cannot walk the shrink path again.
 * A failure throws fast-check's own report (seed, path, counterexample) and records them in
 * `task.meta.property` for the report and for `edgeconf replay`.
 */
import nodePath from "node:path";
import fc from "fast-check";
import type { TestContext } from "vitest";
import { REPLAY_PATH_FORM } from "../fuzz/replay-file.ts";
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

/**
 * `fc.commands` for model-based properties, replayable: EDGECONF_REPLAY_PATH (set by `edgeconf replay`
 * from the replay file) tells fast-check which commands of the failing run had run, so that its
 * path leads to the same shrunk sequence. One `commandsArbitrary` per property.
 */
export function commandsArbitrary<Model extends object, Real, CheckAsync extends boolean>(
  commands: fc.Arbitrary<fc.AsyncCommand<Model, Real, CheckAsync>>[],
  constraints: Omit<fc.CommandsContraints, "replayPath"> = {},
  env: NodeJS.ProcessEnv = process.env,
): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real, CheckAsync>>> {
  const replayPath = env.EDGECONF_REPLAY_PATH;
  return fc.commands(commands, {
    ...constraints,
    ...(replayPath && REPLAY_PATH_FORM.test(replayPath) ? { replayPath } : {}),
  });
}

/** The replay path of the command sequence in a counterexample (from fast-check's `/*replayPath="..."*\/`). */
export function replayPathOf(counterexample: readonly unknown[] | null | undefined): string | undefined {
  for (const value of counterexample ?? []) {
    const meta = (value as { metadataForReplay?: unknown } | null)?.metadataForReplay;
    if (typeof meta !== "function") continue;
    const m = /^replayPath=("(?:[^"\\]|\\.)*")$/.exec(String(meta.call(value)));
    if (!m?.[1]) continue;
    const path = JSON.parse(m[1]) as string;
    if (REPLAY_PATH_FORM.test(path)) return path;
  }
  return undefined;
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
        const replayPath = replayPathOf(details.counterexample);
        ctx.task.meta.property = {
          seed: details.seed,
          ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
          ...(replayPath ? { replayPath } : {}),
          ...(details.counterexample ? { counterexample: fc.stringify(details.counterexample) } : {}),
        };
        // fast-check's summary leaves out why the counterexample fails: the assertion comes first.
        throw new Error(
          `${failingAssertion(details.errorInstance)}\n\n${fc.defaultReportMessage(details) ?? "property failed"}` +
            `\n${replayHint(details.seed, details.counterexamplePath, replayPath, ctx.task.file.filepath, ctx.task.name)}`,
        );
      }
    },
    { timeout: options.timeout ?? propertyTimeout(options.numRuns) },
  );
}

/**
 * How to run a failed property again. Under `edgeconf run|fuzz` (and from an installed package) that is
 * `edgeconf replay` with the replay file the report names; only a checkout of the repository (where
 * the test file, `file` (absolute), lies under the current directory) can also run it with vitest.
 */
export function replayHint(
  seed: number,
  path: string | null | undefined,
  replayPath: string | undefined,
  file: string,
  title: string,
  cwd: string = process.cwd(),
): string {
  const hint = "Replay: npx edgeconf replay reports/<run>/replays/<name>.json (the replay file the report names)";
  const rel = nodePath.relative(cwd, nodePath.resolve(cwd, file));
  const inRepository =
    !rel.startsWith("..") && !nodePath.isAbsolute(rel) && !rel.split(nodePath.sep).includes("node_modules");
  if (!inRepository) return hint;
  const env = [
    `EDGECONF_SEED=${seed}`,
    `EDGECONF_PATH="${path ?? ""}"`,
    ...(replayPath ? [`EDGECONF_REPLAY_PATH="${replayPath}"`] : []),
  ].join(" ");
  const name = title.replace(/[.*+?^${}()|[\]\\"]/g, "\\$&");
  const shown = rel.split(nodePath.sep).join("/");
  return `${hint}\n  or, in the repository: ${env} npx vitest run ${shown} -t "${name}$"`;
}
