/**
 * The conformance matrix: clauses (by area and feature, in the catalogue's order) × runs, each cell
 * what one run says of one clause, with per-area interoperability (the share of clauses every run
 * that tested the area passes) and each run's own share. Pure: runs come in read (matrix-read.ts);
 * matrix.json is this model (fixtures/schemas/matrix.schema.json), and the markdown and html pages
 * render it.
 *
 * A run that did not test an area (did not select it, or no test of it reached the target) is left
 * out of that area's interoperability and of "differs": a binding-only target does not make every
 * DNS clause a difference.
 */
import { AREAS, type Area, type Clause } from "../clauses/types.ts";
import { causeOf } from "./explain.ts";
import type { ReadRun } from "./matrix-read.ts";
import type { ClauseState, TestEntry } from "./types.ts";

export type CellStatus = "pass" | "fail" | "expected-fail" | "skip" | "not-tested";
export const CELL_STATUSES: readonly CellStatus[] = ["pass", "fail", "expected-fail", "skip", "not-tested"];

export interface MatrixCell {
  status: CellStatus;
  /** The failure message (fail, expected-fail), the skip reasons, or why the clause was not tested. */
  detail?: string;
}

/** The real implementations whose last pass of each clause the matrix records. */
export type RealImplementation = "workerd" | "production";
const REAL_OF_TARGET: Record<string, RealImplementation> = { workerd: "workerd", worker: "production" };
export const REAL_LABELS: Record<RealImplementation, string> = {
  workerd: "workerd",
  production: "production (bridge Worker)",
};

export interface LastPassed {
  /** The run's start (ISO 8601). */
  date: string;
  run: number;
  /** The implementation's version where the run recorded it. */
  version?: string;
}

export interface MatrixRun {
  /** Index in `runs`, as cells are. */
  index: number;
  label: string;
  target: string;
  implementation?: { name: string; version?: string };
  identity?: string;
  started: string;
  runId: string;
  edgeconf: string;
  sources: string[];
  /** Areas some test of which reached the target. */
  testedAreas: Area[];
  shards?: { count: number; given: number[] };
  outcome: string;
}

export interface MatrixRow {
  id: string;
  area: Area;
  /** The family segment of the id (`D.put.etag` -> `put`). */
  feature: string;
  text: string;
  source: "spec" | "platform" | "unknown";
  /** Set when the clause is not in this edgeconf's catalogue (named by an older run's tests). */
  notInCatalogue?: true;
  untestable?: string;
  /** Runs that tested the area disagree on this clause. */
  differs: boolean;
  cells: MatrixCell[];
  /** Per real implementation among the runs: the newest run in which the clause passed (null: none). */
  lastPassed: Partial<Record<RealImplementation, LastPassed | null>>;
}

export interface AreaShare {
  run: number;
  /** Null when the run did not test the area. */
  passed: number | null;
  share: number | null;
}

export interface MatrixArea {
  area: Area;
  /** Testable clauses of the catalogue. */
  clauses: number;
  /** Runs that tested the area (counted in `interop`). */
  runsCounted: number[];
  /** Clauses every counted run passes; share of `clauses` (null when no run tested the area). */
  interop: { passed: number; share: number | null };
  perRun: AreaShare[];
  /** Clauses whose counted runs disagree. */
  differing: number;
}

export interface Matrix {
  schemaVersion: 1;
  tool: "edgeconf";
  kind: "matrix";
  generated: string;
  edgeconf: string;
  runs: MatrixRun[];
  real: RealImplementation[];
  areas: MatrixArea[];
  rows: MatrixRow[];
}

const STATE_CELL: Record<ClauseState, CellStatus> = {
  passed: "pass",
  failed: "fail",
  known: "expected-fail",
  skipped: "skip",
  uncovered: "not-tested",
  untestable: "not-tested",
};

const MAX_DETAIL = 2000;

function clip(text: string, max = MAX_DETAIL): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "workerd 1.2025.0", "edgeconf simulator 0.1.0", or the target's identity line. */
export function implementationLabel(run: ReadRun): string | undefined {
  const impl = run.report.target.implementation;
  if (impl) return impl.version ? `${impl.name} ${impl.version}` : impl.name;
  return run.report.target.identity;
}

function runLabel(run: ReadRun): string {
  const r = run.report;
  const impl = implementationLabel(run);
  const shards = run.shards ? ` (shards ${run.shards.given.join(",")} of ${run.shards.count})` : "";
  return [r.target.name, impl, r.started.slice(0, 16).replace("T", " ")].filter(Boolean).join(" · ") + shards;
}

