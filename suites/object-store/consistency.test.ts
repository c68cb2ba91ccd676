import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { bytes, open, readAll } from "./helpers.ts";

describe("strong consistency", () => {
  clauseTest(["D.rule.write-consistency"], "once put resolves, head, get and list see the new value", async (ctx) => {
    const { bucket } = await open(ctx);
    for (let i = 0; i < 20; i++) {
      const o = await bucket.put("k", `v${i}`);
      expect((await bucket.head("k"))!.version, `head("k") right after put #${i}: that put's version`).toBe(o.version);
      expect(await (await bucket.get("k"))!.text(), `get("k") right after put #${i}: its value`).toBe(`v${i}`);
      const l = await bucket.list({ prefix: "k" });
      expect(
        l.objects.map((x) => x.version),
        `list({ prefix: "k" }) right after put #${i}: that put's version`,
      ).toEqual([o.version]);
    }
  });

  clauseTest(["D.rule.delete-consistency"], "once delete resolves, no read sees the key", async (ctx) => {
    const { bucket } = await open(ctx);
    for (let i = 0; i < 10; i++) {
      const o = await bucket.put(`k${i}`, "v");
      // Positive control: the key is there before the delete (a bucket that stores nothing fails here).
      expect((await bucket.head(`k${i}`))?.version, `head("k${i}") right after its put: that put's version`).toBe(
        o.version,
      );
      await bucket.delete(`k${i}`);
      expect(await bucket.head(`k${i}`), `head("k${i}") right after its delete: null`).toBeNull();
      expect(await bucket.get(`k${i}`), `get("k${i}") right after its delete: null`).toBeNull();
      expect(
        (await bucket.list({ prefix: `k${i}` })).objects,
        `list({ prefix: "k${i}" }) right after its delete: empty`,
      ).toEqual([]);
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
      expect(got.byteLength, "a get() body read after an overwrite and a delete: the 3 MiB it had").toBe(
        first.byteLength,
      );
      expect(
        Buffer.compare(Buffer.from(got), Buffer.from(first)),
        "a get() body read after an overwrite and a delete: the bytes it had when get resolved",
      ).toBe(0);
    },
  );

  clauseTest(
    ["D.rule.write-consistency"],
    "concurrent puts of different keys are all visible when they resolve",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 50 }, (_, i) => `c${String(i).padStart(2, "0")}`);
      await Promise.all(keys.map((k) => bucket.put(k, k)));
      expect(
        (await bucket.list()).objects.map((o) => o.key),
        "list() once 50 concurrent puts resolved: every key, in order",
      ).toEqual(keys);
    },
  );
});
