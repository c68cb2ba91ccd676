import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectStoreError, open } from "./helpers.ts";

describe("delete", () => {
  clauseTest(["D.delete.keys"], "deletes one key and its metadata", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("a", "1", { customMetadata: { x: "y" } });
    await bucket.put("b", "2");
    await bucket.delete("a");
    expect(await bucket.head("a"), 'head("a") after delete("a"): null [D.delete.keys]').toBeNull();
    expect(await bucket.get("a"), 'get("a") after delete("a"): null [D.delete.keys]').toBeNull();
    expect(await bucket.head("b"), 'head("b") after delete("a"): still there [D.delete.keys]').not.toBeNull();
    await bucket.put("a", "again");
    expect(
      (await bucket.head("a"))!.customMetadata,
      'head("a").customMetadata after delete and a put without metadata: {} (the old metadata went with the key)',
    ).toEqual({});
  });

  clauseTest(["D.delete.keys"], "deletes many keys at once", async (ctx) => {
    const { bucket } = await open(ctx);
    for (const k of ["a", "b", "c", "d"]) await bucket.put(k, k);
    await bucket.delete(["a", "c", "missing"]);
    const list = await bucket.list();
    expect(
      list.objects.map((o) => o.key),
      'list().objects keys after delete(["a", "c", "missing"]): only b and d left [D.delete.keys]',
    ).toEqual(["b", "d"]);
  });

  clauseTest(["D.delete.all-or-nothing"], "a missing key is a no-op", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("kept", "1");
    await expect(bucket.delete("never-there"), 'delete("never-there"): resolves to undefined').resolves.toBeUndefined();
    await expect(bucket.delete([]), "delete([]): resolves to undefined").resolves.toBeUndefined();
    // The control: what exists is untouched by those, and a delete of it does remove it.
    expect(await bucket.head("kept"), 'head("kept") after deletes of other keys: still there').not.toBeNull();
    await bucket.delete("kept");
    expect(await bucket.head("kept"), 'head("kept") after delete("kept"): null [D.delete.keys]').toBeNull();
  });

  clauseTest(
    ["D.delete.all-or-nothing", "D.err.key-too-long"],
    "one invalid key in a batch throws 10020 and deletes nothing",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("a", "1");
      await bucket.put("b", "2");
      await expectStoreError(
        bucket.delete(["a", "x".repeat(1025), "b"]),
        "delete",
        10020,
        "The specified object name is not valid.",
      );
      expect(
        await bucket.head("a"),
        'head("a") after a refused batch delete: still there [D.delete.all-or-nothing]',
      ).not.toBeNull();
      expect(
        await bucket.head("b"),
        'head("b") after a refused batch delete: still there [D.delete.all-or-nothing]',
      ).not.toBeNull();
    },
  );
});
