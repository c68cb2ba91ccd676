/**
 * Recording a concurrent history: `clients` clients share one bucket, each issuing its share of `ops`
 * random operations one after another (the clients run at once), on a small key space; each operation is
 * recorded with its invocation and completion time on a monotonic clock (performance.now) and its result.
 *
 * The mix: put, conditional put (onlyIf etagMatches the etag the client last saw of the key, or
 * etagDoesNotMatch "*" or that etag), get (whole and ranged), head, delete (one key and several), list
 * with a prefix, and a multipart upload whose complete call is the operation recorded (its create and
 * parts come before, unrecorded: they are invisible until complete). Every value written is unique in the
 * history, so a read names the write it saw. Choices come from `seed`; timing comes from the target.
 *
 * Gaps / by design: no customMetadata, httpMetadata, onlyIf on reads or uploaded-date conditions (the
 * checker's model is about which write a key holds); lists ask one page (the key space is far below 1000).
 */
import type { ObjectStoreBucket } from "../targets/object-store.ts";
import { putEtag } from "./model.ts";
import type { Call, History, Operation, Outcome, RangeSpec } from "./types.ts";

export interface WorkloadOptions {
  clients: number;
  keys: number;
  ops: number;
  seed: number;
  /** Parts per multipart upload: 2 where parts may be small (the simulator), else 1 (the platform's 5 MiB minimum). */
  multipartParts?: 1 | 2;
  /** Stop issuing operations after this performance.now() value (what was recorded stays). */
  deadline?: number;
}

/** The key space: `p0/k0`, `p0/k1`, `p1/k0`, ... (two keys per folder, so prefixes join some keys, not all). */
export function keySpace(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `p${i >> 1}/k${i & 1}`);
}

