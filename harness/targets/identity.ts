/**
 * Who answered a run, for its report: a conformance report of production R2 must be told from one of
 * Miniflare. Computed in the main process from the run's options (the targets live in test workers).
 */
import path from "node:path";
import type { TargetImplementation } from "../report/types.ts";
import { packageVersion, versions } from "../run/versions.ts";
import type { TargetName } from "./types.ts";

export interface TargetIdentityInput {
  target: TargetName;
  workerUrl?: string;
  module?: string;
  baseUrl?: string;
  ktUrl?: string;
}

/** One line naming the implementation, or undefined when the name says it all. */
export function targetIdentity(o: TargetIdentityInput, cwd: string, bridgeDate: () => string): string | undefined {
  switch (o.target) {
    case "workerd":
      return `workerd ${packageVersion("workerd")} (Miniflare ${packageVersion("miniflare")}), bridge Worker, compatibility date ${bridgeDate()}`;
    case "miniflare":
      return `Miniflare ${packageVersion("miniflare")} R2 proxy (workerd ${packageVersion("workerd")})`;
    case "worker":
      return `bridge Worker at ${o.workerUrl}`;
    case "module":
      return `module ${o.module ? path.relative(cwd, o.module) || o.module : "?"}`;
    case "http":
      return [o.baseUrl, o.ktUrl].filter(Boolean).join(", ") || undefined;
    case "sim":
      return "edgeconf simulator, in process";
    case "serve":
      return "edgeconf simulator over HTTP(S)";
  }
}

/**
 * The implementation's name and version, where the main process can tell (the simulator, workerd,
 * Miniflare: packages it loads). The other targets tell it in their test workers (recordImplementation),
 * and the run takes it from the tests' meta: a module's `name`/`version` exports, the http target's
 * `server` header, the bridge Worker's runtime.
 */
export function targetImplementation(target: TargetName): TargetImplementation | undefined {
  switch (target) {
    case "sim":
    case "serve":
      return { name: "edgeconf simulator", version: versions().edgeconf };
    case "workerd":
      return { name: "workerd", version: packageVersion("workerd") };
    case "miniflare":
      return { name: "miniflare", version: packageVersion("miniflare") };
    default:
      return undefined;
  }
}

/** `server: nginx/1.25.3 (Ubuntu)` -> nginx 1.25.3; `cloudflare` -> cloudflare; absent or blank: undefined. */
export function serverImplementation(header: string | null | undefined): TargetImplementation | undefined {
  const product = header?.trim().split(/\s+/)[0];
  if (!product) return undefined;
  const slash = product.indexOf("/");
  const name = (slash < 0 ? product : product.slice(0, slash)).slice(0, 100);
  const version = slash < 0 ? "" : product.slice(slash + 1).slice(0, 100);
  if (!name) return undefined;
  return version ? { name, version } : { name };
}

/** A module's `name` and `version` exports (strings), if it has a name. */
export function moduleImplementation(mod: { name?: unknown; version?: unknown }): TargetImplementation | undefined {
  if (typeof mod.name !== "string" || mod.name.trim() === "") return undefined;
  return typeof mod.version === "string" && mod.version.trim() !== ""
    ? { name: mod.name.trim(), version: mod.version.trim() }
    : { name: mod.name.trim() };
}

const RECORDED = Symbol.for("edgeconf.target-implementation");

/** Called by a target in its test worker when it learns who answers (the first report wins). */
export function recordImplementation(impl: TargetImplementation | undefined): void {
  const g = globalThis as { [RECORDED]?: TargetImplementation };
  if (impl && !g[RECORDED]) g[RECORDED] = impl;
}

/** What the worker's target recorded (clauseTest copies it into each test's meta). */
export function recordedImplementation(): TargetImplementation | undefined {
  return (globalThis as { [RECORDED]?: TargetImplementation })[RECORDED];
}

/** The implementation of a run: the main process's, else the first a test recorded. */
export function runImplementation(
  target: TargetName,
  fromTests: readonly (TargetImplementation | undefined)[],
): TargetImplementation | undefined {
  return targetImplementation(target) ?? fromTests.find((i) => i !== undefined);
}
