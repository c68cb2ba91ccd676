/**
 * Area B (dns-records) under concurrent clients: the workload and the sequential model of one record name.
 *
 * Keys are record names (`cc<tag>-n<i>.<zone>`, made for the run). Clients create records of the types
 * whose pairs the platform forbids at one name (A, AAAA, CNAME, NS, TXT; a few contents each, so that
 * identical records collide too), delete records by id (ids they created or saw listed) and list the
 * name's records (the list's `name` filter). The model is the set of records at the name: a create
 * succeeds only when no record there conflicts with it (identical record 81058; CNAME beside A, AAAA or
 * CNAME 81053; NS beside another type below the apex 81056), and a refusal must name a conflict the state
 * has; a delete succeeds for a record that is there, else 404; a list answers exactly the records there.
 * So two conflicting creates that overlap cannot both succeed, and every list agrees with the order.
 *
 * Gaps / by design: proxied CNAME chains are not part of the workload (they join names); a refusal with
 * no conflict code (a validation or rate-limit answer) is taken as changing nothing, whatever the state.
 * A record whose create failed (effect unknown) has no id until a list shows it.
 */

import type { AreaClient, AreaWorkload } from "./record.ts";
import { failedAnswer, pick } from "./record.ts";
import type { AreaModel, AreaOperation } from "./types.ts";

export type RecordsCall =
  | { op: "create"; name: string; type: string; content: string }
  | { op: "delete"; name: string; id: string }
  | { op: "list"; name: string };

export interface SeenRecord {
  id: string;
  type: string;
  content: string;
}

export type RecordsOutcome =
  | { kind: "created"; id: string; type: string; content: string }
  | { kind: "deleted" }
  | { kind: "records"; records: SeenRecord[] }
  | { kind: "refused"; status: number; codes: number[] };

/** The records at one name, sorted; an id `?<op>` is a record whose create failed (its id not yet seen). */
export type NameState = SeenRecord[];

export const CONFLICT = { identical: 81058, address: 81053, ns: 81056 } as const;
const ADDRESS = new Set(["A", "AAAA"]);

/** The contents the workload writes, per type, in the platform's canonical form (TXT quoted, names lower case). */
export const CONTENTS: Record<string, readonly string[]> = {
  A: ["192.0.2.1", "192.0.2.2"],
  AAAA: ["2001:db8::1"],
  CNAME: ["a.example.com", "b.example.com"],
  TXT: ['"v1"', '"v2"'],
  NS: ["ns1.example.com"],
};
const TYPE_WEIGHTS: [string, number][] = [
  ["A", 30],
  ["AAAA", 10],
  ["CNAME", 30],
  ["TXT", 15],
  ["NS", 15],
];

/** Content as compared: names without a final dot and in lower case; TXT as answered. */
export function canonicalContent(type: string, content: string): string {
  return type === "TXT" ? content : content.replace(/\.$/, "").toLowerCase();
}

/** The conflict codes a new record of `type`/`content` has with `state` (below the apex): empty when it may be created. */
export function conflictsOf(state: NameState, type: string, content: string): number[] {
  const out: number[] = [];
  if (state.some((r) => r.type === type && r.content === content)) out.push(CONFLICT.identical);
  if (
    (type === "CNAME" && state.some((r) => r.type === "CNAME" || ADDRESS.has(r.type))) ||
    (ADDRESS.has(type) && state.some((r) => r.type === "CNAME"))
  ) {
    out.push(CONFLICT.address);
  }
  if ((type === "NS" && state.some((r) => r.type !== "NS")) || (type !== "NS" && state.some((r) => r.type === "NS"))) {
    out.push(CONFLICT.ns);
  }
  return out;
}

const sortRecords = (rs: SeenRecord[]) =>
  [...rs].sort((a, b) =>
    a.type + a.content < b.type + b.content ? -1 : a.type + a.content > b.type + b.content ? 1 : 0,
  );

