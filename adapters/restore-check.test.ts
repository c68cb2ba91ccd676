/**
 * Restore checks everything before it replaces anything: a snapshot with one bad value anywhere (a
 * negative or too large object size, a DNS record of garbage, `api: null`, a time past the Date
 * range, ...) is refused with the path of that value, and the simulator stays byte-identical (its
 * exported snapshot, clock and fault rules compared before and after). A real snapshot of a populated
 * simulator restores (in memory, as a file, as a re-formatted directory).
 */
import { createFsFromVolume, Volume } from "memfs";
import { beforeAll, describe, expect, test } from "vitest";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { populate } from "./populate.ts";
import { loadSnapshotDir, type SnapshotFs, saveSnapshot, saveSnapshotDir } from "./snapshot-files.ts";

let sim: Simulator;
let text: string;
beforeAll(async () => {
  sim = createSimulator({ seed: 17, objectStore: { minPartSize: 1 } });
  await populate(sim);
  // An upload in progress and a published epoch, so every kind of value is in the snapshot.
  const upload = await sim.bucket("uploads").createMultipartUpload("big");
  await upload.uploadPart(1, "part one");
  text = sim.control.exportSnapshot();
});

// biome-ignore lint/suspicious/noExplicitAny: the edits reach anywhere into the snapshot JSON
type Tree = Record<string, any>;

/** Everything a restore could change. */
function state(s: Simulator): string {
  return JSON.stringify([s.control.exportSnapshot(), s.clock.now(), s.control.faults.list()]);
}

/** The snapshot as JSON, edited by `edit`, then imported: must be refused naming `path`, changing nothing. */
function refused(edit: (t: Tree) => void, path: RegExp): string {
  const tree = JSON.parse(text) as Tree;
  edit(tree);
  const before = state(sim);
  let message = "";
  try {
    sim.control.importSnapshot(JSON.stringify(tree));
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message, "the snapshot was accepted").not.toBe("");
  expect(message).toMatch(path);
  expect(state(sim)).toBe(before);
  return message;
}

const firstBucket = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.objects.length > 0);
const firstObject = (t: Tree) => firstBucket(t).objects[0];

