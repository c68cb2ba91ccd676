/**
 * Area B: modified_on moves on every PATCH, PUT and batch update (strictly later), created_on never
 * changes. Where the target's clock can be moved (the simulator), the test moves it between writes
 * and modified_on must follow it (a stamp that only creeps forward by a microsecond fails); elsewhere
 * real time passes between writes and strictly later is asked.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { cleanupAfterAll, type DnsRecord, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

/** How far `tick` moves a clock it can move (ms). */
const STEP_MS = 1500;

/**
 * Lets time pass between writes: the target's clock moved by STEP_MS where it can be (the answer is
 * then the least modified_on must move, in microseconds: the step less the sub-millisecond digits a
 * stamp may carry), else 5 ms of real time (the answer is 1: strictly later is all that is asked).
 */
async function tick(): Promise<bigint> {
  const target = await getTarget();
  if (target.capabilities.has("clock") && target.objectStore?.advanceClock) {
    await target.objectStore.advanceClock(STEP_MS);
    return BigInt(STEP_MS - 1) * 1000n;
  }
  await new Promise((r) => setTimeout(r, 5));
  return 1n;
}

/**
 * An ISO timestamp in microseconds, with every fractional digit the platform gives (up to 6): a target
 * whose clock does not follow real time (a served simulator behind --target http) moves by microseconds.
 */
function micros(iso: string): bigint {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?Z$/.exec(iso);
  expect(m, `${iso} is an ISO timestamp with at most 6 fractional digits [B.record.timestamps]`).not.toBeNull();
  return BigInt(Date.parse(`${m?.[1]}Z`)) * 1000n + BigInt((m?.[2] ?? "").padEnd(6, "0"));
}

/** `next.modified_on` at least `by` microseconds after `prev.modified_on` (the clock moved that far). */
function later(next: DnsRecord, prev: DnsRecord, what: string, by: bigint): void {
  const [n, p] = [micros(next.modified_on), micros(prev.modified_on)];
  expect(
    n - p >= by,
    `${what}: ${next.modified_on} at least ${by} us after ${prev.modified_on} [B.record.modified-on-moves]`,
  ).toBe(true);
}

describe("dns records: timestamps", () => {
  clauseTest(
    ["B.record.timestamps", "B.record.modified-on-moves", "B.patch.partial", "B.put.overwrite", "B.batch.order-atomic"],
    "modified_on is strictly later after each PATCH, PUT, batch patch and batch put; created_on stays",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("ts");
      const r0 = await records.create({ type: "A", name, content: "198.51.100.70", ttl: 300 });
      expect(r0.modified_on, "POST: modified_on equals created_on on a new record [B.record.timestamps]").toBe(
        r0.created_on,
      );
      let by = await tick();
      const r1 = records.ok(await records.patch(r0.id, { ttl: 600 }));
      later(r1, r0, "PATCH", by);
      by = await tick();
      const r2 = records.ok(await records.put(r0.id, { type: "A", name, content: "198.51.100.71", ttl: 600 }));
      later(r2, r1, "PUT", by);
      by = await tick();
      const b1 = await records.batch({ patches: [{ id: r0.id, comment: "batch" }] });
      const r3 = (b1.json.result as { patches: DnsRecord[] }).patches[0]!;
      later(r3, r2, "batch patch", by);
      by = await tick();
      const b2 = await records.batch({ puts: [{ id: r0.id, type: "A", name, content: "198.51.100.72" }] });
      const r4 = (b2.json.result as { puts: DnsRecord[] }).puts[0]!;
      later(r4, r3, "batch put", by);
      for (const r of [r1, r2, r3, r4])
        expect(r.created_on, `${r.modified_on} write: created_on never changes [B.record.modified-on-moves]`).toBe(
          r0.created_on,
        );
      expect(
        records.ok(await records.get(r0.id)),
        "GET after the writes: created_on and the last write's modified_on [B.record.modified-on-moves]",
      ).toMatchObject({
        created_on: r0.created_on,
        modified_on: r4.modified_on,
      });
    },
  );
  clauseTest(
    ["B.record.timestamps", "B.record.modified-on-moves"],
    "created_on and modified_on are the clock's time of the write, to the millisecond, off whole seconds",
    async (ctx) => {
      const { target, records } = await recordsOf(ctx);
      const clock = target.capabilities.has("clock") ? target.objectStore : undefined;
      if (!clock?.advanceClock) return ctx.skip(`target ${target.name}: its clock cannot be moved from the suites`);
      const at = (iso: string) => Date.parse(iso);
      await clock.advanceClock(2_345);
      const t0 = await clock.now();
      const r = await records.create({ type: "TXT", name: uniqueLabel("tc"), content: "clock" });
      const d0 = at(r.created_on) - t0;
      expect(
        d0 >= 0 && d0 <= 1,
        `POST: created_on ${r.created_on} is the clock's ${new Date(t0).toISOString()} (to 1 ms) [B.record.timestamps]`,
      ).toBe(true);
      await clock.advanceClock(1_111);
      const t1 = await clock.now();
      const p = records.ok(await records.patch(r.id, { ttl: 600 }));
      const d1 = at(p.modified_on) - t1;
      expect(
        d1 >= 0 && d1 <= 1,
        `PATCH: modified_on ${p.modified_on} is the clock's ${new Date(t1).toISOString()} (to 1 ms) [B.record.modified-on-moves]`,
      ).toBe(true);
      expect(p.created_on, "PATCH: created_on kept [B.record.modified-on-moves]").toBe(r.created_on);
    },
  );
});
