/**
 * `npx vitest run [files]`: every suite and property against the simulator (projects in vitest.shared.ts).
 * `npm test` also runs the serve project, in the same run (vitest.all.config.ts).
 */
import { defineConfig } from "vitest/config";
import { runOptions, simulatorProjects } from "./vitest.shared.ts";

export default defineConfig({ test: { ...runOptions, projects: simulatorProjects } });
