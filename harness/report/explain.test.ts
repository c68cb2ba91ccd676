import { describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { causeGroups, causeOf, clauseLines } from "./explain.ts";
import { renderHtml } from "./html.ts";
import { renderMarkdown } from "./markdown.ts";
import { raw, SAMPLE_CLAUSES, sampleInput } from "./sample.ts";

const lookup = (id: string) => SAMPLE_CLAUSES.find((c) => c.id === id);

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
    const same = (n: number) =>
      raw("suites/dns-records/x.test.ts", [`t${n} [B.ttl.auto]`], "failed", {
        errors: [`Error: connect ECONNREFUSED 127.0.0.1:9 (request 0123456789abcdef0123456789abcdef ${n}00000)`],
        meta: { clauses: ["B.ttl.auto"] },
      });
    const report = buildReport(sampleInput({ tests: [same(1), same(2), same(3), ...sampleInput().tests] }));
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

  test("the cause of a property failure is its failing assertion", () => {
    expect(
      causeOf("Error: Failing assertion: AssertionError: expected 429 to be 200\n\nProperty failed after 1 tests"),
    ).toBe("Failing assertion: AssertionError: expected 429 to be 200");
  });
});
