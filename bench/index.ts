/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the command line) in turn.
 * Each bench module exports `run(): Promise<void>` and prints its own figures and ratios.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
for (const f of files) {
  console.log(`\n## ${f}`);
  const mod = (await import(path.join(dir, f))) as { run(): Promise<void> };
  await mod.run();
}
