/**
 * Who answered a run, for its report: a conformance report of production R2 must be told from one of
 * Miniflare. Computed in the main process from the run's options (the targets live in test workers).
 */
import path from "node:path";
import { packageVersion } from "../run/versions.ts";
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
