/** The conformance matrix: cells, differences, interoperability, last passes, its schema and its markdown. */
import { describe, expect, test } from "vitest";
import type { Clause } from "../clauses/types.ts";
import { buildMatrix, type Matrix } from "./matrix.ts";
import { renderMatrixMarkdown } from "./matrix-markdown.ts";
import { groupRuns, parseReport, ReportReadError, recomputeAreas } from "./matrix-read.ts";
import { sampleRun } from "./matrix-sample.ts";
import { matrixSchemaErrors, renderMatrixFiles } from "./matrix-write.ts";
import type { RunReport } from "./types.ts";

const CATALOGUE: readonly Clause[] = [
  { id: "A.rule.create", area: "dns-protection", text: "create returns the rule", source: "spec" },
  { id: "A.rule.events", area: "dns-protection", text: "no events", source: "spec", untestable: "nothing to see" },
  { id: "D.get.null", area: "object-store", text: "get of a missing key is null", source: "spec" },
  { id: "D.get.range", area: "object-store", text: "get honours a range", source: "spec" },
  { id: "D.list.limit", area: "object-store", text: "list limit at most 1000", source: "spec" },
  { id: "D.list.start-after", area: "object-store", text: "startAfter is exclusive", source: "platform" },
];

const D_ALL = {
  "D.get.null": "pass",
  "D.get.range": "pass",
  "D.list.limit": "pass",
  "D.list.start-after": "pass",
} as const;
const D: ["object-store"] = ["object-store"];
const REPORTS: RunReport[] = [
  sampleRun({
    target: "sim",
    started: "2026-03-01T10:00:00.000Z",
    implementation: { name: "edgeconf simulator", version: "0.1.0" },
    results: { "A.rule.create": "pass", ...D_ALL },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "serve",
    started: "2026-03-01T10:05:00.000Z",
    results: { "A.rule.create": "pass", ...D_ALL, "D.get.range": "skip" },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "workerd",
    started: "2026-03-02T09:00:00.000Z",
    implementation: { name: "workerd", version: "1.2" },
    areas: D,
    results: { ...D_ALL, "D.get.range": "xfail" },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "module",
    started: "2026-03-02T09:30:00.000Z",
    implementation: { name: "broken-bucket", version: "1.0.0" },
    areas: D,
    results: { ...D_ALL, "D.list.start-after": "fail" },
    errors: { "D.list.start-after": "AssertionError: expected [ 'a', 'b' ] to deeply equal [ 'b' ]" },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "workerd",
    started: "2026-02-01T09:00:00.000Z",
    implementation: { name: "workerd", version: "1.1" },
    areas: D,
    results: D_ALL,
    clauses: CATALOGUE,
  }),
];

function matrixOf(reports: readonly RunReport[]): Matrix {
  const runs = groupRuns(
    reports.map((report, i) => ({ arg: `r${i}`, report })),
    CATALOGUE,
  );
  return buildMatrix(runs, { catalogue: CATALOGUE, edgeconf: "0.1.0", generated: "2026-03-03T00:00:00.000Z" });
}

const m = matrixOf(REPORTS);
const row = (id: string) => m.rows.find((r) => r.id === id)!;
const statuses = (id: string) => row(id).cells.map((c) => c.status);

