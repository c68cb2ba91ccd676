/**
 * The `http` target: any implementation reached over the network.
 * EDGECONF_BASE_URL (areas A, B) and EDGECONF_KT_URL (area C); credentials from the platform's usual
 * environment names (see api.ts and kt.ts). An area whose URL is not given is absent from the target.
 * A second tenant's EDGECONF_SECOND_* variables (second-tenant.ts), when all are set, give the
 * "tenants" capability (the isolation tests of areas A and B); without them those tests skip.
 */
import { createHttpApiTarget } from "./api.ts";
import { createHttpKtTarget, hasTwoKtIdentities } from "./kt.ts";
import { secondTenantFromEnv } from "./second-tenant.ts";
import type { Capability, Target } from "./types.ts";

export async function createHttpTarget(env: NodeJS.ProcessEnv): Promise<Target> {
  const baseUrl = env.EDGECONF_BASE_URL;
  const ktUrl = env.EDGECONF_KT_URL;
  if (!baseUrl && !ktUrl) {
    throw new Error(
      "the http target needs EDGECONF_BASE_URL and/or EDGECONF_KT_URL (edgeconf run --base-url/--kt-url)",
    );
  }
  const capabilities = new Set<Capability>();
  if (baseUrl) capabilities.add("api");
  if (baseUrl && secondTenantFromEnv(env)) capabilities.add("tenants");
  if (ktUrl) capabilities.add("kt");
  if (ktUrl && hasTwoKtIdentities(env)) capabilities.add("kt-identities");
  return {
    name: "http",
    capabilities,
    ...(baseUrl ? { api: createHttpApiTarget(baseUrl, env) } : {}),
    ...(ktUrl ? { kt: createHttpKtTarget(ktUrl, env) } : {}),
    close: async () => {},
  };
}
