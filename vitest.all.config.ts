/**
 * `npm test`: the simulator projects and the serve project in one vitest run (vitest.shared.ts says what
 * each holds).
 */
import { defineConfig } from "vitest/config";
import { runOptions, serveProject, simulatorProjects } from "./vitest.shared.ts";

export default defineConfig({ test: { ...runOptions, projects: [...simulatorProjects, serveProject] } });
