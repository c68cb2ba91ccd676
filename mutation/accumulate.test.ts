import { describe, expect, test } from "vitest";
import { isReport, type MutationReport, mergeReports, withoutStaticSurvivors, withoutTimeouts } from "./accumulate.ts";

const at = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };

const report = (
  files: Record<string, { source: string; status: string; coveredBy?: string[]; killedBy?: string[] }>,
  tests: Record<string, [string, string][]>,
): MutationReport => ({
  files: Object.fromEntries(
    Object.entries(files).map(([file, m]) => [
      file,
      { source: m.source, mutants: [{ id: "1", mutatorName: "M", replacement: "y", location: at, ...m }] },
    ]),
  ),
  testFiles: Object.fromEntries(
    Object.entries(tests).map(([file, list]) => [file, { tests: list.map(([id, name]) => ({ id, name })) }]),
  ),
});

describe("mutation runs add up (accumulate.ts)", () => {
  const kept = report(
    {
      "sim/a.ts": { source: "a1", status: "Killed", coveredBy: ["0", "1"], killedBy: ["1"] },
      "sim/b.ts": { source: "b1", status: "Survived", coveredBy: ["0"] },
    },
    {
      "suites/t.test.ts": [
        ["0", "first"],
        ["1", "second"],
      ],
    },
  );
  const fresh = report(
    { "sim/b.ts": { source: "b2", status: "Killed", coveredBy: ["0"], killedBy: ["0"] } },
    { "suites/u.test.ts": [["0", "third"]] },
  );

  test("a run of one file replaces that file's results and keeps every other file's", () => {
    const merged = mergeReports(kept, fresh);
    expect(Object.keys(merged.files).sort(), "files of the merged report").toEqual(["sim/a.ts", "sim/b.ts"]);
    expect(merged.files["sim/b.ts"]?.source, "sim/b.ts: the fresh run's source").toBe("b2");
    expect(merged.files["sim/b.ts"]?.mutants[0]?.status, "sim/b.ts: the fresh run's status").toBe("Killed");
    expect(merged.files["sim/a.ts"]?.mutants[0]?.status, "sim/a.ts: kept from the earlier run").toBe("Killed");
  });

  test("test ids are renumbered over both reports, and each mutant still names the same tests", () => {
    const merged = mergeReports(kept, fresh);
    const names = new Map(
      Object.entries(merged.testFiles ?? {}).flatMap(([file, tf]) => tf.tests.map((t) => [t.id, `${file}:${t.name}`])),
    );
    expect(names.size, "three tests, each with its own id").toBe(3);
    const a = merged.files["sim/a.ts"]?.mutants[0];
    expect(
      a?.coveredBy?.map((id) => names.get(id)),
      "sim/a.ts coveredBy, by name",
    ).toEqual(["suites/t.test.ts:first", "suites/t.test.ts:second"]);
    expect(
      a?.killedBy?.map((id) => names.get(id)),
      "sim/a.ts killedBy, by name",
    ).toEqual(["suites/t.test.ts:second"]);
    const b = merged.files["sim/b.ts"]?.mutants[0];
    expect(
      b?.killedBy?.map((id) => names.get(id)),
      "sim/b.ts killedBy, by name",
    ).toEqual(["suites/u.test.ts:third"]);
  });

  test("a test file the fresh run also has keeps only the fresh tests; old results lose the tests that are gone", () => {
    const again = report(
      { "sim/b.ts": { source: "b2", status: "Killed", coveredBy: ["0"], killedBy: ["0"] } },
      { "suites/t.test.ts": [["0", "first"]] },
    );
    const merged = mergeReports(kept, again);
    expect(
      merged.testFiles?.["suites/t.test.ts"]?.tests.map((t) => t.name),
      "tests of the shared file",
    ).toEqual(["first"]);
    const a = merged.files["sim/a.ts"]?.mutants[0];
    expect(a?.coveredBy?.length, "sim/a.ts coveredBy: only the test that still exists").toBe(1);
    expect(a?.killedBy, "sim/a.ts killedBy: its culprit is gone, so Stryker retests it").toEqual([]);
  });

  test("only a report's shape is merged: other JSON is not a report", () => {
    expect(isReport(kept), "a report").toBe(true);
    for (const bad of [null, [], { files: [] }, { files: { x: { mutants: [] } } }, { files: { x: { source: "" } } }])
      expect(isReport(bad), `not a report: ${JSON.stringify(bad)}`).toBe(false);
  });

  test("static survivors are left out of the next run's incremental file (tested again); the rest is kept", () => {
    const m = (id: string, status: string, isStatic: boolean) => ({
      id,
      mutatorName: "M",
      replacement: "y",
      status,
      static: isStatic,
      location: at,
    });
    const before: MutationReport = {
      files: {
        "sim/a.ts": {
          source: "a",
          mutants: [
            m("1", "Survived", true),
            m("2", "NoCoverage", true),
            m("3", "Killed", true),
            m("4", "Survived", false),
          ],
        },
      },
    };
    const ids = withoutStaticSurvivors(before).files["sim/a.ts"]?.mutants.map((x) => x.id);
    expect(ids, "kept: the static kill and the non-static survivor").toEqual(["3", "4"]);
    expect(before.files["sim/a.ts"]?.mutants.length, "the report given is not changed").toBe(4);
  });

  test("--retest-timeouts: timed-out mutants are left out of the incremental file (tested again); the rest is kept", () => {
    const m = (id: string, status: string) => ({ id, mutatorName: "M", replacement: "y", status, location: at });
    const before: MutationReport = {
      files: { "sim/a.ts": { source: "a", mutants: [m("1", "Timeout"), m("2", "Killed"), m("3", "Survived")] } },
    };
    const ids = withoutTimeouts(before).files["sim/a.ts"]?.mutants.map((x) => x.id);
    expect(ids, "kept: the kill and the survivor, not the timeout").toEqual(["2", "3"]);
    expect(before.files["sim/a.ts"]?.mutants.length, "the report given is not changed").toBe(3);
  });
});

