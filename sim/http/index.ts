/**
 * The v4 management API's transport as one area: a fetch handler (Request -> Response) and a raw
 * handler (method, URL, headers, body bytes -> status + JSON text; see raw.ts) sharing one path, over
 * the HTTP area modules it is given (areas A and B, composed by sim/index.ts), on one router, with
 * the tenants they serve (the primary `core.credentials` and a second one derived from the seed).
 *
 * Gaps / by design: only the routes the modules declare; everything else is 400/7003 as on the
 * platform. State is the modules' own; the transport keeps none and knows no area by name.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { onlyKeys, record } from "../core/snapshot-check.ts";
import { type ApiAnswer, createHandler, createRawHandler } from "./handler.ts";
import type { RawRequest } from "./raw.ts";
import { createRouter } from "./router.ts";
import type { HttpAreaModule, Tenant, ZoneDirectory } from "./types.ts";

export { API_PREFIX, type ApiAnswer, JSON_CONTENT_TYPE } from "./handler.ts";
export * from "./raw.ts";
export type * from "./types.ts";

export interface ApiArea extends Snapshottable {
  /** Serves a request whose path starts with `/client/v4`. Never throws, never answers 5xx. */
  handle(request: Request): Promise<Response>;
  /**
   * The same over a raw request (no web Request or Response): status and the envelope's JSON text,
   * whose content type is always JSON_CONTENT_TYPE. `url` may be passed already parsed.
   */
  handleRaw(request: RawRequest, url?: URL): Promise<ApiAnswer>;
  /**
   * `handleRaw` without the promise when the answer is ready at once (what `edgeconf serve` calls).
   * `target` is the parsed URL, or its pathname when the URL is known to parse (see handler.ts).
   */
  answerRaw(request: RawRequest, target?: URL | string): ApiAnswer | Promise<ApiAnswer>;
  /** The tenants: `[primary (= core.credentials), second]`. */
  readonly tenants: readonly Tenant[];
  /** Zones of the tenants (what area B sees). */
  readonly zones: ZoneDirectory;
}

export interface ApiAreaParts {
  /** The tenants: `[primary (= core.credentials), second]` (tenants.ts). */
  tenants: readonly Tenant[];
  /** Their zones (tenants.ts). */
  zones: ZoneDirectory;
  /** The HTTP area modules, by the name their state has in a snapshot (`{dnsProtection, dnsRecords}`). */
  modules: Readonly<Record<string, HttpAreaModule>>;
}

export function createApiArea(core: SimCore, parts: ApiAreaParts): ApiArea {
  const { tenants, zones } = parts;
  const modules = Object.entries(parts.modules);
  const names = modules.map(([name]) => name);
  const router = createRouter(modules.flatMap(([, m]) => m.routes));
  const options = { core, router, tenants };
  const handle = createHandler(options);
  const answerRaw = createRawHandler(options);
  return {
    handle,
    handleRaw: (request, url) => Promise.resolve(answerRaw(request, url)),
    answerRaw,
    tenants,
    zones,
    snapshot: () => Object.fromEntries(modules.map(([name, m]) => [name, m.state.snapshot()])),
    check: (state, path, now) => {
      const s = record(state, path);
      onlyKeys(s, path, names, "the API area");
      for (const [name, m] of modules) m.state.check(s[name], `${path}.${name}`, now);
    },
    restore: (state) => {
      const s = record(state, "api");
      // Every module's part checked before any changes.
      for (const [name, m] of modules) m.state.check(s[name], `api.${name}`);
      for (const [name, m] of modules) m.state.restore(s[name]);
    },
    reset: () => {
      for (const [, m] of modules) m.state.reset();
    },
  };
}
