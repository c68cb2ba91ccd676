/**
 * The call gate: one hook the control surface sets to delay or fail binding calls (fault injection).
 * Every storage call of a bucket or an upload handle asks the gate first; with no gate, or when the
 * gate answers undefined, the call runs at once (no extra await).
 *
 * Gaps / by design: the gate sees only the operation and the bucket's name, not the arguments.
 * resumeMultipartUpload is synchronous and takes no gate (the handle's calls do).
 */
import type { StoreAction } from "./errors.ts";

/** Every storage call of the binding is gated: the same names as the actions of its errors. */
export type GatedOperation = StoreAction;

/** Answers a promise to wait on (it rejects to fail the call), or undefined to let the call run. */
export type CallGate = (operation: GatedOperation, bucket: string) => Promise<void> | undefined;

/** Shared by an area's buckets and handles, so that setting the gate reaches bindings already handed out. */
export interface GateHolder {
  gate: CallGate | undefined;
}

/** The gate's answer for one call (undefined: run now). */
export function passGate(holder: GateHolder, operation: GatedOperation, bucket: string): Promise<void> | undefined {
  const gate = holder.gate;
  return gate === undefined ? undefined : gate(operation, bucket);
}
