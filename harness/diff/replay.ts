/**
 * Diff replay files: the minimal diverging sequence of a diff run, saved so that `edgeconf replay
 * FILE` can run it again on both targets and say whether they still disagree. The file names the
 * targets by name only (never a URL or a credential): an `http` side takes its URL from
 * --base-url / --kt-url or the environment when replayed.
 */
import { createHash } from "node:crypto";
import type { Difference } from "./compare.ts";
import type { DiffOutcome, Divergence } from "./run.ts";
import { DIFF_AREAS, type DiffAreaName, type DiffOp } from "./types.ts";

export const DIFF_REPLAY_KIND = "edgeconf-diff-replay";

export interface DiffReplayFile {
  kind: typeof DIFF_REPLAY_KIND;
  version: 1;
  area: DiffAreaName;
  target: string;
  against: string;
  /** fast-check's seed of the run that found it (for the record; the ops are replayed as they are). */
  seed: number;
  ops: DiffOp[];
  /** What differed when it was found: the step (0-based), its differences and the divergence's fingerprint. */
  found: { step: number; differences: Difference[]; fingerprint?: string };
  runId: string;
}

/** The replay file of one divergence of a run. */
export function diffReplayOf(outcome: DiffOutcome, d: Divergence, area: DiffAreaName, runId: string): DiffReplayFile {
  return {
    kind: DIFF_REPLAY_KIND,
    version: 1,
    area,
    target: outcome.left,
    against: outcome.right,
    seed: outcome.seed,
    ops: d.ops,
    found: {
      step: d.divergentAt,
      differences: d.steps[d.divergentAt]?.differences ?? [],
      fingerprint: d.fingerprint,
    },
    runId,
  };
}

export function diffReplayFileName(replay: DiffReplayFile): string {
  const hash = createHash("sha256").update(JSON.stringify(replay.ops)).digest("hex").slice(0, 8);
  return `diff-${replay.area}-${hash}.json`;
}

/** Whether a replay file's text is a diff replay (cheap check before parsing it fully). */
export function isDiffReplayText(text: string): boolean {
  try {
    return (JSON.parse(text) as { kind?: unknown }).kind === DIFF_REPLAY_KIND;
  } catch {
    return false;
  }
}

/** Parses and checks a diff replay file; a string is the reason it is not one. */
export function parseDiffReplay(text: string): DiffReplayFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  const r = data as Partial<DiffReplayFile>;
  if (typeof r !== "object" || r === null || r.kind !== DIFF_REPLAY_KIND || r.version !== 1) {
    return `not a diff replay file (kind "${DIFF_REPLAY_KIND}", version 1)`;
  }
  if (!(DIFF_AREAS as readonly unknown[]).includes(r.area)) return `area must be one of ${DIFF_AREAS.join(", ")}`;
  if (typeof r.target !== "string" || typeof r.against !== "string") return "target and against must be target names";
  if (/[/:@]{2}|^https?:/i.test(r.target) || /^https?:/i.test(r.against)) return "targets are names, not URLs";
  if (!Array.isArray(r.ops) || r.ops.length === 0) return "ops must be a non-empty array";
  for (const [i, op] of r.ops.entries()) {
    if (typeof op !== "object" || op === null || typeof (op as DiffOp).op !== "string") return `ops[${i}] has no op`;
  }
  return {
    kind: DIFF_REPLAY_KIND,
    version: 1,
    area: r.area as DiffAreaName,
    target: r.target,
    against: r.against,
    seed: typeof r.seed === "number" ? r.seed : 0,
    ops: r.ops as DiffOp[],
    found: r.found ?? { step: r.ops.length - 1, differences: [] },
    runId: typeof r.runId === "string" ? r.runId : "",
  };
}
