/**
 * A snapshot holds only what the simulator could have made (docs/test-double.md, "Snapshots"): values a
 * put, a create or a registration could never produce are refused with the path of the bad value, and
 * the simulator stays byte-identical (also over HTTP: a 400 of the control surface's shape, no 5xx).
 * Derived values must match what they derive from: an object's etag and checksums its bytes, a part's
 * MD5 its bytes, a record's zone and name the simulator's zone. And every snapshot the simulator itself
 * writes after a workload of every kind of object (multipart, checksums, SSE-C, metadata) is accepted.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { propertyParameters } from "../harness/clauses/property.ts";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { populate } from "./populate.ts";
import { expectSnapshotRefused, type Tree } from "./restore.test-support.ts";

const OPTIONS = { seed: 23, objectStore: { minPartSize: 1 } };
let sim: Simulator;
let text: string;
beforeAll(async () => {
  sim = createSimulator(OPTIONS);
  await populate(sim);
  const upload = await sim.bucket("uploads").createMultipartUpload("big");
  await upload.uploadPart(1, "part one");
  text = sim.control.exportSnapshot();
});

const firstBucket = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.objects.length > 0);
const firstObject = (t: Tree) => firstBucket(t).objects[0];

const refused = (edit: (t: Tree) => void, path: RegExp) => expectSnapshotRefused(sim, text, edit, path);

describe("snapshot values must be what the simulator could have made", () => {
  test("an object's etag is the MD5 of its bytes; every checksum given is the digest of its bytes", async () => {
    await refused((t) => {
      firstObject(t).etag = "0".repeat(32);
    }, /\.objects\["[^"]+"\]\.etag: is not the MD5 of the object's bytes/);
    await refused((t) => {
      firstObject(t).checksums.md5 = "0".repeat(32);
    }, /\.objects\["[^"]+"\]\.checksums\.md5: is not the md5 of the object's bytes/);
    await refused((t) => {
      firstObject(t).checksums.sha256 = "0".repeat(64);
    }, /\.checksums\.sha256: is not the sha256 of the object's bytes/);
    await refused((t) => {
      firstObject(t).etag = `${"0".repeat(32)}-10001`;
    }, /\.etag: a multipart etag counts at most 10000 parts/);
  });

  test("a key holding a lone surrogate is refused (the binding would have stored U+FFFD)", async () => {
    await refused((t) => {
      firstObject(t).key = "a\uD800";
    }, /\.objects\[0\]\.key: holds a lone surrogate/);
    await refused((t) => {
      firstObject(t).key = "\uDC00b";
    }, /\.objects\[0\]\.key: holds a lone surrogate/);
  });

  test("httpMetadata holds only the binding's fields", async () => {
    await refused((t) => {
      firstObject(t).httpMetadata.colour = "red";
    }, /\.objects\["[^"]+"\]\.httpMetadata\.colour: is not an HTTP metadata field/);
  });

  test("bucket names follow the rule bucket(name) applies", async () => {
    await refused((t) => {
      firstBucket(t).name = "BAD_NAME";
    }, /^objectStore\.buckets\[\d+\]\.name: a bucket name is 1-63 characters/);
    expect(() => sim.bucket("BAD_NAME")).toThrow(/a bucket name is 1-63 characters/);
  });

  test("a part's MD5 is the MD5 of its bytes; SSE-C key MD5s are base64 of 16 bytes", async () => {
    const upload = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.name === "uploads").uploads[0];
    await refused((t) => {
      upload(t).parts[0].bytes = { $bytes: Buffer.from("other bytes").toString("base64") };
    }, /\.parts\[0\]\.md5: is not the MD5 of the part's bytes/);
    await refused((t) => {
      firstObject(t).ssecKeyMd5 = "nope";
    }, /\.ssecKeyMd5: has the wrong form/);
  });

  test("DNS records: the zone is one of the simulator's, and each record's zone_name is its name", async () => {
    const zone = (t: Tree) => t.areas.api.dnsRecords.zones[0];
    await refused((t) => {
      zone(t)[0] = "0".repeat(32);
    }, /^api\.dnsRecords\.zones\[0\]\[0\]: "0{32}" is not a zone of this simulator/);
    await refused((t) => {
      for (const r of zone(t)[1]) r.zone_name = "evil.example.org";
    }, /\.zone_name: must be/);
  });
});

describe("every snapshot the simulator writes is accepted", () => {
  type Op =
    | { kind: "put"; key: string; body: Uint8Array; sha: boolean; meta: boolean }
    | { kind: "ssec"; key: string }
    | { kind: "multipart"; key: string; parts: number; complete: boolean }
    | { kind: "delete"; key: string };
  const key = fc.constantFrom("a", "b/c", "é\u{1F600}", "\uFFFD", " ");
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant("put" as const),
      key,
      body: fc.uint8Array({ maxLength: 40 }),
      sha: fc.boolean(),
      meta: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("ssec" as const), key }),
    fc.record({
      kind: fc.constant("multipart" as const),
      key,
      parts: fc.integer({ min: 1, max: 3 }),
      complete: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("delete" as const), key }),
  );

  test("property: a random workload's snapshot restores into a fresh simulator byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 8 }), fc.constantFrom("b", "media-1", "x0"), async (ops, name) => {
        const s = createSimulator(OPTIONS);
        const bucket = s.bucket(name);
        for (const o of ops) {
          if (o.kind === "put") {
            const sha256 = o.sha ? createHash("sha256").update(o.body).digest() : undefined;
            await bucket.put(o.key, o.body, {
              ...(sha256 ? { sha256 } : {}),
              ...(o.meta
                ? { httpMetadata: { contentType: "text/plain", cacheExpiry: new Date(0) }, customMetadata: { m: "1" } }
                : {}),
            });
          } else if (o.kind === "ssec") {
            await bucket.put(o.key, "secret", { ssecKey: "ab".repeat(32) });
          } else if (o.kind === "multipart") {
            const up = await bucket.createMultipartUpload(o.key);
            const parts = [];
            for (let n = 1; n <= o.parts; n++) parts.push(await up.uploadPart(n, `part ${n}`));
            if (o.complete) await up.complete(parts);
          } else {
            await bucket.delete(o.key);
          }
          s.clock.advance(1000);
        }
        const written = s.control.exportSnapshot();
        const fresh = createSimulator(OPTIONS);
        fresh.control.importSnapshot(written);
        expect(fresh.control.exportSnapshot()).toBe(written);
      }),
      propertyParameters({ numRuns: 40 }),
    );
  });

  test("an SSE-C object keeps its key through a snapshot (reading it without the key still fails)", async () => {
    const s = createSimulator(OPTIONS);
    await s.bucket("b").put("k", "secret", { ssecKey: "ab".repeat(32) });
    const fresh = createSimulator(OPTIONS);
    fresh.control.importSnapshot(s.control.exportSnapshot());
    const head = await fresh.bucket("b").head("k");
    expect(head?.ssecKeyMd5).toBe((await s.bucket("b").head("k"))?.ssecKeyMd5);
    await expect(fresh.bucket("b").get("k")).rejects.toThrow();
    expect(await (await fresh.bucket("b").get("k", { ssecKey: "ab".repeat(32) }))?.text()).toBe("secret");
  });

  test("a populated simulator's snapshot is accepted", () => {
    const fresh = createSimulator(OPTIONS);
    fresh.control.importSnapshot(text);
    expect(fresh.control.exportSnapshot()).toBe(text);
  });
});
