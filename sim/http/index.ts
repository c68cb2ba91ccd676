/**
 * Areas A and B entry: the v4 management API as a fetch handler (Request -> Response).
 *
 * Gaps / by design: STUB — to be replaced by the HTTP transport.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";

export interface ApiArea extends Snapshottable {
  /** Serves a request whose path starts with `/client/v4`. Never throws, never answers 5xx. */
  handle(request: Request): Promise<Response>;
}

export function createApiArea(_core: SimCore): ApiArea {
  const notYet = () =>
    Response.json(
      { success: false, errors: [{ code: 7000, message: "No route for that URI" }], messages: [], result: null },
      { status: 400 },
    );
  return { handle: async () => notYet(), snapshot: () => ({}), restore: () => {}, reset: () => {} };
}
