/**
 * Deliberately broken implementations of the HTTP areas the consistency check must catch. Each answers
 * every single call as the platform would; only overlapping calls show the fault.
 *
 * - two-step-record-create (B): a small in-memory zone whose create checks the name's records for a
 *   conflict, then (after a wait, as a second request to a store would take) writes without checking
 *   again: two conflicting creates (a CNAME and an A, two identical records) can both succeed.
 * - publish-without-compare-and-set (C): a small in-memory log whose publish reads the last epoch,
 *   checks the new one against it, then appends: two publishes of the same next epoch can both be accepted.
 * - patch-field-by-field (A): the simulator's rules, but a PATCH of several fields is sent to it one
 *   field at a time: two racing PATCHes leave (and reads see) a mix of their fields.
 *
 * The two in-memory stand-ins serve only the calls of the workloads (create, delete, list by name;
 * register, publish, read an audit), in the platform's shapes.
 */
import { seededRandom } from "../record.ts";
import { conflictsOf, type NameState } from "./dns-records.ts";
import type { Answer, HttpArea, Send } from "./types.ts";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** 0 to 3 ms, drawn from the fixture's seed. */
function latency(seed: number): () => Promise<void> {
  const rand = seededRandom(seed ^ 0x5bd1e995);
  return () => sleep(Math.floor(rand() * 4));
}

const envelope = (status: number, result: unknown, codes: number[] = []): Answer => ({
  status,
  json: {
    success: codes.length === 0,
    errors: codes.map((code) => ({ code, message: `error ${code}` })),
    messages: [],
    result,
  },
});

function twoStepRecordCreate(seed: number): Send {
  const wait = latency(seed);
  const records = new Map<string, { id: string; name: string; type: string; content: string }>();
  let next = 0;
  return async (method, path, body) => {
    await wait();
    const url = new URL(path, "http://fixture");
    const id = /\/dns_records\/([^/]+)$/.exec(url.pathname)?.[1];
    if (method === "POST" && !id) {
      const b = body as { name: string; type: string; content: string };
      const at: NameState = [...records.values()].filter((r) => r.name === b.name);
      const conflicts = conflictsOf(at, b.type, b.content);
      if (conflicts.length > 0) return envelope(400, null, [conflicts[0]!]);
      await wait(); // the write, a second step: nothing checks again
      const r = { id: (++next).toString(16).padStart(32, "0"), name: b.name, type: b.type, content: b.content };
      records.set(r.id, r);
      return envelope(200, r);
    }
    if (method === "DELETE" && id) {
      if (!records.delete(id)) return envelope(404, null, [81044]);
      return envelope(200, { id });
    }
    if (method === "GET" && !id) {
      const name = url.searchParams.get("name");
      return envelope(
        200,
        [...records.values()].filter((r) => r.name === name),
      );
    }
    return envelope(400, null, [7003]);
  };
}

function publishWithoutCas(seed: number): Send {
  const wait = latency(seed);
  const logs = new Map<string, { root: number; audits: Map<number, string>; last: number }>();
  const refuse = (status: number, code: string): Answer => ({ status, json: { error: code, code } });
  return async (method, path, body) => {
    await wait();
    const parts = path.split("/").filter(Boolean);
    if (method === "POST" && parts.length === 1 && parts[0] === "namespaces") {
      const b = body as { name: string; root: string };
      const [epoch, digest] = b.root.split("/");
      logs.set(b.name, { root: Number(epoch), audits: new Map(), last: Number(epoch) - 1 });
      return { status: 200, json: { name: b.name, root: b.root, status: "Initialization", rootDigest: digest } };
    }
    const log = logs.get(parts[1] ?? "");
    if (!log) return refuse(404, "not_found");
    if (method === "POST" && parts[2] === "audits") {
      const b = body as { epoch: number; digest: string };
      const last = log.last; // read...
      if (b.epoch >= log.root && b.epoch <= last) return refuse(409, "epoch_exists");
      if (b.epoch !== last + 1) return refuse(400, "epoch_out_of_order");
      if ([...log.audits.values()].includes(b.digest)) return refuse(409, "digest_reused");
      await wait(); // ...then write, without comparing the last epoch again
      log.audits.set(b.epoch, b.digest);
      log.last = Math.max(log.last, b.epoch);
      return { status: 200, json: { epoch: b.epoch, digest: b.digest } };
    }
    if (method === "GET" && parts[2] === "audits") {
      const digest = log.audits.get(Number(parts[3]));
      return digest === undefined
        ? refuse(404, "not_found")
        : { status: 200, json: { epoch: Number(parts[3]), digest } };
    }
    if (method === "PATCH") return { status: 200, json: { status: "Disabled" } };
    return refuse(405, "method_not_allowed");
  };
}

function patchFieldByField(inner: Send, seed: number): Send {
  const wait = latency(seed);
  return async (method, path, body) => {
    if (method !== "PATCH" || body === null || typeof body !== "object" || Object.keys(body).length < 2) {
      return inner(method, path, body);
    }
    let last: Answer | undefined;
    for (const [field, value] of Object.entries(body)) {
      last = await inner(method, path, { [field]: value });
      if (last.status !== 200) return last;
      await wait();
    }
    return last!;
  };
}

export interface AreaFixture {
  area: HttpArea;
  what: string;
  /** The fixture's requests: on its own (an in-memory stand-in), or wrapping the simulator's (`inner`). */
  open(seed: number, inner: Send): Send;
}

export const AREA_FIXTURES: Record<string, AreaFixture> = {
  "two-step-record-create": {
    area: "dns-records",
    what: "a record create checks the name's records for a conflict, then writes without checking again",
    open: (seed) => twoStepRecordCreate(seed),
  },
  "publish-without-compare-and-set": {
    area: "key-transparency",
    what: "a publish reads the last epoch, checks the new one against it, then appends without comparing again",
    open: (seed) => publishWithoutCas(seed),
  },
  "patch-field-by-field": {
    area: "dns-protection",
    what: "a PATCH of several fields is applied one field at a time",
    open: (seed, inner) => patchFieldByField(inner, seed),
  },
};
