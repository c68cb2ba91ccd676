/** Area A (dns-protection): the catalogue of its clauses. Ids are `A.<family>.<rule>`. */
import type { Clause } from "./types.ts";

export const dnsProtectionClauses = [
  // { id: "A.family.rule", area: "dns-protection", text: "...", source: "spec" },
] as const satisfies readonly Clause[];
