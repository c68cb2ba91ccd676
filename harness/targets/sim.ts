/** The `sim` target: the in-process simulator, every area, every capability. */
import { createSimulator } from "../../sim/index.ts";
import { createSimApiTarget } from "./api.ts";
import { createSimKtTarget } from "./kt.ts";
import { createSimObjectStoreTarget } from "./object-store.ts";
import type { Target } from "./types.ts";

export function createSimTarget(seed = Number(process.env.EDGECONF_SEED ?? 0)): Target {
  const sim = createSimulator({ seed });
  return {
    name: "sim",
    capabilities: new Set([
      "object-store",
      "api",
      "kt",
      "clock",
      "min-part-size",
      "compat-date",
      "kt-identities",
      "tenants",
    ]),
    objectStore: createSimObjectStoreTarget(sim),
    api: createSimApiTarget(sim),
    kt: createSimKtTarget(sim),
    close: async () => {},
  };
}
