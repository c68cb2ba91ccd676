/**
 * Deliberately broken buckets the consistency check must catch: the simulator's bucket wrapped so that
 * exactly one promise of strong consistency is broken, the way real caches and replicas break it. Each
 * answers every single call plausibly; only overlapping calls show the fault.
 *
 * - stale-read-cache: get and head are served from a read cache that writes do not invalidate (an
 *   entry lives for a few hits).
 * - two-step-conditional-put: a conditional put reads the object (head), decides, then writes
 *   unconditionally: two puts can both pass the check (a lost update).
 * - lagging-list: list answers from the previous listing of the same prefix, refreshed every other call.
 * - delete-head-first: a delete removes the object, but get keeps serving a copy for a few reads after
 *   (head already says it is gone).
 */
import type { ObjectStoreBucket } from "../targets/object-store.ts";

type AnyFn = (...args: unknown[]) => Promise<unknown>;

interface Copy {
  key: string;
  etag: string;
  size: number;
  body: string;
  version: string;
  uploaded: Date;
}

/** What a cached or ghost read hands out: the fields a caller reads of an R2ObjectBody. */
function bodyOf(c: Copy): unknown {
  const bytes = new TextEncoder().encode(c.body);
  return {
    key: c.key,
    etag: c.etag,
    httpEtag: `"${c.etag}"`,
    size: c.size,
    version: c.version,
    uploaded: c.uploaded,
    customMetadata: {},
    httpMetadata: {},
    text: async () => c.body,
    arrayBuffer: async () => bytes.slice().buffer,
  };
}

async function copyOf(bucket: ObjectStoreBucket, key: string): Promise<Copy | null> {
  const o = await bucket.get(key);
  if (o === null || !("text" in o)) return null;
  return { key, etag: o.etag, size: o.size, version: o.version, uploaded: o.uploaded, body: await o.text() };
}

function wrap(bucket: ObjectStoreBucket, overrides: Record<string, AnyFn>): ObjectStoreBucket {
  return new Proxy(bucket, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && prop in overrides) return overrides[prop];
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const isPlainKeyCall = (options: unknown) => options === undefined || Object.keys(options as object).length === 0;

export const CONSISTENCY_FIXTURES: Record<string, { what: string; wrap(b: ObjectStoreBucket): ObjectStoreBucket }> = {
  "stale-read-cache": {
    what: "get and head answer from a read cache that writes do not invalidate",
    wrap(b) {
      const cache = new Map<string, { copy: Copy | null; hits: number }>();
      const read = async (key: string): Promise<Copy | null> => {
        const hit = cache.get(key);
        if (hit && hit.hits < 4) {
          hit.hits += 1;
          return hit.copy;
        }
        const copy = await copyOf(b, key);
        cache.set(key, { copy, hits: 0 });
        return copy;
      };
      return wrap(b, {
        get: async (key, options) => {
          if (!isPlainKeyCall(options)) return (b.get as unknown as AnyFn)(key, options);
          const c = await read(key as string);
          return c && bodyOf(c);
        },
        head: async (key) => {
          const c = await read(key as string);
          return c && { ...(bodyOf(c) as object), text: undefined, arrayBuffer: undefined };
        },
      });
    },
  },
  "two-step-conditional-put": {
    what: "a conditional put checks the object (head), then writes unconditionally",
    wrap(b) {
      return wrap(b, {
        put: async (key, value, options) => {
          const o = (options ?? {}) as { onlyIf?: { etagMatches?: string; etagDoesNotMatch?: string } };
          if (!o.onlyIf) return (b.put as unknown as AnyFn)(key, value, options);
          const now = await b.head(key as string);
          const { etagMatches, etagDoesNotMatch } = o.onlyIf;
          const passes =
            (etagMatches === undefined || (now !== null && (etagMatches === "*" || etagMatches === now.etag))) &&
            (etagDoesNotMatch === undefined ||
              now === null ||
              (etagDoesNotMatch !== "*" && etagDoesNotMatch !== now.etag));
          if (!passes) return null;
          const { onlyIf: _, ...rest } = o;
          return (b.put as unknown as AnyFn)(key, value, rest);
        },
      });
    },
  },
  "lagging-list": {
    what: "list answers from the previous listing of its prefix, refreshed every other call",
    wrap(b) {
      const last = new Map<string, { page: unknown; uses: number }>();
      return wrap(b, {
        list: async (options) => {
          const id = JSON.stringify(options ?? {});
          const seen = last.get(id);
          if (seen && seen.uses < 1) {
            seen.uses += 1;
            return seen.page;
          }
          const page = await (b.list as unknown as AnyFn)(options);
          last.set(id, { page, uses: 0 });
          return page;
        },
      });
    },
  },
  "delete-head-first": {
    what: "after a delete, head says the key is gone but get serves a copy for a few more reads",
    wrap(b) {
      const ghosts = new Map<string, { copy: Copy; reads: number }>();
      return wrap(b, {
        delete: async (keys) => {
          const list = Array.isArray(keys) ? (keys as string[]) : [keys as string];
          for (const k of list) {
            const copy = await copyOf(b, k);
            if (copy) ghosts.set(k, { copy, reads: 0 });
          }
          return (b.delete as unknown as AnyFn)(keys);
        },
        put: async (...args) => {
          ghosts.delete(args[0] as string);
          return (b.put as unknown as AnyFn)(...args);
        },
        get: async (key, options) => {
          const real = await (b.get as unknown as AnyFn)(key, options);
          const ghost = ghosts.get(key as string);
          if (real !== null || !ghost || !isPlainKeyCall(options)) return real;
          ghost.reads += 1;
          if (ghost.reads > 3) ghosts.delete(key as string);
          return bodyOf(ghost.copy);
        },
      });
    },
  },
};