describe("report matrix: the model", () => {
  test("rows follow the catalogue, by area and feature; runs are labelled by target, implementation and date", () => {
    expect(
      m.rows.map((r) => `${r.id}:${r.feature}`),
      "row ids and features in catalogue order",
    ).toEqual([
      "A.rule.create:rule",
      "A.rule.events:rule",
      "D.get.null:get",
      "D.get.range:get",
      "D.list.limit:list",
      "D.list.start-after:list",
    ]);
    expect(m.runs[2]?.label, "run 3's label").toBe("workerd · workerd 1.2 · 2026-03-02 09:00");
    expect(m.runs[1]?.label, "a run without an implementation is labelled by target and date").toBe(
      "serve · 2026-03-01 10:05",
    );
  });

  test("each cell: pass, fail with its message, expected fail with its reason, skip with its reason, not tested with why", () => {
    expect(statuses("D.get.range"), "D.get.range on the five runs").toEqual([
      "pass",
      "skip",
      "expected-fail",
      "pass",
      "pass",
    ]);
    expect(row("D.get.range").cells[1]?.detail, "the skip reason").toBe("The D.get.range test needs a clock");
    expect(row("D.get.range").cells[2]?.detail, "the expected failure with its listed reason").toContain(
      "(expected: known departure)\nAssertionError: D.get.range broke",
    );
    expect(row("D.list.start-after").cells[3], "the module's failure opens its message").toEqual({
      status: "fail",
      detail:
        "checks D.list.start-after [D.list.start-after]\nAssertionError: expected [ 'a', 'b' ] to deeply equal [ 'b' ]",
    });
    expect(row("D.get.null").cells[0], "a pass carries no message").toEqual({ status: "pass" });
    expect(row("A.rule.create").cells[2]?.detail, "not tested: the run did not select the area").toBe(
      "The run did not select area dns-protection.",
    );
    expect(row("A.rule.events").cells[0]?.detail, "not tested: untestable, with the catalogue's reason").toBe(
      "No test can check it: nothing to see",
    );
  });

  test("a clause differs when the runs that tested its area disagree; other targets' areas do not count", () => {
    expect(
      m.rows.filter((r) => r.differs).map((r) => r.id),
      "clauses that differ",
    ).toEqual(["D.get.range", "D.list.start-after"]);
    expect(row("A.rule.create").differs, "A.rule.create: pass on sim and serve, not tested on binding-only runs").toBe(
      false,
    );
  });

  test("interoperability per area: the share every run that tested the area passes, and each run's own", () => {
    const d = m.areas.find((a) => a.area === "object-store")!;
    expect(d.clauses, "testable clauses of area D").toBe(4);
    expect(d.interop, "D: D.get.null and D.list.limit pass on every run").toEqual({ passed: 2, share: 0.5 });
    expect(
      d.perRun.map((p) => p.passed),
      "passes per run in area D",
    ).toEqual([4, 3, 3, 3, 4]);
    const a = m.areas.find((x) => x.area === "dns-protection")!;
    expect(a.runsCounted, "runs counted in area A: those that tested it").toEqual([0, 1]);
    expect(a.interop, "A: its one testable clause passes on sim and serve").toEqual({ passed: 1, share: 1 });
    expect(a.perRun[2], "workerd did not test area A").toEqual({ run: 2, passed: null, share: null });
  });

  test("per clause, when it last passed against each real implementation (workerd here), with its version", () => {
    expect(m.real, "real implementations among the runs").toEqual(["workerd"]);
    expect(row("D.get.range").lastPassed.workerd, "D.get.range: the older workerd run, the newer one failed").toEqual({
      date: "2026-02-01T09:00:00.000Z",
      run: 4,
      version: "1.1",
    });
    expect(row("D.get.null").lastPassed.workerd, "D.get.null: the newest workerd run").toMatchObject({
      date: "2026-03-02T09:00:00.000Z",
      version: "1.2",
    });
    expect(row("A.rule.create").lastPassed.workerd, "never passed on workerd").toBeNull();
  });

  test("production through the bridge Worker (the worker target) gets its own last-passed column", () => {
    const prod = sampleRun({
      target: "worker",
      implementation: { name: "Cloudflare-Workers" },
      started: "2026-03-05T00:00:00.000Z",
      areas: D,
      results: { "D.get.null": "pass", "D.get.range": "fail" },
      clauses: CATALOGUE,
    });
    const both = matrixOf([REPORTS[2]!, prod]);
    expect(both.real, "workerd first, then production").toEqual(["workerd", "production"]);
    const r = both.rows.find((x) => x.id === "D.get.null")!;
    expect(r.lastPassed, "D.get.null: passed on both").toEqual({
      workerd: { date: "2026-03-02T09:00:00.000Z", run: 0, version: "1.2" },
      production: { date: "2026-03-05T00:00:00.000Z", run: 1 },
    });
    expect(both.rows.find((x) => x.id === "D.get.range")!.lastPassed.production, "failed on production").toBeNull();
  });

  test("matrix.json matches its schema; a broken one does not, and is not written", () => {
    expect(matrixSchemaErrors(m), "schema errors of the matrix").toEqual([]);
    const broken = structuredClone(m);
    (broken.rows[0]!.cells[0] as { status: string }).status = "maybe";
    expect(matrixSchemaErrors(broken).join("\n"), "a cell of an unknown status").toMatch(/cells\/0\/status/);
    expect(() => renderMatrixFiles(broken), "renderMatrixFiles refuses a matrix its schema rejects").toThrow(
      /matrix.json does not match its schema/,
    );
  });

  test("matrix.md: the runs, interoperability, the differences first, then every clause", () => {
    const md = renderMatrixMarkdown(m);
    const diff = md.indexOf("## Differences between runs (2)");
    expect(diff, "a differences section").toBeGreaterThan(md.indexOf("## Interoperability per area"));
    expect(md.indexOf("## Every clause"), "every clause after the differences").toBeGreaterThan(diff);
    expect(md, "the D.get.range difference row").toContain(
      "| `D.get.range` | object-store | pass | skip | xfail | pass | pass | 2026-02-01 (1.1) |",
    );
    expect(md, "area D's interoperability row").toContain("| object-store | 4 | 2 (50.0 %) | 2 | 4 (100.0 %) |");
    expect(md, "the failure's first line under the differences").toContain(
      "- `D.list.start-after` on run 4: AssertionError: expected [ 'a', 'b' ] to deeply equal [ 'b' ]",
    );
  });
});

