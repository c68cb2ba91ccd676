/**
 * What one `edgeconf check consistency` run leaves behind, for the bucket and the HTTP areas alike:
 * verdict.json, history.json and, on a violation, replays/consistency-<seed>.json and timeline.html, in the run's
 * folder; then the answer on stdout (JSON with --json, else the summary and the files, wrapped to the terminal).
 * A history in which no write took effect is checked by nobody: `nothingServed` says so and nothing is claimed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { displayPath } from "../report/shell.ts";
import { terminalWidth, wrapLine } from "../terminal.ts";

/** JSON has no Infinity: a failed write's completion is written as null. */
export function replacer(_key: string, value: unknown): unknown {
  return value === Number.POSITIVE_INFINITY ? null : value;
}

export interface RunFiles {
  runDir: string;
  cwd: string;
  /** The run's parameters, written at the top of every file. */
  base: { seed: number } & Record<string, unknown>;
  recordMs: number;
  verdict: { result: string };
  history: object;
  /** Only when the verdict is a violation: the replay file's content and the timeline page. */
  violation?: { replay: object; timelineHtml: () => string };
}

/** Writes the run's files; answers their paths as the user should see them. */
export function writeRunFiles(r: RunFiles): string[] {
  mkdirSync(r.runDir, { recursive: true });
  const files: string[] = [];
  const write = (name: string, text: string) => {
    const file = path.join(r.runDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files.push(displayPath(r.cwd, file));
  };
  const verdict = { kind: "edgeconf-consistency-verdict", ...r.base, recordMs: r.recordMs, ...r.verdict };
  write("verdict.json", `${JSON.stringify(verdict, replacer, 2)}\n`);
  write("history.json", `${JSON.stringify({ ...r.base, ...r.history }, replacer)}\n`);
  if (r.violation) {
    write(`replays/consistency-${r.base.seed >>> 0}.json`, `${JSON.stringify(r.violation.replay, replacer, 2)}\n`);
    write("timeline.html", r.violation.timelineHtml());
  }
  return files;
}

/** The run's answer: one JSON line with --json, else `summary(width)` and the files, within the width. */
export function printRunEnd(
  out: (text: string) => void,
  json: boolean,
  r: Pick<RunFiles, "base" | "verdict">,
  files: string[],
  summary: (width: number) => string,
): void {
  if (json) {
    out(`${JSON.stringify({ ...r.base, ...r.verdict, files }, replacer)}\n`);
    return;
  }
  const width = terminalWidth();
  out(`${summary(width)}${wrapLine("Files: ", files.join(", "), width, "  ").join("\n")}\n`);
}

/**
 * True (and says so on `out`) when no write of the history took effect: a history of failed or refused calls
 * is trivially linearizable, so claiming it would credit a target with what it never served.
 */
export function nothingServed<O extends { outcome: unknown }>(
  out: (text: string) => void,
  ops: readonly O[],
  wrote: (op: O) => boolean,
): boolean {
  if (ops.some(wrote)) return false;
  const failed = ops.filter((op) => (op.outcome as { kind: string }).kind === "error").length;
  const why =
    `NOTHING SERVED: no write of the ${ops.length} call(s) took effect (${failed} failed, the rest refused); ` +
    "a history without one proves nothing, so nothing is claimed.";
  out(`${wrapLine("", why, terminalWidth(), "  ").join("\n")}\n`);
  return true;
}
