/**
 * createSimulator(): the one public entry of the simulator.
 *
 * One simulator holds all four areas on one fake clock and one seed. `bucket(name)` gives area D's
 * binding; `fetch(request)` serves areas A and B (paths under `/client/v4`), the control surface
 * (paths under `/__edgeconf`) and area C (every other path) in-process, exactly as `edgeconf serve`
 * does over the network. `control` resets, snapshots, restores, moves the clock and injects faults.
 *
 * Gaps / by design: no wall clock and no randomness outside the seed. The same seed and the same
 * calls give byte-identical ids, versions, upload ids and timestamps. Injected latency is the one
 * real wait (a timer through `options.sleep`); it never moves the fake clock.
 */

import { faultGate, httpFaultResponse } from "./control/apply.ts";
import { classifyHttpOperation } from "./control/faults.ts";
import { createControl, isControlPath, type SimControl, type Sleep } from "./control/index.ts";
import { type Credentials, createCore, type FakeClock, type SimCore } from "./core/index.ts";
import { createDnsProtectionModule } from "./dns-protection/routes.ts";
import { createDnsRecordsModule } from "./dns-records/routes.ts";
import {
  type ApiAnswer,
  type ApiArea,
  createApiArea,
  JSON_CONTENT_TYPE,
  normalizeMethod,
  type RawRequest,
  type RawResponse,
  rawOfResponse,
  requestOfRaw,
} from "./http/index.ts";
import { tenantsOf, zoneDirectory } from "./http/tenants.ts";
import { createKtArea, type KtArea, type KtAreaOptions } from "./key-transparency/index.ts";
import { type BucketOptions, createObjectStoreArea, type ObjectStoreArea } from "./object-store/index.ts";

export type {
  ActiveFault,
  ClockControl,
  FaultControl,
  FaultError,
  FaultRule,
  SimControl,
  SimSnapshot,
  Sleep,
} from "./control/index.ts";
export {
  CONTROL_PREFIX,
  decodeState,
  encodeState,
  FAULT_OPERATIONS,
  FaultRuleError,
  SNAPSHOT_FORMAT,
  SnapshotCodecError,
} from "./control/index.ts";
export type { Credentials } from "./core/context.ts";
export type { RawHeaders, RawRequest, RawResponse } from "./http/raw.ts";
export { headersFromRaw } from "./http/raw.ts";
export type { KtAreaOptions } from "./key-transparency/index.ts";
export type { LogDirectory, ProofRequest, ProofState } from "./key-transparency/proofs.ts";
export { simulatedProof } from "./key-transparency/proofs.ts";
export type { BucketOptions } from "./object-store/index.ts";
export {
  FixedLengthStream,
  knownLength,
  storeErrorAction,
  storeErrorCode,
  withKnownLength,
} from "./object-store/index.ts";

export interface SimulatorOptions {
  /** Integer seed of every id, version, upload id and generated credential. Default 0. */
  seed?: number;
  /** Simulated start time (ms, Date or ISO string). Default 2025-01-01T00:00:00Z. */
  start?: number | Date | string;
  /** Override any of the generated credentials. */
  credentials?: Partial<Credentials>;
  /** Defaults for every bucket (a bucket's own options win). */
  objectStore?: BucketOptions;
  /** Area C: `logDirectory` serves the audit proofs of namespaces with a log_directory (no network). */
  keyTransparency?: KtAreaOptions;
  /** How injected latency waits (default: a real timer). Tests of the double may pass a fake. */
  sleep?: Sleep;
}

export interface SimulatorFetchInit extends RequestInit {
  /** Area C: the identity of the caller's client certificate (its CN). Omit for a caller without one. */
  clientIdentity?: string;
}

export interface Simulator {
  readonly seed: number;
  readonly clock: FakeClock;
  readonly credentials: Credentials;
  /** Area D: the bucket named `name` (a-z, 0-9, "-", 1-63 characters; made on first use), typed as R2Bucket. */
  bucket(name: string, options?: BucketOptions): ReturnType<ObjectStoreArea["bucket"]>;
  /** Areas A, B (paths under /client/v4), the control surface (/__edgeconf) and C (other paths), in-process. */
  fetch(input: Request | string | URL, init?: SimulatorFetchInit): Promise<Response>;
  /**
   * `fetch` at a lower level, for in-process servers: method, absolute URL, headers (lower-case names,
   * repeats joined with ", ") and whole body bytes in; status, headers and body out. The same routing,
   * control surface and fault injection as `fetch`; on the v4 API's path no web Request or Response
   * is built. Throws the TypeError `fetch` would for a URL or method a web Request refuses.
   */
  handleRaw(request: RawRequest): Promise<RawResponse>;
  /** The areas, for the control surface (snapshot, restore, reset). */
  readonly areas: { readonly objectStore: ObjectStoreArea; readonly api: ApiArea; readonly kt: KtArea };
  /** Reset, snapshot/restore, clock and fault injection (also over HTTP under /__edgeconf). */
  readonly control: SimControl;
}

export const API_PREFIX = "/client/v4";

function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

const API_PATH_PREFIX = `${API_PREFIX}/`;

/** Letters, digits, `-`, `_` and `/`: path characters a URL parser keeps as they are. */
function isPlainPathChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 47 || c === 95 || c === 45 || (c >= 65 && c <= 90);
}

/** The request the API area sees: the normalised method, no body on GET or HEAD. */
function apiRequestOf(raw: RawRequest, method: string): RawRequest {
  const body = method === "GET" || method === "HEAD" ? undefined : raw.body;
  return body ? { method, url: raw.url, headers: raw.headers, body } : { method, url: raw.url, headers: raw.headers };
}

