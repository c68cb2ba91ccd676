/**
 * The `workerd` target: area D through the bridge Worker (bridge/worker.js) running inside Miniflare,
 * so every call reaches workerd's compiled R2 binding, the code production runs; only the storage
 * behind it is Miniflare's local emulation (its departures: fixtures/expectations/workerd.json).
 *
 * One Miniflare instance per test worker, one bucket, emptied before each test's bucket is handed out;
 * keys go as given (the bridge runs with an empty prefix root: the bucket is in memory and throwaway).
 * Miniflare is loaded only when this target is made (it is an optional dependency).
 *
 * Capabilities: "object-store" only. The clock is workerd's wall clock (no time travel), the minimum
 * part size is the platform's 5 MiB, and the compatibility date is the bridge's (bridge/wrangler.toml).
 *
 * Gaps / by design: no declaredLengthStream: Miniflare's storage reads a value's bytes before it
 * checks the declared size, so a never-sent 5 GiB stream would only time out. In-progress multipart uploads of an earlier test survive in the bucket (invisible
 * to head, get and list, so no test can see them).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../expectations.ts";
import { type BridgeConnection, bridgeInfo, bridgeObjectStore, emptyBucket } from "./bridge-client.ts";
import { areaDOnly } from "./object-store.ts";
import type { Target } from "./types.ts";

export const BRIDGE_DIR = path.join(PROJECT_ROOT, "bridge");

/** The bridge's compatibility date, read from its wrangler.toml (one source for local and deployed). */
export function bridgeCompatibilityDate(): string {
  const toml = readFileSync(path.join(BRIDGE_DIR, "wrangler.toml"), "utf8");
  const m = /^compatibility_date\s*=\s*"(\d{4}-\d{2}-\d{2})"/m.exec(toml);
  if (!m) throw new Error("bridge/wrangler.toml has no compatibility_date");
  return m[1]!;
}

export interface LocalBridge {
  conn: BridgeConnection;
  /** The Worker's loopback URL (for clients that fetch it like a deployed one). */
  url: URL;
  /** The bucket behind the Worker, as a whole, through Miniflare's proxy (tests look outside the prefix). */
  rootBucket(): Promise<{
    put(key: string, value: string): Promise<unknown>;
    get(key: string): Promise<{ text(): Promise<string> } | null>;
  }>;
  close(): Promise<void>;
}

/**
 * Starts bridge/worker.js inside Miniflare with an in-memory bucket. `prefixRoot` "" (the workerd
 * target: a throwaway bucket) lets calls use any key; a deployed bridge has a root such as "edgeconf/".
 */
export async function startLocalBridge(options: { prefixRoot?: string; secret?: string } = {}): Promise<LocalBridge> {
  let Miniflare: typeof import("miniflare").Miniflare;
  try {
    ({ Miniflare } = await import("miniflare"));
  } catch (e) {
    throw new Error(
      `the workerd target needs the miniflare package (npm install --save-dev miniflare): ${(e as Error).message}`,
    );
  }
  const secret = options.secret ?? randomBytes(24).toString("hex");
  const mf = new Miniflare({
    modules: true,
    scriptPath: path.join(BRIDGE_DIR, "worker.js"),
    modulesRules: [{ type: "ESModule", include: ["**/*.js"] }],
    compatibilityDate: bridgeCompatibilityDate(),
    r2Buckets: { BUCKET: "edgeconf-workerd" },
    r2Persist: false,
    // No request.cf from the network: the target runs offline.
    cf: false,
    bindings: { EDGECONF_SECRET: secret, EDGECONF_PREFIX_ROOT: options.prefixRoot ?? "" },
  });
  const url = await mf.ready;
  const conn: BridgeConnection = {
    url: "http://bridge.local/",
    secret,
    fetch: (url, init) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>,
  };
  return { conn, url, rootBucket: () => mf.getR2Bucket("BUCKET") as never, close: () => mf.dispose() };
}

export async function createWorkerdTarget(): Promise<Target> {
  const { conn, close } = await startLocalBridge();
  await bridgeInfo(conn, "");
  return {
    name: "workerd",
    capabilities: new Set(["object-store"]),
    whyNot: areaDOnly("workerd"),
    objectStore: bridgeObjectStore(conn, "", emptyBucket, () => "", false),
    close,
  };
}
