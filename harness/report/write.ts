/**
 * Writes a report's four files (report.json, junit.xml, report.md, report.html) to `<out>/<run-id>/`,
 * then points `<out>/latest` at it. The file system is injected (memfs in tests).
 *
 * Atomic for readers: the run's folder is written whole first; `latest` is then switched in one
 * rename of a symbolic link (`latest -> <run-id>`), so a run killed at any moment leaves either the
 * previous `latest` or the new one, complete. Where symbolic links cannot be made (some Windows
 * set-ups), `latest/` is a copy written beside it and swapped in by two renames (the old one moved
 * aside first): a kill between the two leaves `.latest-old-*` holding the previous report.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { type DiffReadFs, diffsSection, findDiffs } from "./diffs.ts";
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
  renameSync(from: string, to: string): void;
  lstatSync(target: string): { isSymbolicLink(): boolean; isDirectory(): boolean };
  /** Absent or failing: `latest` becomes a copy instead of a link. */
  symlinkSync?(target: string, link: string, type?: "dir" | "junction"): void;
}

export const REPORT_FILES = ["report.json", "junit.xml", "report.md", "report.html"] as const;

export function renderReportFiles(report: RunReport, diffs = ""): Record<(typeof REPORT_FILES)[number], string> {
  return {
    "report.json": `${JSON.stringify(report, null, 2)}\n`,
    "junit.xml": renderJunit(report),
    "report.md": renderMarkdown(report),
    "report.html": renderHtml(report, diffs),
  };
}

export interface WrittenReport {
  runDir: string;
  latestDir: string;
}

function writeFiles(fs: ReportFs, dir: string, files: Readonly<Record<string, string>>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

function kindOf(fs: ReportFs, target: string): "none" | "link" | "dir" | "other" {
  try {
    const st = fs.lstatSync(target);
    return st.isSymbolicLink() ? "link" : st.isDirectory() ? "dir" : "other";
  } catch {
    return "none";
  }
}

/** Puts `next` (a link or a folder) in the place of `latest`; whatever was there is removed after. */
function swapInto(fs: ReportFs, next: string, latest: string, unique: string): void {
  const kind = kindOf(fs, latest);
  if (kind === "none" || kind === "link" || kind === "other") {
    if (kind === "other") fs.rmSync(latest, { recursive: true, force: true });
    fs.renameSync(next, latest); // replaces a link in one step
    return;
  }
  // A real folder (an older edgeconf, or the copy fallback): moved aside, then replaced.
  const old = path.join(path.dirname(latest), `.latest-old-${unique}`);
  fs.renameSync(latest, old);
  fs.renameSync(next, latest);
  fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Validates the report against its schema, then writes it. `extra` files (relative paths, such as
 * replays/<name>.json) go to the run's folder too.
 */
export function writeReport(
  report: RunReport,
  outDir: string,
  fs: ReportFs,
  extra: Readonly<Record<string, string>> = {},
): WrittenReport {
  assertValidReport(report);
  // The newest `edgeconf diff` per area in the same output folder, shown in report.html (diffs.ts);
  // a file system without readFileSync shows none.
  const files = { ...renderReportFiles(report, diffsSection(findDiffs(outDir, fs as DiffReadFs))), ...extra };
  const runDir = path.join(outDir, report.runId);
  const latestDir = path.join(outDir, "latest");
  if (path.basename(report.runId) !== report.runId || report.runId === "latest" || report.runId.startsWith(".")) {
    throw new Error(`run id ${JSON.stringify(report.runId)} cannot name a folder of ${outDir}`);
  }
  writeFiles(fs, runDir, files);
  const unique = `${process.pid}-${randomUUID()}`;
  const link = path.join(outDir, `.latest-new-${unique}`);
  try {
    if (!fs.symlinkSync) throw new Error("no symbolic links");
    fs.symlinkSync(report.runId, link, "dir");
  } catch {
    fs.rmSync(link, { recursive: true, force: true });
    writeFiles(fs, link, files);
  }
  swapInto(fs, link, latestDir, unique);
  return { runDir, latestDir };
}
