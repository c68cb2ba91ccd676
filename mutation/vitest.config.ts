/**
 * The vitest configuration of the mutation run (mutation/run.ts): the conformance suites and properties of one
 * area (EDGECONF_MUTATE_AREA) against the `sim` target, and nothing else: never the simulator's own unit tests,
 * which are not shipped to the people whose implementations the suites must judge.
 *
 * EDGECONF_MUTATE_WITH (comma-separated areas) adds other areas' suites and properties: for the shared code
 * (sim/http, sim/core) that several areas' suites reach, e.g. `EDGECONF_MUTATE_WITH=dns-records npm run mutate
 * -- --area a --mutate sim/http/auth.ts`. Unset (the default), only the area's own.
 */
import { defineConfig } from "vitest/config";
import { mutationTestFiles } from "./areas.ts";

const area = process.env.EDGECONF_MUTATE_AREA ?? "";
const withAreas = (process.env.EDGECONF_MUTATE_WITH ?? "").split(",").filter((a) => a !== "" && a !== area);
const include = [...new Set([area, ...withAreas].flatMap(mutationTestFiles))];

export default defineConfig({
  test: {
    include,
    // static-setup.ts builds the target before the first test: code run at load or build time is then
    // counted by Stryker as static and run against every test (static-setup.ts says why).
    setupFiles: ["harness/targets/setup.ts", "mutation/static-setup.ts"],
    env: { EDGECONF_TARGET: "sim", EDGECONF_SEED: process.env.EDGECONF_SEED ?? "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
