// The fixture sweep of `edgeconf diff` (harness/diff/sweep.ts): every broken fixture, 200 runs, --seed 1.
//   npm run docs:diff            prints the table and writes it into docs/diff.md
//   npm run docs:diff -- --check prints it and exits 1 if a fixture is not found or docs/diff.md differs
//   npm run docs:diff -- NAME..  only these fixtures (printed, docs untouched)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sweep, sweepTable, withSweepTable } from "../harness/diff/sweep.ts";
import { PROJECT_ROOT } from "../harness/expectations.ts";

const args = process.argv.slice(2);
const check = args.includes("--check");
const names = args.filter((a) => !a.startsWith("--"));
const rows = await sweep(names.length > 0 ? names : undefined, (r) =>
  process.stdout.write(
    `${r.fixture}: ${r.foundAtRun === undefined ? "NOT FOUND" : `run ${r.foundAtRun}, ${r.steps} steps: ${r.fingerprint}`}\n`,
  ),
);
const table = sweepTable(rows);
const missed = rows.filter((r) => r.foundAtRun === undefined).length;
if (names.length === 0) {
  const file = path.join(PROJECT_ROOT, "docs", "diff.md");
  const doc = readFileSync(file, "utf8");
  const next = withSweepTable(doc, table);
  // Compared as biome formats it (column padding aside).
  const loose = (t: string) => t.replace(/[ \t]+/g, " ").replace(/-{3,}/g, "---");
  if (check) {
    const differs = loose(next) !== loose(doc);
    if (differs) process.stdout.write("docs/diff.md's table differs from this sweep: npm run docs:diff\n");
    process.exitCode = differs || missed > 0 ? 1 : 0;
  } else {
    writeFileSync(file, next);
    execFileSync(path.join(PROJECT_ROOT, "node_modules", ".bin", "biome"), ["format", "--write", file], {
      stdio: "ignore",
    });
    process.stdout.write(`docs/diff.md: ${rows.length - missed} of ${rows.length} fixtures found\n`);
  }
}
if (missed > 0) process.exitCode = 1;
