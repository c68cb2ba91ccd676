/**
 * Area A routes: decode -> model -> encode for /accounts/:account_id/magic/advanced_dns_protection/...
 * STUB — owned by the HTTP work. The HTTP transport (sim/http) mounts `createDnsProtectionModule`.
 */
import type { SimCore } from "../core/context.ts";
import type { HttpAreaModule } from "../http/types.ts";

export function createDnsProtectionModule(_core: SimCore): HttpAreaModule {
  return { routes: [], state: { snapshot: () => ({}), restore: () => {}, reset: () => {} } };
}
