/**
 * The `serve` target: `edgeconf serve` started in this process on free ports, reached over HTTP(S).
 * Areas A and B through undici against the real node:http server; area C through the kt target's
 * HTTPS client with the generated client certificate; area D through the same simulator in-process
 * (the binding has no network form).
 */
import type { Credentials } from "../../sim/index.ts";
import { type ServeInfo, startServe } from "../serve/index.ts";
import { createHttpApiTarget } from "./api.ts";
import { createHttpKtTarget, type KtTarget, ktEnvFromServer } from "./kt.ts";
import { createSimObjectStoreTarget, type ObjectStoreTarget } from "./object-store.ts";
import { sharedServeCertificates } from "./serve-certs.ts";
import type { Capability, Target } from "./types.ts";

/** The first tenant's credentials of a started serve (the six values the `http` target reads). */
export function primaryCredentials(served: Credentials): Credentials {
  const { account_id, zone_id, zone_name, api_token, auth_email, auth_key } = served;
  return { account_id, zone_id, zone_name, api_token, auth_email, auth_key };
}

/** Area C of a started serve over HTTPS with its generated operator certificates (undefined without a kt server). */
export function servedKtTarget(served: ServeInfo): KtTarget | undefined {
  if (!served.kt_url || !served.ca_cert || !served.client_cert || !served.client_key) return undefined;
  return createHttpKtTarget(served.kt_url, {
    ...process.env,
    ...ktEnvFromServer({
      url: served.kt_url,
      ca_cert: served.ca_cert,
      client_cert: served.client_cert,
      client_key: served.client_key,
      client_cert_2: served.client_cert_2,
      client_key_2: served.client_key_2,
    }),
  });
}

export async function createServeTarget(seed = Number(process.env.EDGECONF_SEED ?? 0)): Promise<Target> {
  const served = await startServe({ seed: Number.isInteger(seed) ? seed : 0, ...sharedServeCertificates() });
  const capabilities = new Set<Capability>(["api", "tenants"]);
  const api = createHttpApiTarget(served.base_url, process.env, {
    primary: primaryCredentials(served),
    other: served.second_tenant,
  });
  let kt: KtTarget | undefined;
  try {
    kt = servedKtTarget(served);
  } catch {
    kt = undefined;
  }
  if (kt) {
    capabilities.add("kt");
    if (served.client_cert_2 && served.client_key_2) capabilities.add("kt-identities");
  }
  let objectStore: ObjectStoreTarget | undefined;
  try {
    objectStore = createSimObjectStoreTarget(served.sim);
    for (const c of ["object-store", "clock", "min-part-size", "compat-date"] as const) capabilities.add(c);
  } catch {
    objectStore = undefined;
  }
  return {
    name: "serve",
    capabilities,
    api,
    ...(kt ? { kt } : {}),
    ...(objectStore ? { objectStore } : {}),
    close: () => served.close(),
  };
}
