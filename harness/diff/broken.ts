/**
 * Deliberately broken fixtures: the simulator with exactly one rule changed (six or more per area, each
 * a bug a real reimplementation has: a bound off by one, a case-sensitive filter, a wrong status, a field
 * from the wrong place, a route without its isolation check ...), served over real HTTP
 * and HTTPS (areas A, B, C: `edgeconf serve` in-process around a wrapped simulator, reached as an
 * http target) or as a wrapped bucket binding (area D). They exist to prove that `edgeconf diff`
 * finds a changed rule, and with how short a sequence: `--against broken:<rule>`.
 *
 * An HTTP rule is a middleware around the simulator's fetch: it rewrites the one request it concerns
 * and/or the answer, so the fixture behaves like an implementation with that one bug. A bucket rule
 * wraps the bucket with one fault of bucket-faults.ts.
 */

import { rawOfResponse, requestOfRaw } from "../../sim/http/raw.ts";
import { createSimulator, type Simulator, type SimulatorFetchInit } from "../../sim/index.ts";
import { startServe } from "../serve/index.ts";
import { createHttpApiTarget, createSimApiTarget } from "../targets/api.ts";
import { createSimKtTarget } from "../targets/kt.ts";
import { createSimObjectStoreTarget } from "../targets/object-store.ts";
import { primaryCredentials, servedKtTarget } from "../targets/serve.ts";
import type { Capability, Target } from "../targets/types.ts";
import { BUCKET_FAULTS, type BucketFaultName, faultyBucket } from "./bucket-faults.ts";
import type { DiffAreaName } from "./types.ts";

type Body = Record<string, unknown>;
type Next = (request: Request, identity?: string) => Promise<Response>;

/** The fixture's simulator, its request and the client identity of an area-C request. */
interface Exchange {
  sim: Simulator;
  request: Request;
  /** The path below the API root (`/zones/...`, `/namespaces/...`). */
  path: string;
  identity?: string;
}

interface HttpRule {
  kind: "http";
  area: DiffAreaName;
  what: string;
  /** The fixture's answer to a request: usually the simulator's (`next`), rewritten around one rule. */
  handle(x: Exchange, next: Next): Promise<Response>;
}

interface BucketRule {
  kind: "bucket";
  area: "object-store";
  what: string;
  faults: BucketFaultName[];
}

const resultOf = (answer: Body): Body => (answer.result ?? {}) as Body;

async function bodyOf(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
}

/** The same request with another JSON body. */
function withBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

