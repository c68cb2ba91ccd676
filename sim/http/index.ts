/**
 * Areas A and B entry: the v4 management API as a fetch handler (Request -> Response) and as a raw
 * handler (method, URL, headers, body bytes -> status + JSON text; see raw.ts) sharing one path.
 *
 * Mounts area A (sim/dns-protection) and area B (sim/dns-records) on one router, with two tenants
 * (the primary `core.credentials` and a second one derived from the seed) for isolation tests.
 *
 * Gaps / by design: only the routes the areas declare; everything else is 400/7003 as on the
 * platform. State is the areas' own; the transport keeps none.
 */
import type { Snapshottable } from "../core/area.ts";
import type { SimCore } from "../core/context.ts";
import { onlyKeys, record } from "../core/snapshot-check.ts";
import { createDnsProtectionModule } from "../dns-protection/routes.ts";
import { createDnsRecordsModule } from "../dns-records/routes.ts";
import { type ApiAnswer, createHandler, createRawHandler } from "./handler.ts";
import type { RawRequest } from "./raw.ts";
import { createRouter } from "./router.ts";
import { tenantsOf, zoneDirectory } from "./tenants.ts";
import type { Tenant, ZoneDirectory } from "./types.ts";

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

export function createApiArea(core: SimCore): ApiArea {
  const tenants = tenantsOf(core);
  const zones = zoneDirectory(tenants);
  const protection = createDnsProtectionModule(core, {
    accountKnown: (id) => tenants.some((t) => t.account_id === id),
  });
  const records = createDnsRecordsModule(core, zones);
  const router = createRouter([...protection.routes, ...records.routes]);
  const options = { core, router, tenants };
  const handle = createHandler(options);
  const answerRaw = createRawHandler(options);
  return {
    handle,
    handleRaw: (request, url) => Promise.resolve(answerRaw(request, url)),
    answerRaw,
    tenants,
    zones,
    snapshot: () => ({ dnsProtection: protection.state.snapshot(), dnsRecords: records.state.snapshot() }),
    check: (state, path, now) => {
      const s = record(state, path);
      onlyKeys(s, path, ["dnsProtection", "dnsRecords"], "the API area");
      protection.state.check(s.dnsProtection, `${path}.dnsProtection`, now);
      records.state.check(s.dnsRecords, `${path}.dnsRecords`, now);
    },
    restore: (state) => {
      const s = record(state, "api");
      // Both checked before either changes.
      protection.state.check(s.dnsProtection, "api.dnsProtection");
      records.state.check(s.dnsRecords, "api.dnsRecords");
      protection.state.restore(s.dnsProtection);
      records.state.restore(s.dnsRecords);
    },
    reset: () => {
      protection.state.reset();
      records.state.reset();
    },
  };
}
