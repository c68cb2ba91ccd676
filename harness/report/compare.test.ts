/** `edgeconf report compare`: the delta between two runs, as a pull-request comment, and the CI gate. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Clause } from "../clauses/types.ts";
import { inProcess } from "../run/e2e-support.ts";
import { COMMENT_LIMIT, compareReports } from "./compare.ts";
import { renderCompareMarkdown } from "./compare-markdown.ts";
import { type Outcome, sampleRun } from "./matrix-sample.ts";
import { matrixSchemaErrors } from "./matrix-write.ts";
import type { RunReport } from "./types.ts";

const CATALOGUE: readonly Clause[] = ["a", "b", "c", "d", "e", "f", "g"].map((x) => ({
  id: `D.get.${x}`,
  area: "object-store",
  text: x,
  source: "spec",
}));

const run = (started: string, results: Record<string, Outcome>, errors: Record<string, string> = {}) =>
  sampleRun({ target: "module", started, areas: ["object-store"], results, errors, clauses: CATALOGUE });

const BASE = run(
  "2026-03-01T00:00:00.000Z",
  { "D.get.a": "pass", "D.get.b": "fail", "D.get.c": "pass", "D.get.d": "fail", "D.get.e": "skip", "D.get.f": "pass" },
  { "D.get.b": "AssertionError: expected 1 to be 2" },
);
const NEW = run(
  "2026-03-02T00:00:00.000Z",
  { "D.get.a": "fail", "D.get.b": "xfail", "D.get.c": "pass", "D.get.d": "pass", "D.get.e": "pass", "D.get.g": "fail" },
  { "D.get.a": "TypeError: list is not a function", "D.get.b": "AssertionError: expected 3 to be 2" },
);
const side = (shown: string, report: RunReport) => ({ shown, report });

describe("report compare: what changed", () => {
  const cmp = compareReports(BASE, NEW);
  const keys = (list: { clauses: string[] }[]) => list.map((c) => c.clauses[0]);

  test("newly failing (passing, skipped or absent before), newly passing, changed failure, no longer run", () => {
    expect(keys(cmp.newlyFailing), "newly failing: D.get.a passed before, D.get.g is new").toEqual([
      "D.get.a",
      "D.get.g",
    ]);
    expect(cmp.newlyFailing[0], "D.get.a's change").toMatchObject({
      before: "passing",
      after: "failing",
      error: "TypeError: list is not a function",
    });
    expect(keys(cmp.newlyPassing), "newly passing: D.get.d failed, D.get.e was skipped").toEqual([
      "D.get.d",
      "D.get.e",
    ]);
    expect(keys(cmp.changedFailure), "D.get.b fails in both (expected in NEW), with another message").toEqual([
      "D.get.b",
    ]);
    expect(keys(cmp.noLongerRun), "D.get.f passed and is gone").toEqual(["D.get.f"]);
    expect(cmp.unchanged, "D.get.c passes in both").toBe(1);
  });

  test("the comment lists the regressions first, with their failure", () => {
    const md = renderCompareMarkdown(cmp, side("base", BASE), side("new", NEW));
    expect(md.split("\n")[0], "the title counts the regressions").toBe("## edgeconf: 2 newly failing tests");
    const sections = [...md.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    expect(sections, "sections in order").toEqual([
      "Newly failing (regressions) (2)",
      "Newly passing (2)",
      "Changed failure (1)",
      "No longer run (1)",
    ]);
    expect(md, "the regression's line").toContain(
      "- `checks D.get.a [D.get.a]` [D.get.a] (`suites/object-store/get.test.ts`): passed before; now TypeError: list is not a function",
    );
    expect(md, "the changed failure shows both").toContain(
      "was AssertionError: expected 1 to be 2; now AssertionError: expected 3 to be 2",
    );
  });

  test("thousands of regressions with long failures still fit a comment, the rest counted", () => {
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`D.get.x${i}`, "fail" as const]));
    const errors = Object.fromEntries(Object.keys(many).map((id) => [id, `Error: ${id} ${"x".repeat(3000)}`]));
    const big = compareReports(run("2026-03-01T00:00:00.000Z", {}), run("2026-03-02T00:00:00.000Z", many, errors));
    const md = renderCompareMarkdown(big, side("a", BASE), side("b", NEW));
    expect(md.length, "characters of the comment").toBeLessThan(COMMENT_LIMIT);
    expect(md, "the rest is counted").toMatch(/- … and \d+ more \(too many for one comment/);
    expect(md.split("\n")[0], "the title counts all").toBe("## edgeconf: 3000 newly failing tests");
  });
});

describe("edgeconf report compare and matrix (command line)", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-compare-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const write = (name: string, report: unknown) => {
    const file = path.join(tmp, name, "report.json");
    rmSync(path.dirname(file), { recursive: true, force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(report));
    return path.dirname(file);
  };

  test("--fail-on regression exits 1 with the regression listed first; with none it exits 0", async () => {
    const base = write("base", BASE);
    const next = write("new", NEW);
    const r = await inProcess(["report", "compare", base, next, "--fail-on", "regression"]);
    expect(r.code, `exit status; stderr: ${r.stderr}`).toBe(1);
    const items = r.stdout.split("\n").filter((l) => l.startsWith("- `"));
    expect(items[0], "the first item listed is a regression").toMatch(
      /^- `checks D\.get\.a \[D\.get\.a\]`.*passed before; now/,
    );
    const same = await inProcess(["report", "compare", base, base, "--fail-on", "regression"]);
    expect(same.code, "a run compared with itself").toBe(0);
    expect(same.stdout.split("\n")[0], "its title").toBe("## edgeconf: no regression");
    const noGate = await inProcess(["report", "compare", base, next]);
    expect(noGate.code, "without --fail-on, regressions do not fail").toBe(0);
  });

  test("a report of another schemaVersion and a wrong --fail-on are refused with one line, exit 2", async () => {
    const base = write("base", BASE);
    const newer = write("newer", { ...NEW, schemaVersion: 2 });
    const r = await inProcess(["report", "compare", base, newer]);
    expect(r.code, "exit status").toBe(2);
    expect(r.stderr, "one line naming the schemaVersion").toMatch(
      /^edgeconf report compare: \S+newer\/report\.json has schemaVersion 2 \(written by edgeconf 0\.1\.0\); this edgeconf reads schemaVersion 1: [^\n]*\n$/,
    );
    const bad = await inProcess(["report", "compare", base, base, "--fail-on", "everything"]);
    expect(bad.code, "exit status of a wrong --fail-on").toBe(2);
    expect(bad.stderr, "its line").toBe(
      'edgeconf report compare: --fail-on takes regression, got "everything"; see edgeconf report --help\n',
    );
  });

  test("report matrix writes matrix.html, matrix.md and a matrix.json that matches its schema", async () => {
    const out = path.join(tmp, "matrix");
    const r = await inProcess([
      "report",
      "matrix",
      write("base", BASE),
      path.join(write("new", NEW), "report.json"),
      "--out",
      out,
    ]);
    expect(r.code, `exit status; stderr: ${r.stderr}`).toBe(0);
    expect(r.stdout.replace(/\n {2}/g, " "), "the summary line (wrapped to 80 columns)").toMatch(
      /: \d+ clauses × 2 runs, \d+ differ between runs; open /,
    );
    const json = JSON.parse(readFileSync(path.join(out, "matrix.json"), "utf8"));
    expect(matrixSchemaErrors(json), "schema errors of the written matrix.json").toEqual([]);
    expect(readFileSync(path.join(out, "matrix.md"), "utf8"), "matrix.md").toContain("## Differences between runs");
    expect(readFileSync(path.join(out, "matrix.html"), "utf8"), "matrix.html").toContain('<table id="matrix">');
    const refused = await inProcess(["report", "matrix", write("zero", { ...BASE, schemaVersion: 0 })]);
    expect(refused.code, "an older schemaVersion: exit 2").toBe(2);
    expect(refused.stderr.split("\n").length, "one line").toBe(2);
  });
});
