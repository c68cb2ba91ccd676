#!/usr/bin/env node
// The edgeconf command: runs the TypeScript CLI through tsx (no build step needed).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../harness/cli.ts");
process.exitCode = await main(process.argv.slice(2));
