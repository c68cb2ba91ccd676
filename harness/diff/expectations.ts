/**
 * Known, accepted divergences of a diff: a file lists them by area, operation and the field that
 * differs, each with its reason, so a diff against Miniflare or production can be green while the
 * list stays on record. A step whose every difference is listed is accepted and the run goes on;
 * entries no run needed are reported as stale.
 *
 *   { "kind": "edgeconf-diff-expectations", "divergences": [
 *       { "area": "object-store", "op": "list", "field": "result.objects[].httpMetadata", "reason": "..." } ] }
 *
 * `field` is a generic path (array indices written `[]`); it matches that field and everything below it.
 * `when` (optional) narrows an entry to operations whose arguments hold these values, e.g.
 * `{"cursor": "bogus"}` (null: the argument is absent), so an accepted divergence of one input does not
 * hide others of the operation.
 *
 * Where `edgeconf diff` finds the file (first that applies), as `edgeconf run` finds its own (../expectations.ts):
 *   1. `--expectations FILE`, else EDGECONF_DIFF_EXPECTATIONS: that file, which must exist;
 *   2. the user's project: `edgeconf/expectations/diff-<against>.json` below the current directory;
 *   3. the baseline edgeconf ships: `fixtures/expectations/diff-<against>.json` of the package (read only).
 * (Not EDGECONF_EXPECTATIONS: that names the run's file, of another format.)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_EXPECTATIONS_DIR, PROJECT_ROOT } from "../expectations.ts";
import type { Difference } from "./compare.ts";
import { DIFF_AREAS, type DiffAreaName, type DiffOp, type Json } from "./types.ts";

export interface DiffExpectation {
  area: DiffAreaName;
  op: string;
  field: string;
  when?: { [arg: string]: Json };
  reason: string;
}

/** The file name of the expectations of a diff against `against`: diff-<against>.json (`broken:x` -> `broken-x`). */
export function diffExpectationsName(against: string): string {
  return `diff-${against.replace(/[^a-z0-9-]+/gi, "-")}.json`;
}

/** The baseline edgeconf ships for a diff against `against` (read only). */
export function shippedDiffExpectationsPath(against: string): string {
  return path.join(PROJECT_ROOT, "fixtures", "expectations", diffExpectationsName(against));
}

/**
 * The expectations file of a diff against `against`, and whether it must exist: `--expectations`
 * (`given`), EDGECONF_DIFF_EXPECTATIONS, else the project's `edgeconf/expectations/diff-<against>.json`
 * when it exists, else the shipped baseline when it exists, else the project's (absent) file.
 */
export function diffExpectationsPath(
  against: string,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): { file: string; required: boolean } {
  const named = given ?? (env.EDGECONF_DIFF_EXPECTATIONS || undefined);
  if (named !== undefined) return { file: path.resolve(cwd, named), required: true };
  const own = path.resolve(cwd, PROJECT_EXPECTATIONS_DIR, diffExpectationsName(against));
  if (existsSync(own)) return { file: own, required: false };
  const shipped = shippedDiffExpectationsPath(against);
  return { file: existsSync(shipped) ? shipped : own, required: false };
}

export function parseDiffExpectations(text: string): DiffExpectation[] | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  const d = data as { kind?: unknown; divergences?: unknown };
  if (typeof d !== "object" || d === null || d.kind !== "edgeconf-diff-expectations" || !Array.isArray(d.divergences)) {
    return 'not a diff expectations file ({"kind": "edgeconf-diff-expectations", "divergences": [...]})';
  }
  const out: DiffExpectation[] = [];
  for (const [i, e] of (d.divergences as Record<string, unknown>[]).entries()) {
    if (typeof e !== "object" || e === null) return `divergences[${i}] is not an object`;
    if (!(DIFF_AREAS as readonly unknown[]).includes(e.area))
      return `divergences[${i}].area must be one of ${DIFF_AREAS.join(", ")}`;
    for (const k of ["op", "field", "reason"] as const) {
      if (typeof e[k] !== "string" || !(e[k] as string).trim())
        return `divergences[${i}].${k} must be a non-empty string`;
    }
    if (e.when !== undefined && (typeof e.when !== "object" || e.when === null || Array.isArray(e.when))) {
      return `divergences[${i}].when must be an object of operation arguments`;
    }
    out.push({
      area: e.area as DiffAreaName,
      op: e.op as string,
      field: e.field as string,
      ...(e.when ? { when: e.when as { [arg: string]: Json } } : {}),
      reason: e.reason as string,
    });
  }
  return out;
}

/** Reads an expectations file; a missing default file is an empty list, a broken one throws. */
export function loadDiffExpectations(file: string, required: boolean): DiffExpectation[] {
  if (!existsSync(file)) {
    if (required) throw new Error(`${file}: no such expectations file`);
    return [];
  }
  const parsed = parseDiffExpectations(readFileSync(file, "utf8"));
  if (typeof parsed === "string") throw new Error(`${file}: ${parsed}`);
  return parsed;
}

function fieldMatches(pattern: string, field: string): boolean {
  return field === pattern || field.startsWith(`${pattern}.`) || field.startsWith(`${pattern}[`);
}

function argsMatch(when: DiffExpectation["when"], op: DiffOp): boolean {
  if (!when) return true;
  // null stands for an argument the operation does not have.
  return Object.entries(when).every(([k, v]) =>
    v === null ? op[k] === undefined || op[k] === null : JSON.stringify(op[k]) === JSON.stringify(v),
  );
}

/** Whether an operation of a run is one `e` could have accepted a difference of (its area, op and `when`). */
export function expectationMet(e: DiffExpectation, area: DiffAreaName, op: DiffOp): boolean {
  return e.area === area && e.op === op.op && argsMatch(e.when, op);
}

/** The expectation that accepts a difference of `op` in `area`, if any. */
export function expectationFor(
  list: readonly DiffExpectation[],
  area: DiffAreaName,
  op: DiffOp,
  difference: Difference,
): DiffExpectation | undefined {
  return list.find(
    (e) => e.area === area && e.op === op.op && fieldMatches(e.field, difference.field) && argsMatch(e.when, op),
  );
}

/**
 * A draft expectations file of a run's divergences: one entry per operation and differing field of
 * each divergence's minimal step, its reason left empty (the file does not load until every reason is
 * written, so nothing is accepted by accident); `seen` says where each came from.
 */
export function draftExpectations(report: {
  area: string;
  divergences: readonly {
    fingerprint: string;
    count: number;
    ops: readonly DiffOp[];
    steps: readonly { differences: Difference[]; accepted: { difference: Difference }[] }[];
    divergentAt: number;
    replayFile?: string;
  }[];
}): string {
  const entries: { area: string; op: string; field: string; reason: string; seen: string }[] = [];
  const seen = new Set<string>();
  for (const d of report.divergences) {
    const step = d.steps[d.divergentAt];
    const op = d.ops[d.divergentAt];
    if (!step || !op) continue;
    const accepted = new Set(step.accepted.map((a) => a.difference));
    for (const x of step.differences) {
      if (accepted.has(x)) continue;
      const key = `${op.op}\u0000${x.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        area: report.area,
        op: op.op,
        field: x.field,
        reason: "",
        seen: `${d.count} run(s): ${d.fingerprint}${d.replayFile ? `; edgeconf replay ${d.replayFile}` : ""}`,
      });
    }
  }
  return `${JSON.stringify({ kind: "edgeconf-diff-expectations", divergences: entries }, null, 2)}\n`;
}
