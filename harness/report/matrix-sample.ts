/** Synthetic runs for the matrix and compare tests and the benchmark (in memory; not used at run time). */
import { AREAS, type Area, type Clause } from "../clauses/types.ts";
import { buildReport } from "./build.ts";
import type { RawTest } from "./classify.ts";
import { raw, sampleInput } from "./sample.ts";
import type { RunReport, TargetImplementation } from "./types.ts";

export type Outcome = "pass" | "fail" | "xfail" | "skip";

export interface SampleRun {
  target: string;
  implementation?: TargetImplementation;
  started: string;
  areas?: Area[];
  /** Clause id -> what its one test did (clauses not given: no test names them). */
  results: Readonly<Record<string, Outcome>>;
  /** Failure messages by clause id (default: "AssertionError: <id> broke"). */
  errors?: Readonly<Record<string, string>>;
  shard?: { index: number; count: number };
  clauses: readonly Clause[];
}

const FOLDER: Record<string, string> = {
  A: "dns-protection",
  B: "dns-records",
  C: "key-transparency",
  D: "object-store",
};

export function sampleTest(id: string, outcome: Outcome, error?: string): RawTest {
  const file = `suites/${FOLDER[id.charAt(0)] ?? "other"}/${id.split(".")[1] ?? "x"}.test.ts`;
  const names = [`checks ${id} [${id}]`];
  const meta = { clauses: [id] };
  const message = error ?? `AssertionError: ${id} broke`;
  switch (outcome) {
    case "pass":
      return raw(file, names, "passed", { meta });
    case "fail":
      return raw(file, names, "failed", { meta, errors: [message] });
    case "xfail":
      return raw(file, names, "passed", {
        meta: { ...meta, expectation: { status: "expected-fail", reason: "known departure", error: message } },
      });
    case "skip":
      return raw(file, names, "skipped", { meta, note: `The ${id} test needs a clock` });
  }
}

export function sampleRun(s: SampleRun): RunReport {
  const tests = Object.entries(s.results).map(([id, o]) => sampleTest(id, o, s.errors?.[id]));
  const finished = new Date(Date.parse(s.started) + 10_000).toISOString();
  return buildReport(
    sampleInput({
      runId: `${s.started.replace(/[:.]/g, "-")}-${s.target}`,
      target: { name: s.target, ...(s.implementation ? { implementation: s.implementation } : {}) },
      started: s.started,
      finished,
      selection: {
        areas: s.areas ?? [...AREAS],
        include: ["suites/**"],
        ...(s.shard ? { shard: s.shard } : {}),
      },
      expectationsFile: null,
      expectations: new Map(),
      tests,
      runFiles: [...new Set(tests.map((t) => t.file))],
      clauses: s.clauses,
    }),
  );
}

/** A catalogue of `n` clauses spread over the four areas, `perFeature` to a feature. */
export function syntheticCatalogue(n: number, perFeature = 8): Clause[] {
  const letters = ["A", "B", "C", "D"] as const;
  return Array.from({ length: n }, (_, i) => {
    const letter = letters[Math.floor((i * 4) / n)] ?? "D";
    const area = AREAS[letters.indexOf(letter)] as Area;
    return {
      id: `${letter}.f${Math.floor(i / perFeature)}.rule-${i}`,
      area,
      text: `clause ${i}: a statement of some length, as the catalogue's are, about what the platform does`,
      source: i % 3 === 0 ? "platform" : "spec",
    };
  });
}
