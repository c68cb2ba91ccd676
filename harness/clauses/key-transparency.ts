/** Area C (key-transparency): the catalogue of its clauses. Ids are `C.<family>.<rule>`. */
import type { Clause } from "./types.ts";

export const keyTransparencyClauses = [
  // { id: "C.family.rule", area: "key-transparency", text: "...", source: "spec" },
] as const satisfies readonly Clause[];
