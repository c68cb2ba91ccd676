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
    reporters: ["default"],
  },
});
