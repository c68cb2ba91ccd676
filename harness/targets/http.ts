/**
 * The `http` target: any implementation reached over the network.
 * EDGECONF_BASE_URL (areas A, B) and EDGECONF_KT_URL (area C); credentials from the platform's usual
 * environment names (see api.ts and kt.ts). An area whose URL is not given is absent from the target.
 */
import { createHttpApiTarget } from "./api.ts";
import { createHttpKtTarget, hasTwoKtIdentities } from "./kt.ts";
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
