/**
 * Tenants of the v4 API: the primary one (`core.credentials`) and a second one derived from the seed,
 * so that isolation can be tested. Each has its own account, zone, token, email and key.
 *
 * Gaps / by design: one account and one zone per tenant; no token permissions or scopes (the spec:
 * "not shown"): a credential grants everything in its own account and zone, and nothing else.
 */
import { type Credentials, credentialsFromSeed, type SimCore } from "../core/context.ts";
import type { ZoneDirectory } from "./types.ts";

/** The tenants of a simulator: `[primary, second]`, deterministic under the seed. */
export function tenantsOf(core: SimCore): readonly Credentials[] {
  const primary = core.credentials;
  let second = credentialsFromSeed(core.random.fork("second-tenant"));
  // The second tenant must never share an identifier with the primary one (e.g. overridden values).
  if (
    second.account_id === primary.account_id ||
    second.zone_id === primary.zone_id ||
    second.api_token === primary.api_token ||
    second.auth_key === primary.auth_key ||
    second.auth_email === primary.auth_email ||
    second.zone_name === primary.zone_name
  ) {
    second = credentialsFromSeed(core.random.fork("second-tenant-2"));
  }
  return [primary, second];
}

export function zoneDirectory(tenants: readonly Credentials[]): ZoneDirectory {
  return {
    zoneName: (zoneId) => {
      // A loop, not find: this runs on every area-B request.
      for (const t of tenants) if (t.zone_id === zoneId) return t.zone_name;
      return undefined;
    },
    accountOf: (zoneId) => tenants.find((t) => t.zone_id === zoneId)?.account_id,
    zoneIds: () => tenants.map((t) => t.zone_id),
  };
}