/** Matches a listing against the state: the state with failed creates' ids learnt, or undefined. */
function matchListing(state: NameState, listed: SeenRecord[]): NameState | undefined {
  if (listed.length !== state.length) return undefined;
  const left = [...state];
  const out: SeenRecord[] = [];
  for (const r of listed) {
    let i = left.findIndex((s) => s.id === r.id && s.type === r.type && s.content === r.content);
    if (i < 0) i = left.findIndex((s) => s.id.startsWith("?") && s.type === r.type && s.content === r.content);
    if (i < 0) return undefined;
    left.splice(i, 1);
    out.push(r);
  }
  return sortRecords(out);
}

export const dnsRecordsModel: AreaModel<NameState> = {
  area: "dns-records",
  step(state, op) {
    const call = op.call as RecordsCall;
    const out = op.outcome as RecordsOutcome | { kind: "error" };
    switch (call.op) {
      case "create": {
        const conflicts = conflictsOf(state, call.type, call.content);
        if (out.kind === "error") {
          return conflicts.length > 0
            ? state
            : sortRecords([...state, { id: `?${op.id}`, type: call.type, content: call.content }]);
        }
        if (out.kind === "refused") {
          const named = out.codes.filter((c) => (Object.values(CONFLICT) as number[]).includes(c));
          if (named.length === 0) return state;
          return named.some((c) => conflicts.includes(c)) ? state : undefined;
        }
        if (out.kind !== "created" || conflicts.length > 0) return undefined;
        if (out.type !== call.type || out.content !== call.content || state.some((r) => r.id === out.id))
          return undefined;
        return sortRecords([...state, { id: out.id, type: out.type, content: out.content }]);
      }
      case "delete": {
        const there = state.some((r) => r.id === call.id);
        if (out.kind === "error") return there ? state.filter((r) => r.id !== call.id) : state;
        if (out.kind === "deleted") return there ? state.filter((r) => r.id !== call.id) : undefined;
        if (out.kind === "refused") return out.status === 404 ? (there ? undefined : state) : state;
        return undefined;
      }
      case "list":
        return out.kind === "records" ? matchListing(state, out.records) : undefined;
    }
  },
  key: (s) => s.map((r) => `${r.id}:${r.type}:${r.content}`).join("|"),
  isWrite: (op) => (op.call as RecordsCall).op !== "list",
  wrote: (op) => (op.outcome as { kind: string }).kind === "created",
  isObserver: (op) => (op.call as RecordsCall).op === "list" || (op.outcome as { kind: string }).kind === "refused",
  dependsOnState: () => true,
  describeCall(op) {
    const c = op.call as RecordsCall;
    if (c.op === "create") return `create ${c.type} ${JSON.stringify(c.content)} at ${c.name}`;
    if (c.op === "delete") return `delete ${c.id.slice(0, 8)} at ${c.name}`;
    return `list name=${c.name}`;
  },
  describeOutcome(op) {
    const o = op.outcome as RecordsOutcome | { kind: "error"; message: string };
    switch (o.kind) {
      case "created":
        return `created ${o.id.slice(0, 8)}`;
      case "deleted":
        return "deleted";
      case "refused":
        return `refused ${o.status} (${o.codes.join(", ")})`;
      case "records":
        return o.records.length === 0
          ? "[]"
          : `[${o.records.map((r) => `${r.type} ${r.content} ${r.id.slice(0, 8)}`).join(", ")}]`;
      case "error":
        return `error (effect unknown): ${o.message}`;
    }
  },
  describeState: (s) =>
    s.length === 0 ? "no records" : s.map((r) => `${r.type} ${r.content} (${r.id.slice(0, 8)})`).join(", "),
};

interface Envelope {
  success?: boolean;
  result?: unknown;
  errors?: { code?: number }[];
}

