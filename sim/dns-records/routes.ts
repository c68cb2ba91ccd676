/**
 * Area B routes: decode -> model -> encode for /zones/:zone_id/dns_records...
 * STUB — owned by the DNS records work. The HTTP transport (sim/http) mounts `createDnsRecordsModule`.
 */
import type { SimCore } from "../core/context.ts";
import type { HttpAreaModule, ZoneDirectory } from "../http/types.ts";

export function createDnsRecordsModule(_core: SimCore, _zones: ZoneDirectory): HttpAreaModule {
  return { routes: [], state: { snapshot: () => ({}), restore: () => {}, reset: () => {} } };
}
