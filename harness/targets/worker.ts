/**
 * The `worker` target: area D through a deployed bridge Worker (bridge/worker.js) at
 * `--worker-url` (EDGECONF_WORKER_URL), with the shared secret from EDGECONF_WORKER_SECRET. Deployed
 * to the platform, that is production R2.
 *
 * Each test worker takes a folder of its own under the bridge's prefix root
 * (`<root>run-<time>-<random>/`), each test a numbered folder inside it; the client adds and strips
 * the folder, the Worker refuses anything outside it, and the folder is emptied when the target closes.
 *
 * Capabilities: "object-store" only (production has no controllable clock and the 5 MiB part minimum).
 * Gaps / by design: keys carry the folder, so a key of exactly 1024 bytes is longer once stored;
 * multipart uploads left in progress by a failed test stay until the platform expires them (7 days).
 */
import { randomBytes } from "node:crypto";
import { type BridgeConnection, bridgeBucket, bridgeInfo, bridgeObjectStore, emptyBucket } from "./bridge-client.ts";
import { recordImplementation } from "./identity.ts";
import { areaDOnly } from "./object-store.ts";
import type { Target } from "./types.ts";

export async function createWorkerTarget(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const url = env.EDGECONF_WORKER_URL;
  const secret = env.EDGECONF_WORKER_SECRET;
  if (!url) throw new Error("the worker target needs --worker-url (EDGECONF_WORKER_URL)");
  if (!secret) throw new Error("the worker target needs the bridge's secret in EDGECONF_WORKER_SECRET");
  const conn: BridgeConnection = { url, secret, fetch: (u, init) => fetch(u, init) };
  // The root comes from the Worker; the run's prefix is any folder under it.
  const probe = await bridgeInfo(conn, "edgeconf/probe/").catch(async (e: Error) => {
    const root = /must be a folder under "([^"]*)"/.exec(e.message)?.[1];
    if (root === undefined) throw e;
    return bridgeInfo(conn, `${root}probe/`);
  });
  // navigator.userAgent of the Worker's runtime ("Cloudflare-Workers" on the platform), for the report.
  recordImplementation({ name: probe.runtime && probe.runtime !== "unknown" ? probe.runtime : "bridge Worker" });
  const stamp = new Date(probe.now).toISOString().replace(/[-:.]/g, "").slice(0, 15);
  const runPrefix = `${probe.prefixRoot}run-${stamp}-${randomBytes(4).toString("hex")}/`;
  return {
    name: "worker",
    capabilities: new Set(["object-store"]),
    whyNot: areaDOnly("worker"),
    objectStore: bridgeObjectStore(
      conn,
      runPrefix,
      async () => undefined,
      (n) => `${runPrefix}${n}/`,
      true,
    ),
    close: () => emptyBucket(bridgeBucket(conn, runPrefix, runPrefix)),
  };
}
