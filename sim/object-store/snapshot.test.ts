import { describe, expect, test } from "vitest";
import { createCore } from "../core/context.ts";
import { createObjectStoreArea } from "./index.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("object store snapshot, restore, reset", () => {
  test("restore brings back objects, bytes and uploads, deep-copied; expiries are re-scheduled", async () => {
    const core = createCore({ seed: 5 });
    const area = createObjectStoreArea(core, { minPartSize: 1 });
    const b = area.bucket("b");
    await b.put("k", "value", { httpMetadata: { cacheExpiry: new Date(5) }, customMetadata: { a: "1" } });
    const upload = await b.createMultipartUpload("m");
    const part = await upload.uploadPart(1, "part");
    const snap = area.snapshot();
    // Later changes do not reach the snapshot.
    await b.put("k", "changed");
    await upload.abort();
    area.restore(snap);
    expect(await (await b.get("k"))!.text()).toBe("value");
    expect((await b.head("k"))!.httpMetadata).toEqual({ cacheExpiry: new Date(5) });
    const done = await b.resumeMultipartUpload("m", upload.uploadId).complete([part]);
    expect(done.size).toBe(4);
    // A second restore, then the 7-day expiry fires for the restored upload.
    area.restore(snap);
    core.clock.advance(7 * DAY);
    await expect(b.resumeMultipartUpload("m", upload.uploadId).uploadPart(2, "x")).rejects.toThrow("(10024)");
  });

  test("reset empties every bucket and keeps bindings usable", async () => {
    const core = createCore({});
    const area = createObjectStoreArea(core);
    const b = area.bucket("b");
    await b.put("k", "v");
    await b.createMultipartUpload("m");
    area.reset();
    expect(await b.head("k")).toBeNull();
    expect((await b.list()).objects).toEqual([]);
    expect(core.clock.pending()).toBe(0);
    await b.put("k2", "v");
    expect((await area.bucket("b").head("k2"))!.size).toBe(1);
  });

  test("restore replaces the set of buckets: one made after the snapshot is gone, its options too", async () => {
    const area = createObjectStoreArea(createCore({ seed: 3 }));
    await area.bucket("a").put("k", "v");
    const snap = area.snapshot();
    const text = JSON.stringify(snap);
    const later = area.bucket("later", { minPartSize: 1 });
    await later.put("x", "y");
    await later.delete("x");
    area.restore(snap);
    expect(area.bucketNames()).toEqual(["a"]);
    expect(JSON.stringify(area.snapshot())).toBe(text);
    // The binding handed out stays usable: reading does not list the bucket, writing does (with default options).
    expect(await later.head("x")).toBeNull();
    expect(area.bucketNames()).toEqual(["a"]);
    await later.put("z", "1");
    expect(area.bucketNames()).toEqual(["a", "later"]);
    expect(area.snapshot().buckets[1]!.options.minPartSize).toBe(5 * 1024 * 1024);
  });

  test("reset gives the state of a fresh area (no buckets listed)", async () => {
    const core = createCore({ seed: 3 });
    const area = createObjectStoreArea(core);
    const empty = JSON.stringify(area.snapshot());
    await area.bucket("b", { minPartSize: 1 }).put("k", "v");
    area.reset();
    expect(JSON.stringify(area.snapshot())).toBe(empty);
    area.bucket("b");
    expect(area.snapshot().buckets[0]!.options.minPartSize).toBe(5 * 1024 * 1024);
  });

  test("snapshots are plain data", async () => {
    const area = createObjectStoreArea(createCore({}));
    await area.bucket("b").put("k", "v");
    const snap = area.snapshot();
    expect(snap.buckets[0]!.objects[0]!.bytes).toEqual(new TextEncoder().encode("v"));
    expect(() => area.restore({ kind: "other" })).toThrow(/objectStore.kind: must be "object-store"/);
  });
});
