/** Test support: the official `cloudflare` SDK at its default base URL, with the simulator's email + key. */
import Cloudflare from "cloudflare";
import type { Simulator } from "../sim/index.ts";

export function sdkWithKey(sim: Simulator): Cloudflare {
  return new Cloudflare({
    apiEmail: sim.credentials.auth_email,
    apiKey: sim.credentials.auth_key,
    apiToken: null, // not CLOUDFLARE_API_TOKEN from the environment
    userServiceKey: null,
  });
}
