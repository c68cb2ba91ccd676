/**
 * What a run needs before any test starts, per target: the areas the target serves, the packages it
 * loads (optional peer dependencies of edgeconf), the environment variables each area reads. A run
 * that asks for more than the target has stops here with ONE line naming the fix (exit 2), instead
 * of dozens of failing tests. Pure, but for `packageMissing` (module resolution from the package).
 *
 * A new target adds its entry to TARGET_PROFILES (the Record makes the type checker ask for it).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { AREAS, type Area } from "../clauses/types.ts";
import { PROJECT_ROOT } from "../expectations.ts";
import { partialSecondTenant, SECOND_TENANT_ENV, SECOND_TENANT_OPTIONAL_ENV } from "../targets/second-tenant.ts";
import type { TargetName } from "../targets/types.ts";

export interface TargetProfile {
  /** The areas the target serves, given the URLs of the run. */
  areas(urls: { baseUrl?: string | undefined; ktUrl?: string | undefined }): readonly Area[];
  /** npm packages the target loads (optional peer dependencies of edgeconf). */
  packages?: readonly string[];
  /** Environment variables the target reads for each area, all required. */
  env?: Partial<Record<Area, readonly string[]>>;
  /** Variables the target reads when given and never requires (tests that need them skip, naming them). */
  optionalEnv?: readonly string[];
  /** How to give the target an area it does not serve yet (the end of the error line). */
  howToServe?: Partial<Record<Area, string>>;
}

const HTTP_AREAS: Record<Area, "base" | "kt" | undefined> = {
  "dns-protection": "base",
  "dns-records": "base",
  "key-transparency": "kt",
  "object-store": undefined,
};

export const TARGET_PROFILES: Record<TargetName, TargetProfile> = {
  sim: { areas: () => AREAS },
  serve: { areas: () => AREAS },
  http: {
    areas: ({ baseUrl, ktUrl }) =>
      AREAS.filter((a) => (HTTP_AREAS[a] === "base" && baseUrl) || (HTTP_AREAS[a] === "kt" && ktUrl)),
    env: {
      "dns-protection": ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"],
      "dns-records": ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_EMAIL", "CLOUDFLARE_API_KEY"],
      "key-transparency": ["EDGECONF_KT_CERT", "EDGECONF_KT_KEY"],
    },
    optionalEnv: [...SECOND_TENANT_ENV, ...SECOND_TENANT_OPTIONAL_ENV],
    howToServe: {
      "dns-protection": "give --base-url (ending in /client/v4)",
      "dns-records": "give --base-url (ending in /client/v4)",
      "key-transparency": "give --kt-url",
      "object-store":
        "use --target workerd, worker (--worker-url), module (--module) or sim for area D (a binding has no URL)",
    },
  },
  miniflare: { areas: () => ["object-store"], packages: ["miniflare"] },
  workerd: { areas: () => ["object-store"], packages: ["miniflare"] },
  worker: { areas: () => ["object-store"], env: { "object-store": ["EDGECONF_WORKER_SECRET"] } },
  module: { areas: () => ["object-store"] },
};

/** Every environment variable a target reads, for `edgeconf serve --env` and the docs. */
export function targetEnvNames(target: TargetName): string[] {
  return [...new Set(Object.values(TARGET_PROFILES[target].env ?? {}).flat())];
}

/** The variables a target reads when they are given (e.g. the http target's second tenant). */
export function targetOptionalEnvNames(target: TargetName): string[] {
  return [...(TARGET_PROFILES[target].optionalEnv ?? [])];
}

/** Whether `name` cannot be loaded from edgeconf's own location (how the target imports it). */
export function packageMissing(name: string, from: string = PROJECT_ROOT): boolean {
  try {
    createRequire(path.join(from, "package.json")).resolve(name);
    return false;
  } catch (e) {
    // ESM-only packages without a "require" condition still exist.
    return (e as { code?: string }).code === "MODULE_NOT_FOUND";
  }
}

export interface PreflightInput {
  target: TargetName;
  baseUrl?: string | undefined;
  ktUrl?: string | undefined;
  areas: readonly Area[];
  env: NodeJS.ProcessEnv;
  /** fuzz takes one --area; run takes --areas. */
  command?: "run" | "fuzz";
  /** Defaults to `packageMissing`. */
  missing?: (name: string) => boolean;
}

/** The one line that stops the run, or undefined when the target can serve it. */
export function preflight(input: PreflightInput): string | undefined {
  const profile = TARGET_PROFILES[input.target];
  const missing = input.missing ?? packageMissing;
  const absent = (profile.packages ?? []).filter((p) => missing(p));
  if (absent.length > 0) {
    return `target ${input.target} needs ${absent.join(", ")}, which is not installed: npm install --save-dev ${absent.join(" ")}`;
  }
  const served = profile.areas(input);
  const unserved = input.areas.filter((a) => !served.includes(a));
  if (unserved.length > 0) {
    const how = [...new Set(unserved.map((a) => profile.howToServe?.[a]).filter((h) => h !== undefined))];
    const has = served.length > 0 ? served.join(", ") : "none";
    return (
      `target ${input.target} does not serve ${unserved.join(", ")} (it serves: ${has})` +
      (how.length > 0
        ? `: ${how.join("; ")}`
        : input.command === "fuzz"
          ? ": fuzz another --area, or pick a --target that serves it"
          : `: leave ${unserved.join(", ")} out of --areas`)
    );
  }
  const unset = input.areas.flatMap((a) => (profile.env?.[a] ?? []).filter((name) => !input.env[name]));
  if (unset.length > 0) {
    const names = [...new Set(unset)];
    return `target ${input.target} needs ${names.join(", ")} in the environment for ${input.areas.join(", ")}: set ${names.length > 1 ? "them" : "it"} (see edgeconf run --help), or leave those areas out of --areas`;
  }
  // The second tenant is optional, but a partial one would skip the isolation tests without saying why.
  const partial = input.target === "http" && input.areas.some((a) => HTTP_AREAS[a] === "base");
  const missingSecond = partial ? partialSecondTenant(input.env) : [];
  if (missingSecond.length > 0) {
    return `target http has a partial second tenant: set ${missingSecond.join(", ")} too, or unset every EDGECONF_SECOND_* variable`;
  }
  return undefined;
}
