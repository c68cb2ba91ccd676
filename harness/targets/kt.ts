/**
 * Area C as suites reach it: HTTP requests below the kt URL, as a chosen operator identity.
 * STUB — owned by the key-transparency work.
 */
import type { Simulator } from "../../sim/index.ts";

export interface KtTarget {
  /** Sends a request to `{kt_url}{path}`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function createSimKtTarget(_sim: Simulator): KtTarget {
  throw new Error("not implemented yet");
}

/** From a kt URL and client certificate paths in the environment (EDGECONF_KT_CA, EDGECONF_KT_CERT, EDGECONF_KT_KEY). */
export function createHttpKtTarget(_ktUrl: string, _env: NodeJS.ProcessEnv): KtTarget {
  throw new Error("not implemented yet");
}
