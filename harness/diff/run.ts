/**
 * The diff engine: fast-check draws sequences of an area's operations; each sequence runs on both
 * targets from fresh, isolated resources, step by step, and every pair of answers is normalised
 * (normalise.ts) and compared exactly (compare.ts).
 *
 * It keeps going after a divergence: each divergence has a fingerprint (the operation, both sides'
 * outcome kinds, the differing fields: fingerprint.ts). The first sequence with a fingerprint not seen
 * before is shrunk by fast-check to a minimal sequence with that same fingerprint; then the run goes on
 * with the next drawn sequence (fast-check's replay path `N` restarts the same stream at run N). In
 * later sequences a known fingerprint is counted and treated like an accepted difference (the sequence
 * goes on unless the outcome itself differed), so one frequent divergence does not hide the others.
 * The run ends after `runs` drawn sequences or `maxDivergences` distinct divergences.
 *
 * A failure of the harness itself (a target unreachable, a session that cannot open) is not a
 * divergence: it stops the run and is returned as `aborted`.
 */
import fc from "fast-check";
import type { Target } from "../targets/types.ts";
import { compare, type Difference } from "./compare.ts";
import { type DiffExpectation, expectationFor, expectationMet } from "./expectations.ts";
import { fingerprintOf } from "./fingerprint.ts";
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
  /** The fingerprint of the step's unaccepted differences (absent when there are none). */
  fingerprint?: string;
}

export interface SequenceResult {
  steps: Step[];
  /** Index of the first step with a difference that is neither expected nor of a known fingerprint. */
  divergentAt?: number;
  /** Fingerprints of known divergences met on the way (counted, then passed over). */
  knownMet: string[];
}

/** What a sequence is compared with besides the two sides: accepted and already known divergences. */
export interface SequenceContext {
  expectations?: readonly DiffExpectation[];
  /** Filled with the expectations that accepted a difference ... */
  used?: Set<DiffExpectation>;
  /** ... and with those whose area and operation (and `when`) this run executed: the ones it could have met. */
  met?: Set<DiffExpectation>;
  /** Fingerprints of divergences already found: counted and passed over, not a new divergence. */
  known?: ReadonlySet<string>;
}

export interface DiffOptions {
  area: DiffArea;
  left: Target;
  right: Target;
  runs: number;
  seed: number;
  maxSteps: number;
  /** Distinct divergences after which the run stops (default 20). */
  maxDivergences?: number;
  /** Names shown for the two sides (default: the targets' names). */
  labels?: readonly [string, string];
  expectations?: readonly DiffExpectation[];
  /** Called after every sequence (progress). */
  onSequence?(done: number): void;
}

export interface Divergence {
  /** The fingerprint: operation, outcome kinds, differing fields. */
  fingerprint: string;
  /** Drawn sequences that met it (before and after it was found). */
  count: number;
  /** The drawn run (1-based) that first met it. */
  foundAtRun: number;
  /** The minimal sequence, up to and including the divergent step. */
  ops: DiffOp[];
  steps: Step[];
  divergentAt: number;
  /** fast-check's seed of the run. */
  seed: number;
  /** fast-check's replay path of the minimal sequence. */
  path?: string;
  numShrinks: number;
  /** Length of the first sequence that met it, before shrinking. */
  originalLength: number;
  /** Its replay file, relative to the current directory (set when written). */
  replayFile?: string;
}

export interface DiffOutcome {
  area: string;
  left: string;
  right: string;
  seed: number;
  runs: number;
  maxSteps: number;
  maxDivergences: number;
  /** Sequences run (shrinking included) and operations run on each side. */
  sequences: number;
  /** Of those, the runs drawn (up to `runs`, fewer when `maxDivergences` ended the run) ... */
  runsDone: number;
  /** ... and the sequences tried while shrinking the divergences. */
  shrinkSteps: number;
  operationsPerSide: number;
  elapsedMs: number;
  /** Every distinct divergence, in the order found, each shrunk. */
  divergences: Divergence[];
  /** The first of them (kept for readers of older reports). */
  divergence?: Divergence;
  /** Expectations that accepted at least one difference ... */
  expectationsUsed: DiffExpectation[];
  /** ... those the run could have met (it ran their operation) but never needed ... */
  expectationsStale: DiffExpectation[];
  /** ... and those it never met (another area, an operation it did not run): neither used nor stale. */
  expectationsNotMet: DiffExpectation[];
  aborted?: string;
}

