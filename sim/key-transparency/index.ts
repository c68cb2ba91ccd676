/**
 * Area C entry: the key-transparency auditor's namespaces as a fetch handler.
 *
 * The auditor's Ed25519 key comes from `core.random.fork("key-transparency")` (32 seed bytes), so a
 * seed fixes the key and every signature. Timestamps come from `core.clock`.
 *
 * Gaps / by design: see model.ts (no proof fetching from log_directory, no reports) and routes.ts
 * (no HEAD/OPTIONS). TLS and certificates live outside the simulator (harness/serve/kt-server.ts):
 * here the caller's identity arrives already verified, as `clientIdentity`.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { KtModel } from "./model.ts";
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
}

export function createKtArea(core: SimCore): KtArea {
  const random = core.random.fork("key-transparency");
  const key = auditorKeyFromSeed(random.bytes(32));
  const jobSalt = random.hex(32);
  const keyNotBefore = core.clock.now();
  const model = new KtModel({ clock: core.clock, key, jobSalt });
  return {
    auditorKey: key,
    handle: (request, context) => handleKtRequest({ model, keyNotBefore }, request, context),
    snapshot: () => model.snapshot(),
    restore: (state) => model.restore(state),
    reset: () => model.reset(),
  };
}
