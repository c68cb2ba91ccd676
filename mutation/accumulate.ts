/**
 * Per-file mutation runs add up to the area's whole score. In incremental mode Stryker's own report keeps the
 * other files' results, but a `--full` run (not incremental) reports only the files it mutated and would drop
 * the rest. So run.ts merges each run's report into the area's kept one (reports/mutation/<area>/incremental.json):
 * the files of this run replace their earlier results, every other file keeps its own. The merged report is also
 * the next run's incremental file, so a whole-area run after per-file runs retests only what changed.
 *
 * Test ids are per report, so the merge names every test by its file and name and numbers them again; a mutant's
 * coveredBy/killedBy keep only tests that the merged report still has (an old result whose culprit test is gone
 * is retested by Stryker, which is the safe side).
 *
 * Gaps / by design: a kept file's results are as fresh as its last run. results.ts names the files whose source
 * changed since, and the score says so; tests changed since are not detected here (Stryker does on the next run).
 */

export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  static?: boolean;
  coveredBy?: string[];
  killedBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  [more: string]: unknown;
}

export interface ReportFile {
  language?: string;
  source: string;
  mutants: ReportMutant[];
}

export interface ReportTest {
  id: string;
  name: string;
  [more: string]: unknown;
}

export interface MutationReport {
  files: Record<string, ReportFile>;
  testFiles?: Record<string, { source?: string; tests: ReportTest[] }>;
  [more: string]: unknown;
}

/** Whether a parsed value has the shape of a report this module can merge (anything else is not merged). */
export function isReport(value: unknown): value is MutationReport {
  if (typeof value !== "object" || value === null) return false;
  const files = (value as { files?: unknown }).files;
  if (typeof files !== "object" || files === null || Array.isArray(files)) return false;
  return Object.values(files).every(
    (f) => typeof f === "object" && f !== null && typeof f.source === "string" && Array.isArray(f.mutants),
  );
}

/**
 * `fresh`'s files and test files replace `kept`'s; the rest of `kept` stays. Test ids are renumbered over the
 * merged report; a mutant keeps only the tests the merged report has. A file in `partial` was run only in some
 * of its lines: its fresh mutants replace the same ones of `kept` (when both ran on the same source), the others
 * stay.
 */
export function mergeReports(
  kept: MutationReport,
  fresh: MutationReport,
  partial: ReadonlySet<string> = new Set(),
): MutationReport {
  const keyOf = new Map<MutationReport, Map<string, string>>();
  const testKey = (file: string, name: string) => `${file}\u0000${name}`;
  const newId = new Map<string, string>();
  const testFiles: NonNullable<MutationReport["testFiles"]> = {};
  const add = (report: MutationReport, takeFile: (file: string) => boolean) => {
    const ids = new Map<string, string>();
    keyOf.set(report, ids);
    for (const [file, tf] of Object.entries(report.testFiles ?? {})) {
      for (const t of tf.tests) ids.set(t.id, testKey(file, t.name));
      if (!takeFile(file)) continue;
      testFiles[file] = {
        ...tf,
        tests: tf.tests.map((t) => {
          const key = testKey(file, t.name);
          if (!newId.has(key)) newId.set(key, String(newId.size));
          return { ...t, id: newId.get(key) as string };
        }),
      };
    }
  };
  add(fresh, () => true);
  add(kept, (file) => !(file in (fresh.testFiles ?? {})));
  const remap = (report: MutationReport, ids: string[] | undefined) => {
    if (ids === undefined) return undefined;
    const names = keyOf.get(report) as Map<string, string>;
    return ids.flatMap((id) => {
      const key = names.get(id);
      const mapped = key === undefined ? undefined : newId.get(key);
      return mapped === undefined ? [] : [mapped];
    });
  };
  const files: Record<string, ReportFile> = {};
  const take = (report: MutationReport, file: string, result: ReportFile) => {
    files[file] = {
      ...result,
      mutants: result.mutants.map((m) => {
        const out: ReportMutant = { ...m };
        const coveredBy = remap(report, m.coveredBy);
        const killedBy = remap(report, m.killedBy);
        if (coveredBy !== undefined) out.coveredBy = coveredBy;
        if (killedBy !== undefined) out.killedBy = killedBy;
        return out;
      }),
    };
  };
  for (const [file, result] of Object.entries(kept.files)) if (!(file in fresh.files)) take(kept, file, result);
  for (const [file, result] of Object.entries(fresh.files)) {
    const before = kept.files[file];
    if (!partial.has(file) || before === undefined || before.source !== result.source) {
      take(fresh, file, result);
      continue;
    }
    // A run of some lines of the file (mutation ranges): its mutants replace the same mutants of the kept
    // results (same place, mutator and replacement); the file's other mutants keep theirs.
    take(kept, file, before);
    const old = files[file] as ReportFile;
    take(fresh, file, result);
    const now = new Map((files[file] as ReportFile).mutants.map((m) => [mutantIdentity(m), m]));
    const mutants = old.mutants.map((m) => now.get(mutantIdentity(m)) ?? m);
    const known = new Set(old.mutants.map(mutantIdentity));
    for (const [key, m] of now) if (!known.has(key)) mutants.push(m);
    files[file] = { ...old, mutants };
  }
  return { ...kept, ...fresh, files, testFiles };
}

/** A mutant's place, mutator and replacement: the same mutant in two runs of the same source. */
function mutantIdentity(m: ReportMutant): string {
  const { start, end } = m.location;
  return `${start.line}:${start.column}-${end.line}:${end.column} ${m.mutatorName} ${m.replacement ?? ""}`;
}

/**
 * The report without its static mutants that survived (or had no coverage), for Stryker's incremental file: a
 * static mutant has no covering test, so Stryker reuses its result even when every test changed; left out, it is
 * tested again on the next run (a few per area: it costs little).
 */
export function withoutStaticSurvivors(report: MutationReport): MutationReport {
  return withoutMutants(report, (m) => m.static === true && (m.status === "Survived" || m.status === "NoCoverage"));
}

/**
 * The report without its timed-out mutants, for `--retest-timeouts`: a timeout counts as a kill, and on a loaded
 * machine (or under a shorter bound than today's) a slow run is recorded as one; left out of the incremental
 * file, each is tested again under the current bound.
 */
export function withoutTimeouts(report: MutationReport): MutationReport {
  return withoutMutants(report, (m) => m.status === "Timeout");
}

/** The report less the mutants `drop` picks (a copy: the report given is not changed). */
function withoutMutants(report: MutationReport, drop: (m: ReportMutant) => boolean): MutationReport {
  const files: Record<string, ReportFile> = {};
  for (const [file, result] of Object.entries(report.files))
    files[file] = { ...result, mutants: result.mutants.filter((m) => !drop(m)) };
  return { ...report, files };
}