function failingDetail(tests: readonly TestEntry[]): string {
  const lines = tests.slice(0, 3).map((t) => {
    const why = t.status === "expected-fail" && t.expectation ? ` (expected: ${t.expectation})` : "";
    return `${t.fullName}${why}\n${clip(t.error ?? "(no error text)", 1200)}`;
  });
  if (tests.length > 3) lines.push(`… and ${tests.length - 3} more failing tests`);
  return clip(lines.join("\n\n"));
}

function notTestedReason(run: ReadRun, area: Area, clause: Clause | undefined, tested: boolean): string {
  const r = run.report;
  if (clause?.untestable) return `No test can check it: ${clause.untestable}`;
  if (!r.selection.areas.includes(area)) return `The run did not select area ${area}.`;
  if (r.problems.length > 0 && !tested) return `The run did not reach the target: ${clip(r.problems[0] ?? "", 400)}`;
  if (!clause) return "Not in this edgeconf's catalogue, and no test of this run names it.";
  if (run.shards && run.shards.given.length < run.shards.count) {
    const missing = Array.from({ length: run.shards.count }, (_, i) => i + 1).filter(
      (i) => !run.shards?.given.includes(i),
    );
    return `No test of the shards given names it (shard ${missing.join(", ")} of ${run.shards.count} not given).`;
  }
  return "No test of this run names it (left out by --areas, --grep, --include or --shard).";
}

/** A run's tests by the clause ids they name, and its clause states by id. */
interface RunIndex {
  byClause: Map<string, TestEntry[]>;
  states: Map<string, ClauseState>;
}

function indexRun(run: ReadRun): RunIndex {
  const byClause = new Map<string, TestEntry[]>();
  for (const t of run.report.tests) {
    for (const id of t.clauses) {
      const list = byClause.get(id);
      if (list) list.push(t);
      else byClause.set(id, [t]);
    }
  }
  const states = new Map<string, ClauseState>();
  for (const a of run.areas) for (const c of a.clauseResults) states.set(c.id, c.state);
  return { byClause, states };
}

function cellOf(
  run: ReadRun,
  area: Area,
  clause: Clause | undefined,
  state: ClauseState,
  named: readonly TestEntry[],
  tested: boolean,
): MatrixCell {
  const status = STATE_CELL[state];
  if (status === "pass") return { status };
  if (status === "fail") return { status, detail: failingDetail(named.filter((t) => t.status === "fail")) };
  if (status === "expected-fail") {
    return { status, detail: failingDetail(named.filter((t) => t.status === "expected-fail")) };
  }
  if (status === "skip") {
    const reasons = [...new Set(named.filter((t) => t.status === "skip").map((t) => t.skipReason ?? "skipped"))];
    return { status, detail: clip(reasons.join("\n")) };
  }
  return { status, detail: notTestedReason(run, area, clause, tested) };
}

/** The state of a clause the catalogue does not hold, from the tests naming it. */
function unknownState(tests: readonly TestEntry[]): ClauseState {
  if (tests.length === 0) return "uncovered";
  const failing = tests.filter((t) => t.status === "fail" || t.status === "expected-fail");
  if (failing.length > 0) return failing.every((t) => t.status === "expected-fail") ? "known" : "failed";
  return tests.every((t) => t.status === "skip") ? "skipped" : "passed";
}

const LETTER_AREA: Record<string, Area> = {
  A: "dns-protection",
  B: "dns-records",
  C: "key-transparency",
  D: "object-store",
};

export function featureOf(id: string): string {
  return id.split(".")[1] ?? "";
}

export interface BuildMatrixOptions {
  catalogue: readonly Clause[];
  edgeconf: string;
  /** ISO date of the matrix (the caller's clock; tests pass a fixed one). */
  generated: string;
}

