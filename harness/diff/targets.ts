/**
 * The two sides of a diff, by name: any target of the run (`sim`, `serve`, `http`, `miniflare`,
 * `workerd`, `worker`, `module`), or a deliberately broken fixture (`broken:<name>`, see broken.ts).
 * Two sides of the same name are two independent instances. Where a side's target is (the http URLs,
 * the worker URL, the module file) comes from the command line as for `edgeconf run`
 * (harness/run/options.ts, parseTargetLocation), per side.
 */
import { createTarget } from "../targets/index.ts";
import { TARGET_NAMES, type Target, type TargetName } from "../targets/types.ts";
import { BROKEN_RULES, brokenNames, createBrokenTarget } from "./broken.ts";

export interface DiffTargetOptions {
  /** Base URL (areas A, B) and kt URL (area C) of an `http` side. */
  baseUrl?: string;
  ktUrl?: string;
  /** The bridge Worker of a `worker` side. */
  workerUrl?: string;
  /** The module file of a `module` side (absolute). */
  module?: string;
  seed?: number;
}

export function diffTargetNames(): string[] {
  return [...TARGET_NAMES, ...brokenNames().map((r) => `broken:${r}`)];
}

/** Why `spec` names no target, or undefined. */
export function checkDiffTarget(spec: string): string | undefined {
  if (spec.startsWith("broken:")) {
    // Own names only: `broken:toString` or `broken:__proto__` is no fixture.
    return Object.hasOwn(BROKEN_RULES, spec.slice(7))
      ? undefined
      : `no broken fixture "${spec.slice(7)}"; known: ${brokenNames().join(", ")}`;
  }
  return (TARGET_NAMES as readonly string[]).includes(spec)
    ? undefined
    : `unknown target "${spec}"; one of ${TARGET_NAMES.join(", ")}, broken:<fixture> (edgeconf diff --help lists them)`;
}

/** The environment a target reads, with this side's locations in it (each side has its own). */
function envOf(options: DiffTargetOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(options.baseUrl ? { EDGECONF_BASE_URL: options.baseUrl } : {}),
    ...(options.ktUrl ? { EDGECONF_KT_URL: options.ktUrl } : {}),
    ...(options.workerUrl ? { EDGECONF_WORKER_URL: options.workerUrl } : {}),
    ...(options.module ? { EDGECONF_MODULE: options.module } : {}),
  };
}

export async function openDiffTarget(spec: string, options: DiffTargetOptions = {}): Promise<Target> {
  const problem = checkDiffTarget(spec);
  if (problem) throw new Error(problem);
  if (spec.startsWith("broken:")) return createBrokenTarget(spec.slice(7), options.seed ?? 0);
  switch (spec) {
    case "http":
      return (await import("../targets/http.ts")).createHttpTarget(envOf(options));
    case "worker":
      return (await import("../targets/worker.ts")).createWorkerTarget(envOf(options));
    case "module":
      return (await import("../targets/module.ts")).createModuleTarget(envOf(options));
    default:
      return createTarget(spec as TargetName);
  }
}
