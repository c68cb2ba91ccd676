/**
 * vitest setup file: closes the worker's target when its tests are done, and keeps one warning out of
 * the output: undici warns (once per process) when a request's method is a lowercase `patch`, which
 * the bad-input suites send on purpose to see how the target answers it.
 */
import { afterAll } from "vitest";
import { closeTarget } from "./index.ts";

const QUIET_WARNINGS = new Set(["UNDICI-FETCH-patch"]);
/** Marks the wrapper: a worker that runs several files (vitest `isolate: false`) wraps emitWarning once. */
const QUIETED = Symbol.for("edgeconf.quiet-warnings");

const emitWarning = process.emitWarning;
if (!(QUIETED in emitWarning)) {
  const quiet = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const [first, second] = rest;
    const code =
      typeof first === "object" && first !== null ? (first as { code?: string }).code : (second as string | undefined);
    if (code !== undefined && QUIET_WARNINGS.has(code)) return;
    (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  };
  process.emitWarning = Object.assign(quiet, { [QUIETED]: true }) as typeof process.emitWarning;
}

afterAll(async () => {
  await closeTarget();
});
