/**
 * `edgeconf diff` speed against the in-process simulator: sim vs sim, each area, operations per
 * second per side (everything included: generation, both sides' calls, normalisation, comparison).
 * The issue's bar is 1,000 operations per second per side. Both wall-clock and CPU time are shown:
 * on a shared, loaded machine the CPU figure (operations per CPU-second of this process, both sides
 * included) is the one that does not depend on what else runs.
 */
import { DIFF_AREA_DRIVERS } from "../harness/diff/areas/index.ts";
import { runDiff } from "../harness/diff/run.ts";
import { openDiffTarget } from "../harness/diff/targets.ts";
import { DIFF_AREAS } from "../harness/diff/types.ts";

export async function run(): Promise<void> {
  console.log(
    "| area | sequences | operations per side | wall s | operations/s per side (wall) | CPU s | operations per CPU-second per side |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const area of DIFF_AREAS) {
    const left = await openDiffTarget("sim");
    const right = await openDiffTarget("sim");
    // Warm-up (JIT), then the measured run.
    await runDiff({ area: DIFF_AREA_DRIVERS[area], left, right, runs: 50, seed: 1, maxSteps: 12 });
    const cpu = process.cpuUsage();
    const out = await runDiff({ area: DIFF_AREA_DRIVERS[area], left, right, runs: 500, seed: 2, maxSteps: 12 });
    const used = process.cpuUsage(cpu);
    const c = (used.user + used.system) / 1e6;
    if (out.divergence || out.aborted) throw new Error(`sim vs sim diverged on ${area}: ${out.aborted ?? "see diff"}`);
    const s = out.elapsedMs / 1000;
    console.log(
      `| ${area} | ${out.sequences} | ${out.operationsPerSide} | ${s.toFixed(2)} | ${Math.round(out.operationsPerSide / s)} | ${c.toFixed(2)} | ${Math.round(out.operationsPerSide / c)} |`,
    );
    await Promise.all([left.close(), right.close()]);
  }
}