export function buildMatrix(runs: readonly ReadRun[], o: BuildMatrixOptions): Matrix {
  const index = runs.map(indexRun);
  const testedAreas = runs.map((run) => run.areas.filter((a) => a.verdict !== "not-tested").map((a) => a.area));
  const real = [...new Set(runs.map((r) => REAL_OF_TARGET[r.report.target.name]).filter((x) => x !== undefined))];
  real.sort((a, b) => (a === "workerd" ? -1 : b === "workerd" ? 1 : 0));
  // Clause ids named by the runs' tests that the catalogue does not hold (older edgeconf versions).
  const known = new Set(o.catalogue.map((c) => c.id));
  const extra = new Map<string, Area>();
  for (const run of runs) {
    for (const t of run.report.tests) {
      for (const id of t.clauses) {
        const area = LETTER_AREA[id.charAt(0)];
        if (!known.has(id) && area && id.charAt(1) === ".") extra.set(id, area);
      }
    }
  }
  const rows: MatrixRow[] = [];
  for (const area of AREAS) {
    const ids: { id: string; clause?: Clause }[] = [
      ...o.catalogue.filter((c) => c.area === area).map((c) => ({ id: c.id, clause: c })),
      ...[...extra].filter(([, a]) => a === area).map(([id]) => ({ id })),
    ];
    for (const { id, clause } of ids) {
      const cells = runs.map((run, i) => {
        const selected = run.report.selection.areas.includes(area);
        const tested = testedAreas[i]?.includes(area) ?? false;
        const named = selected ? (index[i]?.byClause.get(id) ?? []) : [];
        const state: ClauseState = clause
          ? (index[i]?.states.get(id) ?? (clause.untestable ? "untestable" : "uncovered"))
          : unknownState(named);
        return cellOf(run, area, clause, state, named, tested);
      });
      const counted = cells.filter((_, i) => testedAreas[i]?.includes(area));
      const differs = counted.length >= 2 && counted.some((c) => c.status !== counted[0]?.status);
      const lastPassed: MatrixRow["lastPassed"] = {};
      for (const impl of real) {
        let best: LastPassed | null = null;
        runs.forEach((run, i) => {
          if (REAL_OF_TARGET[run.report.target.name] !== impl || cells[i]?.status !== "pass") return;
          if (best && best.date >= run.report.started) return;
          const version = run.report.target.implementation?.version;
          best = { date: run.report.started, run: i, ...(version ? { version } : {}) };
        });
        lastPassed[impl] = best;
      }
      rows.push({
        id,
        area,
        feature: featureOf(id),
        text: clause?.text ?? "",
        source: clause?.source ?? "unknown",
        ...(clause ? {} : { notInCatalogue: true as const }),
        ...(clause?.untestable ? { untestable: clause.untestable } : {}),
        differs,
        cells,
        lastPassed,
      });
    }
  }
  const areas: MatrixArea[] = AREAS.map((area) => {
    const areaRows = rows.filter((r) => r.area === area && !r.untestable && !r.notInCatalogue);
    const runsCounted = runs.map((_, i) => i).filter((i) => testedAreas[i]?.includes(area));
    const interop = areaRows.filter(
      (r) => runsCounted.length > 0 && runsCounted.every((i) => r.cells[i]?.status === "pass"),
    ).length;
    const share = (n: number) => (areaRows.length === 0 ? null : n / areaRows.length);
    return {
      area,
      clauses: areaRows.length,
      runsCounted,
      interop: { passed: interop, share: runsCounted.length === 0 ? null : share(interop) },
      perRun: runs.map((_, i) => {
        if (!runsCounted.includes(i)) return { run: i, passed: null, share: null };
        const passed = areaRows.filter((r) => r.cells[i]?.status === "pass").length;
        return { run: i, passed, share: share(passed) };
      }),
      differing: rows.filter((r) => r.area === area && r.differs).length,
    };
  });
  return {
    schemaVersion: 1,
    tool: "edgeconf",
    kind: "matrix",
    generated: o.generated,
    edgeconf: o.edgeconf,
    runs: runs.map((run, index) => {
      const r = run.report;
      return {
        index,
        label: runLabel(run),
        target: r.target.name,
        ...(r.target.implementation ? { implementation: { ...r.target.implementation } } : {}),
        ...(r.target.identity ? { identity: r.target.identity } : {}),
        started: r.started,
        runId: r.runId,
        edgeconf: r.versions?.edgeconf ?? "unknown",
        sources: run.sources,
        testedAreas: testedAreas[index] ?? [],
        ...(run.shards ? { shards: run.shards } : {}),
        outcome: r.outcome,
      };
    }),
    real,
    areas,
    rows,
  };
}

/** A share as a percentage ("93.2 %"), or "n/a". */
export function percent(share: number | null): string {
  return share === null ? "n/a" : `${(Math.floor(share * 1000) / 10).toFixed(1)} %`;
}

/** The first line of a cell's detail, for one-line renderings. */
export function firstLine(detail: string | undefined): string {
  return causeOf(detail?.split("\n").slice(1).join("\n") || detail);
}
