/**
 * Shared helpers of the area-D suites: the target's bucket, error assertions by the platform's
 * shape, and part sizes the target can take.
 */
import { createHash } from "node:crypto";
import type { TestContext } from "vitest";
import { expect } from "vitest";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget, type Target } from "../../harness/targets/index.ts";
import type { BucketOptions, ObjectStoreBucket, ObjectStoreTarget } from "../../harness/targets/object-store.ts";

export const MiB = 1024 * 1024;

export interface Ctx {
  target: Target;
  os: ObjectStoreTarget;
  bucket: ObjectStoreBucket;
}

/** The target's object store and a fresh bucket; skips when the target has no area D. */
export async function open(ctx: TestContext, options?: BucketOptions): Promise<Ctx> {
  const target = await getTarget();
  skipUnless(ctx, target, "object-store");
  const os = target.objectStore!;
  return { target, os, bucket: await os.bucket(options) };
}

/**
 * `open`, with the target's clock (where it has one) moved into the middle of a second: uploads are then
 * not on whole seconds, so a comparison at seconds and one at milliseconds give different answers.
 */
export async function openOffTheSecond(ctx: TestContext, options?: BucketOptions): Promise<Ctx> {
  const c = await open(ctx, options);
  if (c.os.advanceClock) {
    const ms = (await c.os.now()) % 1000;
    if (ms < 100 || ms > 900) await c.os.advanceClock((1500 - ms) % 1000);
  }
  return c;
}

/** A small minimum part size where the target lets tests lower it, else the platform's 5 MiB. */
export function minPart(target: Target): number {
  return target.capabilities.has("min-part-size") ? 64 : 5 * MiB;
}

/** Opens a bucket whose multipart minimum is `minPart(target)`. */
export async function openMultipart(ctx: TestContext): Promise<Ctx & { part: number }> {
  const target = await getTarget();
  const part = minPart(target);
  return { ...(await open(ctx, { minPartSize: part })), part };
}

/**
 * Asserts a storage error of the platform's shape: Error, `"<action>: <message> (<code>)"` (any code
 * when `code` is omitted: for limits whose code the platform does not document).
 */
export async function expectStoreError(
  p: Promise<unknown>,
  action: string,
  code?: number,
  message?: string,
): Promise<void> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, `${action}(): rejects with ${code ?? "a storage error"}, got no error`).toBeDefined();
  const err = e as Error;
  expect(
    err.message,
    `${action}(): the error's message has the platform's shape "${action}: <text> (${code ?? "<code>"})"`,
  ).toMatch(new RegExp(`^${action}: [\\s\\S]+ \\(${code ?? "\\d+"}\\)$`));
  if (message !== undefined) {
    expect(err.message, `${action}(): the error's message for code ${code}`).toBe(`${action}: ${message} (${code})`);
  }
}

/** Asserts a rejection with the given error name and exact message. */
export async function expectRejects(p: Promise<unknown>, name: string, message: string): Promise<void> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, `the call rejects with ${name}: ${message}, got no error`).toBeDefined();
  expect((e as Error).name, `the error's name (expected ${name}: ${message})`).toBe(name);
  expect((e as Error).message, `the ${name}'s message`).toBe(message);
}

/**
 * Calls `f` and expects a synchronous throw or a rejection: returns the error. `what` names the call and the
 * error it must give, for the failure when there is none.
 */
export async function caught(f: () => unknown, what: string): Promise<Error> {
  try {
    await f();
  } catch (e) {
    return e as Error;
  }
  throw new Error(`${what}: expected an error, got none`);
}

export function bytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export function toHex(buf: ArrayBuffer | undefined): string | undefined {
  return buf === undefined ? undefined : Buffer.from(new Uint8Array(buf)).toString("hex");
}

export function md5Hex(...chunks: Uint8Array[]): string {
  return hashHex("md5", ...chunks);
}

export function hashHex(algorithm: string, ...chunks: Uint8Array[]): string {
  const h = createHash(algorithm);
  for (const c of chunks) h.update(c);
  return h.digest("hex");
}

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

export async function readAll(stream: unknown): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const reader = (stream as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** Puts every key (value from `value(key)`), at most `concurrency` at a time. */
export async function putMany(
  bucket: ObjectStoreBucket,
  keys: readonly string[],
  value: (key: string) => string = () => "",
  options: (key: string) => Parameters<ObjectStoreBucket["put"]>[2] = () => undefined,
  concurrency = 8,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const k = keys[next++]!;
      await bucket.put(k, value(k), options(k));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
