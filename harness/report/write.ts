/**
 * Writes a report's four files (report.json, junit.xml, report.md, report.html) to
 * `<out>/<run-id>/` and again to `<out>/latest/`. The file system is injected (memfs in tests).
 */
import path from "node:path";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./markdown.ts";
import { assertValidReport } from "./schema.ts";
import type { RunReport } from "./types.ts";

/** The part of node:fs the writer uses (memfs volumes provide it too). */
export interface ReportFs {
  mkdirSync(dir: string, options: { recursive: true }): unknown;
  writeFileSync(file: string, data: string): void;
  rmSync(target: string, options: { recursive: true; force: true }): void;
  existsSync(target: string): boolean;
  readdirSync(dir: string): unknown[];
}

export const REPORT_FILES = ["report.json", "junit.xml", "report.md", "report.html"] as const;

export function renderReportFiles(report: RunReport): Record<(typeof REPORT_FILES)[number], string> {
  return {
    "report.json": `${JSON.stringify(report, null, 2)}\n`,
    "junit.xml": renderJunit(report),
    "report.md": renderMarkdown(report),
    "report.html": renderHtml(report),
  };
}

export interface WrittenReport {
  runDir: string;
  latestDir: string;
}

/**
 * Validates the report against its schema, then writes it. `extra` files (relative paths, such as
 * replays/<name>.json) go to both directories too.
 */
export function writeReport(
  report: RunReport,
  outDir: string,
  fs: ReportFs,
  extra: Readonly<Record<string, string>> = {},
): WrittenReport {
  assertValidReport(report);
  const files = { ...renderReportFiles(report), ...extra };
  const runDir = path.join(outDir, report.runId);
  const latestDir = path.join(outDir, "latest");
  fs.rmSync(latestDir, { recursive: true, force: true });
  for (const dir of [runDir, latestDir]) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
  }
  return { runDir, latestDir };
}
