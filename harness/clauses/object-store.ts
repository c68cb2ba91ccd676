/** Area D (object-store): the catalogue of its clauses. Ids are `D.<family>.<rule>`. */
import type { Clause } from "./types.ts";

export const objectStoreClauses = [
  // { id: "D.family.rule", area: "object-store", text: "...", source: "spec" },
] as const satisfies readonly Clause[];
