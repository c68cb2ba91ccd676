/**
 * Area C as suites reach it: HTTP requests below the kt URL, as a chosen operator identity.
 *
 * Identities: "a" (operator A, the default for every request), "b" (operator B, a second
 * certificate, for ownership tests) and "none" (no client certificate). In-process the identity is
 * passed to the simulator as `clientIdentity`; over HTTPS it is the client certificate the request
 * is sent with (undici, one Agent per identity, a per-request timeout).
 */
import { readFileSync } from "node:fs";
import { Agent, fetch as undiciFetch } from "undici";
import type { Simulator } from "../../sim/index.ts";
import { recordImplementation, serverImplementation } from "./identity.ts";

export type KtIdentity = "a" | "b" | "none";

export interface KtFetchInit extends RequestInit {
  /** Which operator sends the request. Default "a". */
  as?: KtIdentity;
}

export interface KtTarget {
  /** Sends a request to `{kt_url}{path}`. */
  fetch(path: string, init?: KtFetchInit): Promise<Response>;
  /** Identities this target can send as ("none" always; "b" only when a second operator is known). */
  readonly identities: readonly KtIdentity[];
  /**
   * Whether the target can tell the identities apart: in-process always (the identity is passed as
   * `clientIdentity`), over HTTPS by the client certificates; never for a plain-http kt URL, where no
   * certificate reaches the target and "a", "b" and "none" send the same request.
   */
  readonly identified: boolean;
  /**
   * The target's HTTPS endpoint, for tests that make their own TLS clients (a foreign client
   * certificate, no certificate at all). Absent in-process (no TLS) and for a plain-http kt URL.
   */
  readonly tls?: KtTls;
}

export interface KtTls {
  /** `https://...`, no trailing slash. */
  readonly url: string;
  /** The CA that signed the server's certificate (EDGECONF_KT_CA); system roots when absent. */
  readonly ca?: Buffer;
  /** Per-request timeout (ms). */
  readonly timeoutMs: number;
}

/** The subject CN of each operator's client certificate (and the identity the simulator sees in-process). */
export const KT_OPERATORS = {
  a: "operator-a.edgeconf.test",
  b: "operator-b.edgeconf.test",
} as const;

/** Default per-request timeout of the HTTPS target (EDGECONF_KT_TIMEOUT_MS overrides). */
export const KT_DEFAULT_TIMEOUT_MS = 15_000;

function split(init: KtFetchInit | undefined): { as: KtIdentity; rest: RequestInit } {
  const { as = "a", ...rest } = init ?? {};
  return { as, rest };
}

export function createSimKtTarget(sim: Simulator): KtTarget {
  return {
    identities: ["a", "b", "none"],
    identified: true,
    fetch(path, init) {
      const { as, rest } = split(init);
      const url = new URL(path, "https://kt.sim.edgeconf.test");
      return as === "none" ? sim.fetch(url, rest) : sim.fetch(url, { ...rest, clientIdentity: KT_OPERATORS[as] });
    },
  };
}

/** The environment a served kt endpoint needs (what `startKtServer` returns, under the env names). */
export function ktEnvFromServer(server: {
  url: string;
  ca_cert: string;
  client_cert: string;
  client_key: string;
  client_cert_2?: string | null;
  client_key_2?: string | null;
}): Record<string, string> {
  return {
    EDGECONF_KT_URL: server.url,
    EDGECONF_KT_CA: server.ca_cert,
    EDGECONF_KT_CERT: server.client_cert,
    EDGECONF_KT_KEY: server.client_key,
    ...(server.client_cert_2 && server.client_key_2
      ? { EDGECONF_KT_CERT_2: server.client_cert_2, EDGECONF_KT_KEY_2: server.client_key_2 }
      : {}),
  };
}

/** Whether the environment names both operators (the "kt-identities" capability of an http target). */
export function hasTwoKtIdentities(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.EDGECONF_KT_CERT && env.EDGECONF_KT_KEY && env.EDGECONF_KT_CERT_2 && env.EDGECONF_KT_KEY_2);
}

/**
 * From a kt URL and client certificate paths in the environment: EDGECONF_KT_CA (PEM of the CA that
 * signed the server's certificate; system roots when unset), EDGECONF_KT_CERT / EDGECONF_KT_KEY
 * (operator A), EDGECONF_KT_CERT_2 / EDGECONF_KT_KEY_2 (operator B), EDGECONF_KT_TIMEOUT_MS.
 */
export function createHttpKtTarget(ktUrl: string, env: NodeJS.ProcessEnv): KtTarget {
  const base = ktUrl.replace(/\/+$/, "");
  const read = (p: string | undefined) => (p ? readFileSync(p) : undefined);
  const ca = read(env.EDGECONF_KT_CA);
  const timeoutMs = Number(env.EDGECONF_KT_TIMEOUT_MS ?? KT_DEFAULT_TIMEOUT_MS);
  const agent = (cert?: Buffer, key?: Buffer) =>
    new Agent({
      connect: { ...(ca ? { ca } : {}), ...(cert && key ? { cert, key } : {}), timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  const agents = new Map<KtIdentity, Agent>([["none", agent()]]);
  if (env.EDGECONF_KT_CERT && env.EDGECONF_KT_KEY) {
    agents.set("a", agent(read(env.EDGECONF_KT_CERT), read(env.EDGECONF_KT_KEY)));
  }
  if (env.EDGECONF_KT_CERT_2 && env.EDGECONF_KT_KEY_2) {
    agents.set("b", agent(read(env.EDGECONF_KT_CERT_2), read(env.EDGECONF_KT_KEY_2)));
  }
  const tls: KtTls | undefined = /^https:/i.test(base) ? { url: base, ...(ca ? { ca } : {}), timeoutMs } : undefined;
  return {
    identities: [...agents.keys()],
    identified: tls !== undefined,
    ...(tls ? { tls } : {}),
    async fetch(path, init) {
      const { as, rest } = split(init);
      const dispatcher = agents.get(as);
      if (!dispatcher) {
        throw new Error(
          `no client certificate for operator "${as}": set ${as === "a" ? "EDGECONF_KT_CERT and EDGECONF_KT_KEY" : "EDGECONF_KT_CERT_2 and EDGECONF_KT_KEY_2"}`,
        );
      }
      const signal = rest.signal ?? AbortSignal.timeout(timeoutMs);
      const res = await undiciFetch(base + path, {
        ...(rest as Parameters<typeof undiciFetch>[1]),
        signal,
        dispatcher,
      });
      recordImplementation(serverImplementation(res.headers.get("server")));
      return res as unknown as Response;
    },
  };
}
