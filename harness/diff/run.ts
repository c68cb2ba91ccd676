/**
 * The diff engine: fast-check draws sequences of an area's operations; each sequence runs on both
 * targets from fresh, isolated resources, step by step, and every pair of answers is normalised
 * (normalise.ts) and compared exactly (compare.ts). The first divergence no expectation accepts
 * fails the property; fast-check then shrinks the sequence, and the minimal one is returned with
 * both sides' answers at every step.
 *
 * A failure of the harness itself (a target unreachable, a session that cannot open) is not a
 * divergence: it stops the run and is returned as `aborted`.
 */
import fc from "fast-check";
import type { Target } from "../targets/types.ts";
import { compare, type Difference } from "./compare.ts";
import { type DiffExpectation, expectationFor } from "./expectations.ts";
import { type Applied, normalise, RoleBook } from "./normalise.ts";
import type { Answer, DiffArea, DiffOp, Json } from "./types.ts";

export interface Step {
  op: DiffOp;
  left: Answer;
  right: Answer;
  /** Normalised answers, as compared. */
  leftNormalised: Json;
  rightNormalised: Json;
  /** What was normalised on either side, and by which rule. */
  applied: { left: Applied[]; right: Applied[] };
  differences: Difference[];
  /** Differences accepted by an expectation, with its reason. */
  accepted: { difference: Difference; reason: string }[];
}

export interface SequenceResult {
  steps: Step[];
  /** Index of the first step with a difference no expectation accepts. */
  divergentAt?: number;
}

export interface DiffOptions {
  area: DiffArea;
  left: Target;
  right: Target;
  runs: number;
  seed: number;
  maxSteps: number;
  /** Names shown for the two sides (default: the targets' names). */
  labels?: readonly [string, string];
  expectations?: readonly DiffExpectation[];
  /** Called after every sequence (progress). */
  onSequence?(done: number): void;
}

export interface Divergence {
  /** The minimal sequence, up to and including the divergent step. */
  ops: DiffOp[];
  steps: Step[];
  divergentAt: number;
  /** fast-check's replay data of the failing run. */
  seed: number;
  path?: string;
  numShrinks: number;
  /** Length of the first failing sequence before shrinking. */
  originalLength: number;
}

export interface DiffOutcome {
  area: string;
  left: string;
  right: string;
  seed: number;
  runs: number;
  maxSteps: number;
  /** Sequences run (shrinking included) and operations run on each side. */
  sequences: number;
  /** Of those, the runs drawn (up to `runs`; the first divergent one ends them) ... */
  runsDone: number;
  /** ... and the sequences tried while shrinking the divergence. */
  shrinkSteps: number;
  operationsPerSide: number;
  elapsedMs: number;
  divergence?: Divergence;
  /** Expectations that accepted at least one difference, and those none needed. */
  expectationsUsed: DiffExpectation[];
  expectationsStale: DiffExpectation[];
  aborted?: string;
}

/** Runs one sequence on both sides from fresh sessions; stops at the first unaccepted divergence. */
export async function runSequence(
  area: DiffArea,
  left: Target,
  right: Target,
  ops: readonly DiffOp[],
  tag: string,
  expectations: readonly DiffExpectation[] = [],
  used?: Set<DiffExpectation>,
): Promise<SequenceResult> {
  const [l, r] = await Promise.all([area.open(left, tag), area.open(right, tag)]);
  const books = [new RoleBook(), new RoleBook()] as const;
  const steps: Step[] = [];
  try {
    for (const op of ops) {
      const [la, ra] = await Promise.all([l.exec(op), r.exec(op)]);
      const ln = normalise(la, op, area.rules, l.context, books[0]);
      const rn = normalise(ra, op, area.rules, r.context, books[1]);
      const differences = compare(ln.value, rn.value);
      const accepted: Step["accepted"] = [];
      let unaccepted = false;
      for (const d of differences) {
        const e = expectationFor(expectations, area.name, op, d);
        if (e) {
          accepted.push({ difference: d, reason: e.reason });
          used?.add(e);
        } else unaccepted = true;
      }
      steps.push({
        op,
        left: la,
        right: ra,
        leftNormalised: ln.value,
        rightNormalised: rn.value,
        applied: { left: ln.applied, right: rn.applied },
        differences,
        accepted,
      });
      if (unaccepted) return { steps, divergentAt: steps.length - 1 };
      // An accepted divergence of the outcome itself (one side threw or failed, the other did not):
      // the two sides' states may differ from here on, so the sequence ends as agreeing.
      if (accepted.some((a) => outcomeChanged(a.difference))) return { steps };
    }
    return { steps };
  } finally {
    await Promise.all([l.close(), r.close()]);
  }
}

