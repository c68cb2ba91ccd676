import { describe, expect, test } from "vitest";
import { areaOf, buildReport, clausesFromTitle, matchesGrep } from "./build.ts";
import { raw, sampleInput } from "./sample.ts";
import { reportSchemaErrors } from "./schema.ts";

describe("buildReport", () => {
  const report = buildReport(sampleInput());

  test("the report matches its JSON Schema", () => {
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  test("every test gets a status, its clauses, its area from its folder, and a replay line when not passing", () => {
    expect(report.tests.map((t) => [t.fullName, t.status, t.area])).toEqual([
      ["null [D.get.null, D.other.id]", "fail", "object-store"],
      ["rules > create [A.rule.create]", "pass", "dns-protection"],
      ["auto [B.ttl.auto]", "fail", "dns-records"],
      ["one [B.ttl.one]", "expected-fail", "dns-records"],
      ["create [C.ns.create]", "skip", "key-transparency"],
    ]);
    const prop = report.tests[0];
    expect(prop?.property).toEqual({ seed: 42, path: "0:1", counterexample: '["k"]' });
    expect(prop?.replay).toBe("replay properties/object-store/get.test.ts::null [D.get.null, D.other.id]");
    expect(report.tests[1]?.replay).toBeUndefined();
    expect(report.tests[4]?.skipReason).toBe("target sim cannot kt");
  });

  test("totals and outcome: unexpected failures make exit 1", () => {
    expect(report.totals).toEqual({ total: 5, pass: 1, fail: 2, skip: 1, expectedFail: 1, unexpectedPass: 0 });
    expect(report.outcome).toBe("unexpected");
    expect(report.exitCode).toBe(1);
  });

  test("per area: clauses covered, passed, failed, known, skipped, untestable, uncovered, and by source", () => {
    const [a, b, c, d] = report.areas;
    expect(a?.clauses).toEqual({
      total: 2,
      untestable: 1,
      covered: 1,
      passed: 1,
      failed: 0,
      knownFailures: 0,
      skipped: 0,
    });
    expect(b?.clauses).toEqual({
      total: 2,
      untestable: 0,
      covered: 2,
      passed: 0,
      failed: 2,
      knownFailures: 1,
      skipped: 0,
    });
    expect(b?.bySource.spec).toMatchObject({ total: 1, failed: 1, knownFailures: 0 });
    expect(b?.bySource.platform).toMatchObject({ total: 1, failed: 1, knownFailures: 1 });
    expect(b?.failedClauses).toEqual(["B.ttl.auto", "B.ttl.one"]);
    expect(c?.clauses).toMatchObject({ covered: 1, skipped: 1, passed: 0 });
    expect(d?.clauses).toMatchObject({ total: 2, covered: 1, failed: 1 });
    expect(d?.uncovered).toEqual(["D.list.limit"]);
    expect(a?.uncovered).toEqual([]);
  });

  test("clause ids the catalogue does not hold are listed", () => {
    expect(report.unknownClauses).toEqual(["D.other.id"]);
  });

  test("a run with only expected results exits 0", () => {
    const input = sampleInput();
    const ok = buildReport({ ...input, tests: input.tests.filter((t) => t.state !== "failed") });
    expect(ok.outcome).toBe("as-expected");
    expect(ok.exitCode).toBe(0);
    expect(reportSchemaErrors(ok)).toEqual([]);
  });

  test("an aborted run exits 2 and says why; errors outside tests or run problems exit 1", () => {
    const aborted = buildReport({ ...sampleInput(), tests: [], aborted: true, problems: ["target unreachable"] });
    expect([aborted.outcome, aborted.exitCode, aborted.problems]).toEqual(["aborted", 2, ["target unreachable"]]);
    expect(reportSchemaErrors(aborted)).toEqual([]);
    const input = sampleInput();
    const passing = input.tests.filter((t) => t.state === "passed");
    expect(buildReport({ ...input, tests: passing, unhandledErrors: ["boom"] }).exitCode).toBe(1);
    expect(buildReport({ ...input, tests: passing, problems: ["watchdog"] }).exitCode).toBe(1);
  });

  test("per area a verdict: an area whose every test was skipped is not tested, never passed", () => {
    expect(report.areas.map((a) => [a.area, a.verdict])).toEqual([
      ["dns-protection", "passed"],
      ["dns-records", "failed"],
      ["key-transparency", "not-tested"],
      ["object-store", "failed"],
    ]);
  });

  test("per clause: its state, whether it was checked against this target, how many of its tests ran", () => {
    const results = report.areas.flatMap((a) => a.clauseResults);
    expect(results.map((c) => [c.id, c.state, c.checked, c.tests, c.ran])).toEqual([
      ["A.rule.create", "passed", true, 1, 1],
      ["A.rule.events", "untestable", false, 0, 0],
      ["B.ttl.auto", "failed", true, 1, 1],
      ["B.ttl.one", "known", true, 1, 1],
      ["C.ns.create", "skipped", false, 1, 0],
      ["D.get.null", "failed", true, 1, 1],
      ["D.list.limit", "uncovered", false, 0, 0],
    ]);
  });

  test("a run in which no test reached the target is inconclusive: exit 3, never as-expected", () => {
    const input = sampleInput();
    const skipped = input.tests.map((t) => ({ ...t, state: "skipped" as const, note: "target has no api" }));
    const r = buildReport({ ...input, tests: skipped });
    expect([r.outcome, r.exitCode]).toEqual(["inconclusive", 3]);
    expect(r.areas.every((a) => a.verdict === "not-tested")).toBe(true);
    expect(r.areas.flatMap((a) => a.clauseResults).some((c) => c.checked)).toBe(false);
    expect(reportSchemaErrors(r)).toEqual([]);
    // A shard may hold no test of any area: the merged report judges the run.
    const shard = buildReport({
      ...input,
      tests: skipped,
      selection: { ...input.selection, shard: { index: 1, count: 2 } },
    });
    expect(shard.outcome).toBe("as-expected");
    // One area tested is enough to conclude.
    const one = buildReport({ ...input, tests: [...skipped.slice(1), input.tests[0]!] });
    expect([one.outcome, one.areas[0]?.verdict]).toEqual(["as-expected", "passed"]);
  });

  test("an area whose only results are files that failed before their tests ran is not tested, and the run fails", () => {
    const input = sampleInput({ selection: { areas: ["key-transparency"], include: [] } });
    const r = buildReport({
      ...input,
      expectations: new Map(),
      tests: [
        raw("suites/key-transparency/ns.test.ts", ["(test file)"], "failed", { errors: ["beforeAll: ECONNREFUSED"] }),
        raw("suites/key-transparency/ns.test.ts", ["create [C.ns.create]"], "skipped", {
          note: "not run: a hook of its file or describe block failed (see the failing entry)",
        }),
      ],
    });
    expect(r.areas.map((a) => a.verdict)).toEqual(["not-tested"]);
    expect([r.outcome, r.exitCode]).toEqual(["unexpected", 1]);
    expect(reportSchemaErrors(r)).toEqual([]);
  });

  test("a report whose area was not tested cannot claim its clauses passed (schema)", () => {
    const r = buildReport(sampleInput());
    const c = r.areas[2]!.clauseResults[0]!;
    expect(reportSchemaErrors(r)).toEqual([]);
    Object.assign(c, { checked: true });
    expect(reportSchemaErrors(r).join("\n")).toMatch(/checked/);
  });

  test("only the areas of the selection are summarized", () => {
    const r = buildReport(sampleInput({ selection: { areas: ["object-store"], include: [] } }));
    expect(r.areas.map((a) => a.area)).toEqual(["object-store"]);
  });
});

describe("stale expectations", () => {
  const base = sampleInput();
  const expectations = new Map([
    ["suites/dns-records/ttl.test.ts::one [B.ttl.one]", "still failing"],
    ["suites/dns-records/ttl.test.ts::renamed [B.ttl.x]", "gone"],
    ["suites/key-transparency/ns.test.ts::create [C.ns.create]", "skipped here"],
    ["suites/gone.test.ts::t", "file removed"],
    ["suites/not-in-this-run.test.ts::t", "out of scope"],
  ]);
  const report = buildReport({
    ...base,
    expectations,
    fileExists: (f) => f !== "suites/gone.test.ts",
  });
  test("entries matching no test that ran are stale, with why; entries outside the selection are not", () => {
    expect(report.staleExpectations.map((s) => [s.test, s.why])).toEqual([
      ["suites/dns-records/ttl.test.ts::renamed [B.ttl.x]", "no test of that name ran in its file"],
      ["suites/key-transparency/ns.test.ts::create [C.ns.create]", "the test was skipped (target sim cannot kt)"],
      ["suites/gone.test.ts::t", "the test file does not exist"],
    ]);
  });
  test("stale expectations do not fail the run by themselves", () => {
    const passing = base.tests.filter((t) => t.state !== "failed");
    expect(buildReport({ ...base, tests: passing, expectations }).exitCode).toBe(0);
  });
  test("with --grep, entries whose name the pattern excludes are out of scope", () => {
    const r = buildReport({
      ...base,
      expectations,
      fileExists: (f) => f !== "suites/gone.test.ts",
      selection: { ...base.selection, grep: "auto" },
    });
    expect(r.staleExpectations.map((s) => s.test)).toEqual(["suites/gone.test.ts::t"]);
  });
});

describe("helpers", () => {
  test("areaOf: the folder first, then the letter of the first clause id, else other", () => {
    expect(areaOf("suites/object-store/get.test.ts", ["A.x.y"])).toBe("object-store");
    expect(areaOf("properties/dns-records/ttl.test.ts", [])).toBe("dns-records");
    expect(areaOf("harness/run/fixtures/x.fixture.ts", ["C.ns.create"])).toBe("key-transparency");
    expect(areaOf("examples/x.test.ts", [])).toBe("other");
  });
  test("clausesFromTitle reads the ids clauseTest puts at the end of a title", () => {
    expect(clausesFromTitle("needs setup [D.put.x, A.rule.create]")).toEqual(["D.put.x", "A.rule.create"]);
    expect(clausesFromTitle("array [1, 2]")).toEqual([]);
    expect(clausesFromTitle("no ids")).toEqual([]);
  });
  test("a test that never ran (no meta) still counts for the clauses in its title", () => {
    const input = sampleInput();
    const r = buildReport({
      ...input,
      tests: [raw("suites/object-store/list.test.ts", ["list [D.list.limit]"], "skipped", { note: "hook failed" })],
    });
    expect(r.tests[0]?.clauses).toEqual(["D.list.limit"]);
    expect(r.areas.find((a) => a.area === "object-store")?.clauses.skipped).toBe(1);
  });
  test("matchesGrep tests vitest's full name (file, describes, title)", () => {
    expect(matchesGrep(undefined, "f", ["a"])).toBe(true);
    expect(matchesGrep("outer inner", "f", ["outer", "inner"])).toBe(true);
    expect(matchesGrep("^nope$", "f", ["outer"])).toBe(false);
  });
  test("tests filtered out by --grep do not appear as skipped", () => {
    const input = sampleInput({ selection: { areas: [], include: [], grep: "auto" } });
    const r = buildReport({
      ...input,
      tests: [...input.tests, raw("suites/x.test.ts", ["other"], "skipped", { mode: "skip" })],
    });
    expect(r.tests.some((t) => t.fullName === "other")).toBe(false);
  });
});
