/**
 * The two sides of a diff, by name: any target of the run (`sim`, `serve`, `http`, `miniflare`, and
 * whatever else harness/targets offers, e.g. `workerd`), or a deliberately broken fixture
 * (`broken:<rule>`, see broken.ts). Two sides of the same name are two independent instances.
 */
import { createTarget } from "../targets/index.ts";
import { TARGET_NAMES, type Target, type TargetName } from "../targets/types.ts";
import { BROKEN_RULES, createBrokenTarget } from "./broken.ts";

export interface DiffTargetOptions {
  /** Base URL (areas A, B) and kt URL (area C) of an `http` side. */
  baseUrl?: string;
  ktUrl?: string;
  seed?: number;
}

export function diffTargetNames(): string[] {
  return [...TARGET_NAMES, ...Object.keys(BROKEN_RULES).map((r) => `broken:${r}`)];
}

/** Why `spec` names no target, or undefined. */
export function checkDiffTarget(spec: string): string | undefined {
  if (spec.startsWith("broken:")) {
    return spec.slice(7) in BROKEN_RULES
      ? undefined
      : `no broken fixture "${spec.slice(7)}"; known: ${Object.keys(BROKEN_RULES).join(", ")}`;
  }
  return (TARGET_NAMES as readonly string[]).includes(spec)
    ? undefined
    : `unknown target "${spec}"; one of ${diffTargetNames().join(", ")}`;
}

export async function openDiffTarget(spec: string, options: DiffTargetOptions = {}): Promise<Target> {
  const problem = checkDiffTarget(spec);
  if (problem) throw new Error(problem);
  if (spec.startsWith("broken:")) return createBrokenTarget(spec.slice(7), options.seed ?? 0);
  if (spec === "http") {
    const { createHttpTarget } = await import("../targets/http.ts");
    return createHttpTarget({
      ...process.env,
      ...(options.baseUrl ? { EDGECONF_BASE_URL: options.baseUrl } : {}),
      ...(options.ktUrl ? { EDGECONF_KT_URL: options.ktUrl } : {}),
    });
  }
  return createTarget(spec as TargetName);
}
