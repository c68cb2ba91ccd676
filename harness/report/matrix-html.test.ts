/**
 * matrix.html in headless Chromium: a matrix of four targets (sim, serve, workerd, a module with known
 * departures) loads without a console message, shows the differences first, filters, and a cell opens
 * its failure message. Skipped, saying why, where Chromium is not installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Clause } from "../clauses/types.ts";
import { CHROMIUM, loadPage } from "../run/e2e-support.ts";
import { buildMatrix } from "./matrix.ts";
import { renderMatrixHtml } from "./matrix-html.ts";
import { groupRuns } from "./matrix-read.ts";
import { sampleRun } from "./matrix-sample.ts";

const CATALOGUE: readonly Clause[] = [
  { id: "A.rule.create", area: "dns-protection", text: "create returns the rule", source: "spec" },
  { id: "D.get.null", area: "object-store", text: "get of a missing key is null", source: "spec" },
  { id: "D.get.range", area: "object-store", text: "get honours a <range>", source: "spec" },
  { id: "D.list.limit", area: "object-store", text: "list limit at most 1000", source: "spec" },
  { id: "D.list.start-after", area: "object-store", text: "startAfter is exclusive", source: "platform" },
];
// D.list.limit fails on every run: a failing clause that does not differ.
const D = {
  "D.get.null": "pass",
  "D.get.range": "pass",
  "D.list.limit": "fail",
  "D.list.start-after": "pass",
} as const;
const FAILURE = "AssertionError: expected [ 'a', 'b' ] to deeply equal [ 'b' ] </script><script>alert(1)</script>";

const reports = [
  sampleRun({
    target: "sim",
    started: "2026-03-01T10:00:00.000Z",
    results: { "A.rule.create": "pass", ...D },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "serve",
    started: "2026-03-01T10:05:00.000Z",
    results: { "A.rule.create": "pass", ...D },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "workerd",
    implementation: { name: "workerd", version: "1.2" },
    started: "2026-03-02T09:00:00.000Z",
    areas: ["object-store"],
    results: { ...D, "D.get.range": "xfail" },
    clauses: CATALOGUE,
  }),
  sampleRun({
    target: "module",
    implementation: { name: "broken-bucket", version: "1.0.0" },
    started: "2026-03-02T09:30:00.000Z",
    areas: ["object-store"],
    results: { ...D, "D.list.start-after": "fail" },
    errors: { "D.list.start-after": FAILURE },
    clauses: CATALOGUE,
  }),
];
const matrix = buildMatrix(
  groupRuns(
    reports.map((report, i) => ({ arg: `r${i}`, report })),
    CATALOGUE,
  ),
  { catalogue: CATALOGUE, edgeconf: "0.1.0", generated: "2026-03-03T00:00:00.000Z" },
);

const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-matrix-html-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = path.join(tmp, "matrix.html");
writeFileSync(file, renderMatrixHtml(matrix));

/** The DOM after the page's script ran, and Chromium's console lines (every console message is logged). */
const load = (hash: string) => loadPage(`file://${file}${hash}`, tmp);

const rowTags = (dom: string) => [...dom.matchAll(/<tr class="r"[^>]*>/g)].map((m) => m[0]);

const NO_CHROMIUM = "Chromium is not installed (apt-get install -y chromium): matrix.html was not loaded";

describe("matrix.html in headless Chromium", () => {
  // One load (Chromium's start is most of the cost): filtered by the hash and a cell opened; the rows stay in
  // the DOM, in their order, hidden or not.
  const page = CHROMIUM ? load("#differs&status=fail&open=D.list.start-after@4") : undefined;

  test("loads with no console message and its script done; the differences come first", async (ctx) => {
    if (!page) return ctx.skip(NO_CHROMIUM);
    const { dom, console } = await page;
    expect(console, "Chromium's console lines").toEqual([]);
    expect(dom, "the script ran to its end").toMatch(/<body[^>]* data-ready="1"/);
    expect(dom, "no error event").not.toMatch(/<body[^>]* data-error/);
    const rows = rowTags(dom);
    expect(rows.length, "one row per clause").toBe(CATALOGUE.length);
    expect(
      rows.slice(0, 2).map((r) => /data-id="([^"]+)"/.exec(r)?.[1]),
      "the first rows: the clauses that differ",
    ).toEqual(["D.get.range", "D.list.start-after"]);
    expect(
      rows.slice(0, 2).every((r) => r.includes(" data-d")),
      "the first rows are marked as differing",
    ).toBe(true);
    expect(dom, "the hostile failure text stays data").not.toContain("<script>alert(1)");
    expect(dom, "the run header names the implementation").toContain("<small>broken-bucket 1.0.0</small>");
  }, 60_000);

  test("'differs between runs' and a status filter hide the rest, and a cell opens its failure message", async (ctx) => {
    if (!page) return ctx.skip(NO_CHROMIUM);
    const { dom, console } = await page;
    expect(console, "Chromium's console lines").toEqual([]);
    const rows = rowTags(dom);
    // D.get.range differs but fails nowhere; D.list.limit fails everywhere, so it does not differ.
    expect(
      rows.filter((r) => !r.includes(" hidden")).map((r) => /data-id="([^"]+)"/.exec(r)?.[1]),
      "rows shown with 'differs' and status fail",
    ).toEqual(["D.list.start-after"]);
    expect(dom, "the filter's count").toContain("showing 1 of 5 clauses");
    expect(dom, "the area A heading is hidden with its rows").toMatch(
      /<tr class="grp" data-k="grp" hidden=""><th colspan="\d+">dns-protection<\/th>/,
    );
    const panel = /<div id="panel"([^>]*)>([\s\S]*?)<\/div>/.exec(dom);
    expect(panel?.[1], "the panel is open").not.toContain("hidden");
    expect(panel?.[2], "the panel names the clause, the run and the status").toContain(
      "D.list.start-after · run 4 (module · broken-bucket 1.0.0 · 2026-03-02 09:30) · fail",
    );
    expect(panel?.[2], "and shows the failure").toContain(
      "AssertionError: expected [ 'a', 'b' ] to deeply equal [ 'b' ] &lt;/script&gt;&lt;script&gt;alert(1)",
    );
  }, 60_000);
});
