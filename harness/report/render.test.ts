import { describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { consoleSummary } from "./console.ts";
import { htmlEscape, renderHtml } from "./html.ts";
import { renderJunit, xmlEscape } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { raw, sampleInput } from "./sample.ts";
import { exactNamePattern, shellLine, shellQuote } from "./shell.ts";

const hostile = "<script>alert(1)</script> & \"q\" 'a' ``` | pipe";
const input = sampleInput();
const report = buildReport({
  ...input,
  tests: [
    ...input.tests,
    raw("suites/object-store/list.test.ts", [`evil ${hostile}`], "failed", {
      errors: [`Error: ${hostile}\u0000\u0007`],
      meta: { clauses: ["D.list.limit"] },
    }),
  ],
});

describe("junit.xml", () => {
  const xml = renderJunit(report);
  test("one testsuite per file, one testcase per test, with counts", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(5);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml).toContain('<testsuites name="edgeconf sim" tests="6" failures="3" errors="0" skipped="1"');
  });
  test("clause ids, seed, path and counterexample are <properties>", () => {
    expect(xml).toContain('<property name="clause" value="D.get.null"/>');
    expect(xml).toContain('<property name="seed" value="42"/>');
    expect(xml).toContain('<property name="path" value="0:1"/>');
    expect(xml).toContain('<property name="counterexample" value="[&quot;k&quot;]"/>');
  });
  test("failures carry the error; skips their reason; expected failures pass with their note", () => {
    expect(xml).toContain('<failure message="AssertionError: expected 1 to be 300" type="fail">');
    expect(xml).toContain('<skipped message="target sim cannot kt"/>');
    expect(xml).toContain("<system-out>expected failure (known): Error: boom</system-out>");
  });
  test("text is escaped and characters XML cannot carry are dropped", () => {
    expect(xml).not.toContain("<script>");
    expect(xml.includes("\u0000") || xml.includes("\u0007")).toBe(false);
    expect(xmlEscape(`<a b="c">&'`)).toBe("&lt;a b=&quot;c&quot;&gt;&amp;&apos;");
  });
  test("a run problem (unreachable target) is a failing testcase", () => {
    const aborted = buildReport({ ...sampleInput(), tests: [], aborted: true, problems: ["target unreachable: x"] });
    expect(renderJunit(aborted)).toContain('<failure message="target unreachable: x" type="aborted">');
  });
});

describe("report.md", () => {
  const md = renderMarkdown(report);
  test("a row per area with clauses covered, passed, failed, skipped", () => {
    expect(md).toContain("| dns-records (failed) | 2 | 0 | 2 | 0 | 2 | 1 | 0 | 0 | 0 | 1 | 1 | 0 |");
    expect(md).toContain("| key-transparency (not-tested) |");
    expect(md).toContain("| dns-records | platform | 1 | 1 | 0 | 1 | 0 |");
  });
  test("each unexpected failure with its replay command and error", () => {
    expect(md).toContain("## Unexpected results (3)");
    expect(md).toContain("### Failure: auto [B.ttl.auto]");
    expect(md).toContain("- replay: `replay suites/dns-records/ttl.test.ts::auto [B.ttl.auto]`");
    expect(md).toContain("- property seed 42, path `0:1`");
  });
  test("expected failures, skip reasons and uncovered clauses are listed", () => {
    expect(md).toContain("| suites/dns-records/ttl.test.ts::one [B.ttl.one] | known |");
    expect(md).toContain("| target sim cannot kt | 1 |");
    expect(md).toContain("`D.other.id`");
  });
  test("the implementation that answered, where the run recorded it", () => {
    expect(md, "no implementation line without one").not.toContain("- implementation:");
    const stamped = buildReport({
      ...input,
      target: { name: "workerd", implementation: { name: "workerd", version: "1.2" } },
    });
    expect(renderMarkdown(stamped), "report.md names it").toContain("\n- implementation: workerd 1.2\n");
  });
  test("tests that name no clause are listed", () => {
    expect(md).not.toContain("Tests naming no clause");
    const plain = buildReport({ ...input, tests: [...input.tests, raw("suites/x.test.ts", ["plain"], "passed")] });
    expect(renderMarkdown(plain)).toContain("## Tests naming no clause (1)\n\nThey count");
    expect(renderMarkdown(plain)).toContain("- `suites/x.test.ts::plain`");
  });
  test("errors with backticks get a longer fence; table cells escape pipes", () => {
    expect(md).toContain("````\nError: <script>");
    expect(md).not.toMatch(/\| evil [^\n]*[^\\]\| pipe/);
  });
});

describe("report.html", () => {
  const html = renderHtml(report);
  test("self-contained: inline style and script, nothing fetched", () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<style>");
    expect(html).toContain("<script>");
    expect(html).not.toMatch(/<(link|img|iframe)\b/i);
    expect(html).not.toMatch(/\b(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\//);
  });
  test("a bar per area and a row per failure and skip, filterable by status", () => {
    expect(html.match(/<div class="area" /g)).toHaveLength(4);
    expect(html.match(/<tr class="test /g)).toHaveLength(5);
    expect(html).toContain('<input type="checkbox" value="fail" checked> fail (3)');
    expect(html).toContain('<input type="checkbox" value="skip"> skip (1)');
  });
  test("each area lists its failed and uncovered clauses", () => {
    expect(html).toContain("<summary>failed clauses (2)</summary><code>B.ttl.auto, B.ttl.one</code>");
    const base = renderHtml(buildReport(sampleInput()));
    expect(base).toContain("<summary>clauses no test of this run named (1)</summary><code>D.list.limit</code>");
  });
  test("test names and errors are escaped", () => {
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain(htmlEscape(hostile));
  });
});

describe("console summary and shell lines", () => {
  test("the summary names totals, unexpected results with replay lines, and the outcome", () => {
    const text = consoleSummary(report, "reports/x");
    expect(text).toContain("3 failed");
    expect(text).toContain("replay: replay suites/dns-records/ttl.test.ts::auto [B.ttl.auto]");
    expect(text).toContain("Outcome: unexpected (exit 1)");
  });
  test("an aborted run's summary says why, without per-area lines", () => {
    const aborted = buildReport({ ...sampleInput(), tests: [], aborted: true, problems: ["target unreachable: x"] });
    const text = consoleSummary(aborted, "reports/x");
    expect(text).toContain("problem: target unreachable: x");
    expect(text).not.toContain("clauses 2:");
    expect(text).toContain("Outcome: aborted (exit 2)");
  });
  test("shell quoting and exact name patterns", () => {
    expect(shellQuote("plain/path.ts")).toBe("plain/path.ts");
    expect(shellQuote("it's [x]")).toBe(`'it'\\''s [x]'`);
    expect(shellLine(["a", "b c"])).toBe("a 'b c'");
    const pattern = exactNamePattern("get (null) [D.get.null]");
    expect(new RegExp(pattern).test("file.ts suite get (null) [D.get.null]")).toBe(true);
    expect(new RegExp(pattern).test("get (null) [D.get.null] more")).toBe(false);
  });
});