/** The raw response of an answer of the API area (its content type is always JSON_CONTENT_TYPE). */
function rawOfAnswer(out: ApiAnswer): RawResponse {
  return { status: out.status, headers: { "content-type": JSON_CONTENT_TYPE }, body: out.text };
}

/**
 * Areas A (sim/dns-protection) and B (sim/dns-records) on the shared v4 transport (sim/http), with two
 * tenants (the primary `core.credentials` and a second one derived from the seed) for isolation tests.
 */
function createApiAreas(core: SimCore): ApiArea {
  const tenants = tenantsOf(core);
  const zones = zoneDirectory(tenants);
  const accountKnown = (id: string) => tenants.some((t) => t.account_id === id);
  return createApiArea(core, {
    tenants,
    zones,
    modules: {
      dnsProtection: createDnsProtectionModule(core, { accountKnown }),
      dnsRecords: createDnsRecordsModule(core, zones),
    },
  });
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const core = createCore(options);
  const objectStore = createObjectStoreArea(core, options.objectStore);
  const api = createApiAreas(core);
  const kt = createKtArea(core, options.keyTransparency);
  const { control, table, sleep } = createControl({
    seed: core.seed,
    credentials: core.credentials,
    clock: core.clock,
    random: core.random,
    areas: { objectStore, api, kt },
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const faultContext = { faults: table, sleep };
  objectStore.setGate(faultGate(faultContext));
  /** The answer of an injected fault for this request, after any injected latency; undefined when none. */
  const injectedFault = async (
    method: string,
    path: string,
    isApi: boolean,
    signalOf: () => AbortSignal | undefined,
  ): Promise<Response | undefined> => {
    if (table.size === 0) return undefined;
    const below = isApi ? path.slice(API_PREFIX.length) : path;
    const decision = table.decide(classifyHttpOperation(method, below, isApi ? "api" : "kt"), { path: below });
    if (!decision) return undefined;
    // The caller's signal, read only now (a server may make it lazily): a cancelled request stops waiting.
    if (decision.latencyMs > 0) await sleep(decision.latencyMs, signalOf());
    return decision.error ? httpFaultResponse(decision.error, isApi ? "api" : "kt") : undefined;
  };
  /**
   * The origin (`http://host:port`) of the last raw URL that parsed with its origin written exactly
   * as the parser writes it; a URL made of it and a plain path parses to that path (memo, speed only).
   */
  let knownOrigin = "";
  /**
   * The pathname of `href` when it is `knownOrigin` followed by `/client/v4/` and only letters,
   * digits, `-`, `_` and `/` (nothing a URL parser changes: no dot segment, escape, query or
   * fragment), else undefined.
   */
  const knownApiPathname = (href: string): string | undefined => {
    const at = knownOrigin.length;
    if (at === 0 || !href.startsWith(knownOrigin) || !href.startsWith(API_PATH_PREFIX, at)) return undefined;
    for (let i = at + API_PATH_PREFIX.length; i < href.length; i++) {
      if (!isPlainPathChar(href.charCodeAt(i))) return undefined;
    }
    return href.slice(at);
  };
  const handleRawParsed = async (raw: RawRequest): Promise<RawResponse> => {
    const url = new URL(raw.url);
    const method = normalizeMethod(raw.method);
    const path = url.pathname;
    if (isControlPath(path) || !isApiPath(path)) {
      // The control surface and area C take web Requests: the generic path.
      const request = requestOfRaw({ ...raw, method, url: url.href, signal: raw.signal });
      const init = raw.clientIdentity === undefined ? undefined : { clientIdentity: raw.clientIdentity };
      return rawOfResponse(await sim.fetch(request, init));
    }
    const origin = url.origin;
    if (origin !== knownOrigin && url.username === "" && url.password === "" && raw.url.startsWith(`${origin}/`)) {
      knownOrigin = origin;
    }
    if (table.size > 0) {
      const fault = await injectedFault(method, path, true, () => raw.signal);
      if (fault) return rawOfResponse(fault);
    }
    const answered = api.answerRaw(apiRequestOf(raw, method), url);
    return rawOfAnswer(answered instanceof Promise ? await answered : answered);
  };
  const sim: Simulator = {
    seed: core.seed,
    clock: core.clock,
    credentials: core.credentials,
    areas: { objectStore, api, kt },
    control,
    bucket: (name, bucketOptions) => objectStore.bucket(name, bucketOptions),
    async fetch(input, init) {
      const { clientIdentity, ...rest } = init ?? {};
      const request = input instanceof Request && init === undefined ? input : new Request(input, rest);
      const path = new URL(request.url).pathname;
      if (isControlPath(path)) return control.handle(request);
      const isApi = isApiPath(path);
      if (table.size > 0) {
        const fault = await injectedFault(request.method, path, isApi, () => request.signal);
        if (fault) return fault;
      }
      if (isApi) return api.handle(request);
      return kt.handle(request, clientIdentity === undefined ? {} : { clientIdentity });
    },
    handleRaw(raw) {
      try {
        const pathname = knownApiPathname(raw.url);
        if (pathname === undefined || table.size > 0) return handleRawParsed(raw);
        // The URL is one the parser leaves as is (see knownApiPathname): no need to parse it.
        const method = normalizeMethod(raw.method);
        const out = api.answerRaw(apiRequestOf(raw, method), pathname);
        return out instanceof Promise ? out.then(rawOfAnswer) : Promise.resolve(rawOfAnswer(out));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  return sim;
}
