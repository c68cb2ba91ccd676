import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "sim/**/*.test.ts",
      "harness/**/*.test.ts",
      "suites/**/*.test.ts",
      "properties/**/*.test.ts",
      "bin/**/*.test.ts",
      "adapters/**/*.test.ts",
      "examples/**/*.test.ts",
    ],
    setupFiles: ["harness/targets/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest runs one fork on a 2-core machine by default (cores - 1); the end-to-end files mostly wait on
    // child processes, so one fork per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ["default"],
  },
});
