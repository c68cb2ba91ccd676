/**
 * The consistency check end to end on the in-process targets: the simulator (latency injected through its
 * control surface, so calls overlap) is linearizable; each broken fixture is caught. A fixture's fault shows
 * only when calls happen to overlap the right way, so each gets a few short histories (seeds 1, 2, ...)
 * until one shows it; `edgeconf check consistency` records 2000 operations, which catch every fixture.
 */
import { describe, expect, test } from "vitest";
import { AREA_FIXTURES } from "./areas/broken.ts";
import { checkAreaHistory } from "./areas/check.ts";
import { recordAreaHistory } from "./areas/record.ts";
import { AREA_MODELS, openArea } from "./areas/targets.ts";
import { HTTP_AREAS, type HttpArea } from "./areas/types.ts";
import { CONSISTENCY_FIXTURES } from "./broken.ts";
import { checkHistory } from "./check.ts";
import { keySpace, recordHistory } from "./record.ts";
import { openConsistencyBucket } from "./targets.ts";
import type { Verdict } from "./types.ts";

async function check(target: string, seed: number, ops: number): Promise<Verdict> {
  const open = await openConsistencyBucket(target, seed);
  const h = await recordHistory(open.bucket, { clients: 8, keys: 4, ops, seed, multipartParts: open.multipartParts });
  await open.close();
  return checkHistory(h, { timeLimitMs: 10_000 });
}

describe("the simulator [D.rule.write-consistency] [D.rule.delete-consistency]", () => {
  test("400 overlapping calls of 8 clients on 4 keys are linearizable", async () => {
    const open = await openConsistencyBucket("sim", 7);
    const h = await recordHistory(open.bucket, { clients: 8, keys: 4, ops: 400, seed: 7, multipartParts: 2 });
    const overlapping = h.ops.filter((a, i) => h.ops.slice(i + 1, i + 9).some((b) => b.invoke < a.complete)).length;
    expect(overlapping, "operations overlapping a later one (the clients run at once)").toBeGreaterThan(100);
    expect(new Set(h.ops.map((o) => o.call.op)), "every kind of call was made").toEqual(
      new Set(["put", "get", "head", "delete", "list", "multipart"]),
    );
    expect(h.keys, "the key space").toEqual(keySpace(4));
    const v = checkHistory(h, { timeLimitMs: 10_000 });
    expect(v.result, `verdict on the simulator: ${v.result === "unknown" ? v.reason : ""}`).toBe("linearizable");
  });
});

describe("broken fixtures are caught [D.rule.write-consistency] [D.rule.delete-consistency]", () => {
  for (const name of Object.keys(CONSISTENCY_FIXTURES)) {
    test(`broken:${name}`, async () => {
      const results: string[] = [];
      for (let seed = 1; seed <= 6; seed++) {
        const v = await check(`broken:${name}`, seed, 400);
        results.push(v.result);
        if (v.result === "violation") {
          expect(v.violation.ops.length, "the witness is a small part of the history").toBeLessThan(40);
          return;
        }
      }
      expect(results, `broken:${name}: verdicts of 6 histories of 400 operations`).toContain("violation");
    });
  }
});

// --- The HTTP areas (areas/): the simulator with latency injected, and each area's broken fixture. ---

async function checkArea(area: HttpArea, target: string, seed: number, clients: number, ops: number) {
  const open = await openArea(area, target, seed);
  const h = await recordAreaHistory(open.workload, open.send, { clients, keys: 2, ops, seed, tag: `f${seed}` });
  await open.close();
  return { h, v: checkAreaHistory(h, AREA_MODELS[area], { timeLimitMs: 10_000 }) };
}

describe("the HTTP areas on the simulator [A.consistency.patch-atomic] [B.consistency.conflict-create] [C.consistency.publish-once]", () => {
  for (const area of HTTP_AREAS) {
    test(`${area}: 120 overlapping calls of 8 clients on 2 keys are linearizable`, async () => {
      const { h, v } = await checkArea(area, "sim", 5, 8, 120);
      const overlapping = h.ops.filter((a, i) => h.ops.slice(i + 1, i + 9).some((b) => b.invoke < a.complete)).length;
      expect(overlapping, `${area}: operations overlapping a later one (latency injected)`).toBeGreaterThan(30);
      expect(v.result, `${area} on the simulator: ${v.result === "unknown" ? v.reason : ""}`).toBe("linearizable");
    });
  }
});

describe("the HTTP areas' broken fixtures are caught [A.consistency.patch-atomic] [B.consistency.conflict-create] [C.consistency.publish-once]", () => {
  for (const [name, fixture] of Object.entries(AREA_FIXTURES)) {
    test(`broken:${name} (${fixture.area})`, async () => {
      const results: string[] = [];
      for (let seed = 1; seed <= 6; seed++) {
        const { v } = await checkArea(fixture.area, `broken:${name}`, seed, 8, 200);
        results.push(v.result);
        if (v.result === "violation") {
          expect(v.violation.ops.length, "the witness is a small part of the history").toBeLessThan(20);
          return;
        }
      }
      expect(results, `broken:${name}: verdicts of 6 histories of 200 operations`).toContain("violation");
    });
  }
});
