/**
 * The adapters in one import (for code inside this repository and for `edgeconf serve`):
 * undici dispatcher, wrangler env, snapshot files, seed data. `edgeconf/nock` stays separate
 * because nock is an optional peer dependency (importing it patches node:http).
 */
export * from "./hosts.ts";
export { type PopulateOptions, type PopulateSummary, populate } from "./populate.ts";
export * from "./snapshot-files.ts";
export {
  installSimulatorDispatcher,
  SimulatorDispatcher,
  type SimulatorDispatcherOptions,
  simulatorDispatcher,
} from "./undici.ts";
export * from "./wrangler.ts";