describe("restore checks the whole snapshot first, then restores all of it", () => {
  test("a real snapshot of a populated simulator restores exactly", () => {
    const fresh = createSimulator({ seed: 17, objectStore: { minPartSize: 1 } });
    fresh.control.importSnapshot(text);
    expect(fresh.control.exportSnapshot()).toBe(text);
  });

  test("a snapshot taken at the ends of the Date range restores too (never stricter than the simulator)", async () => {
    for (const start of [Date.UTC(1960, 0, 1), 8.64e15 - 1000]) {
      const s = createSimulator({ seed: 4, start, objectStore: { minPartSize: 1 } });
      const c = s.credentials;
      const rules = `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
      const made = await s.fetch(rules, {
        method: "POST",
        headers: { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" },
        body: JSON.stringify({
          scope: "global",
          name: "global",
          mode: "enabled",
          profile_sensitivity: "low",
          rate_sensitivity: "low",
          burst_sensitivity: "low",
        }),
      });
      expect(made.status).toBe(200);
      const record = await s.fetch(`https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`, {
        method: "POST",
        headers: { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" },
        body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.1", ttl: 300 }),
      });
      expect(record.status).toBe(200);
      await s.bucket("b").put("k", "v");
      const fresh = createSimulator({ seed: 4, start, objectStore: { minPartSize: 1 } });
      fresh.control.importSnapshot(s.control.exportSnapshot());
      expect(fresh.control.exportSnapshot()).toBe(s.control.exportSnapshot());
    }
  });

  test("object sizes: negative, larger than the bytes, not an integer", () => {
    const m = refused((t) => {
      firstObject(t).size = -1;
    }, /^objectStore\.buckets\["[^"]+"\]\.objects\["[^"]+"\]\.size: must be an integer from 0/);
    expect(m).toContain("objectStore.buckets[");
    refused((t) => {
      firstObject(t).size += 1;
    }, /\.objects\["[^"]+"\]\.size: is \d+ but the object has \d+ bytes/);
    refused((t) => {
      firstObject(t).size = 1.5;
    }, /\.size: must be an integer/);
  });

  test("object keys, versions, metadata, dates, storage classes, checksums", () => {
    refused((t) => {
      firstObject(t).key = "k".repeat(1025);
    }, /^objectStore\.buckets\["[^"]+"\]\.objects\[0\]\.key: a key is at most 1024 UTF-8 bytes/);
    refused((t) => {
      const b = firstBucket(t);
      b.objects.push({ ...b.objects[0] });
    }, /\.objects\["[^"]+"\]: appears twice/);
    refused((t) => {
      firstObject(t).version = "v1";
    }, /\.version: has the wrong form/);
    refused((t) => {
      firstObject(t).customMetadata = { a: 1 };
    }, /\.customMetadata\["a"\]: must be a string/);
    refused((t) => {
      firstObject(t).httpMetadata = { contentType: 5 };
    }, /\.httpMetadata\.contentType: must be a string/);
    refused((t) => {
      firstObject(t).uploaded = 1e308;
    }, /\.uploaded: a time must be within the JavaScript Date range/);
    refused((t) => {
      firstObject(t).storageClass = "Glacier";
    }, /\.storageClass: must be Standard or InfrequentAccess/);
    refused((t) => {
      firstObject(t).checksums = { crc32: "00" };
    }, /\.checksums\.crc32: unknown checksum algorithm/);
    refused((t) => {
      firstObject(t).bytes = "hello";
    }, /\.bytes: must be bytes/);
  });

  test("uploads: ids, parts, expiry", () => {
    const upload = (t: Tree) => t.areas.objectStore.buckets.find((b: Tree) => b.name === "uploads").uploads[0];
    refused((t) => {
      upload(t).uploadId = "../x";
    }, /uploads\[0\]\.uploadId: has the wrong form/);
    refused((t) => {
      upload(t).parts[0].partNumber = 10_001;
    }, /\.uploads\["[^"]+"\]\.parts\[0\]\.partNumber: must be an integer from 1 to 10000/);
    refused((t) => {
      upload(t).parts[0].etag = "0".repeat(32);
    }, /\.parts\[0\]\.etag: must be the hex of the part's md5/);
    refused((t) => {
      upload(t).expiresAt = Number.MAX_VALUE;
    }, /\.expiresAt: a time must be within/);
  });

  test("DNS records as the record validators accept them; rules; namespaces and epochs", () => {
    const record = (t: Tree) => t.areas.api.dnsRecords.zones[0][1][0];
    refused((t) => {
      t.areas.api.dnsRecords.zones[0][1][0] = { id: record(t).id, garbage: true };
    }, /^api\.dnsRecords\.zones\["[0-9a-f]{32}"\]\["[0-9a-f]{32}"\]/);
    refused((t) => {
      record(t).ttl = 5;
    }, /api\.dnsRecords\.zones\["[0-9a-f]{32}"\]\["[0-9a-f]{32}"\]: the record validators refuse it/);
    refused((t) => {
      const r = record(t);
      r.content = `${r.content} `;
    }, /api\.dnsRecords\.zones.*(content|refuse)/);
    refused((t) => {
      const list = t.areas.api.dnsRecords.zones[0][1];
      list.push({ ...list[0], id: "f".repeat(32) });
    }, /conflicts with another record of the zone/);
    const rules = (t: Tree) => Object.values(t.areas.api.dnsProtection.rules)[0] as Tree[];
    refused((t) => {
      rules(t)[0]!.mode = "sometimes";
    }, /^api\.dnsProtection\.rules\["[0-9a-f]{32}"\]\["[0-9a-f-]{36}"\]\.mode: mode must be one of/);
    refused((t) => {
      rules(t)[0]!.created_on = "yesterday";
    }, /\.created_on: must be a timestamp/);
    const ns = (t: Tree) => t.areas.kt.namespaces.find((n: Tree) => n.audits.length > 0);
    refused((t) => {
      // Epochs are u64 bigints: {"$bigint": "<decimal>"} in the snapshot's JSON.
      const audit = ns(t).audits[0];
      audit.epoch = { $bigint: String(BigInt(audit.epoch.$bigint) + 1n) };
    }, /^kt\.namespaces\["[^"]+"\]\.audits\[0\]\.epoch: must be \d+/);
    refused((t) => {
      ns(t).status = "Initialization";
    }, /\.status: is Initialization but epochs are published/);
    refused((t) => {
      t.areas.kt.namespaces.push({ ...ns(t) });
    }, /kt\.namespaces\["[^"]+"\]: appears twice/);
  });

  test("missing or null areas, a time of 1e308, another seed", () => {
    refused((t) => {
      t.areas.api = null;
    }, /^api: snapshot lacks area "api"/);
    refused((t) => {
      delete t.areas.kt;
    }, /^kt: snapshot lacks area "kt"/);
    refused((t) => {
      t.areas.api.dnsRecords = undefined;
    }, /^api\.dnsRecords: must be an object/);
    refused((t) => {
      t.now = 1e308;
    }, /^now: a time must be within the JavaScript Date range/);
    refused((t) => {
      t.now = { $number: "NaN" };
    }, /^now: a time must be a finite number/);
    refused((t) => {
      t.seed = 18;
    }, /seed 18/);
    refused((t) => {
      t.areas.objectStore.buckets[0].objects[0] = { $map: [] };
    }, /^objectStore\.buckets\["[^"]+"\]\.objects\[0\]: must be an object/);
  });

  test("a directory snapshot still loads after its JSON is re-formatted; concurrent saves never corrupt", async () => {
    const vol = new Volume();
    const fs = createFsFromVolume(vol) as unknown as SnapshotFs;
    await saveSnapshotDir(sim, "/snap", { fs });
    const file = "/snap/snapshot.json";
    const compact = String(vol.readFileSync(file, "utf8"));
    expect(compact).toContain('"$blob"');
    vol.writeFileSync(file, JSON.stringify(JSON.parse(compact), null, 2));
    const fresh = createSimulator({ seed: 17, objectStore: { minPartSize: 1 } });
    await loadSnapshotDir(fresh, "/snap", { fs });
    expect(fresh.control.exportSnapshot()).toBe(sim.control.exportSnapshot());

    // A blob reference that is not a SHA-256 name (a path out of the folder) is refused before any read.
    vol.mkdirSync("/evil/blobs", { recursive: true });
    vol.writeFileSync("/secret", "not yours");
    const tree = JSON.parse(compact);
    tree.areas.objectStore.buckets[0].objects[0].bytes = { $blob: "../../secret" };
    vol.writeFileSync("/evil/snapshot.json", JSON.stringify(tree));
    const before = state(fresh);
    await expect(loadSnapshotDir(fresh, "/evil", { fs })).rejects.toThrow(/is not a SHA-256 name/);
    expect(state(fresh)).toBe(before);

    await Promise.all(Array.from({ length: 8 }, () => saveSnapshot(sim, "/one.json", { fs })));
    expect(String(vol.readFileSync("/one.json", "utf8"))).toBe(sim.control.exportSnapshot());
    expect(vol.readdirSync("/").filter((f) => String(f).includes("tmp"))).toEqual([]);
  });
});
