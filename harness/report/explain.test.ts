import { describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { consoleSummary } from "./console.ts";
import { capped, causeGroups, causeLines, causeOf, clauseLines } from "./explain.ts";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { raw, SAMPLE_CLAUSES, sampleInput } from "./sample.ts";

const lookup = (id: string) => SAMPLE_CLAUSES.find((c) => c.id === id);

/** The sample run with three failures of one cause (ids and numbers differ, the cause is the same). */
function groupedReport() {
  const same = (n: number) =>
    raw("suites/dns-records/x.test.ts", [`t${n} [B.ttl.auto]`], "failed", {
      errors: [`Error: connect ECONNREFUSED 127.0.0.1:9 (request 0123456789abcdef0123456789abcdef ${n}00000)`],
      meta: { clauses: ["B.ttl.auto"] },
    });
  return buildReport(sampleInput({ tests: [same(1), same(2), same(3), ...sampleInput().tests] }));
}

describe("the report explains clauses", () => {
  test("every clause of an area with its statement and result; skip and not-tested reasons", () => {
    const report = buildReport(sampleInput());
    const lines = (area: string) =>
      clauseLines(report.areas.find((a) => a.area === area) ?? report.areas[0]!, report.tests, lookup);
    expect(lines("dns-protection")).toEqual([
      { id: "A.rule.create", text: "create returns the rule", source: "spec", result: "passed" },
      {
        id: "A.rule.events",
        text: "no events",
        source: "spec",
        result: "not tested",
        reason: "No test can check it: nothing to observe",
      },
    ]);
    expect(lines("dns-records").map((l) => [l.id, l.result])).toEqual([
      ["B.ttl.auto", "failed"],
      ["B.ttl.one", "failed as expected"],
    ]);
    expect(lines("key-transparency")).toEqual([
      {
        id: "C.ns.create",
        text: "create starts in Initialization",
        source: "spec",
        result: "skipped",
        reason: "target sim cannot kt",
      },
    ]);
    expect(lines("object-store").find((l) => l.id === "D.list.limit")).toMatchObject({
      result: "not tested",
      reason: expect.stringMatching(/^No test of this run names it/),
    });
  });

  test("failures grouped by root cause: one error explaining many is shown once, with its tests", () => {
    const report = groupedReport();
    const groups = causeGroups(report);
    expect(groups[0]?.tests.map((t) => t.title)).toEqual(["t1 [B.ttl.auto]", "t2 [B.ttl.auto]", "t3 [B.ttl.auto]"]);
    expect(groups[0]?.cause).toBe("Error: connect ECONNREFUSED 127.0.0.1:9 (request <id> <n>)");
    expect(groups).toHaveLength(3);
    const md = renderMarkdown(report);
    expect(md).toContain("## Failures by cause (3 causes)");
    expect(md).toContain("- **3 test(s)**: `Error: connect ECONNREFUSED 127.0.0.1:9 (request <id> <n>)`");
    // (the renderers take statements from the real catalogue, which has no sample clause)
    expect(md).toMatch(/\| `C\.ns\.create` \| .*\| spec \| skipped: target sim cannot kt \|/);
    const html = renderHtml(report);
    expect(html).toContain('<ul id="causes">');
    expect(html).toContain("every clause (2): statement and result");
  });

  test("the console summary has a few lines per root cause after the areas, with count and clauses, capped", () => {
    const report = groupedReport();
    const text = consoleSummary(report, "reports/x");
    const lines = text.split("\n");
    const head = lines.indexOf("Failures by root cause (3):");
    expect(head, "the causes' heading, after the areas' lines").toBeGreaterThan(
      lines.findLastIndex((l) => / clauses \d+: /.test(l)),
    );
    expect(head, "the causes' heading, before the unexpected results").toBeLessThan(
      lines.findIndex((l) => l.startsWith("Unexpected results")),
    );
    // Wrapped to 80 columns: the cause continues under the count.
    expect(lines.slice(head + 1, head + 3), "the largest cause, wrapped to 80 columns").toEqual([
      "  3 failures (clauses B.ttl.auto): Error: connect ECONNREFUSED 127.0.0.1:9",
      "    (request <id> <n>)",
    ]);
    const causes = lines.slice(head + 1, lines.indexOf("", head + 1));
    expect(
      causes.filter((l) => /^ {2}\d+ failures? \(clauses /.test(l)).length,
      "a first line per cause, with its count and clauses",
    ).toBe(3);
    expect(
      causes.every((l) => /^ {2}\d+ failures? \(/.test(l) || l.startsWith("    ")),
      "other lines continue a cause, indented under it",
    ).toBe(true);
    // Capped: at most `maxCauses` causes, and the lists of clauses end in "+N more".
    expect(causeLines(report, 1), "one cause shown, then how many more").toEqual([
      ...lines.slice(head + 1, head + 3),
      "  +2 more causes (see report.md)",
    ]);
    expect(capped(["a", "b", "c", "d"], 2), "a list capped at 2").toBe("a, b (+2 more)");
    // A run without failures prints no such section.
    const clean = buildReport(sampleInput({ tests: sampleInput().tests.filter((t) => t.state !== "failed") }));
    expect(consoleSummary(clean, "reports/x")).not.toContain("root cause");
  });

  test("junit.xml: one testcase per failure, each with its root cause; shared causes said in the message", () => {
    const xml = renderJunit(groupedReport());
    expect(xml.match(/<testcase /g)?.length).toBe(groupedReport().tests.length);
    const cause = "#1: Error: connect ECONNREFUSED 127.0.0.1:9 (request &lt;id&gt; &lt;n&gt;)";
    expect(
      xml.match(new RegExp(`<property name="root-cause" value="${cause.replace(/[()]/g, "\\$&")}"/>`, "g")),
    ).toHaveLength(3);
    expect(xml.match(/<property name="root-cause-failures" value="3"\/>/g)).toHaveLength(3);
    expect(xml.match(/\[root cause #1, shared by 3 failures\]" type="fail">/g)).toHaveLength(3);
    // A failure alone with its cause: the property, and its message unchanged.
    expect(xml).toMatch(/<property name="root-cause" value="#[23]: AssertionError: expected 1 to be 300"\/>/);
    expect(xml).toContain('<failure message="AssertionError: expected 1 to be 300" type="fail">');
    expect(xml.match(/name="root-cause"/g)).toHaveLength(
      groupedReport().tests.filter((t) => t.status === "fail").length,
    );
  });

  test("the cause of a property failure is its failing assertion", () => {
    expect(
      causeOf("Error: Failing assertion: AssertionError: expected 429 to be 200\n\nProperty failed after 1 tests"),
    ).toBe("Failing assertion: AssertionError: expected 429 to be 200");
  });
});