/**
 * Runs one sequence on both sides from fresh sessions; stops at the first divergence that is neither
 * expected nor known (or at an expected or known difference of the outcome itself).
 */
export async function runSequence(
  area: DiffArea,
  left: Target,
  right: Target,
  ops: readonly DiffOp[],
  tag: string,
  context: SequenceContext = {},
): Promise<SequenceResult> {
  const expectations = context.expectations ?? [];
  const [l, r] = await Promise.all([area.open(left, tag), area.open(right, tag)]);
  const books = [new RoleBook(), new RoleBook()] as const;
  const steps: Step[] = [];
  const knownMet: string[] = [];
  try {
    for (const op of ops) {
      // An operation one side cannot be asked (no second tenant, no second operator) is asked of neither.
      const needs = area.requires?.(op);
      const skip = needs && !(left.capabilities.has(needs) && right.capabilities.has(needs));
      const [la, ra] = skip
        ? [{ skipped: `a side lacks ${needs}` }, { skipped: `a side lacks ${needs}` }]
        : await Promise.all([l.exec(op), r.exec(op)]);
      const ln = normalise(la, op, area.rules, l.context, books[0]);
      const rn = normalise(ra, op, area.rules, r.context, books[1]);
      const differences = compare(ln.value, rn.value);
      if (context.met) for (const e of expectations) if (expectationMet(e, area.name, op)) context.met.add(e);
      const accepted: Step["accepted"] = [];
      const open: Difference[] = [];
      for (const d of differences) {
        const e = expectationFor(expectations, area.name, op, d);
        if (e) {
          accepted.push({ difference: d, reason: e.reason });
          context.used?.add(e);
        } else open.push(d);
      }
      const step: Step = {
        op,
        left: la,
        right: ra,
        leftNormalised: ln.value,
        rightNormalised: rn.value,
        applied: { left: ln.applied, right: rn.applied },
        differences,
        accepted,
      };
      steps.push(step);
      if (open.length > 0) {
        step.fingerprint = fingerprintOf(op, ln.value, rn.value, open);
        if (!context.known?.has(step.fingerprint)) return { steps, divergentAt: steps.length - 1, knownMet };
        knownMet.push(step.fingerprint);
      }
      // An expected or known difference of the outcome itself (one side threw or failed, the other did
      // not): the two sides' states may differ from here on, so the sequence ends here.
      if (differences.some(outcomeChanged)) return { steps, knownMet };
    }
    return { steps, knownMet };
  } finally {
    await Promise.all([l.close(), r.close()]);
  }
}

/** Whether a difference is of the answer's outcome (status, thrown or not), not of a field inside it. */
export function outcomeChanged(d: Difference): boolean {
  return d.path === "status" || !d.path.includes(".") || d.path === "threw.name";
}

class Aborted extends Error {}

export const DEFAULT_MAX_DIVERGENCES = 20;