function jsonResponse(status: number, body: unknown, like?: Response): Response {
  const headers = new Headers(like?.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * A loosened validator: a request body the rule concerns is rewritten into one the simulator accepts,
 * and a successful answer rewritten back, so the fixture behaves as if it accepted the original.
 */
function loosened(
  area: DiffAreaName,
  what: string,
  applies: (method: string, path: string) => boolean,
  rewrite: (body: Body) => ((answer: Body) => void) | undefined,
): HttpRule {
  return {
    kind: "http",
    area,
    what,
    async handle(x, next) {
      if (!applies(x.request.method, x.path)) return next(x.request, x.identity);
      const body = await bodyOf(x.request);
      const restore = body && typeof body === "object" && !Array.isArray(body) ? rewrite(body as Body) : undefined;
      if (!restore) return next(x.request, x.identity);
      const response = await next(withBody(x.request, body), x.identity);
      if (!response.ok) return response;
      const answer = (await response.json()) as Body;
      restore(answer);
      return jsonResponse(response.status, answer, response);
    },
  };
}

/** An answer edited after the simulator gave it (`edit` returns the new status, or undefined to keep it). */
function edited(
  area: DiffAreaName,
  what: string,
  applies: (method: string, path: string, query: URLSearchParams) => boolean,
  edit: (answer: Body, status: number, query: URLSearchParams) => number | undefined,
): HttpRule {
  return {
    kind: "http",
    area,
    what,
    async handle(x, next) {
      const query = new URL(x.request.url).searchParams;
      const response = await next(x.request, x.identity);
      if (!applies(x.request.method, x.path, query)) return response;
      const text = await response.text();
      let answer: Body;
      try {
        answer = JSON.parse(text) as Body;
      } catch {
        return new Response(text, { status: response.status, headers: response.headers });
      }
      const status = edit(answer, response.status, query) ?? response.status;
      return jsonResponse(status, answer, response);
    },
  };
}

const RULES_ONE = /^\/accounts\/([^/]+)\/magic\/advanced_dns_protection\/configs\/dns_protection\/rules\/([^/]+)$/;
const RULES_LIST = /^\/accounts\/[^/]+\/magic\/advanced_dns_protection\/configs\/dns_protection\/rules$/;
const RECORDS_ONE = /^\/zones\/([^/]+)\/dns_records\/([^/]+)$/;
const RECORDS_LIST = /^\/zones\/[^/]+\/dns_records$/;
const SENSITIVITY_FIELDS = ["mode", "profile_sensitivity", "rate_sensitivity", "burst_sensitivity"];

/**
 * A lookup that forgets the tenant: a GET of one resource that the caller's account or zone does not
 * hold is answered from whichever tenant holds it (the route's isolation check is missing).
 */
function lookupAcrossTenants(area: DiffAreaName, what: string, one: RegExp): HttpRule {
  return {
    kind: "http",
    area,
    what,
    async handle(x, next) {
      const response = await next(x.request, x.identity);
      const m = one.exec(x.path);
      if (x.request.method !== "GET" || !m || response.status !== 404) return response;
      for (const t of x.sim.areas.api.tenants) {
        const owner = area === "dns-protection" ? t.account_id : t.zone_id;
        if (owner === m[1]) continue;
        const url = x.request.url.replace(`/${m[1]}/`, `/${owner}/`);
        const headers = new Headers(
          area === "dns-protection"
            ? { authorization: `Bearer ${t.api_token}` }
            : {
                "x-auth-email": t.auth_email,
                "x-auth-key": t.auth_key,
              },
        );
        const other = await next(new Request(url, { headers }), x.identity);
        if (other.status === 200) return other;
      }
      return response;
    },
  };
}

/** PATCH of a namespace as whichever operator owns it: the route forgets to check the caller. */
function ownerPatch(): HttpRule {
  /** Client identities seen (the owner registered through this fixture, so it is among them). */
  const seen = new Set<string>();
  return {
    kind: "http",
    area: "key-transparency",
    what: "PATCH of a namespace is allowed to any operator (the owner check is missing on that route)",
    async handle(x, next) {
      if (x.identity !== undefined) seen.add(x.identity);
      const body = await x.request.clone().text();
      const response = await next(x.request, x.identity);
      if (x.request.method !== "PATCH" || response.status !== 403 || !/^\/namespaces\/[^/]+$/.test(x.path)) {
        return response;
      }
      for (const identity of seen) {
        if (identity === x.identity) continue;
        const again = await next(
          new Request(x.request.url, { method: "PATCH", headers: x.request.headers, body }),
          identity,
        );
        if (again.status !== 403) return again;
      }
      return response;
    },
  };
}

export const BROKEN_RULES: Record<string, HttpRule | BucketRule> = {
  "dns-protection-sensitivity": loosened(
    "dns-protection",
    'rate_sensitivity accepts "very_high" (a profile_sensitivity value only)',
    (method, path) => RULES_LIST.test(path) || (RULES_ONE.test(path) && method === "PATCH"),
    (body) => {
      if (body.rate_sensitivity !== "very_high") return undefined;
      body.rate_sensitivity = "high";
      return (answer) => {
        resultOf(answer).rate_sensitivity = "very_high";
      };
    },
  ),
  "dns-protection-enum-case": loosened(
    "dns-protection",
    'mode and the sensitivities match case-insensitively ("Enabled", "HIGH" accepted, stored lower-cased)',
    (method, path) => (RULES_LIST.test(path) && method === "POST") || (RULES_ONE.test(path) && method === "PATCH"),
    (body) => {
      let changed = false;
      for (const f of SENSITIVITY_FIELDS) {
        const v = body[f];
        if (typeof v === "string" && v !== v.toLowerCase()) {
          body[f] = v.toLowerCase();
          changed = true;
        }
      }
      return changed ? () => {} : undefined;
    },
  ),
  "dns-protection-per-page-min": {
    kind: "http",
    area: "dns-protection",
    what: "per_page 9 is accepted (the minimum is 10: off by one)",
    async handle(x, next) {
      const url = new URL(x.request.url);
      if (x.request.method !== "GET" || !RULES_LIST.test(x.path) || url.searchParams.get("per_page") !== "9") {
        return next(x.request, x.identity);
      }
      url.searchParams.set("per_page", "10");
      const response = await next(new Request(url, { headers: x.request.headers }), x.identity);
      if (!response.ok) return response;
      const answer = (await response.json()) as { result: unknown[]; result_info: Record<string, number> };
      answer.result = answer.result.slice(0, 9);
      answer.result_info.per_page = 9;
      answer.result_info.count = answer.result.length;
      return jsonResponse(response.status, answer, response);
    },
  },
  "dns-protection-delete-missing": edited(
    "dns-protection",
    "DELETE of a rule that does not exist answers 200 (success) instead of 404",
    (method, path) => method === "DELETE" && RULES_ONE.test(path),
    (answer, status) => {
      if (status !== 404) return undefined;
      answer.success = true;
      answer.errors = [];
      answer.messages = [];
      return 200;
    },
  ),
  "dns-protection-direction": {
    kind: "http",
    area: "dns-protection",
    what: "direction=desc is ignored when no order is given (creation order is not reversed)",
    async handle(x, next) {
      const url = new URL(x.request.url);
      const q = url.searchParams;
      if (x.request.method !== "GET" || !RULES_LIST.test(x.path) || q.has("order") || q.get("direction") === null) {
        return next(x.request, x.identity);
      }
      if (!/^desc$/i.test(q.get("direction") ?? "")) return next(x.request, x.identity);
      q.set("direction", "asc");
      return next(new Request(url, { headers: x.request.headers }), x.identity);
    },
  },
  "dns-protection-tenant-get": lookupAcrossTenants(
    "dns-protection",
    "GET of one rule finds rules of other accounts too (the route's account check is missing)",
    RULES_ONE,
  ),
  "dns-records-ttl": loosened(
    "dns-records",
    "DNS-only TTLs from 30 seconds are accepted (the platform's minimum is 60)",
    (method, path) => (RECORDS_LIST.test(path) || RECORDS_ONE.test(path)) && ["POST", "PUT", "PATCH"].includes(method),
    (body) => {
      const ttl = body.ttl;
      if (typeof ttl !== "number" || ttl < 30 || ttl >= 60 || !Number.isInteger(ttl)) return undefined;
      body.ttl = 60;
      return (answer) => {
        if (resultOf(answer).ttl === 60) resultOf(answer).ttl = ttl;
      };
    },
  ),
  "dns-records-content-case": edited(
    "dns-records",
    "the content.contains filter is case-sensitive (the platform's is not)",
    (method, path, q) => method === "GET" && RECORDS_LIST.test(path) && q.has("content.contains"),
    (answer, status, q) => {
      if (status !== 200 || !Array.isArray(answer.result)) return undefined;
      const needle = q.get("content.contains") ?? "";
      const kept = (answer.result as { content?: unknown }[]).filter((r) => String(r.content ?? "").includes(needle));
      const info = answer.result_info as { count: number; total_count: number } | undefined;
      if (info) {
        info.total_count -= answer.result.length - kept.length;
        info.count = kept.length;
      }
      answer.result = kept;
      return undefined;
    },
  ),
  "dns-records-total-pages": edited(
    "dns-records",
    "result_info.total_pages rounds down (a last, partial page is not counted)",
    (method, path) => method === "GET" && RECORDS_LIST.test(path),
    (answer) => {
      const info = answer.result_info as { total_count: number; per_page: number; total_pages: number } | undefined;
      if (info && typeof info.total_count === "number" && info.per_page > 0) {
        info.total_pages = Math.floor(info.total_count / info.per_page);
      }
      return undefined;
    },
  ),
  "dns-records-delete-missing": edited(
    "dns-records",
    "DELETE of a record that does not exist answers 200 with its id instead of 404",
    (method, path) => method === "DELETE" && RECORDS_ONE.test(path),
    (answer, status) => {
      if (status !== 404) return undefined;
      answer.success = true;
      answer.errors = [];
      answer.messages = [];
      answer.result = { id: "0123456789abcdef0123456789abcdef" };
      return 200;
    },
  ),
  "dns-records-patch-comment": loosened(
    "dns-records",
    "a PATCH without comment clears the record's comment (absent treated as null)",
    (method, path) => method === "PATCH" && RECORDS_ONE.test(path),
    (body) => {
      if ("comment" in body) return undefined;
      body.comment = null;
      return () => {};
    },
  ),
  "dns-records-tenant-get": lookupAcrossTenants(
    "dns-records",
    "GET of one record finds records of other zones too (the route's zone check is missing)",
    RECORDS_ONE,
  ),
  "key-transparency-version": loosened(
    "key-transparency",
    "signature_version 3 is accepted (only 1 and 2 exist)",
    (method, path) => method === "POST" && path === "/namespaces",
    (body) => {
      if (body.signature_version !== 3) return undefined;
      body.signature_version = 2;
      return (answer) => {
        answer.signature_version = 3;
        answer.ciphersuite = 3;
      };
    },
  ),
  "key-transparency-name-case": loosened(
    "key-transparency",
    "upper-case letters in a namespace name are accepted (checked after lower-casing)",
    (method, path) => method === "POST" && path === "/namespaces",
    (body) => {
      const name = body.name;
      if (typeof name !== "string" || name === name.toLowerCase()) return undefined;
      body.name = name.toLowerCase();
      return (answer) => {
        answer.name = name;
      };
    },
  ),
  "key-transparency-log-directory": loosened(
    "key-transparency",
    "log_directory accepts any URL scheme (ftp:// too; the platform takes http(s) only)",
    (method, path) => method === "POST" && path === "/namespaces",
    (body) => {
      const dir = body.log_directory;
      if (typeof dir !== "string" || !/^[a-z][a-z0-9+.-]*:\/\/./i.test(dir) || /^https?:/i.test(dir)) return undefined;
      body.log_directory = dir.replace(/^[a-z][a-z0-9+.-]*:/i, "https:");
      return (answer) => {
        answer.log_directory = dir;
      };
    },
  ),
  "key-transparency-missing-status": edited(
    "key-transparency",
    "GET of a namespace that does not exist answers 400 instead of 404",
    (method, path) => method === "GET" && /^\/namespaces\/[^/]+$/.test(path),
    (_answer, status) => (status === 404 ? 400 : undefined),
  ),
  "key-transparency-republish": {
    kind: "http",
    area: "key-transparency",
    what: "republishing the last epoch is accepted and answered with its audit (a > check written >=)",
    async handle(x, next) {
      const m = /^\/namespaces\/([^/]+)\/audits$/.exec(x.path);
      const body = (await bodyOf(x.request)) as { epoch?: unknown } | undefined;
      const response = await next(x.request, x.identity);
      if (x.request.method !== "POST" || !m || response.status !== 409) return response;
      if (typeof body?.epoch !== "number") return response;
      const last = await next(new Request(new URL(`/namespaces/${m[1]}/last-verified-epoch`, x.request.url)));
      const lastEpoch = ((await last.json()) as { epoch?: unknown }).epoch;
      if (lastEpoch !== body.epoch) return response;
      return next(new Request(new URL(`/namespaces/${m[1]}/audits/${body.epoch}`, x.request.url)));
    },
  },
  "key-transparency-owner-patch": ownerPatch(),
  ...Object.fromEntries(
    (
      [
        "list-limit",
        "start-after-past-end",
        "suffix-off-by-one",
        "precondition-null",
        "custom-metadata-case",
        "md5-unchecked",
        "range-size",
        "delete-first-only",
        "prefix-case",
      ] as const
    ).map((f) => [
      `object-store-${f}`,
      { kind: "bucket", area: "object-store", what: BUCKET_FAULTS[f].what, faults: [f] } satisfies BucketRule,
    ]),
  ),
};

/** A simulator whose fetch (and raw handler) applies `rule`; everything else is the simulator's. */
export function brokenSimulator(sim: Simulator, rule: HttpRule): Simulator {
  const next: Next = (request, identity) =>
    sim.fetch(request, identity === undefined ? {} : { clientIdentity: identity });
  const fetch = async (input: RequestInfo | URL, init?: SimulatorFetchInit): Promise<Response> => {
    const { clientIdentity, ...rest } = init ?? {};
    const request = new Request(input, rest);
    const path = new URL(request.url).pathname.replace(/^\/client\/v4/, "");
    return rule.handle(
      { sim, request, path, ...(clientIdentity !== undefined ? { identity: clientIdentity } : {}) },
      next,
    );
  };
  const broken = Object.create(sim) as Simulator & { fetch: typeof fetch; handleRaw: Simulator["handleRaw"] };
  broken.fetch = fetch;
  broken.handleRaw = async (raw) =>
    rawOfResponse(
      await fetch(
        requestOfRaw(raw),
        raw.clientIdentity === undefined ? undefined : { clientIdentity: raw.clientIdentity },
      ),
    );
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
      objectStore: { ...store, bucket: async (options) => faultyBucket(await store.bucket(options), r.faults) },
      close: async () => {},
    };
  }
  if (inProcess) {
    const broken = brokenSimulator(sim, r);
    return {
      name: `broken:${rule}` as Target["name"],
      capabilities: new Set<Capability>(["api", "kt", "tenants", "kt-identities"]),
      api: createSimApiTarget(broken),
      kt: createSimKtTarget(broken),
      close: async () => {},
    };
  }
  const served = await startServe({ sim: brokenSimulator(sim, r) });
  const capabilities = new Set<Capability>(["api", "tenants"]);
  const api = createHttpApiTarget(served.base_url, process.env, {
    primary: primaryCredentials(served),
    other: served.second_tenant,
  });
  const kt = servedKtTarget(served);
  if (kt) capabilities.add("kt");
  if (kt && served.client_cert_2 && served.client_key_2) capabilities.add("kt-identities");
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
