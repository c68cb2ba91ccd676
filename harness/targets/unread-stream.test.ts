/**
 * A test that gives a bucket a stream of declared length whose bytes never come cannot hang until the test's
 * timeout: the call fails after its own, shorter wait, with a message naming the likely cause.
 */
import { expect, test } from "vitest";
import { settlesUnread, UNREAD_STREAM_WAIT_MS } from "./object-store.ts";

test("a call that never settles fails after the wait, naming a bucket that reads before checking the size", async () => {
  const never = new Promise<never>(() => {});
  const e = await settlesUnread(never, "put", 20).then(
    () => undefined,
    (err: unknown) => err as Error,
  );
  expect(e?.message, "the failure of a call that never settles").toBe(
    "put did not settle within 0.02 s when given a stream of declared length whose bytes never come: the bucket " +
      "likely reads the stream before checking its declared size (it must refuse an oversized length unread: " +
      "docs/bridge.md, declaredLengthStream)",
  );
  expect(UNREAD_STREAM_WAIT_MS, "the wait, shorter than a test's default timeout (30 s)").toBeLessThan(30_000);
});

test("a call that settles in time, with a result or an error, is waited for and left to the test", async () => {
  expect(await settlesUnread(Promise.resolve("v"), "put", 1000), "after a result").toBeUndefined();
  const refused = Promise.reject(
    new Error("put: Your proposed upload exceeds the maximum allowed object size. (100100)"),
  );
  expect(await settlesUnread(refused, "put", 1000), "after an error").toBeUndefined();
  await expect(refused, "the call itself, for the test to assert on").rejects.toThrow(/\(100100\)$/);
});
