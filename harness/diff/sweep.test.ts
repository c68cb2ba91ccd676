/**
 * The fixture sweep (npm run docs:diff): docs/diff.md's table is the sweep's, for every fixture there
 * is (at least six per area), and the sweep of a fixture gives the row the table shows. The full sweep,
 * 200 runs per fixture, is `npm run docs:diff -- --check` (too slow for npm test).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { BROKEN_RULES, brokenNames } from "./broken.ts";
import { SWEEP_BEGIN, SWEEP_END, sweepFixture } from "./sweep.ts";
import { DIFF_AREAS } from "./types.ts";

const doc = readFileSync(path.join(PROJECT_ROOT, "docs", "diff.md"), "utf8");
const table = doc.slice(doc.indexOf(SWEEP_BEGIN), doc.indexOf(SWEEP_END));
const rowOf = (name: string) => table.split("\n").find((l) => l.startsWith(`| \`broken:${name}\``));

test("at least six broken fixtures per area, each in docs/diff.md's table as found within 200 runs", () => {
  for (const area of DIFF_AREAS) {
    const names = brokenNames().filter((n) => BROKEN_RULES[n]!.area === area);
    expect(names.length, `${area}: broken fixtures`).toBeGreaterThanOrEqual(6);
  }
  expect(table, "the table's summary").toContain(`Found ${brokenNames().length} of ${brokenNames().length} fixtures`);
  for (const name of brokenNames()) {
    const row = rowOf(name);
    expect(row, `docs/diff.md has a row for broken:${name}`).toBeDefined();
    const run = Number(row!.split("|")[3]);
    expect(run, `broken:${name}: found in a run from 1 to 200`).toBeGreaterThanOrEqual(1);
    expect(run).toBeLessThanOrEqual(200);
  }
});

test("the sweep of a fixture gives the row docs/diff.md shows", async () => {
  const name = "object-store-custom-metadata-case";
  const row = await sweepFixture(name);
  const cells = rowOf(name)!
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
  expect(String(row.foundAtRun), `broken:${name}: the run that found it`).toBe(cells[3]);
  expect(String(row.steps), `broken:${name}: the minimal sequence's length`).toBe(cells[4]);
});