/** Whether a difference is of the answer's outcome (status, thrown or not), not of a field inside it. */
export function outcomeChanged(d: Difference): boolean {
  return d.path === "status" || !d.path.includes(".") || d.path === "threw.name";
}

class Aborted extends Error {}

export async function runDiff(options: DiffOptions): Promise<DiffOutcome> {
  const { area, left, right, runs, seed, maxSteps } = options;
  const expectations = options.expectations ?? [];
  const used = new Set<DiffExpectation>();
  const started = performance.now();
  let sequences = 0;
  let runsDone = 0;
  let shrinkSteps = 0;
  let operations = 0;
  let aborted: string | undefined;
  let lastFailure: { ops: DiffOp[]; result: SequenceResult } | undefined;
  let firstLength: number | undefined;
  const tagBase = `e${(seed >>> 0).toString(36)}`;

  const property = fc.asyncProperty(fc.array(area.op, { minLength: 1, maxLength: maxSteps }), async (ops) => {
    if (aborted !== undefined) return true;
    sequences += 1;
    // After the first divergence fast-check only shrinks it (endOnFailure is off for that).
    if (firstLength === undefined) runsDone += 1;
    else shrinkSteps += 1;
    let result: SequenceResult;
    try {
      result = await runSequence(area, left, right, ops, `${tagBase}-${sequences}`, expectations, used);
    } catch (e) {
      aborted = e instanceof Error ? e.message : String(e);
      throw new Aborted(aborted);
    }
    operations += result.steps.length;
    options.onSequence?.(sequences);
    if (result.divergentAt === undefined) return true;
    firstLength ??= ops.length;
    lastFailure = { ops: [...ops], result };
    return false;
  });

  const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: false });
  const elapsedMs = performance.now() - started;
  const outcome: DiffOutcome = {
    area: area.name,
    left: options.labels?.[0] ?? left.name,
    right: options.labels?.[1] ?? right.name,
    seed,
    runs,
    maxSteps,
    sequences,
    runsDone,
    shrinkSteps,
    operationsPerSide: operations,
    elapsedMs,
    expectationsUsed: expectations.filter((e) => used.has(e)),
    expectationsStale: expectations.filter((e) => !used.has(e)),
    ...(aborted !== undefined ? { aborted } : {}),
  };
  if (aborted !== undefined || !details.failed) return outcome;
  const counterexample = (details.counterexample?.[0] ?? []) as DiffOp[];
  let failure = lastFailure;
  if (!failure || JSON.stringify(failure.ops) !== JSON.stringify(counterexample)) {
    const result = await runSequence(area, left, right, counterexample, `${tagBase}-final`, expectations);
    failure = { ops: counterexample, result };
  }
  const at = failure.result.divergentAt;
  if (at === undefined) {
    outcome.aborted = "the shrunk sequence no longer diverges when run again (a flaky target?)";
    return outcome;
  }
  outcome.divergence = {
    ops: failure.ops.slice(0, at + 1),
    steps: failure.result.steps,
    divergentAt: at,
    seed: details.seed,
    ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
    numShrinks: details.numShrinks,
    originalLength: firstLength ?? failure.ops.length,
  };
  return outcome;
}
