/**
 * `npm run bench -- matrix`: `edgeconf report matrix` on 1,000 clauses × 10 runs (the issue's bar: it
 * renders in under 2 s). In Node: reading the ten report.json texts, building the matrix, checking it
 * against its schema and rendering matrix.json, .md and .html; the peer is rendering the same ten
 * reports' own files (report.json, junit.xml, report.md, report.html), as `edgeconf run` does. In
 * headless Chromium (when installed): matrix.html from navigation start to its script done with layout
 * (the page's own figure), and the whole Chromium process; the peer is one run's report.html.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { clauses as realCatalogue } from "../harness/clauses/index.ts";
import { buildMatrix } from "../harness/report/matrix.ts";
import { groupRuns, parseReport } from "../harness/report/matrix-read.ts";
import { type Outcome, sampleRun, syntheticCatalogue } from "../harness/report/matrix-sample.ts";
import { renderMatrixFiles } from "../harness/report/matrix-write.ts";
import type { RunReport } from "../harness/report/types.ts";
import { renderReportFiles } from "../harness/report/write.ts";
import { CHROMIUM, loadPage } from "../harness/run/e2e-support.ts";

const CLAUSES = 1000;
const RUNS = 10;
const TARGETS = ["sim", "serve", "workerd", "module", "worker", "miniflare", "http", "sim", "workerd", "module"];

function outcome(clause: number, run: number): Outcome {
  const h = (clause * 7919 + run * 104729) % 100;
  return h < 80 ? "pass" : h < 90 ? "fail" : h < 95 ? "xfail" : "skip";
}

function reports(): RunReport[] {
  const catalogue = syntheticCatalogue(CLAUSES);
  return Array.from({ length: RUNS }, (_, r) => {
    const results = Object.fromEntries(catalogue.map((c, i) => [c.id, outcome(i, r)]));
    const errors = Object.fromEntries(
      catalogue.map((c) => [
        c.id,
        `AssertionError: ${c.id}: expected { status: 412 } to deeply equal { status: 200 }\n${"    at step (suites/x.test.ts:1:1)\n".repeat(4)}`,
      ]),
    );
    return sampleRun({
      target: TARGETS[r] ?? "sim",
      implementation: { name: `impl-${r}`, version: `1.${r}.0` },
      started: new Date(Date.UTC(2026, 2, 1 + r)).toISOString(),
      results,
      errors,
      clauses: catalogue,
    });
  });
}

function time<T>(f: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = f();
  return { ms: performance.now() - t0, value };
}

function best(n: number, f: () => unknown): number {
  f(); // warm-up (JIT)
  return Math.min(...Array.from({ length: n }, () => time(f).ms));
}

async function chromium(file: string, tmp: string): Promise<{ wallMs: number; pageMs: number }> {
  const t0 = performance.now();
  const { dom } = await loadPage(`file://${file}`, tmp);
  const page = /data-render-ms="(\d+)"/.exec(dom)?.[1];
  return { wallMs: performance.now() - t0, pageMs: page === undefined ? Number.NaN : Number(page) };
}

export async function run(): Promise<void> {
  const catalogue = syntheticCatalogue(CLAUSES);
  const built = reports();
  const texts = built.map((r) => JSON.stringify(r, null, 2));
  const matrixOnce = () => {
    const inputs = texts.map((t, i) => ({ arg: `run${i}`, report: parseReport(t, `run${i}/report.json`) }));
    const m = buildMatrix(groupRuns(inputs, catalogue), {
      catalogue,
      edgeconf: "bench",
      generated: new Date(0).toISOString(),
    });
    return renderMatrixFiles(m);
  };
  const files = matrixOnce();
  const peerOnce = () => built.map((r) => renderReportFiles(r));
  const matrixMs = best(3, matrixOnce);
  const peerMs = best(3, peerOnce);
  console.log(
    `${CLAUSES} clauses × ${RUNS} runs (real catalogue: ${realCatalogue.length} clauses); best of 3 in Node:`,
  );
  console.log("| step | ms | ratio to peer |");
  console.log("|---|---|---|");
  console.log(
    `| report matrix: read 10 reports, build, schema-check, render json+md+html | ${matrixMs.toFixed(0)} | ${(matrixMs / peerMs).toFixed(2)} |`,
  );
  console.log(`| peer: the 10 reports' own files (json, junit, md, html) | ${peerMs.toFixed(0)} | 1.00 |`);
  console.log(
    `matrix.html ${(files["matrix.html"].length / 1024).toFixed(0)} KiB, matrix.json ${(files["matrix.json"].length / 1024).toFixed(0)} KiB, matrix.md ${(files["matrix.md"].length / 1024).toFixed(0)} KiB`,
  );
  if (!CHROMIUM) {
    console.log("headless Chromium: not installed (apt-get install -y chromium), page figures skipped");
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-bench-matrix-"));
  try {
    const page = path.join(tmp, "matrix.html");
    const peer = path.join(tmp, "report.html");
    writeFileSync(page, files["matrix.html"]);
    writeFileSync(peer, renderReportFiles(built[0] as RunReport)["report.html"]);
    const m: { wallMs: number; pageMs: number }[] = [];
    const p: { wallMs: number; pageMs: number }[] = [];
    for (let i = 0; i < 3; i++) {
      m.push(await chromium(page, tmp));
      p.push(await chromium(peer, tmp));
    }
    const min = (xs: { wallMs: number }[]) => Math.min(...xs.map((x) => x.wallMs));
    const pageMs = Math.min(...m.map((x) => x.pageMs));
    console.log("\nheadless Chromium, best of 3:");
    console.log(
      "| page | navigation start to script done with layout, ms | whole Chromium process, ms | ratio (process) |",
    );
    console.log("|---|---|---|---|");
    console.log(`| matrix.html (1,000 × 10) | ${pageMs} | ${min(m).toFixed(0)} | ${(min(m) / min(p)).toFixed(2)} |`);
    console.log(`| peer: one run's report.html | n/a | ${min(p).toFixed(0)} | 1.00 |`);
    console.log(
      `under 2 s: ${pageMs < 2000 && matrixMs < 2000 ? "yes" : "NO"} (Node ${matrixMs.toFixed(0)} ms, page ${pageMs} ms)`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
