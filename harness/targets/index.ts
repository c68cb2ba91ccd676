/**
 * Picks the target of this run: `EDGECONF_TARGET` = sim (default) | serve | http | miniflare | workerd |
 * worker | module.
 * One target per test worker, created on first use and closed when the worker ends.
 */
import { TARGET_NAMES, type Target, type TargetName } from "./types.ts";

export type { Capability, Target, TargetName } from "./types.ts";

export function targetNameFromEnv(env: NodeJS.ProcessEnv = process.env): TargetName {
  const name = env.EDGECONF_TARGET ?? "sim";
  if (!(TARGET_NAMES as readonly string[]).includes(name)) {
    throw new Error(`EDGECONF_TARGET must be one of ${TARGET_NAMES.join(", ")}, got "${name}"`);
  }
  return name as TargetName;
}

export async function createTarget(name: TargetName): Promise<Target> {
  switch (name) {
    case "sim":
      return (await import("./sim.ts")).createSimTarget();
    case "serve":
      return (await import("./serve.ts")).createServeTarget();
    case "http":
      return (await import("./http.ts")).createHttpTarget(process.env);
    case "miniflare":
      return (await import("./miniflare.ts")).createMiniflareTarget();
    case "workerd":
      return (await import("./workerd.ts")).createWorkerdTarget();
    case "worker":
      return (await import("./worker.ts")).createWorkerTarget(process.env);
    case "module":
      return (await import("./module.ts")).createModuleTarget(process.env);
  }
}

let current: Promise<Target> | undefined;

/** The target of this worker (created once). */
export function getTarget(): Promise<Target> {
  current ??= createTarget(targetNameFromEnv());
  return current;
}

export async function closeTarget(): Promise<void> {
  const t = current;
  current = undefined;
  if (t) await (await t).close();
}
