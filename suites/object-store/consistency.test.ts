import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { bytes, open, readAll } from "./helpers.ts";

describe("strong consistency", () => {
  clauseTest(["D.rule.write-consistency"], "once put resolves, head, get and list see the new value", async (ctx) => {
    const { bucket } = await open(ctx);
    for (let i = 0; i < 20; i++) {
      const o = await bucket.put("k", `v${i}`);
      expect((await bucket.head("k"))!.version).toBe(o.version);
      expect(await (await bucket.get("k"))!.text()).toBe(`v${i}`);
      const l = await bucket.list({ prefix: "k" });
      expect(l.objects.map((x) => x.version)).toEqual([o.version]);
    }
  });

  clauseTest(["D.rule.delete-consistency"], "once delete resolves, no read sees the key", async (ctx) => {
    const { bucket } = await open(ctx);
    for (let i = 0; i < 10; i++) {
      const o = await bucket.put(`k${i}`, "v");
      // Positive control: the key is there before the delete (a bucket that stores nothing fails here).
      expect((await bucket.head(`k${i}`))?.version).toBe(o.version);
      await bucket.delete(`k${i}`);
      expect(await bucket.head(`k${i}`)).toBeNull();
      expect(await bucket.get(`k${i}`)).toBeNull();
      expect((await bucket.list({ prefix: `k${i}` })).objects).toEqual([]);
    }
  });

  clauseTest(
    ["D.consistency.snapshot-body"],
    "a body being read keeps the bytes it had when get resolved",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const first = bytes(3 * 1024 * 1024, 11);
      await bucket.put("k", first);
      const g = await bucket.get("k");
      await bucket.put("k", "overwritten");
      await bucket.delete("k");
      const got = await readAll(g!.body);
      expect(got.byteLength).toBe(first.byteLength);
      expect(Buffer.compare(Buffer.from(got), Buffer.from(first))).toBe(0);
    },
  );

  clauseTest(
    ["D.rule.write-consistency"],
    "concurrent puts of different keys are all visible when they resolve",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 50 }, (_, i) => `c${String(i).padStart(2, "0")}`);
      await Promise.all(keys.map((k) => bucket.put(k, k)));
      expect((await bucket.list()).objects.map((o) => o.key)).toEqual(keys);
    },
  );
});
