/**
 * Applying fault decisions: the object store's call gate (area D) and answering HTTP requests (A, B, C).
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
import type { CallGate } from "../object-store/gate.ts";
import type { FaultDecision, FaultError, FaultTable } from "./faults.ts";

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

export interface FaultWrapContext {
  faults: FaultTable;
  sleep: Sleep;
}

async function applyDecision(decision: FaultDecision, ctx: FaultWrapContext, action: string): Promise<void> {
  if (decision.latencyMs > 0) await ctx.sleep(decision.latencyMs);
  if (decision.error) throw storageError(action, decision.error);
}

/**
 * The object store's call gate (sim/object-store/gate.ts) for a fault table: undefined (the call
 * runs at once) unless a rule fires, else a promise that waits the latency and rejects with the error.
 */
export function faultGate(ctx: FaultWrapContext): CallGate {
  return (operation, bucket) => {
    if (ctx.faults.size === 0) return undefined;
    const decision = ctx.faults.decide(`object-store.${operation}`, { bucket });
    return decision ? applyDecision(decision, ctx, operation) : undefined;
  };
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