describe("a run of some lines of a file (mutation ranges) merges mutant by mutant", () => {
  const at2 = { start: { line: 2, column: 1 }, end: { line: 2, column: 5 } };
  const mu = (id: string, status: string, location = at) => ({
    id,
    mutatorName: "M",
    replacement: "y",
    status,
    location,
  });
  const kept: MutationReport = {
    files: { "sim/a.ts": { source: "s", mutants: [mu("1", "Killed"), mu("2", "Survived", at2)] } },
  };
  const fresh: MutationReport = { files: { "sim/a.ts": { source: "s", mutants: [mu("9", "Killed", at2)] } } };

  test("the ranged mutant takes the fresh status; the file's other mutant keeps its own", () => {
    const merged = mergeReports(kept, fresh, new Set(["sim/a.ts"]));
    expect(
      merged.files["sim/a.ts"]?.mutants.map((x) => [x.location.start.line, x.status]),
      "mutants of sim/a.ts after the ranged run: line 1 kept Killed, line 2 now Killed",
    ).toEqual([
      [1, "Killed"],
      [2, "Killed"],
    ]);
  });

  test("not ranged, or run on another source: the fresh file replaces the kept one whole", () => {
    const whole = mergeReports(kept, fresh);
    expect(whole.files["sim/a.ts"]?.mutants.length, "whole-file run: only the fresh mutant").toBe(1);
    const changed = mergeReports(
      kept,
      { files: { "sim/a.ts": { ...fresh.files["sim/a.ts"], source: "t" } } } as MutationReport,
      new Set(["sim/a.ts"]),
    );
    expect(changed.files["sim/a.ts"]?.mutants.length, "ranged run on a changed source: only the fresh mutant").toBe(1);
  });
});
