/**
 * Replay files: one saved property counterexample (seed, path, counterexample, test file and name,
 * target) as `<out>/<run-id>/replays/<name>.json`. `edgeconf replay FILE` runs that one property
 * again with the seed and path. Pure, apart from the hash of the name.
 */
import { createHash } from "node:crypto";
import type { RunReport, TestEntry } from "../report/types.ts";
import { testFileProblem } from "./replay-trust.ts";

export interface ReplayFile {
  kind: "edgeconf-replay";
  version: 1;
  /** The run's target and its options (as in the report); URLs and the module are trusted only as replay-trust.ts says. */
  target: { name: string; identity?: string; baseUrl?: string; ktUrl?: string; workerUrl?: string; module?: string };
  file: string;
  /** Describe blocks and title, as in the report. */
  names: string[];
  key: string;
  clauses: string[];
  seed: number;
  path?: string;
  /** Model-based properties: fc.commands' replay path (EDGECONF_REPLAY_PATH), without which `path` cannot be walked. */
  replayPath?: string;
  counterexample?: string;
  error?: string;
  runId: string;
}

/** The form of a replay path of `fc.commands` (fast-check's ReplayPath: base64 counts and changes). */
export const REPLAY_PATH_FORM = /^[A-Za-z0-9+/]*:[A-Za-z0-9+/]*$/;

export function replayFileName(test: TestEntry): string {
  const slug = test.title
    .replace(/\[[^\]]*\]$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const hash = createHash("sha256").update(test.key).digest("hex").slice(0, 8);
  return `${slug || "property"}-${hash}.json`;
}

export function replayFileOf(report: Pick<RunReport, "target" | "runId">, test: TestEntry): ReplayFile | undefined {
  if (!test.property) return undefined;
  return {
    kind: "edgeconf-replay",
    version: 1,
    target: report.target,
    file: test.file,
    names: test.fullName.split(" > "),
    key: test.key,
    clauses: test.clauses,
    seed: test.property.seed,
    ...(test.property.path !== undefined ? { path: test.property.path } : {}),
    ...(test.property.replayPath !== undefined ? { replayPath: test.property.replayPath } : {}),
    ...(test.property.counterexample !== undefined ? { counterexample: test.property.counterexample } : {}),
    ...(test.error !== undefined ? { error: test.error } : {}),
    runId: report.runId,
  };
}

/** The replay files of a run's properties, as extra report files (`replays/<name>.json` -> text). */
export function replayFilesOf(report: Pick<RunReport, "target" | "runId" | "tests">): Record<string, string> {
  const files: Record<string, string> = {};
  for (const test of report.tests) {
    const replay = replayFileOf(report, test);
    if (replay) files[`replays/${replayFileName(test)}`] = `${JSON.stringify(replay, null, 2)}\n`;
  }
  return files;
}

/**
 * Parses and checks a replay file's text; a string is the reason it is not one (or why it is refused:
 * a test file outside the project's test folders, see replay-trust.ts).
 */
export function parseReplayFile(text: string): ReplayFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  const r = data as Partial<ReplayFile>;
  if (typeof r !== "object" || r === null || r.kind !== "edgeconf-replay" || r.version !== 1) {
    return 'not an edgeconf replay file (kind "edgeconf-replay", version 1)';
  }
  /** "X is missing" when absent, else what X must be and what it is. */
  const wrong = (name: string, value: unknown, must: string) =>
    value === undefined || value === null
      ? `${name} is missing`
      : `${name} must be ${must}, got ${JSON.stringify(value)}`;
  if (typeof r.file !== "string" || !r.file) return wrong("file", r.file, "a test file path (a string)");
  const fileProblem = testFileProblem(r.file);
  if (fileProblem) return `refused: ${fileProblem}`;
  if (!Array.isArray(r.names) || r.names.length === 0 || !r.names.every((n) => typeof n === "string")) {
    return wrong("names", r.names, "a non-empty list of strings (describe blocks and title)");
  }
  if (typeof r.seed !== "number" || !Number.isInteger(r.seed)) return wrong("seed", r.seed, "an integer");
  if (r.path !== undefined && (typeof r.path !== "string" || !/^\d+(:\d+)*$/.test(r.path))) {
    return `path must look like 1:0:2, got ${JSON.stringify(r.path)}`;
  }
  if (r.replayPath !== undefined && (typeof r.replayPath !== "string" || !REPLAY_PATH_FORM.test(r.replayPath))) {
    return `replayPath must be fast-check's replay path (base64 counts:changes), got ${JSON.stringify(r.replayPath)}`;
  }
  if (typeof r.target !== "object" || r.target === null || typeof r.target.name !== "string") {
    return wrong("target", r.target, 'an object with a name ({"name": "sim"})');
  }
  const mod = r.target.module;
  if (mod !== undefined && (typeof mod !== "string" || mod === "" || /[\0\r\n]/.test(mod))) {
    return "target.module must be a file path";
  }
  for (const k of ["baseUrl", "ktUrl", "workerUrl"] as const) {
    const u = r.target[k];
    if (u !== undefined && (typeof u !== "string" || !/^https?:\/\//i.test(u)))
      return `target.${k} must be an http(s) URL`;
  }
  return r as ReplayFile;
}
