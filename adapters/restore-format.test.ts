/**
 * A restore refuses anything the simulator could not have written, in-process and over HTTP, naming
 * the path and changing nothing: a field `snapshot()` never writes at any level of the format (the
 * frame, the credentials, every area, bucket, options, object, upload, part, rule, record, meta,
 * namespace, epoch), a key `__proto__` anywhere, nesting far deeper than the format's, and a time the
 * simulator stamps from its clock later than the snapshot's own `now`. What a put may write (custom
 * metadata keys `constructor`, `prototype` and `__proto__`) still restores.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { populate } from "./populate.ts";
import { expectSnapshotRefused, type Tree } from "./restore.test-support.ts";

let sim: Simulator;
let text: string;
beforeAll(async () => {
  sim = createSimulator({ seed: 23, objectStore: { minPartSize: 1 } });
  await populate(sim);
  const upload = await sim.bucket("uploads").createMultipartUpload("big");
  await upload.uploadPart(1, "part one");
  text = sim.control.exportSnapshot();
});

const refused = (edit: (t: Tree) => void, path: RegExp) => expectSnapshotRefused(sim, text, edit, path);

const firstBucket = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.objects.length > 0);
const firstObject = (t: Tree) => firstBucket(t).objects[0];
const upload = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.uploads.length > 0).uploads[0];
const firstRule = (t: Tree) => (Object.values(t.areas.api.dnsProtection.rules)[0] as Tree[])[0]!;
const firstRecord = (t: Tree) => t.areas.api.dnsRecords.zones[0][1][0];
const publishedNamespace = (t: Tree) => t.areas.kt.namespaces.find((n: Tree) => n.audits.length > 1);
const lastVerified = (t: Tree) =>
  publishedNamespace(t)
    .audits.filter((a: Tree) => a.proof === "verified")
    .at(-1);

/** Sets an own, enumerable `key` (so that `__proto__` is a key of the JSON, not a prototype). */
function own(o: Tree, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

describe("a restore refuses what the simulator could not have written", () => {
  test("a field snapshot() never writes, at every level of the format, naming its path", async () => {
    const cases: [(t: Tree) => void, RegExp][] = [
      [(t) => (t.foo = 1), /^foo: is not a field of a snapshot \(format, version, seed, credentials, now, areas\)/],
      [(t) => (t.credentials.extra = "x"), /^credentials\.extra: is not a field of the credentials/],
      [(t) => (t.areas.objectStore.extra = 1), /^objectStore\.extra: is not a field of the object-store area/],
      [(t) => (firstBucket(t).extra = 1), /^objectStore\.buckets\["[^"]+"\]\.extra: is not a field of a bucket/],
      [(t) => (firstBucket(t).options.extra = 1), /\.options\.extra: is not a field of bucket options/],
      [(t) => (firstObject(t).evil = 1), /\.objects\["[^"]+"\]\.evil: is not a field of an object/],
      [(t) => (upload(t).extra = 1), /\.uploads\["[^"]+"\]\.extra: is not a field of an upload/],
      [(t) => (upload(t).parts[0].extra = 1), /\.parts\[0\]\.extra: is not a field of a part/],
      [(t) => (t.areas.api.extra = 1), /^api\.extra: is not a field of the API area/],
      [(t) => (t.areas.api.dnsProtection.extra = 1), /^api\.dnsProtection\.extra: is not a field/],
      [
        (t) => (firstRule(t).extra = 1),
        /^api\.dnsProtection\.rules\["[0-9a-f]+"\]\["[^"]+"\]\.extra: is not a field of a rule/,
      ],
      [(t) => (t.areas.api.dnsRecords.extra = 1), /^api\.dnsRecords\.extra: is not a field/],
      [
        (t) => (firstRecord(t).extra = 1),
        /^api\.dnsRecords\.zones\["[0-9a-f]+"\]\["[0-9a-f]+"\]\.extra: is not a field of a DNS record/,
      ],
      [(t) => (firstRecord(t).meta.extra = true), /\.meta\.extra: is not a field of a record's meta/],
      [(t) => (t.areas.kt.extra = 1), /^kt\.extra: is not a field of the key transparency area/],
      [(t) => (publishedNamespace(t).extra = 1), /^kt\.namespaces\["[^"]+"\]\.extra: is not a field of a namespace/],
      [(t) => (publishedNamespace(t).audits[1].extra = 1), /\.audits\[1\]\.extra: is not a field of an epoch/],
      // `constructor` and `prototype` are fields of no object of the format either.
      [(t) => (firstObject(t).constructor = 1), /\.constructor: is not a field of an object/],
      [(t) => (firstRule(t).prototype = {}), /\.prototype: is not a field of a rule/],
    ];
    for (const [edit, path] of cases) await refused(edit, path);
  });

  test("a key __proto__ anywhere but as a custom metadata key: top level, an object, http metadata, rules", async () => {
    await refused((t) => own(t, "__proto__", { polluted: 1 }), /^__proto__: a key __proto__ is never part/);
    await refused(
      (t) => own(firstObject(t), "__proto__", { polluted: 1 }),
      /^objectStore\.buckets\[\d+\]\.objects\[0\]\.__proto__: a key __proto__/,
    );
    await refused(
      (t) => own(firstObject(t).httpMetadata, "__proto__", "x"),
      /^objectStore\.buckets\[\d+\]\.objects\[0\]\.httpMetadata\.__proto__: a key __proto__/,
    );
    await refused(
      (t) => own(t.areas.api.dnsProtection.rules, "__proto__", []),
      /^api\.dnsProtection\.rules\.__proto__: a key __proto__/,
    );
    // A custom metadata key __proto__ is one a put stores, but its value is a string like any other's.
    await refused(
      (t) => own(firstObject(t).customMetadata, "__proto__", { polluted: 1 }),
      /^objectStore\.buckets\["[^"]+"\]\.objects\["[^"]+"\]\.customMetadata\["__proto__"\]: must be a string/,
    );
    // And it counts against the metadata limit, as it does on a put.
    await refused(
      (t) => own(firstObject(t).customMetadata, "__proto__", "x".repeat(9000)),
      /\.customMetadata: custom metadata is at most 8192 bytes/,
    );
    expect(({} as Tree).polluted).toBeUndefined();
  });

  test("times stamped from the clock later than the snapshot's now (now: 0 included)", async () => {
    await refused(
      (t) => (firstObject(t).uploaded = t.now + 1),
      /\.objects\["[^"]+"\]\.uploaded: is later than the snapshot's now/,
    );
    await refused(
      (t) => (t.now = 0),
      /\.uploaded: is later than the snapshot's now \(.* > 1970-01-01T00:00:00\.000Z\)/,
    );
    await refused(
      (t) => (upload(t).expiresAt = t.now + 7 * 86_400_000 + 1),
      /\.uploads\["[^"]+"\]\.expiresAt: is more than 7 days after the snapshot's now/,
    );
    await refused(
      (t) => (firstRecord(t).created_on = "2999-01-01T00:00:00.000000Z"),
      /\]\.created_on: is later than the snapshot's now/,
    );
    await refused(
      (t) => (t.areas.api.dnsRecords.lastMicros = (t.now + 86_400_000) * 1000),
      /^api\.dnsRecords\.lastMicros: is later than the snapshot's now/,
    );
    await refused(
      (t) => (t.areas.api.dnsProtection.lastStampMicros = (t.now + 86_400_000) * 1000),
      /^api\.dnsProtection\.lastStampMicros: is later than the snapshot's now/,
    );
    await refused(
      (t) => (lastVerified(t).verified_at = t.now + 1),
      /\.audits\[\d+\]\.verified_at: is later than the snapshot's now/,
    );
    await refused(
      (t) => (publishedNamespace(t).audits.at(-1).timestamp = t.now + 1),
      /^kt\.namespaces\["[^"]+"\]\.audits\[\d+\]\.timestamp: is later than the snapshot's now/,
    );
  });

  test("nesting far deeper than the format's: a clear message, not a stack overflow", async () => {
    const before = sim.control.exportSnapshot();
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(() => sim.control.importSnapshot(deep)).toThrow(/^the snapshot is nested too deeply: more than 64 levels/);
    const res = await sim.fetch("http://127.0.0.1/__edgeconf/snapshot", { method: "PUT", body: deep });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^the snapshot is nested too deeply/);
    // In-process, a deep value inside an area (built in memory, never JSON).
    let nested: unknown = [];
    for (let i = 0; i < 100_000; i++) nested = [nested];
    const snap = sim.control.snapshot() as unknown as Tree;
    snap.areas.objectStore.buckets[0].objects[0].customMetadata = { deep: nested };
    expect(() => sim.control.restore(snap as never)).toThrow(/nested too deeply: more than 64 levels here/);
    expect(sim.control.exportSnapshot()).toBe(before);
  });

  test('a value of the wrong type is shown as given: the string "1" quoted, unlike the number 1', async () => {
    await refused(
      (t) => (firstBucket(t).options.minPartSize = "1"),
      /\.options\.minPartSize: must be an integer from 0 to \d+, got "1"$/,
    );
  });

  test("what a put writes still restores: custom metadata keys constructor and prototype", async () => {
    const s = createSimulator({ seed: 23 });
    await s.bucket("b").put("k", "v", { customMetadata: { constructor: "c", prototype: "p" } });
    const written = s.control.exportSnapshot();
    const fresh = createSimulator({ seed: 23 });
    fresh.control.importSnapshot(written);
    expect(fresh.control.exportSnapshot()).toBe(written);
    expect((await fresh.bucket("b").head("k"))?.customMetadata).toEqual({ constructor: "c", prototype: "p" });
  });

  test("a custom metadata key __proto__ a put stores round-trips (object and upload) [D.put.custom-metadata-proto]", async () => {
    const s = createSimulator({ seed: 23, objectStore: { minPartSize: 1 } });
    const meta = () => JSON.parse('{"a":"1","__proto__":"x"}') as Record<string, string>;
    await s.bucket("b").put("k", "v", { customMetadata: meta() });
    const upload = await s.bucket("b").createMultipartUpload("m", { customMetadata: meta() });
    await upload.uploadPart(1, "part");
    const written = s.control.exportSnapshot();
    const tree = JSON.parse(written) as Tree;
    const bucket = tree.areas.objectStore.buckets[0];
    // Stored as the platform's storage keeps it: an own key of the snapshot, in the put's order.
    expect(Object.keys(bucket.objects[0].customMetadata)).toEqual(["a", "__proto__"]);
    expect(Object.keys(bucket.uploads[0].customMetadata)).toEqual(["a", "__proto__"]);
    const fresh = createSimulator({ seed: 23, objectStore: { minPartSize: 1 } });
    fresh.control.importSnapshot(written);
    expect(fresh.control.exportSnapshot()).toBe(written);
    // In-process too (the plain snapshot object, not its JSON text).
    const again = createSimulator({ seed: 23, objectStore: { minPartSize: 1 } });
    again.control.restore(fresh.control.snapshot());
    expect(again.control.exportSnapshot()).toBe(written);
    // Read back, it is not there, and no prototype moved.
    const head = await fresh.bucket("b").head("k");
    expect(Object.keys(head!.customMetadata!)).toEqual(["a"]);
    expect(Object.getPrototypeOf(head!.customMetadata)).toBe(Object.prototype);
    const done = await fresh
      .bucket("b")
      .resumeMultipartUpload("m", upload.uploadId)
      .complete([{ partNumber: 1, etag: (await upload.uploadPart(1, "part")).etag }]);
    expect(Object.keys(done.customMetadata!)).toEqual(["a"]);
    // Still counted after the restore: the completed object's snapshot keeps it.
    const last = JSON.parse(fresh.control.exportSnapshot()) as Tree;
    const m = last.areas.objectStore.buckets[0].objects.find((o: Tree) => o.key === "m");
    expect(Object.keys(m.customMetadata)).toEqual(["a", "__proto__"]);
  });
});