function seen(x: unknown): SeenRecord {
  const r = x as { id?: unknown; type?: unknown; content?: unknown };
  const type = String(r.type);
  return { id: String(r.id), type, content: canonicalContent(type, String(r.content)) };
}

function refusedOf(status: number, env: Envelope): RecordsOutcome {
  return { kind: "refused", status, codes: (env.errors ?? []).map((e) => Number(e.code)) };
}

/** Where the records are: the zone's id and name (the names are made below it). */
export interface ZoneWhere {
  zoneId: string;
  zoneName: string;
}

export function dnsRecordsWorkload(where: ZoneWhere): AreaWorkload<NameState> {
  const base = `/zones/${where.zoneId}/dns_records`;
  return {
    area: "dns-records",
    async setup(_send, o) {
      const names = Array.from({ length: o.keys }, (_, i) => `cc${o.tag}-n${i}.${where.zoneName.toLowerCase()}`);
      return Object.fromEntries(names.map((n) => [n, []]));
    },
    client(_id, rand, initial): AreaClient {
      const names = Object.keys(initial);
      const known = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
      return {
        next() {
          const name = pick(rand, names);
          const r = rand();
          const ids = [...known.get(name)!];
          if (r < 0.45 || (r < 0.65 && ids.length === 0)) {
            let x = rand() * 100;
            let type = "A";
            for (const [t, w] of TYPE_WEIGHTS) {
              x -= w;
              if (x < 0) {
                type = t;
                break;
              }
            }
            const content = pick(rand, CONTENTS[type]!);
            return {
              key: name,
              call: { op: "create", name, type, content } satisfies RecordsCall,
              async run(send) {
                const res = await send("POST", base, { type, name, content, ttl: 1, proxied: false });
                const env = res.json as Envelope;
                const failed = failedAnswer(res.status, res.json);
                if (failed) return failed;
                if (res.status === 200 && env.success === true) return { kind: "created", ...seen(env.result) };
                return refusedOf(res.status, env);
              },
            };
          }
          if (r < 0.65) {
            const id = pick(rand, ids);
            return {
              key: name,
              call: { op: "delete", name, id } satisfies RecordsCall,
              async run(send) {
                const res = await send("DELETE", `${base}/${id}`);
                const failed = failedAnswer(res.status, res.json);
                if (failed) return failed;
                const env = res.json as Envelope;
                return res.status === 200 && env.success === true ? { kind: "deleted" } : refusedOf(res.status, env);
              },
            };
          }
          return {
            key: name,
            call: { op: "list", name } satisfies RecordsCall,
            async run(send) {
              const res = await send("GET", `${base}?name=${encodeURIComponent(name)}&per_page=100`);
              const failed = failedAnswer(res.status, res.json);
              if (failed) return failed;
              const env = res.json as Envelope;
              if (res.status !== 200 || !Array.isArray(env.result)) {
                return { kind: "error", message: `list answered ${res.status}` };
              }
              return { kind: "records", records: env.result.map(seen) };
            },
          };
        },
        saw(op) {
          const c = op.call as RecordsCall;
          const o = op.outcome as RecordsOutcome;
          const ids = known.get(c.name)!;
          if (o.kind === "created") ids.add(o.id);
          if (o.kind === "records") for (const r of o.records) ids.add(r.id);
          if (c.op === "delete" && (o.kind === "deleted" || o.kind === "refused")) ids.delete(c.id);
        },
      };
    },
    async cleanup(send, history) {
      const names = Object.keys(history.initial);
      for (const name of names) {
        const res = await send("GET", `${base}?name=${encodeURIComponent(name)}&per_page=100`).catch(() => undefined);
        const list = (res?.json as Envelope | undefined)?.result;
        if (!Array.isArray(list)) continue;
        for (const r of list) await send("DELETE", `${base}/${(r as { id: string }).id}`).catch(() => undefined);
      }
    },
  };
}

export type RecordsOperation = AreaOperation<RecordsCall, RecordsOutcome>;
