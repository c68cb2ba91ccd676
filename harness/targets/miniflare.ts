/**
 * The `miniflare` target: R2 buckets of the platform's own local simulator (area D only).
 *
 * One Miniflare instance per test worker (created with the target), holding a pool of buckets;
 * `bucket()` hands out the next one, emptied first. Miniflare's clock is the wall clock and its
 * minimum part size and compatibility date are fixed per instance, so the target offers only the
 * "object-store" capability. Its results are proxies across a process boundary: suites assert on
 * values, never on `instanceof`. Headers must be Miniflare's own class to cross that boundary.
 *
 * Gaps / by design: Miniflare cannot make a stream of known length from Node, so tests of stream
 * values skip here, and its proxy cannot send an own key `__proto__`, arguments of an unusual make
 * (Proxies, detached or shared buffers, Date subclasses, foreign Headers) or a locked stream, nor
 * reliably carry the binding's refusal of a stream it did not read (those tests skip too, each
 * with the reason);
 * in-progress multipart uploads of an earlier test survive in a reused bucket (they are invisible
 * to head, get and list, so no test can see them).
 */
import type { ObjectStoreBucket, ObjectStoreTarget } from "./object-store.ts";
import { areaDOnly } from "./object-store.ts";
import type { Target } from "./types.ts";

const POOL = 32;
export const MINIFLARE_COMPATIBILITY_DATE = "2024-09-23";

export async function createMiniflareTarget(): Promise<Target> {
  const { Miniflare, Headers: MiniflareHeaders } = await import("miniflare");
  const names = Array.from({ length: POOL }, (_, i) => `BUCKET_${i}`);
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response('edgeconf'); } };",
    compatibilityDate: MINIFLARE_COMPATIBILITY_DATE,
    r2Buckets: names,
    r2Persist: false,
  });
  await mf.ready;
  const buckets: ObjectStoreBucket[] = [];
  for (const name of names) buckets.push((await mf.getR2Bucket(name)) as unknown as ObjectStoreBucket);
  let next = 0;

  async function empty(b: ObjectStoreBucket): Promise<void> {
    for (;;) {
      const page = await b.list({ limit: 1000 });
      if (page.objects.length === 0) return;
      await b.delete(page.objects.map((o) => o.key));
    }
  }

  const objectStore: ObjectStoreTarget = {
    async bucket() {
      const b = buckets[next % POOL]!;
      next += 1;
      await empty(b);
      return b;
    },
    async now() {
      return Date.now();
    },
    headers: (init) => new MiniflareHeaders(init) as unknown as Headers,
    protoKeyUnsendable: "Miniflare's Node proxy (devalue) refuses an object with a __proto__ key",
    exoticArgumentsUnsendable:
      "Miniflare's Node proxy (devalue) copies arguments in Node before the binding sees them: it refuses a " +
      "SharedArrayBuffer, a Date with own methods or of a subclass and Headers not of its own class, Node throws " +
      "on a detached buffer and on an object that only inherits Blob's prototype, and a Proxy of an array " +
      "arrives as a plain Array",
    refusedStreamUnreliable:
      "Miniflare's Node proxy uploads a stream value as the body of its HTTP call: when the binding refuses the " +
      "call before reading the stream, the upload races the answer and the call sometimes fails with " +
      "'fetch failed' (EPIPE) instead of the binding's error",
    unavailable: {
      knownLengthStream: "Miniflare's Node proxy cannot carry a stream of known length (it reads it first).",
      declaredLengthStream: "Miniflare's Node proxy cannot carry a declared stream length.",
      fixedLengthStream: "Miniflare's FixedLengthStream lives in workerd: the test process cannot write to it.",
      replica: "Miniflare's buckets have no seed to start a second instance from.",
      argumentsAsGiven: "Miniflare's Node proxy (devalue) copies arguments in Node before the binding reads them.",
    },
    lockedStreamUnsendable:
      "Miniflare's Node proxy pipes a stream value into its HTTP call: a locked stream, or a body already read, " +
      "makes that pipe fail unhandled (ERR_INVALID_STATE) and the call never settles",
  };
  return {
    name: "miniflare",
    capabilities: new Set(["object-store"]),
    whyNot: areaDOnly("miniflare"),
    objectStore,
    close: async () => {
      await mf.dispose();
    },
  };
}
