/**
 * The diff engine end to end: two instances of the same implementation agree on every area; a
 * fixture with one rule changed is found, with a sequence of at most three operations; accepted
 * divergences turn a run green and are reported; a replay file reproduces the divergence.
 */
import { afterAll, describe, expect, test } from "vitest";
import type { Target } from "../targets/types.ts";
import { DIFF_AREA_DRIVERS } from "./areas/index.ts";
import { createBrokenTarget } from "./broken.ts";
import { replayDiff } from "./cli.ts";
import type { DiffExpectation } from "./expectations.ts";
import { diffReplayOf, parseDiffReplay } from "./replay.ts";
import { runDiff, runSequence } from "./run.ts";
import { openDiffTarget } from "./targets.ts";
import type { DiffAreaName, Json } from "./types.ts";

const opened: Target[] = [];
/** Targets by name; broken fixtures in-process (the served ones are the CLI's, checked once below). */
async function open(name: string): Promise<Target> {
  const t = name.startsWith("broken:") ? await createBrokenTarget(name.slice(7), 0, true) : await openDiffTarget(name);
  opened.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

const BROKEN: Record<DiffAreaName, string> = {
  "dns-records": "broken:dns-records-ttl",
  "dns-protection": "broken:dns-protection-sensitivity",
  "key-transparency": "broken:key-transparency-version",
  "object-store": "broken:object-store-list-limit",
};

describe.each(Object.keys(BROKEN) as DiffAreaName[])("edgeconf diff, %s", (area) => {
  const driver = DIFF_AREA_DRIVERS[area];

  test("two simulators agree on every generated sequence", async () => {
    const out = await runDiff({
      area: driver,
      left: await open("sim"),
      right: await open("sim"),
      runs: 40,
      seed: 5,
      maxSteps: 10,
    });
    expect(out.aborted).toBeUndefined();
    expect(out.divergence).toBeUndefined();
    expect(out.operationsPerSide).toBeGreaterThan(40);
  });

  test("a fixture with one rule changed is found, shrunk to at most three operations", async () => {
    const out = await runDiff({
      area: driver,
      left: await open("sim"),
      right: await open(BROKEN[area]),
      runs: 300,
      seed: 11,
      maxSteps: 6,
      maxDivergences: 1,
    });
    expect(out.aborted).toBeUndefined();
    const d = out.divergence;
    expect(d, "the changed rule must be found").toBeDefined();
    expect(d!.ops.length).toBeLessThanOrEqual(3);
    const step = d!.steps[d!.divergentAt]!;
    expect(step.differences.length).toBeGreaterThan(0);
    // The replay file carries the minimal sequence and reproduces the divergence.
    const replay = parseDiffReplay(JSON.stringify(diffReplayOf(out, d!, area, "test")));
    expect(typeof replay).toBe("object");
    const lines: string[] = [];
    const io = { stdout: (t: string) => lines.push(t), stderr: (t: string) => lines.push(t) };
    if (typeof replay === "string") throw new Error(replay);
    expect(await replayDiff(replay, { target: "sim", against: BROKEN[area] }, io)).toBe(1);
    expect(lines.join("")).toContain("STILL DIVERGES");
    expect(await replayDiff(replay, { target: "sim", against: "sim" }, io)).toBe(0);
  }, 60_000);
});

test("an expectation matching the operation and the differing field accepts the divergence, and is reported", async () => {
  const area = DIFF_AREA_DRIVERS["dns-records"];
  const left = await open("sim");
  // The fixture as the CLI serves it: over real HTTP.
  const right = await openDiffTarget("broken:dns-records-ttl");
  opened.push(right);
  const body: { [k: string]: Json } = { type: "A", name: "www.{tag}", content: "192.0.2.1", ttl: 45 };
  const ops = [
    { op: "create", body },
    { op: "list", query: "name.contains={tag}" },
  ];
  const bare = await runSequence(area, left, right, ops, "exp-0");
  expect(bare.divergentAt).toBe(0);
  const step = bare.steps[0]!;
  expect(step.differences.map((d) => d.field)).toContain("status");
  const accept: DiffExpectation[] = step.differences.map((x) => ({
    area: "dns-records",
    op: "create",
    field: x.field,
    when: { body },
    reason: "test",
  }));
  const other: DiffExpectation = { ...accept[0]!, when: { body: { ttl: 46 } } };
  const used = new Set<DiffExpectation>();
  const r = await runSequence(area, left, right, ops, "exp-1", { expectations: [other, ...accept], used });
  // Accepted; an accepted difference of the outcome (the status) ends the sequence as agreeing.
  expect(r.divergentAt).toBeUndefined();
  expect(r.steps).toHaveLength(1);
  expect(r.steps[0]!.accepted).toHaveLength(step.differences.length);
  expect(used.has(other)).toBe(false);
  // Stale: an entry whose operation the run ran and never needed; one it never met is not called stale.
  const listed: DiffExpectation = { area: "dns-records", op: "list", field: "body.nothing", reason: "test" };
  const elsewhere: DiffExpectation = { area: "object-store", op: "list", field: "result", reason: "test" };
  const again = await runDiff({
    area,
    left,
    right,
    runs: 30,
    seed: 1,
    maxSteps: 6,
    expectations: [other, listed, elsewhere],
  });
  expect(again.expectationsStale, "stale: the list entry (lists ran, it was never needed)").toEqual([listed]);
  expect(again.expectationsNotMet, "not met: a body no create sent, another area").toEqual([other, elsewhere]);
}, 60_000);
