/**
 * Areas A and B as suites reach them: HTTP requests below the base URL, with credentials.
 * STUB — owned by the HTTP work (areas A and B).
 */
import type { Simulator } from "../../sim/index.ts";

export interface ApiTarget {
  /** Sends a request to `{base_url}{path}`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function createSimApiTarget(_sim: Simulator): ApiTarget {
  throw new Error("not implemented yet");
}

/** From CLOUDFLARE_API_TOKEN, CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY, CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_ZONE_ID and a base URL. */
export function createHttpApiTarget(_baseUrl: string, _env: NodeJS.ProcessEnv): ApiTarget {
  throw new Error("not implemented yet");
}
