/**
 * Area D speed and memory, side by side with peers measured in the same run:
 * 1. put/get/head/delete/list of 1 KiB objects: ops/s of the simulator's bucket, of Miniflare's R2
 *    bucket, and of a bare Map that only hashes (md5) and stores the same values. Ratios
 *    sim/Miniflare (goal >= 200) and Map/sim (goal <= 4).
 * 2. list: one page of 1000 from a bucket of 10,000 keys and from one of 1,000,000 (goal: ratio <= 2).
 * 3. Peak RSS of a 1 GiB multipart object assembled from 5 MiB parts and read back through its body
 *    stream, in a child process so it measures only itself (goal <= 1.5 GiB).
 * Sizes scale with BENCH_SCALE (default 1).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createSimulator } from "../sim/index.ts";
import type { StoreBucket } from "../sim/object-store/index.ts";
import { KeyIndex, listPage } from "../sim/object-store/listing.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const KIB = new Uint8Array(1024).fill(97);
const OPS = ["put", "get", "head", "delete", "list"] as const;
type Op = (typeof OPS)[number];

type Bucketish = Pick<StoreBucket, "put" | "get" | "head" | "delete" | "list">;

/** ops/s of each operation over `n` keys (list: pages of 100). */
async function measureBucket(b: Bucketish, n: number): Promise<Record<Op, number>> {
  const keys = Array.from({ length: n }, (_, i) => `bench/${String(i).padStart(8, "0")}`);
  const out = {} as Record<Op, number>;
  let t = performance.now();
  for (const k of keys) await b.put(k, KIB);
  out.put = n / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) await (await b.get(k))!.arrayBuffer();
  out.get = n / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) await b.head(k);
  out.head = n / ((performance.now() - t) / 1000);
  const lists = Math.max(10, Math.floor(n / 10));
  t = performance.now();
  for (let i = 0; i < lists; i++) await b.list({ limit: 100, startAfter: keys[(i * 7919) % n]! });
  out.list = lists / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) await b.delete(k);
  out.delete = n / ((performance.now() - t) / 1000);
  return out;
}

/** The peer: a Map that hashes (md5) and stores a copy, nothing else. */
async function measureMap(n: number): Promise<Record<Op, number>> {
  const map = new Map<string, { bytes: Uint8Array; etag: string; uploaded: number }>();
  const keys = Array.from({ length: n }, (_, i) => `bench/${String(i).padStart(8, "0")}`);
  const out = {} as Record<Op, number>;
  let t = performance.now();
  for (const k of keys) {
    const bytes = KIB.slice();
    map.set(k, { bytes, etag: createHash("md5").update(bytes).digest("hex"), uploaded: 0 });
    await undefined;
  }
  out.put = n / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) {
    map.get(k)!.bytes.slice().buffer;
    await undefined;
  }
  out.get = n / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) {
    // Hand out a copy of the metadata, as any store must (callers may mutate what they get).
    const e = map.get(k);
    if (e) void { key: k, etag: e.etag, size: e.bytes.byteLength, uploaded: new Date(e.uploaded) };
    await undefined;
  }
  out.head = n / ((performance.now() - t) / 1000);
  const lists = Math.max(10, Math.floor(n / 10));
  t = performance.now();
  for (let i = 0; i < lists; i++) {
    // A Map has no order: its page is the first 100 entries, handed out as copies.
    const page: object[] = [];
    for (const [k, e] of map) {
      page.push({ key: k, etag: e.etag, size: e.bytes.byteLength, uploaded: new Date(e.uploaded) });
      if (page.length === 100) break;
    }
    await undefined;
  }
  out.list = lists / ((performance.now() - t) / 1000);
  t = performance.now();
  for (const k of keys) {
    map.delete(k);
    await undefined;
  }
  out.delete = n / ((performance.now() - t) / 1000);
  return out;
}

async function measureMiniflare(n: number): Promise<Record<Op, number> | string> {
  try {
    const { Miniflare } = await import("miniflare");
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response('bench'); } };",
      compatibilityDate: "2024-09-23",
      r2Buckets: ["BENCH"],
      r2Persist: false,
    });
    try {
      const b = (await mf.getR2Bucket("BENCH")) as unknown as Bucketish;
      return await measureBucket(b, n);
    } finally {
      await mf.dispose();
    }
  } catch (e) {
    return `Miniflare unavailable: ${(e as Error).message}`;
  }
}

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1));

async function opsComparison(): Promise<void> {
  const simN = Math.round(20_000 * SCALE);
  const mfN = Math.round(300 * SCALE);
  const sim = createSimulator({ seed: 1 });
  await measureBucket(sim.bucket("warm-up"), 2000);
  const simOps = await measureBucket(sim.bucket("bench"), simN);
  // The same kind of binding on a second bucket, measured after the first: the spread between the two
  // columns shows the run-to-run noise (both ask the fault gate, which answers at once with no rule).
  await measureBucket(sim.areas.objectStore.bucket("warm-up-core"), 2000);
  const coreOps = await measureBucket(sim.areas.objectStore.bucket("bench-core"), simN);
  await measureMap(2000);
  const mapOps = await measureMap(simN);
  const mf = await measureMiniflare(mfN);
  console.log(`1 KiB objects: simulator ${simN} keys, Map ${simN} keys, Miniflare ${mfN} keys (list: pages of 100)`);
  console.log(
    "sim = sim.bucket(); core = sim.areas.objectStore.bucket() on another bucket (the same binding class: the spread is noise)",
  );
  console.log(
    "| op | sim ops/s | core ops/s | Miniflare ops/s | Map ops/s | sim/Miniflare (goal >= 200) | Map/sim (goal <= 4) | Map/core |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const op of OPS) {
    const m = typeof mf === "string" ? undefined : mf[op];
    console.log(
      `| ${op} | ${fmt(simOps[op])} | ${fmt(coreOps[op])} | ${m === undefined ? "n/a" : fmt(m)} | ${fmt(mapOps[op])} | ${m === undefined ? "n/a" : fmt(simOps[op] / m)} | ${(mapOps[op] / simOps[op]).toFixed(2)} | ${(mapOps[op] / coreOps[op]).toFixed(2)} |`,
    );
  }
  if (typeof mf === "string") console.log(mf);
}

