/**
 * Area C entry: the key-transparency auditor's namespaces as a fetch handler.
 *
 * Gaps / by design: STUB — to be replaced by the key-transparency implementation.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";

export interface KtRequestContext {
  /** Identity of the verified client certificate (its subject CN), or undefined when none was shown. */
  clientIdentity?: string;
}

export interface KtArea extends Snapshottable {
  /** Serves a request on the kt service (paths `/info`, `/namespaces...`). Never throws, never answers 5xx. */
  handle(request: Request, context: KtRequestContext): Promise<Response>;
}

export function createKtArea(_core: SimCore): KtArea {
  return {
    handle: async () => Response.json({ error: "not implemented" }, { status: 404 }),
    snapshot: () => ({}),
    restore: () => {},
    reset: () => {},
  };
}
