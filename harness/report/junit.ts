/**
 * JUnit XML for CI systems: one <testsuite> per test file, one <testcase> per test, clause ids as
 * <properties>, and each failure's root cause (the grouping of report.md) as a property and, when
 * other failures share it, in the failure's message. Expected failures pass (with the expectation as a
 * property); unexpected passes fail.
 */
import { causeOfTest } from "./explain.ts";
import type { RunReport, TestEntry } from "./types.ts";

export function xmlEscape(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Characters XML 1.0 cannot carry at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

type Cause = { number: number; group: { cause: string; tests: readonly TestEntry[] } };

function testcase(t: TestEntry, cause: Cause | undefined): string {
  const shared = cause && cause.group.tests.length > 1 ? cause.group.tests.length : 0;
  const props = [
    ...t.clauses.map((id) => ["clause", id]),
    ["area", t.area],
    ["status", t.status],
    ...(t.expectation !== undefined ? [["expectation", t.expectation]] : []),
    ...(t.property ? [["seed", String(t.property.seed)]] : []),
    ...(t.property?.path ? [["path", t.property.path]] : []),
    ...(t.property?.counterexample ? [["counterexample", t.property.counterexample]] : []),
    ...(t.replay ? [["replay", t.replay]] : []),
    // Failures that share a root cause share this value (report.md's "Failures by cause").
    ...(cause ? [["root-cause", `#${cause.number}: ${cause.group.cause}`]] : []),
    ...(cause ? [["root-cause-failures", String(cause.group.tests.length)]] : []),
  ];
  const lines = [
    `    <testcase classname="${xmlEscape(t.file)}" name="${xmlEscape(t.fullName)}" time="${seconds(t.durationMs)}">`,
    "      <properties>",
    ...props.map(([n, v]) => `        <property name="${xmlEscape(n ?? "")}" value="${xmlEscape(v ?? "")}"/>`),
    "      </properties>",
  ];
  if (t.status === "skip") lines.push(`      <skipped message="${xmlEscape(t.skipReason ?? "skipped")}"/>`);
  if (t.status === "fail" || t.status === "unexpected-pass") {
    const message =
      t.status === "unexpected-pass"
        ? `unexpected pass (${t.expectation ?? ""})`
        : `${firstLine(t.error)}${shared ? ` [root cause #${cause?.number}, shared by ${shared} failures]` : ""}`;
    lines.push(
      `      <failure message="${xmlEscape(message)}" type="${t.status}">${xmlEscape(t.error ?? "")}${
        t.replay ? xmlEscape(`\nReplay: ${t.replay}`) : ""
      }</failure>`,
    );
  }
  if (t.status === "expected-fail") {
    lines.push(
      `      <system-out>${xmlEscape(`expected failure (${t.expectation ?? ""}): ${t.error ?? ""}`)}</system-out>`,
    );
  }
  lines.push("    </testcase>");
  return lines.join("\n");
}

function firstLine(text: string | undefined): string {
  return (text ?? "failed").split("\n")[0] ?? "failed";
}

export function renderJunit(report: RunReport): string {
  const causes = causeOfTest(report);
  const byFile = new Map<string, TestEntry[]>();
  for (const t of report.tests) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
  const suites: string[] = [];
  for (const [file, tests] of byFile) {
    const failures = tests.filter((t) => t.status === "fail" || t.status === "unexpected-pass").length;
    const skipped = tests.filter((t) => t.status === "skip").length;
    const time = tests.reduce((s, t) => s + t.durationMs, 0);
    suites.push(
      [
        `  <testsuite name="${xmlEscape(file)}" tests="${tests.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}" timestamp="${xmlEscape(report.started)}">`,
        ...tests.map((t) => testcase(t, causes.get(t))),
        "  </testsuite>",
      ].join("\n"),
    );
  }
  if (report.problems.length > 0 || report.unhandledErrors.length > 0) {
    const all = [...report.problems, ...report.unhandledErrors];
    suites.push(
      [
        `  <testsuite name="edgeconf run" tests="1" failures="1" errors="0" skipped="0" time="0.000" timestamp="${xmlEscape(report.started)}">`,
        `    <testcase classname="edgeconf" name="run" time="0.000">`,
        `      <failure message="${xmlEscape(firstLine(all[0]))}" type="${report.outcome}">${xmlEscape(all.join("\n\n"))}</failure>`,
        "    </testcase>",
        "  </testsuite>",
      ].join("\n"),
    );
  }
  const t = report.totals;
  const runProblems = report.problems.length + report.unhandledErrors.length > 0 ? 1 : 0;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="edgeconf ${xmlEscape(report.target.name)}" tests="${t.total + runProblems}" failures="${t.fail + t.unexpectedPass + runProblems}" errors="0" skipped="${t.skip}" time="${seconds(report.durationMs)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
