/**
 * The suites of the HTTP areas (A, B and C) and the official SDK's suites against `edgeconf serve` started
 * in-process, over real HTTP and HTTPS with client certificates (target "serve"). `npm test` runs them with the rest (vitest.all.config.ts).
 */
import { defineConfig } from "vitest/config";
import { runOptions, serveProject } from "./vitest.shared.ts";

export default defineConfig({ test: { ...runOptions, ...serveProject.test } });
