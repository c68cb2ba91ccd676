/**
 * `npm run mutate -- --area <area> [--mutate GLOB]... [--concurrency N] [--full]`: the mutation run of the
 * conformance suites over the simulator (Stryker, mutation/vitest.config.ts). It mutates the area's simulator
 * folder (or the files named with --mutate), runs only the area's suites and properties against `sim` for each
 * mutant, and prints the score with and without the triaged survivors (mutation/triage/<area>.json) and every
 * survivor not triaged. Incremental: reports/mutation/<area>/incremental.json keeps the results, and a rerun
 * tests again only the mutants whose code or tests changed (--full tests them all).
 *
 * `npm run mutate -- --scores`: the score of every area, from the committed results (mutation/results/<area>.json,
 * mutation/results.ts); `--survivors --area X`: the area's survivors the triage does not explain.
 *
 * Runs add up (mutation/accumulate.ts): a run of some files replaces those files' results and keeps the others',
 * so per-file runs give the whole area's score; score.json names the files never run and those changed since.
 * Writes mutation/results/<area>.json (committed: every mutant's status, for the scores on any clone) and
 * reports/mutation/<area>/: incremental.json (the kept results), mutation.json and mutation.html
 * (Stryker's report of this run), survivors.md and score.json (the area so far).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { isReport, type MutationReport, mergeReports, withoutStaticSurvivors, withoutTimeouts } from "./accumulate.ts";
import { MUTATION_AREAS, type MutationArea, mutatedFiles, TEST_DOUBLE_ONLY } from "./areas.ts";
import { hasRange, rangesToRetest, withoutRange } from "./ranges.ts";
import { type AreaResults, mutantsOfResults, readResults, resultsOf, staleInResults, writeResults } from "./results.ts";
import { type Mutant, readAreaTriage, type TriageEntry, triageMatcher } from "./triage.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "reports", "mutation");

const USAGE = `Usage: npm run mutate -- --area <area> [--mutate GLOB]... [--concurrency N] [--full] [--retest-timeouts]
       npm run mutate -- --area <area> --only-untriaged [--mutate GLOB]... [--retest-timeouts]
       npm run mutate -- --scores
       npm run mutate -- --survivors --area <area>

  --area          ${MUTATION_AREAS.join(" | ")} (or a, b, c, d)
  --mutate GLOB   mutate only these files (repeatable; default: the area's sim/ folder)
  --concurrency N test runner processes (default 2)
  --full          test every mutant again (default: incremental)
  --retest-timeouts  test the timed-out mutants again (a slow run on a loaded machine is recorded as a timeout)
  --only-untriaged   run only the lines of the survivors the triage does not explain (after new suites: records
                     which they kill; the files' other mutants keep their results)
  --scores        print each area's score so far (runs add up), with the triage file as it is now
  --survivors     print the area's survivors the triage does not explain (with --area)
`;

const LETTERS: Record<string, MutationArea> = {
  a: "dns-protection",
  b: "dns-records",
  c: "key-transparency",
  d: "object-store",
};

export interface Score {
  area: string;
  files: string[];
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  /** Survivors the triage explains. */
  triaged: number;
  /** Killed and timed out over every valid mutant. */
  raw: number;
  /** Killed and timed out over the valid mutants less the triaged survivors. */
  afterTriage: number;
  untriaged: Mutant[];
  /** Triage entries that matched no survivor of this run (killed now, or their code is gone). */
  unusedTriage: TriageEntry[];
}

export function scoreOf(area: string, mutants: Mutant[], triage: TriageEntry[], files: string[]): Score {
  const explain = triageMatcher(triage, mutants);
  const used = new Set<TriageEntry>();
  const count = (s: string) => mutants.filter((m) => m.status === s).length;
  const survivors = mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage");
  const untriaged: Mutant[] = [];
  for (const m of survivors) {
    const entry = explain(m);
    if (entry !== undefined) used.add(entry);
    else untriaged.push(m);
  }
  const killed = count("Killed");
  const timeout = count("Timeout");
  const valid = killed + timeout + survivors.length;
  const explained = survivors.length - untriaged.length;
  const pct = (n: number, d: number) => (d === 0 ? 100 : Math.floor((n / d) * 10000) / 100);
  const mutatedHere = (file: string) => files.length === 0 || files.includes(file);
  return {
    area,
    files,
    killed,
    survived: count("Survived"),
    noCoverage: count("NoCoverage"),
    timeout,
    triaged: explained,
    raw: pct(killed + timeout, valid),
    afterTriage: pct(killed + timeout, valid - explained),
    untriaged,
    unusedTriage: triage.filter((t) => !used.has(t) && mutatedHere(t.file)),
  };
}

