/**
 * Area C entry: the key-transparency auditor's namespaces as a fetch handler.
 *
 * The auditor's Ed25519 key comes from `core.random.fork("key-transparency")` (32 seed bytes), so a
 * seed fixes the key and every signature. Timestamps come from `core.clock`.
 *
 * Gaps / by design: see model.ts (no reports), proofs.ts (log directories served by a hook, no
 * network) and routes.ts (no HEAD/OPTIONS). TLS and certificates live outside the simulator (harness/serve/kt-server.ts):
 * here the caller's identity arrives already verified, as `clientIdentity`.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { KtModel } from "./model.ts";
import type { LogDirectory, ProofState } from "./proofs.ts";
import { handleKtRequest } from "./routes.ts";
import { type AuditorKey, auditorKeyFromSeed } from "./signing.ts";

export interface KtRequestContext {
  /** Identity of the verified client certificate (its subject CN), or undefined when none was shown. */
  clientIdentity?: string;
}

export interface KtArea extends Snapshottable {
  /** Serves a request on the kt service (paths `/info`, `/namespaces...`). Never throws, never answers 5xx. */
  handle(request: Request, context: KtRequestContext): Promise<Response>;
  /** The auditor's signing key (public half printed by GET /info). */
  readonly auditorKey: AuditorKey;
  /** Serves the log directories of namespaces with a log_directory (undefined: every proof is missing). */
  setLogDirectory(hook: LogDirectory | undefined): void;
  /** How the audit proof of a published epoch stands (404 KtError when the epoch is not published). */
  proofState(namespace: string, epoch: bigint | number): ProofState;
}

export interface KtAreaOptions {
  /** Serves the log directories (see proofs.ts). */
  logDirectory?: LogDirectory;
}

export function createKtArea(core: SimCore, options: KtAreaOptions = {}): KtArea {
  const random = core.random.fork("key-transparency");
  const key = auditorKeyFromSeed(random.bytes(32));
  const jobSalt = random.hex(32);
  const keyNotBefore = core.clock.now();
  const model = new KtModel({
    clock: core.clock,
    key,
    jobSalt,
    ...(options.logDirectory ? { logDirectory: options.logDirectory } : {}),
  });
  const now = () => core.clock.now();
  return {
    auditorKey: key,
    setLogDirectory: (hook) => model.setLogDirectory(hook),
    proofState: (namespace, epoch) => model.proofState(namespace, BigInt(epoch)),
    handle: (request, context) => handleKtRequest({ model, keyNotBefore, now }, request, context),
    snapshot: () => model.snapshot(),
    check: (state, path, now) => model.check(state, path, now),
    restore: (state) => model.restore(state),
    reset: () => model.reset(),
  };
}
