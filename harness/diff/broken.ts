/**
 * Deliberately broken fixtures: the simulator with exactly one rule changed, served over real HTTP
 * and HTTPS (areas A, B, C: `edgeconf serve` in-process around a wrapped simulator, reached as an
 * http target) or as a wrapped bucket binding (area D). They exist to prove that `edgeconf diff`
 * finds a changed rule, and with how short a sequence: `--against broken:<rule>`.
 *
 * Each rule rewrites the one request it concerns into one the simulator accepts and rewrites the
 * answer back, so the fixture behaves like an implementation whose validator was loosened.
 */

import { rawOfResponse, requestOfRaw } from "../../sim/http/raw.ts";
import { createSimulator, type Simulator, type SimulatorFetchInit } from "../../sim/index.ts";
import { startServe } from "../serve/index.ts";
import { createHttpApiTarget, createSimApiTarget } from "../targets/api.ts";
import { createSimKtTarget } from "../targets/kt.ts";
import { createSimObjectStoreTarget, type ObjectStoreBucket } from "../targets/object-store.ts";
import { primaryCredentials, servedKtTarget } from "../targets/serve.ts";
import type { Capability, Target } from "../targets/types.ts";

type Body = Record<string, unknown>;

interface HttpRule {
  kind: "http";
  what: string;
  /** Whether the request is the one the rule concerns. */
  applies(method: string, path: string): boolean;
  /** Rewrites the body the fixture accepts; returns how to rewrite a successful answer, or undefined. */
  rewrite(body: Body): ((answer: Body) => void) | undefined;
}

interface BucketRule {
  kind: "bucket";
  what: string;
  wrap(bucket: ObjectStoreBucket): ObjectStoreBucket;
}

const resultOf = (answer: Body): Body => (answer.result ?? {}) as Body;

export const BROKEN_RULES: Record<string, HttpRule | BucketRule> = {
  "dns-records-ttl": {
    kind: "http",
    what: "DNS-only TTLs from 30 seconds are accepted (the platform's minimum is 60)",
    applies: (method, path) => /\/dns_records(\/[^/]+)?$/.test(path) && ["POST", "PUT", "PATCH"].includes(method),
    rewrite(body) {
      const ttl = body.ttl;
      if (typeof ttl !== "number" || ttl < 30 || ttl >= 60 || !Number.isInteger(ttl)) return undefined;
      body.ttl = 60;
      return (answer) => {
        if (resultOf(answer).ttl === 60) resultOf(answer).ttl = ttl;
      };
    },
  },
  "dns-protection-sensitivity": {
    kind: "http",
    what: 'rate_sensitivity accepts "very_high" (a profile_sensitivity value only)',
    applies: (method, path) => path.includes("/dns_protection/rules") && (method === "POST" || method === "PATCH"),
    rewrite(body) {
      if (body.rate_sensitivity !== "very_high") return undefined;
      body.rate_sensitivity = "high";
      return (answer) => {
        resultOf(answer).rate_sensitivity = "very_high";
      };
    },
  },
  "key-transparency-version": {
    kind: "http",
    what: "signature_version 3 is accepted (only 1 and 2 exist)",
    applies: (method, path) => method === "POST" && path === "/namespaces",
    rewrite(body) {
      if (body.signature_version !== 3) return undefined;
      body.signature_version = 2;
      return (answer) => {
        answer.signature_version = 3;
        answer.ciphersuite = 3;
      };
    },
  },
  "object-store-list-limit": {
    kind: "bucket",
    what: "list limits above 1000 are clamped to 1000 instead of refused",
    wrap(bucket) {
      return new Proxy(bucket, {
        get(target, prop, receiver) {
          if (prop !== "list") {
            const v = Reflect.get(target, prop, receiver);
            return typeof v === "function" ? v.bind(target) : v;
          }
          return (options?: { limit?: number }) =>
            target.list(
              options && typeof options.limit === "number" && options.limit > 1000
                ? { ...options, limit: 1000 }
                : options,
            );
        },
      });
    },
  },
};

/** A simulator whose fetch (and raw handler) applies `rule`; everything else is the simulator's. */
export function brokenSimulator(sim: Simulator, rule: HttpRule): Simulator {
  const fetch = async (input: RequestInfo | URL, init?: SimulatorFetchInit): Promise<Response> => {
    const { clientIdentity, ...rest } = init ?? {};
    const request = new Request(input, rest);
    const extra: SimulatorFetchInit = clientIdentity ? { clientIdentity } : {};
    const path = new URL(request.url).pathname;
    if (!rule.applies(request.method, path.replace(/^\/client\/v4/, ""))) return sim.fetch(request, extra);
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const restore = body && typeof body === "object" && !Array.isArray(body) ? rule.rewrite(body as Body) : undefined;
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    const sent = new Request(request.url, {
      method: request.method,
      headers,
      body: restore ? JSON.stringify(body) : text,
    });
    const response = await sim.fetch(sent, extra);
    if (!restore || !response.ok) return response;
    const answer = (await response.json()) as Body;
    restore(answer);
    return new Response(JSON.stringify(answer), { status: response.status, headers: response.headers });
  };
  const broken = Object.create(sim) as Simulator & { fetch: typeof fetch; handleRaw: Simulator["handleRaw"] };
  broken.fetch = fetch;
  broken.handleRaw = async (raw) => rawOfResponse(await fetch(requestOfRaw(raw)));
  return broken;
}

/**
 * The fixture target of `broken:<rule>`: served over HTTP/HTTPS (the default, as the CLI uses it), or
 * reached in-process through the wrapped simulator's fetch (`inProcess`, for fast unit tests).
 */
export async function createBrokenTarget(rule: string, seed = 0, inProcess = false): Promise<Target> {
  const r = BROKEN_RULES[rule];
  if (!r) throw new Error(`no broken fixture "${rule}"; known: ${Object.keys(BROKEN_RULES).join(", ")}`);
  const sim = createSimulator({ seed });
  if (r.kind === "bucket") {
    const store = createSimObjectStoreTarget(sim);
    return {
      name: `broken:${rule}` as Target["name"],
      capabilities: new Set<Capability>(["object-store"]),
      objectStore: { ...store, bucket: async (options) => r.wrap(await store.bucket(options)) },
      close: async () => {},
    };
  }
  if (inProcess) {
    const broken = brokenSimulator(sim, r);
    return {
      name: `broken:${rule}` as Target["name"],
      capabilities: new Set<Capability>(["api", "kt"]),
      api: createSimApiTarget(broken),
      kt: createSimKtTarget(broken),
      close: async () => {},
    };
  }
  const served = await startServe({ sim: brokenSimulator(sim, r) });
  const capabilities = new Set<Capability>(["api"]);
  const api = createHttpApiTarget(served.base_url, process.env, {
    primary: primaryCredentials(served),
  });
  const kt = servedKtTarget(served);
  if (kt) capabilities.add("kt");
  return {
    name: `broken:${rule}` as Target["name"],
    capabilities,
    api,
    ...(kt ? { kt } : {}),
    close: () => served.close(),
  };
}

/** The fixtures' names (own keys only). */
export function brokenNames(): string[] {
  return Object.keys(BROKEN_RULES);
}
