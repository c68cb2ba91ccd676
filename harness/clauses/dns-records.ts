/** Area B (dns-records): the catalogue of its clauses. Ids are `B.<family>.<rule>`. */
import type { Clause } from "./types.ts";

export const dnsRecordsClauses = [
  // { id: "B.family.rule", area: "dns-records", text: "...", source: "spec" },
] as const satisfies readonly Clause[];