export function survivorsMarkdown(score: Score): string {
  const lines = [
    `# Surviving mutants of ${score.area} not triaged (${score.untriaged.length})`,
    "",
    `Score ${score.raw}% raw, ${score.afterTriage}% after triage (killed ${score.killed}, timeout ${score.timeout}, ` +
      `survived ${score.survived}, no coverage ${score.noCoverage}, triaged ${score.triaged}).`,
    "",
  ];
  for (const m of score.untriaged) {
    lines.push(`- ${m.file}:${m.line} ${m.mutator} (${m.status})`);
    lines.push(
      "  ```",
      `  - ${m.original.split("\n").join("\n  - ")}`,
      `  + ${m.replacement.split("\n").join("\n  + ")}`,
      "  ```",
    );
  }
  if (score.unusedTriage.length > 0) {
    lines.push("", `## Triage entries that matched no survivor (${score.unusedTriage.length}): remove them`, "");
    for (const t of score.unusedTriage)
      lines.push(`- ${t.file}:${t.line ?? "?"} ${t.mutator}: ${t.original} -> ${t.replacement}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The area's own files (what a whole-area run mutates), relative to the root, `/`-separated. */
function areaFiles(area: MutationArea): string[] {
  const dir = path.join(ROOT, "sim", area);
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => `sim/${area}/${f.split(path.sep).join("/")}`)
    .filter((f) => f.endsWith(".ts") && !EXCLUDED.test(f));
}

/** `--mutate`'s globs: `**` any folders, `*` any name part, `!` not; enough for naming files of sim/. */
export function globMatches(glob: string, file: string): boolean {
  if (glob.startsWith("!")) return false;
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .split("**/")
    .map((part) => part.replace(/\*/g, "[^/]*"))
    .join("(?:.*/)?");
  return new RegExp(`^${pattern}$`).test(file);
}

/** What no mutation run counts (mutation/areas.ts says why). */
const EXCLUDED = new RegExp(
  `(\\.test\\.ts|\\.test-support\\.ts|\\.typecheck\\.ts|${TEST_DOUBLE_ONLY.map((f) => `/${f.replace(".", "\\.")}`).join("|")})$`,
);

function readReport(file: string): MutationReport | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isReport(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function mutate(
  area: MutationArea,
  globs: string[],
  concurrency: number,
  full: boolean,
  retestTimeouts: boolean,
): Promise<number> {
  const dir = path.join(OUT, area);
  mkdirSync(dir, { recursive: true });
  const incrementalFile = path.join(dir, "incremental.json");
  // Stryker reads (and at the end rewrites) its own copy, the seed: incremental.json itself is only replaced by
  // the merged report once the run has ended, so a run stopped half-way leaves it whole.
  const seedFile = path.join(dir, "incremental-seed.json");
  const kept = readReport(incrementalFile);
  const jsonFile = path.join(dir, "mutation.json");
  process.env.EDGECONF_MUTATE_AREA = area;
  process.env.EDGECONF_SEED ??= "1";
  const { Stryker } = await import("@stryker-mutator/core");
  const stryker = new Stryker({
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    // related: false: Stryker otherwise passes the mutated file as vitest's `related` filter, and a static
    // mutant (module-level code, run when the simulator is built), which must run every test file, then ran only
    // some: the suites reach the simulator through harness/targets, not by importing it (three of area A's
    // constants "survived" so although a suite kills each by hand).
    vitest: { configFile: "mutation/vitest.config.ts", related: false },
    mutate: globs.length > 0 ? globs : mutatedFiles(area),
    coverageAnalysis: "perTest",
    concurrency,
    incremental: !full,
    incrementalFile: path.relative(ROOT, seedFile),
    force: full,
    reporters: ["progress", "json", "html"],
    jsonReporter: { fileName: path.relative(ROOT, jsonFile) },
    htmlReporter: { fileName: path.relative(ROOT, path.join(dir, "mutation.html")) },
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
    ignorePatterns: ["reports", "dist", "docs", "bench", "examples", "coverage", ".stryker-tmp", "mutation/triage"],
    // A mutant's run may take 30 s more than the dry run's (1.5 times it, plus 30 s) before it counts as a
    // timeout: on a loaded machine (load 10 on 2 cores) a shorter bound made slow runs "timeouts", counted as
    // kills (false credit); a mutant that loops forever still ends as one. `--retest-timeouts` tests again those
    // recorded under a shorter bound.
    timeoutMS: 30_000,
    timeoutFactor: 1.5,
  });
  rmSync(seedFile, { force: true });
  if (kept !== undefined && !full) {
    const seed = withoutStaticSurvivors(kept);
    writeFileSync(seedFile, JSON.stringify(retestTimeouts ? withoutTimeouts(seed) : seed));
  }
  rmSync(jsonFile, { force: true });
  await stryker.runMutationTest();
  rmSync(seedFile, { force: true });
  const report = readReport(jsonFile) ?? { files: {} };
  // Stryker's report also holds the files it did not mutate, as its seed had them (static survivors left
  // out): only the files this run mutated replace their kept results.
  const thisRun = Object.keys(report.files).filter(
    (f) => globs.length === 0 || globs.some((g) => globMatches(withoutRange(g), f)),
  );
  const fresh = { ...report, files: Object.fromEntries(thisRun.map((f) => [f, report.files[f]])) } as MutationReport;
  const partial = new Set(globs.filter(hasRange).map(withoutRange));
  const merged = kept === undefined ? fresh : mergeReports(kept, fresh, partial);
  writeFileSync(incrementalFile, JSON.stringify(merged));
  const triage = readAreaTriage(ROOT, area);
  const runScore = scoreOf(
    area,
    mutantsOfResults(resultsOf(area, fresh, (f) => thisRun.includes(f) && !EXCLUDED.test(f))),
    triage,
    thisRun,
  );
  const results = resultsOf(area, merged, (f) => !EXCLUDED.test(f) && existsSync(path.join(ROOT, f)));
  writeResults(ROOT, results);
  const { score, counted, missing, stale } = areaScore(area, results);
  writeFileSync(path.join(dir, "survivors.md"), survivorsMarkdown(score));
  const { untriaged, unusedTriage, ...figures } = score;
  writeFileSync(
    path.join(dir, "score.json"),
    `${JSON.stringify(
      { ...figures, missing, stale, untriaged: untriaged.length, unusedTriage: unusedTriage.length },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`\n${survivorsMarkdown(score)}`);
  process.stdout.write(
    `\nthis run (${thisRun.length} files): ${runScore.raw}% raw, ${runScore.afterTriage}% after triage, ` +
      `${runScore.untriaged.length} untriaged\n` +
      `the area so far (${counted.length} files, results kept from earlier runs): ${score.raw}% raw, ` +
      `${score.afterTriage}% after triage\n` +
      (missing.length > 0 ? `never run: ${missing.join(", ")}\n` : "") +
      (stale.length > 0 ? `changed since their last run (run them again): ${stale.join(", ")}\n` : "") +
      `survivors: reports/mutation/${area}/survivors.md; report: reports/mutation/${area}/mutation.html\n`,
  );
  return 0;
}

/** A file's source now (relative to the root), or undefined when it is gone. */
function readSource(file: string): string | undefined {
  const full = path.join(ROOT, file);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
}

/** The area so far: its committed results with the triage file as it is now (an edit since the run counts). */
function areaScore(area: MutationArea, results: AreaResults) {
  const all = mutantsOfResults(results).filter((m) => !EXCLUDED.test(m.file));
  const counted = [...new Set(all.map((m) => m.file))].sort();
  const score = scoreOf(area, all, readAreaTriage(ROOT, area), counted);
  const missing = areaFiles(area).filter((f) => !counted.includes(f));
  const stale = staleInResults(results, readSource).filter((f) => counted.includes(f));
  return { score, counted, missing, stale };
}

function printScores(): number {
  const rows: string[] = [
    "| area | mutants | killed | timeout | survived | no coverage | triaged | raw | after triage | files |",
  ];
  rows.push("|---|---|---|---|---|---|---|---|---|---|");
  for (const area of MUTATION_AREAS) {
    const results = readResults(ROOT, area);
    if (results === undefined) {
      rows.push(`| ${area} | no run yet (npm run mutate -- --area ${area}) | | | | | | | | |`);
      continue;
    }
    const { score: s, counted, missing, stale } = areaScore(area, results);
    const total = s.killed + s.timeout + s.survived + s.noCoverage;
    const files =
      `${counted.length}` +
      (missing.length ? `, never run: ${missing.length}` : "") +
      (stale.length ? `, changed since run: ${stale.length}` : "");
    rows.push(
      `| ${area} | ${total} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.triaged} | ${s.raw}% | ${s.afterTriage}% | ${files} |`,
    );
  }
  process.stdout.write(`${rows.join("\n")}\n`);
  return 0;
}

/** The survivors of an area's committed results that the triage does not explain, and unused triage entries. */
/**
 * `--only-untriaged`: the mutation ranges of the files' untriaged survivors (ranges.ts), or why they cannot be
 * run so. Each file needs this clone's incremental report of the same source, since the run's results are merged
 * into it mutant by mutant.
 */
function untriagedRanges(area: MutationArea, globs: string[], withTimeouts: boolean): string[] | string {
  const results = readResults(ROOT, area);
  if (results === undefined) return `${area}: no results yet: run the files whole first`;
  const files = Object.keys(results.files).filter(
    (f) => !EXCLUDED.test(f) && (globs.length === 0 || globs.some((g) => globMatches(g, f))),
  );
  const { ranges, stale } = rangesToRetest(results, readAreaTriage(ROOT, area), files, withTimeouts, readSource);
  if (stale.length > 0) return `changed since their run (run them whole): ${stale.join(", ")}`;
  const kept = readReport(path.join(OUT, area, "incremental.json"));
  const unkept = [...new Set(ranges.map(withoutRange))].filter(
    (f) =>
      kept?.files[f]?.source !== readSource(f) || kept?.files[f]?.mutants.length !== results.files[f]?.mutants.length,
  );
  if (unkept.length > 0)
    return (
      `reports/mutation/${area}/incremental.json here has not the same source and mutants as the results for: ` +
      `${unkept.join(", ")}; run them whole first`
    );
  return ranges;
}

function printSurvivors(area: MutationArea): number {
  const results = readResults(ROOT, area);
  if (results === undefined) {
    process.stdout.write(`${area}: no run yet (npm run mutate -- --area ${area})\n`);
    return 0;
  }
  const { score, missing, stale } = areaScore(area, results);
  process.stdout.write(survivorsMarkdown(score));
  if (missing.length > 0) process.stdout.write(`\nnever run: ${missing.join(", ")}\n`);
  if (stale.length > 0) process.stdout.write(`\nchanged since their run: ${stale.join(", ")}\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        area: { type: "string" },
        mutate: { type: "string", multiple: true },
        concurrency: { type: "string" },
        full: { type: "boolean" },
        "retest-timeouts": { type: "boolean" },
        "only-untriaged": { type: "boolean" },
        scores: { type: "boolean" },
        survivors: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    process.stderr.write(`mutate: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const given = String(values.area ?? "").toLowerCase();
  const area = LETTERS[given] ?? (MUTATION_AREAS as readonly string[]).find((a) => a === given);
  try {
    if (values.scores) return printScores();
    if (values.survivors && area) return printSurvivors(area as MutationArea);
  } catch (e) {
    process.stderr.write(`mutate: ${(e as Error).message}\n`);
    return 2;
  }
  if (!area) {
    process.stderr.write(`mutate: --area must be one of ${MUTATION_AREAS.join(", ")} (or a-d), got "${given}"\n`);
    return 2;
  }
  const concurrency = Number(values.concurrency ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    process.stderr.write(`mutate: --concurrency needs a whole number from 1 to 64, got "${values.concurrency}"\n`);
    return 2;
  }
  let globs = (values.mutate as string[] | undefined) ?? [];
  if (values["only-untriaged"]) {
    const ranged = untriagedRanges(area as MutationArea, globs, values["retest-timeouts"] === true);
    if (typeof ranged === "string") {
      process.stderr.write(`mutate: ${ranged}\n`);
      return 2;
    }
    if (ranged.length === 0) {
      process.stdout.write(`${area}: no untriaged survivor in those files: nothing to run\n`);
      return 0;
    }
    globs = ranged;
  }
  return mutate(area as MutationArea, globs, concurrency, values.full === true, values["retest-timeouts"] === true);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
