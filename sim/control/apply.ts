/**
 * Applying fault decisions: wrapping bucket bindings (area D) and answering HTTP requests (A, B, C).
 *
 * A faulted bucket call waits its latency, then rejects with the platform's storage error shape
 * (`Error("<action>: <message> (<code>)")`, default 10001 "We encountered an internal error. Please
 * try again."); a faulted HTTP request waits, then gets the area's error shape (v4 envelope for A/B,
 * bare `{error}` JSON for C) with the rule's status (default 500).
 *
 * Gaps / by design: latency is real waiting through the `sleep` the simulator was given (a timer; it
 * never touches the fake clock, so timestamps stay deterministic). Synchronous binding methods
 * (resumeMultipartUpload) take no fault themselves; the upload handle they return does.
 */
import type { FaultDecision, FaultError, FaultTable, ObjectStoreOperation } from "./faults.ts";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const DEFAULT_STORAGE_ERROR = { code: 10001, message: "We encountered an internal error. Please try again." };
export const DEFAULT_HTTP_ERROR = { status: 500, code: 10001, message: "Internal server error (injected fault)" };

/** The storage error the platform's binding rejects with. */
export function storageError(action: string, error: FaultError): Error {
  const code = error.code ?? DEFAULT_STORAGE_ERROR.code;
  const message = error.message ?? DEFAULT_STORAGE_ERROR.message;
  return new Error(`${action}: ${message} (${code})`);
}

/** The HTTP answer of a faulted request, in the area's error shape. */
export function httpFaultResponse(error: FaultError, area: "api" | "kt"): Response {
  const status = error.status ?? DEFAULT_HTTP_ERROR.status;
  const message = error.message ?? DEFAULT_HTTP_ERROR.message;
  if (area === "kt") return Response.json({ error: message, code: "injected_fault" }, { status });
  const code = error.code ?? DEFAULT_HTTP_ERROR.code;
  return Response.json({ success: false, errors: [{ code, message }], messages: [], result: null }, { status });
}

const BUCKET_METHODS: Readonly<Record<string, ObjectStoreOperation>> = {
  head: "head",
  get: "get",
  put: "put",
  delete: "delete",
  list: "list",
  createMultipartUpload: "createMultipartUpload",
};

const UPLOAD_METHODS: Readonly<Record<string, ObjectStoreOperation>> = {
  uploadPart: "uploadPart",
  complete: "completeMultipartUpload",
  abort: "abortMultipartUpload",
};

export interface FaultWrapContext {
  faults: FaultTable;
  sleep: Sleep;
}

async function applyDecision(decision: FaultDecision | undefined, ctx: FaultWrapContext, action: string) {
  if (!decision) return;
  if (decision.latencyMs > 0) await ctx.sleep(decision.latencyMs);
  if (decision.error) throw storageError(action, decision.error);
}

function wrapMethods<T extends object>(
  target: T,
  methods: Readonly<Record<string, ObjectStoreOperation>>,
  bucket: string,
  ctx: FaultWrapContext,
  onResult?: (method: string, result: unknown) => unknown,
): T {
  const wrap = (prop: string, value: (...args: unknown[]) => unknown): unknown => {
    const operation = methods[prop];
    if (operation === undefined) {
      if (prop === "resumeMultipartUpload" && onResult) {
        return (...args: unknown[]) => onResult(prop, Reflect.apply(value, target, args));
      }
      return value.bind(target);
    }
    const pass = (result: unknown) => {
      if (!onResult) return result;
      return result instanceof Promise ? result.then((r) => onResult(prop, r)) : onResult(prop, result);
    };
    const faultOperation = `object-store.${operation}` as const;
    const faults = ctx.faults;
    const where = { bucket };
    // Fixed arity (every binding method takes at most three arguments): no rest array per call.
    return (a?: unknown, b?: unknown, c?: unknown) => {
      // No fault: the very call, unchanged (same sync throws, same promise).
      if (faults.size === 0) return onResult ? pass(value.call(target, a, b, c)) : value.call(target, a, b, c);
      const decision = faults.decide(faultOperation, where);
      if (!decision) return pass(value.call(target, a, b, c));
      return (async () => {
        await applyDecision(decision, ctx, operation);
        return pass(await value.call(target, a, b, c));
      })();
    };
  };
  // A plain object over the target (no Proxy: property access stays a plain lookup). Every method of
  // the target's prototype chain becomes an own property, bound to the target (private fields work);
  // accessors forward to the target; anything else is inherited.
  const wrapper = Object.create(target) as T;
  const seen = new Set<string>();
  for (let proto: object | null = target; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const prop of Object.getOwnPropertyNames(proto)) {
      if (prop === "constructor" || seen.has(prop)) continue;
      seen.add(prop);
      const desc = Object.getOwnPropertyDescriptor(proto, prop)!;
      if (typeof desc.value === "function") {
        Object.defineProperty(wrapper, prop, {
          value: wrap(prop, desc.value as (...args: unknown[]) => unknown),
          enumerable: desc.enumerable ?? false,
          configurable: true,
          writable: true,
        });
      } else if (desc.get || desc.set) {
        Object.defineProperty(wrapper, prop, {
          get: () => Reflect.get(target, prop, target),
          set: (v: unknown) => Reflect.set(target, prop, v, target),
          enumerable: desc.enumerable ?? false,
          configurable: true,
        });
      }
    }
  }
  return wrapper;
}

/** Wraps a multipart upload handle so that uploadPart, complete and abort take faults. */
export function wrapUpload<T>(upload: T, bucket: string, ctx: FaultWrapContext): T {
  if (upload === null || typeof upload !== "object") return upload;
  return wrapMethods(upload as T & object, UPLOAD_METHODS, bucket, ctx);
}

/** Wraps a bucket binding so that its storage calls take faults (same object for the same bucket). */
export function wrapBucket<T>(bucket: T, name: string, ctx: FaultWrapContext, cache: WeakMap<object, unknown>): T {
  if (bucket === null || typeof bucket !== "object") return bucket;
  const hit = cache.get(bucket);
  if (hit !== undefined) return hit as T;
  const wrapped = wrapMethods(bucket as T & object, BUCKET_METHODS, name, ctx, (method, result) =>
    method === "createMultipartUpload" || method === "resumeMultipartUpload" ? wrapUpload(result, name, ctx) : result,
  );
  cache.set(bucket, wrapped);
  return wrapped;
}

/** The default sleep: a real timer, cancelled by the signal. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