/** mulberry32: a small seeded generator (the harness's own, so choices replay from the seed). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIGHTS = {
  put: 18,
  putIfMatch: 8,
  putIfNoneMatch: 8,
  get: 16,
  getRange: 8,
  head: 12,
  delete: 7,
  deleteMany: 4,
  list: 12,
  multipart: 4,
} as const;
type Kind = keyof typeof WEIGHTS;
const TOTAL = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);

function pickKind(r: number): Kind {
  let x = r * TOTAL;
  for (const [k, w] of Object.entries(WEIGHTS) as [Kind, number][]) {
    x -= w;
    if (x < 0) return k;
  }
  return "get";
}

interface Client {
  id: number;
  rand: () => number;
  seen: Map<string, string>;
  n: number;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function newValue(c: Client): string {
  c.n += 1;
  let v = `c${c.id}.${c.n}.`;
  const extra = 2 + Math.floor(c.rand() * 12);
  for (let i = 0; i < extra; i++) v += LETTERS[Math.floor(c.rand() * 26)];
  return v;
}

function pick<T>(c: Client, xs: readonly T[]): T {
  return xs[Math.floor(c.rand() * xs.length)]!;
}

function randomRange(c: Client): RangeSpec {
  const r = c.rand();
  if (r < 0.4) return { offset: Math.floor(c.rand() * 4), length: 1 + Math.floor(c.rand() * 3) };
  if (r < 0.7) return { offset: Math.floor(c.rand() * 4) };
  return { suffix: 1 + Math.floor(c.rand() * 3) };
}

function errorOutcome(e: unknown): Outcome {
  return { kind: "error", message: String((e as Error)?.message ?? e).slice(0, 300) };
}

/** One operation: what to call, and how to call it (returning its outcome). */
function plan(
  c: Client,
  keys: readonly string[],
  parts: 1 | 2,
): { call: Call; run(b: ObjectStoreBucket): Promise<Outcome>; prepare?(b: ObjectStoreBucket): Promise<unknown> } {
  const key = pick(c, keys);
  const kind = pickKind(c.rand());
  const objectOf = (o: { etag: string; size: number } | null): Outcome =>
    o === null ? { kind: "null" } : { kind: "object", etag: o.etag, size: o.size };
  switch (kind) {
    case "put":
    case "putIfMatch":
    case "putIfNoneMatch": {
      const value = newValue(c);
      const seen = c.seen.get(key);
      const onlyIf =
        kind === "putIfMatch"
          ? { etagMatches: seen ?? putEtag("never written") }
          : kind === "putIfNoneMatch"
            ? { etagDoesNotMatch: seen && c.rand() < 0.5 ? seen : "*" }
            : undefined;
      return {
        call: { op: "put", key, value, ...(onlyIf ? { onlyIf } : {}) },
        run: async (b) => objectOf(await b.put(key, value, onlyIf ? { onlyIf } : {})),
      };
    }
    case "get":
    case "getRange": {
      const range = kind === "getRange" ? randomRange(c) : undefined;
      return {
        call: { op: "get", key, ...(range ? { range } : {}) },
        run: async (b) => {
          const o = range ? await b.get(key, { range: range as { offset: number } }) : await b.get(key);
          if (o === null) return { kind: "null" };
          if (!("text" in o)) return { kind: "error", message: "get returned an object without a body" };
          return { kind: "object", etag: o.etag, size: o.size, body: await o.text() };
        },
      };
    }
    case "head":
      return { call: { op: "head", key }, run: async (b) => objectOf(await b.head(key)) };
    case "delete":
      return {
        call: { op: "delete", keys: [key] },
        run: async (b) => {
          await b.delete(key);
          return { kind: "done" };
        },
      };
    case "deleteMany": {
      const many = keys.filter(() => c.rand() < 0.6);
      const chosen = many.length >= 2 ? many : keys.slice(0, Math.min(2, keys.length));
      return {
        call: { op: "delete", keys: chosen },
        run: async (b) => {
          await b.delete(chosen);
          return { kind: "done" };
        },
      };
    }
    case "list": {
      const prefixes = ["", ...new Set(keys.map((k) => k.slice(0, k.indexOf("/") + 1))), key];
      const prefix = pick(c, prefixes);
      return {
        call: { op: "list", prefix },
        run: async (b) => {
          const page = await b.list({ prefix });
          return {
            kind: "list",
            objects: page.objects.map((o) => ({ key: o.key, etag: o.etag })),
            ...(page.truncated ? { truncated: true } : {}),
          };
        },
      };
    }
    case "multipart": {
      // Parts before the last are all of one size, at least the last's (the platform's rule for parts).
      const raw = Array.from({ length: parts }, () => newValue(c));
      const width = Math.max(...raw.map((v) => v.length));
      const values = raw.map((v, i) => (i < raw.length - 1 ? v.padEnd(width, "x") : v));
      let upload: Awaited<ReturnType<ObjectStoreBucket["createMultipartUpload"]>> | undefined;
      let refs: { partNumber: number; etag: string }[] = [];
      return {
        call: { op: "multipart", key, parts: values },
        prepare: async (b) => {
          upload = await b.createMultipartUpload(key);
          refs = [];
          for (const [i, v] of values.entries()) refs.push(await upload.uploadPart(i + 1, v));
        },
        run: async () => objectOf(await upload!.complete(refs)),
      };
    }
  }
}

/** Runs the workload on `bucket` and returns the history (operations in invocation order). */
export async function recordHistory(bucket: ObjectStoreBucket, o: WorkloadOptions): Promise<History> {
  const keys = keySpace(o.keys);
  const ops: Operation[] = [];
  const perClient = Math.ceil(o.ops / o.clients);
  let issued = 0;
  const runClient = async (id: number): Promise<void> => {
    const c: Client = { id, rand: seededRandom((o.seed ^ Math.imul(id + 1, 0x9e3779b1)) >>> 0), seen: new Map(), n: 0 };
    for (let i = 0; i < perClient && issued < o.ops; i++) {
      if (o.deadline !== undefined && performance.now() > o.deadline) return;
      issued += 1;
      const p = plan(c, keys, o.multipartParts ?? 1);
      if (p.prepare) {
        try {
          await p.prepare(bucket);
        } catch {
          continue; // an upload that could not start is no operation on the bucket's keys
        }
      }
      const invoke = performance.now();
      let outcome: Outcome;
      try {
        outcome = await p.run(bucket);
      } catch (e) {
        outcome = errorOutcome(e);
      }
      const complete = performance.now();
      const call = p.call;
      if (outcome.kind === "object" && "key" in call) c.seen.set(call.key, outcome.etag);
      ops.push({ id: -1, client: id, call, outcome, invoke, complete });
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, id) => runClient(id)));
  ops.sort((a, b) => a.invoke - b.invoke);
  ops.forEach((op, i) => {
    op.id = i;
  });
  return { keys, ops };
}
