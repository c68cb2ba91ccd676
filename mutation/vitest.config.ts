/**
 * The vitest configuration of the mutation run (mutation/run.ts): the conformance suites and properties of one
 * area (EDGECONF_MUTATE_AREA) against the `sim` target, and nothing else: never the simulator's own unit tests,
 * which are not shipped to the people whose implementations the suites must judge.
 */
import { defineConfig } from "vitest/config";
import { mutationTestFiles } from "./areas.ts";

const area = process.env.EDGECONF_MUTATE_AREA ?? "";

export default defineConfig({
  test: {
    include: mutationTestFiles(area),
    setupFiles: ["harness/targets/setup.ts"],
    env: { EDGECONF_TARGET: "sim", EDGECONF_SEED: process.env.EDGECONF_SEED ?? "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
