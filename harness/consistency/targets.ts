/**
 * The buckets a consistency check runs on: `sim` (the in-process simulator, with latency injected through
 * its control surface so that calls overlap), `workerd`, `worker`, `module` (harness/targets, as `run`
 * reaches them), and the broken fixtures (`broken:<name>`, see broken.ts: the simulator, the same latency,
 * one fault). The simulator's latency: three rules on every bucket call, 1, 2 and 4 ms with chances 1/2,
 * 1/2 and 1/4 (they add up: 0 to 7 ms per call, drawn from the seed).
 */
import { createSimulator, type Simulator } from "../../sim/index.ts";
import { createTarget } from "../targets/index.ts";
import { createSimObjectStoreTarget, type ObjectStoreBucket } from "../targets/object-store.ts";
import type { TargetName } from "../targets/types.ts";
import { CONSISTENCY_FIXTURES } from "./broken.ts";

export const CHECK_TARGETS = ["sim", "workerd", "worker", "module"] as const;

export function consistencyTargetNames(): string[] {
  return [...CHECK_TARGETS, ...Object.keys(CONSISTENCY_FIXTURES).map((f) => `broken:${f}`)];
}

/** Why `name` is no target of the check, or undefined. */
export function checkConsistencyTarget(name: string): string | undefined {
  if (consistencyTargetNames().includes(name)) return undefined;
  return `unknown target "${name}" for --area object-store; one of ${consistencyTargetNames().join(", ")}`;
}

export interface OpenBucket {
  bucket: ObjectStoreBucket;
  /** Parts per multipart upload the bucket takes (small parts only where the minimum can be lowered). */
  multipartParts: 1 | 2;
  close(): Promise<void>;
}

/** Latency on every bucket call of `sim`, through the control surface (sim.control.faults). */
export function injectLatency(sim: Simulator): void {
  for (const [latencyMs, probability] of [
    [1, 0.5],
    [2, 0.5],
    [4, 0.25],
  ] as const) {
    sim.control.faults.add({ operation: "object-store.*", latencyMs, probability });
  }
}

async function simBucket(seed: number): Promise<OpenBucket> {
  const sim = createSimulator({ seed });
  injectLatency(sim);
  const bucket = await createSimObjectStoreTarget(sim).bucket({ minPartSize: 1 });
  return { bucket, multipartParts: 2, close: async () => {} };
}

export async function openConsistencyBucket(name: string, seed: number): Promise<OpenBucket> {
  const problem = checkConsistencyTarget(name);
  if (problem) throw new Error(problem);
  if (name === "sim") return simBucket(seed);
  if (name.startsWith("broken:")) {
    const fixture = CONSISTENCY_FIXTURES[name.slice(7)]!;
    const open = await simBucket(seed);
    return { ...open, bucket: fixture.wrap(open.bucket) };
  }
  const target = await createTarget(name as TargetName);
  try {
    if (!target.objectStore) throw new Error(`target ${name} does not reach area object-store`);
    const small = target.capabilities.has("min-part-size");
    const bucket = await target.objectStore.bucket(small ? { minPartSize: 1 } : {});
    return { bucket, multipartParts: small ? 2 : 1, close: () => target.close() };
  } catch (e) {
    await target.close().catch(() => undefined);
    throw e;
  }
}