describe("report matrix: reading reports", () => {
  const json = (r: unknown) => JSON.stringify(r);
  const one = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e, "a ReportReadError").toBeInstanceOf(ReportReadError);
      return (e as Error).message;
    }
    throw new Error("not refused");
  };

  test("a report of another schemaVersion, another tool's JSON or no JSON is refused with one line", () => {
    const newer = one(() =>
      parseReport(json({ ...REPORTS[0], schemaVersion: 2, versions: { edgeconf: "9.0.0" } }), "new/report.json"),
    );
    expect(newer, "the line for a newer report").toBe(
      "new/report.json has schemaVersion 2 (written by edgeconf 9.0.0); this edgeconf reads schemaVersion 1: read it with the edgeconf that wrote it, or run the suites again",
    );
    expect(
      one(() => parseReport(json({ name: "x" }), "x.json")),
      "another tool's JSON",
    ).toMatch(/^x\.json is not an edgeconf report/);
    const notJson = one(() => parseReport("{\n  nope", "bad.json"));
    expect(notJson, "not JSON").toMatch(/^bad\.json is not JSON: /);
    expect(notJson.includes("\n"), "one line").toBe(false);
  });

  test("a schemaVersion 1 report of an older edgeconf (fields since added missing) is read, its clauses computed again", () => {
    const old = structuredClone(REPORTS[3]) as unknown as Record<string, unknown>;
    for (const a of old.areas as Record<string, unknown>[]) delete a.clauseResults;
    delete old.unknownClauses;
    const r = parseReport(json(old), "old.json");
    const d = recomputeAreas(r, CATALOGUE).find((a) => a.area === "object-store")!;
    expect(d.failedClauses, "failed clauses of the old report, recomputed").toEqual(["D.list.start-after"]);
    delete old.tests;
    expect(
      one(() => parseReport(json(old), "old.json")),
      "an old report without tests",
    ).toMatch(/^old\.json \(schemaVersion 1, edgeconf 0\.1\.0\) cannot be read: tests is missing/);
  });

  test("shard reports of one run are merged into one column; a missing shard is named in the cells", () => {
    const shard = (index: number, results: Record<string, "pass" | "fail">) =>
      sampleRun({
        target: "sim",
        started: `2026-03-0${index}T00:00:00.000Z`,
        shard: { index, count: 2 },
        results,
        clauses: CATALOGUE,
      });
    const both = matrixOf([shard(1, { "A.rule.create": "pass" }), shard(2, { "D.get.null": "fail" }), REPORTS[0]!]);
    expect(both.runs.length, "two shards and a report: two runs").toBe(2);
    expect(both.runs[0]?.shards, "the merged run's shards").toEqual({ count: 2, given: [1, 2] });
    expect(both.runs[0]?.outcome, "the merged run's outcome: shard 2 failed").toBe("unexpected");
    expect(
      both.rows.filter((r) => ["A.rule.create", "D.get.null"].includes(r.id)).map((r) => r.cells[0]?.status),
      "A.rule.create from shard 1, D.get.null from shard 2",
    ).toEqual(["pass", "fail"]);
    const half = matrixOf([shard(1, { "A.rule.create": "pass" })]);
    expect(half.rows.find((r) => r.id === "D.get.null")?.cells[0]?.detail, "shard 2 missing").toBe(
      "No test of the shards given names it (shard 2 of 2 not given).",
    );
  });

  test("clause ids an older run names that the catalogue no longer holds get rows of their own", () => {
    const old = sampleRun({
      target: "sim",
      started: "2026-01-01T00:00:00.000Z",
      results: { "D.get.gone": "pass" },
      clauses: CATALOGUE,
    });
    const r = matrixOf([old]).rows.find((x) => x.id === "D.get.gone");
    expect(r, "a row for D.get.gone").toMatchObject({
      area: "object-store",
      notInCatalogue: true,
      cells: [{ status: "pass" }],
    });
  });
});
