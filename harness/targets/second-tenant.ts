/**
 * The `http` target's optional second tenant (areas A and B isolation tests): another account and zone
 * with their own token, email and key, from EDGECONF_SECOND_* variables (the primary tenant's names with
 * `EDGECONF_SECOND_` for `CLOUDFLARE_`). Without them the target has no "tenants" capability and the
 * isolation tests skip with a sentence naming the variables; a partial set is a usage error (preflight).
 *
 * Gaps / by design: all five required variables or none (the isolation tests use both schemes and both
 * ids); `EDGECONF_SECOND_ZONE_NAME` is optional, as `CLOUDFLARE_ZONE_NAME` is.
 */
import type { TenantCredentials } from "./tenant.ts";

/** The variables the isolation tests need, all of them. */
export const SECOND_TENANT_ENV = [
  "EDGECONF_SECOND_ACCOUNT_ID",
  "EDGECONF_SECOND_ZONE_ID",
  "EDGECONF_SECOND_API_TOKEN",
  "EDGECONF_SECOND_EMAIL",
  "EDGECONF_SECOND_API_KEY",
] as const;

/** Read when given, never required. */
export const SECOND_TENANT_OPTIONAL_ENV = ["EDGECONF_SECOND_ZONE_NAME"] as const;

/** The required variables that are not set, when some are (a partial second tenant), else []. */
export function partialSecondTenant(env: NodeJS.ProcessEnv): string[] {
  const unset = SECOND_TENANT_ENV.filter((name) => !env[name]);
  return unset.length === SECOND_TENANT_ENV.length ? [] : unset;
}

/** The second tenant of the environment, when every required variable is set. */
export function secondTenantFromEnv(env: NodeJS.ProcessEnv): TenantCredentials | undefined {
  if (SECOND_TENANT_ENV.some((name) => !env[name])) return undefined;
  return {
    account_id: env.EDGECONF_SECOND_ACCOUNT_ID ?? "",
    zone_id: env.EDGECONF_SECOND_ZONE_ID ?? "",
    zone_name: env.EDGECONF_SECOND_ZONE_NAME ?? "",
    api_token: env.EDGECONF_SECOND_API_TOKEN ?? "",
    auth_email: env.EDGECONF_SECOND_EMAIL ?? "",
    auth_key: env.EDGECONF_SECOND_API_KEY ?? "",
  };
}