async function listScaling(): Promise<void> {
  const sizes = [10_000, Math.round(1_000_000 * SCALE)];
  const times: number[] = [];
  const indexTimes: number[] = [];
  for (const size of sizes) {
    const sim = createSimulator({ seed: 2 });
    const b = sim.bucket(`list-${size}`);
    for (let i = 0; i < size; i++) await b.put(`k/${String(i).padStart(8, "0")}`, null);
    const rounds = 200;
    for (let i = 0; i < 20; i++) await b.list({ limit: 1000 }); // warm-up
    const t = performance.now();
    for (let i = 0; i < rounds; i++) {
      const at = (i * 7919) % (size - 1000);
      const page = await b.list({ limit: 1000, startAfter: `k/${String(at).padStart(8, "0")}` });
      if (page.objects.length !== 1000) throw new Error("short page");
    }
    times.push((performance.now() - t) / rounds);
    // The index alone (no objects handed out): what the data structure costs per page.
    const index = new KeyIndex();
    for (let i = 0; i < size; i++) index.insert({ key: `k/${String(i).padStart(8, "0")}` });
    for (let i = 0; i < 20; i++) listPage(index, { limit: 1000 }); // warm-up
    const t2 = performance.now();
    for (let i = 0; i < rounds; i++) {
      const at = (i * 7919) % (size - 1000);
      listPage(index, { limit: 1000, startAfter: `k/${String(at).padStart(8, "0")}` });
    }
    indexTimes.push((performance.now() - t2) / rounds);
  }
  console.log(
    `list index alone, one page of 1000: ${indexTimes[0]!.toFixed(3)} ms at 10,000 keys, ${indexTimes[1]!.toFixed(3)} ms at ${sizes[1]!.toLocaleString("en-US")}; ratio ${(indexTimes[1]! / indexTimes[0]!).toFixed(2)}`,
  );
  console.log(
    `list, one page of 1000: ${times[0]!.toFixed(3)} ms at ${sizes[0]!.toLocaleString("en-US")} keys, ${times[1]!.toFixed(3)} ms at ${sizes[1]!.toLocaleString("en-US")} keys; ratio ${(times[1]! / times[0]!).toFixed(2)} (goal <= 2)`,
  );
}

/** Child process: a 1 GiB object from 5 MiB parts, read back through its stream; prints peak RSS. */
async function rssChild(): Promise<void> {
  const MiB = 1024 * 1024;
  const total = Math.round(1024 * SCALE) * MiB;
  const partSize = 5 * MiB;
  let peak = process.memoryUsage.rss();
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const sim = createSimulator({ seed: 3 });
  const b = sim.bucket("rss");
  const upload = await b.createMultipartUpload("gib");
  const part = new Uint8Array(partSize);
  const parts = [];
  let n = 0;
  for (let left = total; left > 0; left -= partSize) {
    n++;
    const size = Math.min(partSize, left);
    part.fill(n & 0xff);
    parts.push(await upload.uploadPart(n, size === partSize ? part : part.subarray(0, size)));
    sample();
  }
  const done = await upload.complete(parts);
  sample();
  const got = await b.get("gib");
  let read = 0;
  for await (const chunk of got!.body) {
    read += chunk.byteLength;
    if ((read & (64 * MiB - 1)) < chunk.byteLength) sample();
  }
  sample();
  const maxRss = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  console.log(JSON.stringify({ size: done.size, parts: n, read, peakRss: maxRss }));
}

async function memory(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ["--import", "tsx", self, "--rss-child"], {
    encoding: "utf8",
    env: process.env,
    maxBuffer: 1 << 20,
  });
  const line = child.stdout.trim().split("\n").pop() ?? "";
  try {
    const r = JSON.parse(line) as { size: number; parts: number; read: number; peakRss: number };
    const gib = r.peakRss / 1024 ** 3;
    console.log(
      `multipart: ${(r.size / 1024 ** 3).toFixed(2)} GiB object from ${r.parts} parts of 5 MiB, read back ${(r.read / 1024 ** 3).toFixed(2)} GiB; peak RSS ${gib.toFixed(2)} GiB (goal <= 1.5)`,
    );
  } catch {
    console.log(`multipart memory child failed: ${child.stderr.slice(0, 500)}`);
  }
}

export async function run(): Promise<void> {
  await opsComparison();
  await listScaling();
  await memory();
}

if (process.argv.includes("--rss-child")) await rssChild();
