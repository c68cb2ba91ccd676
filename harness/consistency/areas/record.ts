/**
 * Recording a concurrent history of an HTTP area: `clients` clients share the area's keys (set up first,
 * unrecorded) and each issues its share of `ops` random operations one after another (the clients run at
 * once); each operation is recorded with its invocation and completion time on a monotonic clock
 * (performance.now) and what it returned. Choices come from `seed` (each client its own stream); timing
 * comes from the target. The workloads are in dns-records.ts, key-transparency.ts and dns-protection.ts.
 */
import { seededRandom } from "../record.ts";
import type { AreaHistory, AreaOperation, HttpArea, Send } from "./types.ts";

export interface PlannedOp {
  key: string;
  call: unknown;
  /** Makes the call; what it returned (a failed call throws: its outcome is then "error"). */
  run(send: Send): Promise<unknown>;
}

export interface AreaClient {
  /** The next operation. */
  next(): PlannedOp;
  /** What the operation returned (the client remembers ids, epochs). */
  saw(op: AreaOperation): void;
}

export interface AreaWorkload<S> {
  area: HttpArea;
  /** Makes the keys (unrecorded) and answers their initial states; `tag` makes names unique to this run. */
  setup(send: Send, o: { keys: number; tag: string }): Promise<Record<string, S>>;
  client(id: number, rand: () => number, initial: Record<string, S>): AreaClient;
  /** Removes what the run left (records, rules) or disables it (namespaces); errors are ignored. */
  cleanup(send: Send, history: AreaHistory<S>): Promise<void>;
}

export interface AreaWorkloadOptions {
  clients: number;
  keys: number;
  ops: number;
  seed: number;
  /** Unique to the run (names of records and namespaces). */
  tag: string;
}

export async function recordAreaHistory<S>(
  workload: AreaWorkload<S>,
  send: Send,
  o: AreaWorkloadOptions,
): Promise<AreaHistory<S>> {
  const initial = await workload.setup(send, { keys: o.keys, tag: o.tag });
  const ops: AreaOperation[] = [];
  const perClient = Math.ceil(o.ops / o.clients);
  let issued = 0;
  const runClient = async (id: number): Promise<void> => {
    const c = workload.client(id, seededRandom((o.seed ^ Math.imul(id + 1, 0x9e3779b1)) >>> 0), initial);
    for (let i = 0; i < perClient && issued < o.ops; i++) {
      issued += 1;
      const p = c.next();
      const invoke = performance.now();
      let outcome: unknown;
      try {
        outcome = await p.run(send);
      } catch (e) {
        outcome = { kind: "error", message: String((e as Error)?.message ?? e).slice(0, 300) };
      }
      const complete = performance.now();
      const op: AreaOperation = {
        id: -1,
        client: id,
        key: p.key,
        call: p.call,
        outcome: outcome as never,
        invoke,
        complete,
      };
      c.saw(op);
      ops.push(op);
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, id) => runClient(id)));
  ops.sort((a, b) => a.invoke - b.invoke);
  ops.forEach((op, i) => {
    op.id = i;
  });
  return { area: workload.area, initial, ops };
}

/** The error outcome of an answer whose effect is unknown (a 5xx, or no JSON): the call failed. */
export function failedAnswer(status: number, json: unknown): { kind: "error"; message: string } | undefined {
  if (status >= 500) return { kind: "error", message: `status ${status}` };
  if (json === undefined || json === null || typeof json !== "object") {
    return { kind: "error", message: `status ${status} without a JSON body` };
  }
  return undefined;
}

export function pick<T>(rand: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)]!;
}
