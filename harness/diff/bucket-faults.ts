/**
 * Faults of a bucket binding, each the kind of bug a real reimplementation of the binding has, as a
 * wrapper around any bucket (area D): the `broken:object-store-*` fixtures apply one each
 * (broken.ts), fixtures/modules/many-departures-bucket.ts applies them all at once. They exist to
 * prove that `edgeconf diff` finds such departures, and finds every one of them in one run.
 *
 * Gaps / by design: a wrapper rewrites arguments and answers around a correct bucket, so a fault is
 * exactly the one named and everything else is the wrapped bucket's.
 */
import type { ObjectStoreBucket } from "../targets/object-store.ts";

type Bucket = ObjectStoreBucket;
// biome-ignore lint/suspicious/noExplicitAny: a wrapped binding method takes and returns what the binding does
type AnyFn = (...args: any[]) => any;

export interface BucketFault {
  what: string;
  /** The wrapped methods (the others are the bucket's, bound to it). */
  methods(bucket: Bucket): Record<string, AnyFn>;
}

/**
 * A view of a StoreObject with some fields replaced, the rest read through from the object (methods
 * bound to it). A plain object, not a Proxy: the object's own fields are read-only, which a Proxy must
 * answer truly.
 */
function withFields(o: object, fields: Record<string, unknown>): object {
  const names = new Set<string>();
  for (let p: object | null = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) if (k !== "constructor") names.add(k);
  }
  const view = {};
  for (const k of names) {
    Object.defineProperty(view, k, {
      enumerable: true,
      get() {
        if (Object.hasOwn(fields, k)) return fields[k];
        const v = (o as Record<string, unknown>)[k];
        return typeof v === "function" ? v.bind(o) : v;
      },
    });
  }
  return view;
}

const rangeOf = (options: unknown): Record<string, unknown> | undefined => {
  const r = (options as { range?: unknown } | undefined)?.range;
  return r && typeof r === "object" && !(r instanceof Headers) && !(Symbol.iterator in r)
    ? (r as Record<string, unknown>)
    : undefined;
};

export const BUCKET_FAULTS = {
  "list-limit": {
    what: "list limits above 1000 are clamped to 1000 instead of refused",
    methods: (b) => ({
      list: (o?: { limit?: unknown }) =>
        b.list(o && typeof o.limit === "number" && o.limit > 1000 ? { ...o, limit: 1000 } : (o as never)),
    }),
  },
  "start-after-past-end": {
    what: "a startAfter after the last key lists from the first key (a seek that found nothing starts over)",
    methods: (b) => ({
      async list(o?: { startAfter?: unknown }) {
        const l = await b.list(o as never);
        if (o && typeof o.startAfter === "string" && l.objects.length === 0 && l.delimitedPrefixes.length === 0) {
          const { startAfter: _, ...rest } = o;
          return b.list(rest as never);
        }
        return l;
      },
    }),
  },
  "suffix-off-by-one": {
    what: "a suffix range returns one byte more than asked (off by one)",
    methods: (b) => ({
      async get(key: string, options?: Record<string, unknown>) {
        const r = rangeOf(options);
        const onlySuffix = r && Object.keys(r).length === 1 && typeof r.suffix === "number" && r.suffix >= 1;
        if (!r || !onlySuffix) return b.get(key, options as never);
        const o = await b.get(key, { ...options, range: { suffix: (r.suffix as number) + 1 } } as never);
        return o && "body" in o ? withFields(o, { range: { suffix: r.suffix } }) : o;
      },
    }),
  },
  "precondition-null": {
    what: "get with a failed onlyIf answers null instead of the object without its body",
    methods: (b) => ({
      async get(key: string, options?: unknown) {
        const o = await b.get(key, options as never);
        return o && !("body" in o) ? null : o;
      },
    }),
  },
  "custom-metadata-case": {
    what: "customMetadata keys are stored lower-cased (kept as if they were HTTP headers)",
    methods: (b) => ({
      put(key: string, value: unknown, options?: { customMetadata?: unknown }) {
        const cm = options?.customMetadata;
        if (!cm || typeof cm !== "object") return b.put(key, value as never, options as never);
        const lower = Object.fromEntries(Object.entries(cm).map(([k, v]) => [k.toLowerCase(), v]));
        return b.put(key, value as never, { ...options, customMetadata: lower } as never);
      },
    }),
  },
  "md5-unchecked": {
    what: "a put's md5 is not checked: a wrong one is accepted (and not recorded)",
    methods: (b) => ({
      async put(key: string, value: unknown, options?: { md5?: unknown }) {
        if (options?.md5 === undefined) return b.put(key, value as never, options as never);
        try {
          return await b.put(key, value as never, options as never);
        } catch {
          const { md5: _, ...rest } = options;
          return b.put(key, value as never, rest as never);
        }
      },
    }),
  },
  "range-size": {
    what: "a ranged get answers the range's length as the object's size (a field from the wrong place)",
    methods: (b) => ({
      async get(key: string, options?: unknown) {
        const o = await b.get(key, options as never);
        if (!o || !("body" in o) || !o.range) return o;
        const r = o.range as { offset?: number; length?: number; suffix?: number };
        const length = r.length ?? r.suffix ?? o.size - (r.offset ?? 0);
        return withFields(o, { size: Math.max(0, Math.min(length, o.size)) });
      },
    }),
  },
  "delete-first-only": {
    what: "delete() of several keys deletes only the first",
    methods: (b) => ({
      delete: (keys: string | string[]) => b.delete(Array.isArray(keys) ? keys.slice(0, 1) : keys),
    }),
  },
  "prefix-case": {
    what: "list's prefix matches case-insensitively",
    methods: (b) => ({
      async list(o?: { prefix?: unknown; limit?: unknown }) {
        const exact = await b.list(o as never);
        if (!o || typeof o.prefix !== "string" || o.prefix.toLowerCase() === o.prefix.toUpperCase()) return exact;
        // The same listing under every case of the prefix: the keys the lower-cased prefix or the given one matches.
        const lower = await b.list({ ...o, prefix: o.prefix.toLowerCase() } as never);
        const upper = await b.list({ ...o, prefix: o.prefix.toUpperCase() } as never);
        const keys = new Set<string>();
        const objects = [...exact.objects, ...lower.objects, ...upper.objects]
          .filter((x) => !keys.has(x.key) && keys.add(x.key))
          .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
        const prefixes = [
          ...new Set([...exact.delimitedPrefixes, ...lower.delimitedPrefixes, ...upper.delimitedPrefixes]),
        ].sort();
        return { ...exact, objects, delimitedPrefixes: prefixes };
      },
    }),
  },
} satisfies Record<string, BucketFault>;

export type BucketFaultName = keyof typeof BUCKET_FAULTS;

/** A bucket with these faults (applied in order: the last one wraps the others). */
export function faultyBucket(bucket: Bucket, faults: readonly BucketFaultName[]): Bucket {
  let b = bucket;
  for (const name of faults) {
    const inner = b;
    const methods: Record<string, AnyFn> = BUCKET_FAULTS[name].methods(inner);
    b = new Proxy(inner, {
      get(target, prop, receiver) {
        if (typeof prop === "string" && Object.hasOwn(methods, prop)) return methods[prop];
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  }
  return b;
}
