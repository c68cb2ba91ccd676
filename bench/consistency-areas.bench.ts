/**
 * The consistency check of the HTTP areas (harness/consistency/areas): for each area, a history of 2000
 * operations by 8 clients on 4 keys (the command's defaults), recorded from the simulator with latency
 * injected and from the area's broken fixture, then checked. Time to a verdict (recording included: the
 * bar for a fixture is "found in under 10 s"), and the checker beside a peer checking the same history in
 * the same run: Porcupine's search as is (each key's part searched whole, candidates in invocation order,
 * no quick pass, no segments). Sizes scale with BENCH_SCALE (default 1).
 */
import { checkAreaHistory } from "../harness/consistency/areas/check.ts";
import { recordAreaHistory } from "../harness/consistency/areas/record.ts";
import { AREA_MODELS, areaTargetNames, openArea } from "../harness/consistency/areas/targets.ts";
import { type AreaHistory, type AreaModel, HTTP_AREAS } from "../harness/consistency/areas/types.ts";
import { searchLinearization } from "../harness/consistency/search.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const OPS = Math.round(2000 * SCALE);
const PEER_LIMIT_MS = 30_000;

/** Porcupine's search on each key's part: invocation order, whole parts. */
function peer(h: AreaHistory, model: AreaModel<unknown>): string {
  const deadline = performance.now() + PEER_LIMIT_MS;
  for (const [key, start] of Object.entries(h.initial)) {
    const part = h.ops.filter((op) => op.key === key);
    const r = searchLinearization(part, model, [start], { deadline, candidateOrder: "invocation" });
    if (r.result !== "ok") return r.result === "fail" ? "violation" : "unknown";
  }
  return "linearizable";
}

export async function run(): Promise<void> {
  console.log(`\n${OPS} operations, 8 clients, 4 keys per history\n`);
  console.log("| area | target | verdict | record s | check s | to verdict s | peer s | peer ratio |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const area of HTTP_AREAS) {
    const model = AREA_MODELS[area];
    for (const target of areaTargetNames(area).filter((t) => t === "sim" || t.startsWith("broken:"))) {
      const t0 = performance.now();
      const open = await openArea(area, target, 7);
      const h = await recordAreaHistory(open.workload, open.send, { clients: 8, keys: 4, ops: OPS, seed: 7, tag: "b" });
      await open.close();
      const t1 = performance.now();
      const v = checkAreaHistory(h, model, { timeLimitMs: 10_000 });
      const t2 = performance.now();
      const verdict =
        v.result === "violation" ? `violation (witness: ${v.violation.ops.length} operation(s))` : v.result;
      const p0 = performance.now();
      const p = peer(h, model);
      const pMs = performance.now() - p0;
      const checkMs = t2 - t1;
      const ratio = p === "unknown" ? `> ${(pMs / checkMs).toFixed(0)}` : (pMs / Math.max(checkMs, 0.01)).toFixed(1);
      console.log(
        `| ${area} | ${target} | ${verdict} | ${((t1 - t0) / 1000).toFixed(2)} | ${(checkMs / 1000).toFixed(3)} | ${((t2 - t0) / 1000).toFixed(2)} | ${(pMs / 1000).toFixed(3)} (${p}) | ${ratio} |`,
      );
    }
  }
}
