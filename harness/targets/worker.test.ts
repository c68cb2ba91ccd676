/**
 * The worker target against a bridge deployed as a user would (prefix root "edgeconf/"), here inside
 * Miniflare and reached by its URL with global fetch: each test's bucket is its own folder, keys come
 * back without it, and closing the target empties the run's folder and nothing else.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bridgeBucket } from "./bridge-client.ts";
import { createWorkerTarget } from "./worker.ts";
import { type LocalBridge, startLocalBridge } from "./workerd.ts";

const SECRET = "worker-target-test-secret";
let bridge: LocalBridge;

beforeAll(async () => {
  bridge = await startLocalBridge({ prefixRoot: "edgeconf/", secret: SECRET });
}, 60_000);
afterAll(async () => {
  await bridge?.close();
});

describe("the worker target", () => {
  test("needs its URL and secret", async () => {
    await expect(createWorkerTarget({})).rejects.toThrow("the worker target needs --worker-url (EDGECONF_WORKER_URL)");
    await expect(createWorkerTarget({ EDGECONF_WORKER_URL: bridge.url.href })).rejects.toThrow(
      "the worker target needs the bridge's secret in EDGECONF_WORKER_SECRET",
    );
    await expect(
      createWorkerTarget({ EDGECONF_WORKER_URL: bridge.url.href, EDGECONF_WORKER_SECRET: "wrong-secret-value" }),
    ).rejects.toThrow(/answered 403: edgeconf bridge: missing or wrong x-edgeconf-secret/);
  });

  test("isolates each test's bucket in a folder of the run and empties the run's folder on close", async () => {
    const other = bridgeBucket(bridge.conn, "edgeconf/someone-else/", "edgeconf/someone-else/");
    await other.put("theirs", "kept");
    const target = await createWorkerTarget({ EDGECONF_WORKER_URL: bridge.url.href, EDGECONF_WORKER_SECRET: SECRET });
    expect([target.name, [...target.capabilities]]).toEqual(["worker", ["object-store"]]);
    const os = target.objectStore!;
    const a = await os.bucket();
    const b = await os.bucket();
    await a.put("dir/k", "in a");
    await b.put("k", "in b");
    expect((await a.list({ delimiter: "/" })).delimitedPrefixes).toEqual(["dir/"]);
    expect((await a.list()).objects.map((o) => o.key)).toEqual(["dir/k"]);
    expect((await b.list({ startAfter: "a" })).objects.map((o) => o.key)).toEqual(["k"]);
    expect(await a.head("k")).toBeNull();
    expect(Math.abs((await os.now()) - Date.now())).toBeLessThan(60_000);
    await target.close();
    const everything = bridgeBucket(bridge.conn, "edgeconf/x/", "");
    expect(await a.head("dir/k")).toBeNull();
    expect((await other.list()).objects.map((o) => o.key)).toEqual(["theirs"]);
    // Nothing of the run is left, and the bridge still refuses a listing outside a folder.
    await expect(everything.list({ prefix: "edgeconf/" })).rejects.toThrow(/outside the run's prefix/);
  });
});
