import * as nodeFs from "node:fs";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseDiffArgs } from "../commands/diff.ts";
import { buildReport } from "../report/build.ts";
import { sampleInput } from "../report/sample.ts";
import { writeReport } from "../report/write.ts";
import { diffCommand } from "./cli.ts";
import { parseDiffExpectations } from "./expectations.ts";

const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-diff-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("edgeconf diff arguments", () => {
  const parse = (argv: string[]) => parseDiffArgs(argv, dir, () => 99);

  test("defaults: target sim, 100 runs, 12 steps, a random seed", () => {
    const p = parse(["--area", "object-store", "--against", "sim"]);
    if (!("options" in p)) throw new Error(JSON.stringify(p));
    expect(p.options).toMatchObject({
      area: "object-store",
      target: "sim",
      against: "sim",
      runs: 100,
      maxSteps: 12,
      seed: 99,
    });
  });

  test("usage errors say what is wrong", () => {
    expect(parse(["--against", "sim"])).toEqual({ error: expect.stringContaining("--area must be one of") });
    expect(parse(["--area", "dns-records"])).toEqual({ error: expect.stringContaining("--against is required") });
    expect(parse(["--area", "dns-records", "--against", "nowhere"])).toEqual({
      error: expect.stringContaining("unknown target"),
    });
    expect(parse(["--area", "dns-records", "--against", "broken:nope"])).toEqual({
      error: expect.stringContaining("no broken fixture"),
    });
    expect(parse(["--area", "dns-records", "--against", "sim", "--runs", "0"])).toEqual({
      error: expect.stringContaining("--runs"),
    });
    expect(parse(["--area", "dns-records", "--against", "sim", "--expectations", "missing.json"])).toEqual({
      error: expect.stringContaining("no such expectations file"),
    });
  });

  test("the shipped workerd expectations file is valid, and every entry has a reason", () => {
    const text = readFileSync(path.join(import.meta.dirname, "../../fixtures/expectations/diff-workerd.json"), "utf8");
    const parsed = parseDiffExpectations(text);
    if (typeof parsed === "string") throw new Error(parsed);
    expect(parsed.length).toBeGreaterThan(0);
    for (const e of parsed) expect(e.reason.length).toBeGreaterThan(20);
    expect(parseDiffExpectations('{"kind":"edgeconf-diff-expectations","divergences":[{"area":"x"}]}')).toMatch(/area/);
  });
});

test("a run with a divergence writes diff.json, diff.md, diff.html and a replay file, and exits 1", async () => {
  const out: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
  const p = parseDiffArgs(
    [
      "--area",
      "object-store",
      "--against",
      "broken:object-store-list-limit",
      "--runs",
      "300",
      "--seed",
      "3",
      "--out",
      "r",
    ],
    dir,
    () => 0,
  );
  if (!("options" in p)) throw new Error(JSON.stringify(p));
  expect(await diffCommand(p.options, io, new Date("2026-01-02T03:04:05.000Z"))).toBe(1);
  const runDir = path.join(dir, "r", "diff-object-store-2026-01-02T03-04-05-000Z");
  for (const f of ["diff.json", "diff.md", "diff.html"]) expect(existsSync(path.join(runDir, f))).toBe(true);
  const replays = readdirSync(path.join(runDir, "replays"));
  expect(replays).toHaveLength(1);
  const report = JSON.parse(readFileSync(path.join(runDir, "diff.json"), "utf8"));
  expect(report.divergence.ops.length).toBeLessThanOrEqual(3);
  expect(report.divergence.ops.at(-1)).toMatchObject({ op: "list", limit: 1001 });
  expect(out.join("")).toContain("DIVERGENCE");
  expect(readFileSync(path.join(runDir, "diff.md"), "utf8")).toContain(
    "| # | operation | sim | broken:object-store-list-limit |",
  );
  expect(readFileSync(path.join(runDir, "diff.html"), "utf8")).toContain('<section class="edgeconf-diff">');

  // A run report written to the same output folder afterwards shows the diff: its section and a link.
  const run = buildReport(sampleInput());
  writeReport(run, path.join(dir, "r"), nodeFs);
  const html = readFileSync(path.join(dir, "r", "latest", "report.html"), "utf8");
  expect(html).toContain("<h2>Diffs in this folder (edgeconf diff)</h2>");
  expect(html).toContain(
    "<summary>object-store: sim vs broken:object-store-list-limit, divergence (diff-object-store-2026-01-02T03-04-05-000Z)</summary>",
  );
  expect(html).toContain('<a href="../diff-object-store-2026-01-02T03-04-05-000Z/diff.html">');
  expect(html).toContain('<section class="edgeconf-diff">');
  expect(html).toMatch(/<tr class="differs"><td>\d+<\/td><td><code>list [^<]*limit=1001/);
  // Without a diff in the folder, no such section.
  writeReport(run, path.join(dir, "alone"), nodeFs);
  expect(readFileSync(path.join(dir, "alone", "latest", "report.html"), "utf8")).not.toContain("Diffs in this folder");
});
