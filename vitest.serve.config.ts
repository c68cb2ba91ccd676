/**
 * `npm test`'s second pass: the suites of the HTTP areas (A, B and C) and the official SDK's suites
 * against `edgeconf serve` started in-process, over real HTTP and HTTPS with client certificates
 * (target "serve").
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    name: "serve",
    include: [
      "suites/http/**/*.test.ts",
      "suites/dns-protection/**/*.test.ts",
      "suites/dns-records/**/*.test.ts",
      "suites/key-transparency/**/*.test.ts",
      "suites/sdk/**/*.test.ts",
    ],
    env: { EDGECONF_TARGET: "serve" },
    // One set of area-C certificates for the whole pass instead of one per test file.
    globalSetup: ["harness/targets/serve-certs.ts"],
  },
});
