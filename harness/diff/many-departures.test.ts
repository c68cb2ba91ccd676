/**
 * One `edgeconf diff` run against an implementation with many departures (fixtures/modules/
 * many-departures-bucket.ts: eight faults of bucket-faults.ts at once, reached as `--target module`)
 * lists every one of them, each shrunk: every fault is the cause of at least one reported divergence
 * (its minimal sequence diverges again against a bucket with that one fault alone), and every minimal
 * sequence is short.
 */
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { DEPARTURES } from "../../fixtures/modules/many-departures-bucket.ts";
import { PROJECT_ROOT } from "../expectations.ts";
import type { Target } from "../targets/types.ts";
import { DIFF_AREA_DRIVERS } from "./areas/index.ts";
import { createBrokenTarget } from "./broken.ts";
import type { BucketFaultName } from "./bucket-faults.ts";
import { runDiff, runSequence } from "./run.ts";
import { openDiffTarget } from "./targets.ts";

const opened: Target[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});
const keep = (t: Target) => {
  opened.push(t);
  return t;
};

test("a module with eight departures: one run lists every one, each shrunk to a short sequence", async () => {
  const area = DIFF_AREA_DRIVERS["object-store"];
  const sim = keep(await openDiffTarget("sim"));
  const module = keep(
    await openDiffTarget("module", { module: path.join(PROJECT_ROOT, "fixtures/modules/many-departures-bucket.ts") }),
  );
  const out = await runDiff({ area, left: sim, right: module, runs: 200, seed: 1, maxSteps: 12 });
  expect(out.aborted, "the run is not aborted").toBeUndefined();
  expect(out.runsDone, "all 200 runs drawn (the default --max-divergences 20 was not reached)").toBe(200);
  for (const d of out.divergences) {
    expect(d.ops.length, `divergence ${d.fingerprint}: its minimal sequence has at most 3 steps`).toBeLessThanOrEqual(
      3,
    );
    expect(d.count, `divergence ${d.fingerprint}: counted at least once`).toBeGreaterThanOrEqual(1);
  }
  // Which fault causes each divergence: its minimal sequence against a bucket with that fault alone.
  const causes = new Map<BucketFaultName, string[]>();
  expect(DEPARTURES.length, "the module's departures").toBeGreaterThanOrEqual(8);
  for (const fault of DEPARTURES) {
    const single = keep(await createBrokenTarget(`object-store-${fault}`, 0, true));
    for (const [i, d] of out.divergences.entries()) {
      const again = await runSequence(area, sim, single, d.ops, `cause-${fault}-${i}`);
      if (again.divergentAt !== undefined) causes.set(fault, [...(causes.get(fault) ?? []), d.fingerprint]);
    }
  }
  const missed = DEPARTURES.filter((f) => !causes.has(f));
  expect(missed, "faults no reported divergence reproduces on its own").toEqual([]);
}, 60_000);
