/**
 * `--only-untriaged`: a run of only the lines that hold the survivors the triage does not explain (and, with
 * `--retest-timeouts`, the timed-out mutants), as Stryker mutation ranges (`file:first-last`). After suites are
 * added, this records which survivors they kill at a fraction of a whole file's run; the file's other mutants
 * keep their results (accumulate.ts merges such a run mutant by mutant).
 *
 * Gaps / by design: a range is whole lines, so killed mutants on a survivor's lines run again (Stryker's
 * incremental report reuses their results unless their tests changed). Files whose source changed since their
 * run cannot be run so (their lines moved): run them whole.
 */
import { type AreaResults, mutantsOfResults, sha256 } from "./results.ts";
import { type TriageEntry, triageMatcher } from "./triage.ts";

const RANGE = /:\d+(?::\d+)?-\d+(?::\d+)?$/;

/** A `--mutate` pattern without its mutation range (`sim/a.ts:3-5` is `sim/a.ts`). */
export function withoutRange(pattern: string): string {
  return pattern.replace(RANGE, "");
}

export function hasRange(pattern: string): boolean {
  return RANGE.test(pattern);
}

export interface Retest {
  /** Stryker mutate patterns, one per mutant's lines (`file:first-last`), in file and line order. */
  ranges: string[];
  /** Files left out because their source is not the one their results were run on. */
  stale: string[];
}

/**
 * The ranges of the untriaged survivors (Survived, NoCoverage) of `files` in `results`, and of the timeouts when
 * `withTimeouts`. `read` gives a file's source now (undefined: gone).
 */
export function rangesToRetest(
  results: AreaResults,
  triage: TriageEntry[],
  files: string[],
  withTimeouts: boolean,
  read: (file: string) => string | undefined,
): Retest {
  const stale: string[] = [];
  const ranges = new Set<string>();
  for (const file of files) {
    const kept = results.files[file];
    if (kept === undefined) continue;
    const now = read(file);
    if (now === undefined || sha256(now) !== kept.sha256) {
      stale.push(file);
      continue;
    }
    const mutants = mutantsOfResults({ area: results.area, files: { [file]: kept } });
    const explain = triageMatcher(triage, mutants);
    for (const m of mutants) {
      const survivor = (m.status === "Survived" || m.status === "NoCoverage") && explain(m) === undefined;
      if (!survivor && !(withTimeouts && m.status === "Timeout")) continue;
      ranges.add(`${file}:${m.line}-${m.line + m.original.split("\n").length - 1}`);
    }
  }
  return { ranges: [...ranges], stale };
}
