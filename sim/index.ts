/**
 * createSimulator(): the one public entry of the simulator.
 *
 * One simulator holds all four areas on one fake clock and one seed. `bucket(name)` gives area D's
 * binding; `fetch(request)` serves areas A and B (paths under `/client/v4`) and area C (every other
 * path) in-process, exactly as `edgeconf serve` does over the network.
 *
 * Gaps / by design: no wall clock and no randomness outside the seed. The same seed and the same
 * calls give byte-identical ids, versions, upload ids and timestamps.
 */
import { type Credentials, createCore, type FakeClock } from "./core/index.ts";
import { type ApiArea, createApiArea } from "./http/index.ts";
import { createKtArea, type KtArea } from "./key-transparency/index.ts";
import { type BucketOptions, createObjectStoreArea, type ObjectStoreArea } from "./object-store/index.ts";

export type { Credentials } from "./core/context.ts";
export type { BucketOptions } from "./object-store/index.ts";

export interface SimulatorOptions {
  /** Integer seed of every id, version, upload id and generated credential. Default 0. */
  seed?: number;
  /** Simulated start time (ms, Date or ISO string). Default 2025-01-01T00:00:00Z. */
  start?: number | Date | string;
  /** Override any of the generated credentials. */
  credentials?: Partial<Credentials>;
  /** Defaults for every bucket (a bucket's own options win). */
  objectStore?: BucketOptions;
}

export interface SimulatorFetchInit extends RequestInit {
  /** Area C: the identity of the caller's client certificate (its CN). Omit for a caller without one. */
  clientIdentity?: string;
}

export interface Simulator {
  readonly seed: number;
  readonly clock: FakeClock;
  readonly credentials: Credentials;
  /** Area D: the bucket named `name` (created on first use), typed as the platform's R2Bucket. */
  bucket(name: string, options?: BucketOptions): ReturnType<ObjectStoreArea["bucket"]>;
  /** Areas A, B (paths under /client/v4) and C (other paths), in-process. */
  fetch(input: RequestInfo | URL, init?: SimulatorFetchInit): Promise<Response>;
  /** The areas, for the control surface (snapshot, restore, reset). */
  readonly areas: { readonly objectStore: ObjectStoreArea; readonly api: ApiArea; readonly kt: KtArea };
}

export const API_PREFIX = "/client/v4";

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const core = createCore(options);
  const objectStore = createObjectStoreArea(core, options.objectStore);
  const api = createApiArea(core);
  const kt = createKtArea(core);
  return {
    seed: core.seed,
    clock: core.clock,
    credentials: core.credentials,
    areas: { objectStore, api, kt },
    bucket: (name, bucketOptions) => objectStore.bucket(name, bucketOptions),
    async fetch(input, init) {
      const { clientIdentity, ...rest } = init ?? {};
      const request = input instanceof Request && init === undefined ? input : new Request(input, rest);
      const path = new URL(request.url).pathname;
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return api.handle(request);
      return kt.handle(request, clientIdentity === undefined ? {} : { clientIdentity });
    },
  };
}
