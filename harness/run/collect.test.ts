import { afterEach, expect, test, vi } from "vitest";
import type { TestCase } from "vitest/node";
import { PROJECT_ROOT } from "../expectations.ts";
import { CollectingReporter, progressName } from "./collect.ts";

afterEach(() => {
  vi.useRealTimers();
});

test("a heartbeat line names the longest-running test; property results are shown one by one", () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const reporter = new CollectingReporter({ write: (l) => lines.push(l), heartbeatMs: 1000, columns: 200 });
  reporter.onTestRunStart([]);
  const fake = {
    id: "t1",
    fullName: "fuzzing > valid bodies [B.create.endpoint]",
    module: { moduleId: `${PROJECT_ROOT}/properties/dns-records/validation.test.ts` },
    options: { mode: "run" },
    result: () => ({ state: "passed" }),
    diagnostic: () => ({ duration: 2500 }),
  } as unknown as TestCase;
  reporter.onTestCaseReady(fake);
  vi.advanceTimersByTime(1000);
  expect(lines.at(-1)).toMatch(
    /^… 1\.0 s: 0\/0 file\(s\) done; running 1 test\(s\), the longest properties\/dns-records\/validation\.test\.ts > fuzzing > valid bodies \[B\.create\.endpoint\] for 1\.0 s$/,
  );
  reporter.onTestCaseResult(fake);
  expect(lines.at(-1)).toBe("  ✓ property fuzzing > valid bodies [B.create.endpoint] (2.5 s)");
  reporter.stop();
  vi.advanceTimersByTime(5000);
  expect(lines).toHaveLength(3);
});

test("with hold (a --grep run), lines wait for a test that runs; release writes them in order", () => {
  const lines: string[] = [];
  const reporter = new CollectingReporter({ write: (l) => lines.push(l), heartbeatMs: 0, hold: true });
  reporter.onTestRunStart([]);
  const test = (mode: string) =>
    ({
      id: mode,
      fullName: mode,
      module: { moduleId: `${PROJECT_ROOT}/suites/x.test.ts` },
      options: { mode },
    }) as unknown as TestCase;
  reporter.onTestCaseReady(test("skip"));
  expect(lines).toEqual([]);
  reporter.onTestCaseReady(test("run"));
  expect(lines).toEqual(["running 0 test file(s)"]);
  const held = new CollectingReporter({ write: (l) => lines.push(l), heartbeatMs: 0, hold: true });
  held.onTestRunStart([]);
  held.release();
  expect(lines).toEqual(["running 0 test file(s)", "running 0 test file(s)"]);
  reporter.stop();
  held.stop();
});

test("a property's progress line names its first clause and how many more, and fits the width", () => {
  const ids = Array.from({ length: 40 }, (_, i) => `B.records.rule-${i}`);
  const name = `records > every write round-trips through the list [${ids.join(", ")}]`;
  expect(progressName(name), "progressName of a test checking 40 clauses").toBe(
    "records > every write round-trips through the list [B.records.rule-0 +39 more]",
  );
  expect(progressName("x [A.a.b, A.a.c]"), "progressName of a test checking two clauses").toBe("x [A.a.b, A.a.c]");
  for (const columns of [80, 60]) {
    const lines: string[] = [];
    const reporter = new CollectingReporter({ write: (l) => lines.push(l), heartbeatMs: 0, columns });
    reporter.onTestRunStart([]);
    const fake = {
      id: "t1",
      fullName: name,
      module: { moduleId: `${PROJECT_ROOT}/properties/dns-records/records.property.test.ts` },
      options: { mode: "run" },
      result: () => ({ state: "failed" }),
      diagnostic: () => ({ duration: 1500 }),
    } as unknown as TestCase;
    reporter.onTestCaseReady(fake);
    reporter.onTestCaseResult(fake);
    const line = lines.at(-1)!;
    expect(line.length, `the property's progress line at ${columns} columns: ${line}`).toBeLessThanOrEqual(columns);
    expect(line, `the property's progress line at ${columns} columns keeps its mark and time`).toMatch(
      /^ {2}✗ property records > .*\(1\.5 s\)$/,
    );
    expect(line, `the property's progress line at ${columns} columns`).not.toContain("B.records.rule-1,");
    reporter.stop();
  }
});
