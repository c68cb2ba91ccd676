import { createFsFromVolume, Volume } from "memfs";
import { expect, test } from "vitest";
import { populate } from "../adapters/populate.ts";
import { loadSnapshotDir, type SnapshotFs, saveSnapshotDir } from "../adapters/snapshot-files.ts";
import { createSimulator } from "../sim/index.ts";

test("faults: fail the next put, deterministically", async () => {
  const sim = createSimulator({ seed: 3 });
  const bucket = sim.bucket("photos");
  sim.control.faults.add({ operation: "object-store.put", error: { code: 10001 }, times: 1 });
  await expect(bucket.put("a.jpg", "x")).rejects.toThrow(
    "put: We encountered an internal error. Please try again. (10001)",
  );
  await expect(bucket.put("a.jpg", "x")).resolves.not.toBeNull(); // `times: 1`: the retry succeeds
});

test("the same control surface over HTTP, under /__edgeconf", async () => {
  const sim = createSimulator({ seed: 3 });
  const control = (path: string, init?: RequestInit) => sim.fetch(`http://127.0.0.1/__edgeconf${path}`, init);
  await control("/faults", {
    method: "POST",
    body: JSON.stringify({ operation: "dns-records.*", error: { status: 429, code: 10000 }, probability: 0.5 }),
  });
  const moved = await control("/clock", { method: "POST", body: JSON.stringify({ advance: 60_000 }) });
  expect(await moved.json()).toEqual({ now: sim.clock.now(), iso: "2025-01-01T00:01:00.000Z" });
  await control("/reset", { method: "POST" }); // empties every area and removes the faults
  expect(sim.control.faults.list()).toEqual([]);
});

test("seed data, saved to a directory and restored byte for byte", async () => {
  const fs = createFsFromVolume(new Volume()) as unknown as SnapshotFs;
  const sim = createSimulator({ seed: 4 });
  const { buckets } = await populate(sim, { buckets: 1, objectsPerBucket: 3 });
  const [{ name, keys }] = buckets as [{ name: string; keys: string[] }];
  await saveSnapshotDir(sim, "/fixtures/seeded", { fs });

  await sim.bucket(name).delete(keys);
  await loadSnapshotDir(sim, "/fixtures/seeded", { fs });
  expect((await sim.bucket(name).list()).objects.map((o) => o.key).sort()).toEqual([...keys].sort());
});
