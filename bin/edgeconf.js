#!/usr/bin/env node
// The edgeconf command: checks the Node.js version first (one line and exit 2 on an older one, before
// anything that needs a newer Node is loaded), then runs the TypeScript CLI through tsx (no build step).
import { nodeVersionProblem } from "./node-check.js";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exitCode = 2;
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import("../harness/cli.ts");
  process.exitCode = await main(process.argv.slice(2));
}