export async function runDiff(options: DiffOptions): Promise<DiffOutcome> {
  const { area, left, right, runs, seed, maxSteps } = options;
  const maxDivergences = options.maxDivergences ?? DEFAULT_MAX_DIVERGENCES;
  const expectations = options.expectations ?? [];
  const used = new Set<DiffExpectation>();
  const met = new Set<DiffExpectation>();
  const known = new Set<string>();
  const counts = new Map<string, number>();
  const divergences: Divergence[] = [];
  const started = performance.now();
  let sequences = 0;
  let runsDone = 0;
  let shrinkSteps = 0;
  let operations = 0;
  let aborted: string | undefined;
  const tagBase = `e${(seed >>> 0).toString(36)}`;
  const arb = fc.array(area.op, { minLength: 1, maxLength: maxSteps });
  const context: SequenceContext = { expectations, used, met, known };
  const count = (fp: string) => counts.set(fp, (counts.get(fp) ?? 0) + 1);

  /** The drawn run (0-based) where the next fast-check pass starts. */
  let start = 0;
  while (start < runs && divergences.length < maxDivergences && aborted === undefined) {
    // One pass: drawn runs from `start` until a new fingerprint, which fast-check then shrinks.
    let target: string | undefined;
    let failedAt = -1;
    let firstLength = 0;
    let last: { ops: DiffOp[]; result: SequenceResult } | undefined;
    const property = fc.asyncProperty(arb, async (ops) => {
      if (aborted !== undefined) return true;
      sequences += 1;
      if (target === undefined) runsDone += 1;
      else shrinkSteps += 1;
      let result: SequenceResult;
      try {
        result = await runSequence(area, left, right, ops, `${tagBase}-${sequences}`, context);
      } catch (e) {
        aborted = e instanceof Error ? e.message : String(e);
        throw new Aborted(aborted);
      }
      operations += result.steps.length;
      options.onSequence?.(sequences);
      const fp = result.divergentAt === undefined ? undefined : result.steps[result.divergentAt]!.fingerprint!;
      if (target === undefined) {
        for (const k of result.knownMet) count(k);
        if (fp === undefined) return true;
        count(fp);
        target = fp;
        failedAt = runsDone - 1;
        firstLength = ops.length;
        last = { ops: [...ops], result };
        return false;
      }
      // Shrinking: only the same divergence counts as a failure, so the shrunk sequence shows that one.
      if (fp !== target) return true;
      last = { ops: [...ops], result };
      return false;
    });
    const details = await fc.check(property, {
      numRuns: runs - start,
      seed,
      ...(start > 0 ? { path: String(start) } : {}),
      endOnFailure: false,
    });
    if (aborted !== undefined || !details.failed || target === undefined) break;
    const counterexample = (details.counterexample?.[0] ?? []) as DiffOp[];
    let failure = last;
    if (!failure || JSON.stringify(failure.ops) !== JSON.stringify(counterexample)) {
      const result = await runSequence(area, left, right, counterexample, `${tagBase}-final-${divergences.length}`, {
        expectations,
        known,
      });
      failure = { ops: counterexample, result };
    }
    const at = failure.result.divergentAt;
    if (at === undefined || failure.result.steps[at]!.fingerprint !== target) {
      aborted = "a shrunk sequence no longer diverges the same way when run again (a flaky target?)";
      break;
    }
    known.add(target);
    divergences.push({
      fingerprint: target,
      count: 0,
      foundAtRun: failedAt + 1,
      ops: failure.ops.slice(0, at + 1),
      steps: failure.result.steps.slice(0, at + 1),
      divergentAt: at,
      seed: details.seed,
      ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      numShrinks: details.numShrinks,
      originalLength: firstLength,
    });
    start = failedAt + 1;
  }
  for (const d of divergences) d.count = counts.get(d.fingerprint) ?? 1;
  const elapsedMs = performance.now() - started;
  return {
    area: area.name,
    left: options.labels?.[0] ?? left.name,
    right: options.labels?.[1] ?? right.name,
    seed,
    runs,
    maxSteps,
    maxDivergences,
    sequences,
    runsDone,
    shrinkSteps,
    operationsPerSide: operations,
    elapsedMs,
    divergences,
    ...(divergences[0] ? { divergence: divergences[0] } : {}),
    expectationsUsed: expectations.filter((e) => used.has(e)),
    expectationsStale: expectations.filter((e) => !used.has(e) && met.has(e)),
    expectationsNotMet: expectations.filter((e) => !used.has(e) && !met.has(e)),
    ...(aborted !== undefined ? { aborted } : {}),
  };
}
