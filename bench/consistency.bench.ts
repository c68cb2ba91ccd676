/**
 * The linearizability checker's speed (harness/consistency): a 10,000-operation history of 8 clients on 4
 * keys, recorded from the simulator with latency injected (so calls overlap), decided by the checker as
 * `edgeconf check consistency` runs it (per key, then the keys lists join; segments at quiet instants;
 * candidates in completion order), side by side with peers checking the same history in the same run:
 * - whole history: no per-key partitions (one search over every key at once);
 * - Porcupine's order: partitions, but candidates tried in invocation order only;
 * - naive: no partitions, no segments, invocation order (Wing & Gong / Lowe with memoisation, as is).
 * The same, on a history from a broken fixture (a stale read cache): time to the violation, shrinking
 * included. The bar: under 10 s for the checker. A peer that runs out of its 30 s says "could not decide".
 * Sizes scale with BENCH_SCALE (default 1).
 */
import { type CheckOptions, checkHistory } from "../harness/consistency/check.ts";
import { recordHistory } from "../harness/consistency/record.ts";
import { openConsistencyBucket } from "../harness/consistency/targets.ts";
import type { History } from "../harness/consistency/types.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const OPS = Math.round(10_000 * SCALE);
const PEER_LIMIT_MS = 30_000;

async function record(target: string, seed: number): Promise<History> {
  const open = await openConsistencyBucket(target, seed);
  try {
    return await recordHistory(open.bucket, {
      clients: 8,
      keys: 4,
      ops: OPS,
      seed,
      multipartParts: open.multipartParts,
    });
  } finally {
    await open.close();
  }
}

function measure(h: History, options: CheckOptions): { ms: number; result: string } {
  const t = performance.now();
  const v = checkHistory(h, options);
  const ms = performance.now() - t;
  const result = v.result === "violation" ? `violation (witness: ${v.violation.ops.length} operation(s))` : v.result;
  return { ms, result };
}

export async function run(): Promise<void> {
  for (const [target, seed] of [
    ["sim", 1],
    ["broken:stale-read-cache", 2],
  ] as const) {
    const t = performance.now();
    const h = await record(target, seed);
    const recordS = (performance.now() - t) / 1000;
    console.log(`\n${target}: ${h.ops.length} operations, 8 clients, 4 keys (recorded in ${recordS.toFixed(1)} s)\n`);
    console.log("| checker | verdict | s | ratio to edgeconf |");
    console.log("|---|---|---|---|");
    // Warm-up (JIT) on a tenth of the history.
    checkHistory({ keys: h.keys, ops: h.ops.slice(0, Math.floor(h.ops.length / 10)) }, { timeLimitMs: 10_000 });
    const ours = measure(h, { timeLimitMs: 10_000 });
    console.log(
      `| edgeconf (per key, segments, completion order) | ${ours.result} | ${(ours.ms / 1000).toFixed(2)} | 1 |`,
    );
    const peers: [string, CheckOptions][] = [
      ["whole history (no partitions)", { partition: false }],
      ["Porcupine's order (invocation order)", { candidateOrder: "invocation" }],
      [
        "naive (no partitions, no segments, invocation order)",
        { partition: false, segments: false, candidateOrder: "invocation" },
      ],
    ];
    for (const [name, options] of peers) {
      const r = measure(h, { ...options, timeLimitMs: PEER_LIMIT_MS, shrinkMs: 3_000 });
      const ratio = r.result === "unknown" ? `> ${(r.ms / ours.ms).toFixed(0)}` : (r.ms / ours.ms).toFixed(1);
      const verdict = r.result === "unknown" ? `could not decide in ${PEER_LIMIT_MS / 1000} s` : r.result;
      console.log(`| ${name} | ${verdict} | ${(r.ms / 1000).toFixed(2)} | ${ratio} |`);
    }
  }
}
