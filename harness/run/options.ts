/**
 * Command-line options of `edgeconf run` and `edgeconf fuzz`, parsed into RunOptions. Pure: a usage
 * error comes back as `{ error }`, never as an exception.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { AREAS, type Area } from "../clauses/types.ts";
import { argsErrorMessage, parseCommandArgs } from "../commands/usage.ts";
import { TARGET_NAMES, type TargetName } from "../targets/types.ts";
import { wrapText } from "../terminal.ts";
import { TARGET_PROFILES } from "./preflight.ts";

export interface RunOptions {
  command: "run" | "fuzz";
  target: TargetName;
  baseUrl?: string;
  ktUrl?: string;
  /** worker target: the deployed bridge Worker's URL (its secret comes from EDGECONF_WORKER_SECRET). */
  workerUrl?: string;
  /** module target: the user's module exporting createBucket (absolute). */
  module?: string;
  areas: Area[];
  seed: number;
  /** Where reports go (absolute). */
  outDir: string;
  /** An explicit expectations file (absolute); else the project's or the shipped one (expectations.ts). */
  expectationsFile?: string;
  shard?: { index: number; count: number };
  /** Per-test timeout (ms); hooks get twice as long. */
  timeoutMs: number;
  /** The whole run's limit (ms): past it, the watchdog cancels the run. */
  maxTimeMs: number;
  /** Test file globs relative to the project root; default: the suites and properties of the areas. */
  include: string[];
  /** Only tests whose name matches (vitest's testNamePattern; with --areas, narrowed to them). */
  grep?: string;
  /** The --grep given, before the narrowing to the areas. */
  userGrep?: string;
  /** Property runs (EDGECONF_RUNS); fuzz raises it. */
  runs?: number;
  quiet: boolean;
  /** Every test file in a process of its own (--isolate): see docs/runner.md. */
  isolate: boolean;
  /** Keep module transforms in <out>/.cache between runs (off with --no-cache). */
  cache: boolean;
}

export type Parsed<T> = { options: T } | { error: string } | { help: true };

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_TIME_MS = 20 * 60_000;
export const DEFAULT_FUZZ_RUNS = 1000;
/** Fuzzing runs far more cases, so its watchdog waits longer. */
export const DEFAULT_FUZZ_MAX_TIME_MS = 90 * 60_000;

const LETTERS: Record<string, Area> = {
  a: "dns-protection",
  b: "dns-records",
  c: "key-transparency",
  d: "object-store",
};

/** `a,b` or `dns-protection,dns-records` (letters or names, any case). */
export function parseAreas(text: string): Area[] | string {
  const out: Area[] = [];
  for (const part of text.split(",").map((s) => s.trim().toLowerCase())) {
    if (!part) continue;
    const area = LETTERS[part] ?? ((AREAS as readonly string[]).includes(part) ? (part as Area) : undefined);
    if (!area) return `unknown area "${part}" (use a, b, c, d or ${AREAS.join(", ")})`;
    if (!out.includes(area)) out.push(area);
  }
  return out.length > 0 ? out : "--areas needs at least one area";
}

export function parseShard(text: string): { index: number; count: number } | string {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) return `--shard must be i/n with 1 <= i <= n, got "${text}"`;
  return { index, count };
}

function positiveInt(name: string, text: string | undefined, max = Number.MAX_SAFE_INTEGER): number | string {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1 || n > max) {
    return `${name} needs a positive integer${max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : ""}, got "${text}"`;
  }
  return n;
}

/** A seed fast-check accepts: a 32-bit signed integer. */
export function parseSeed(text: string): number | string {
  const n = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31) {
    return `--seed needs an integer between -2147483648 and 2147483647, got "${text}"`;
  }
  return n;
}

/** The API version segment a management base URL ends in (`/client/v4`, or `/v4` of a custom mount). */
const VERSION_SEGMENT = /\/v\d+$/;

function parseUrl(name: string, text: string, versioned = false): string | { error: string } {
  try {
    const u = new URL(text);
    if (u.protocol !== "http:" && u.protocol !== "https:") return { error: `${name} must be an http(s) URL` };
    const trimmed = text.replace(/\/+$/, "");
    if (versioned && !VERSION_SEGMENT.test(new URL(trimmed).pathname)) {
      return {
        error: `${name} must end in the API version segment, as in ${u.origin}/client/v4 (got "${text}")`,
      };
    }
    return trimmed;
  } catch {
    return { error: `${name} is not a URL: "${text}"` };
  }
}

export const ALL_TESTS = ["suites/**/*.test.ts", "properties/**/*.test.ts"];

/**
 * Test files of a selection of areas: their own folders, and the folders shared between areas
 * (suites/http, suites/sdk, ...: any folder not named after an area), whose tests `areaPattern` then
 * narrows to the areas by the clause ids in their titles.
 */
export function defaultInclude(areas: readonly Area[], shared: readonly string[]): string[] {
  if (areas.length === AREAS.length) return [...ALL_TESTS];
  return [
    ...areas.flatMap((a) => [`suites/${a}/**/*.test.ts`, `properties/${a}/**/*.test.ts`]),
    ...shared.map((dir) => `${dir}/**/*.test.ts`),
  ];
}

const AREA_LETTER: Record<Area, string> = {
  "dns-protection": "A",
  "dns-records": "B",
  "key-transparency": "C",
  "object-store": "D",
};

/** A test name pattern for tests naming a clause of one of the areas (clauseTest titles end in `[ids]`). */
export function areaPattern(areas: readonly Area[]): string {
  const letters = areas.map((a) => AREA_LETTER[a]).join("");
  return `\\[(?:[^\\[\\]]*, )?[${letters}]\\.[^\\[\\]]*\\]$`;
}

/** vitest's testNamePattern for a run: the user's --grep, narrowed to the areas when some are left out. */
export function combinedGrep(grep: string | undefined, areas: readonly Area[]): string | undefined {
  if (areas.length === AREAS.length) return grep;
  const area = areaPattern(areas);
  return grep === undefined ? area : `^(?=.*(?:${grep}))(?=.*${area})`;
}

/** Folders under suites/ and properties/ not named after an area (they hold tests of several areas). */
export function sharedTestDirs(projectRoot: string): string[] {
  const out: string[] = [];
  for (const top of ["suites", "properties"]) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(projectRoot, top), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    } catch {}
    for (const n of names.sort()) if (!(AREAS as readonly string[]).includes(n)) out.push(`${top}/${n}`);
  }
  return out;
}

/** The options that say where a target is: one per kind of target that needs one. */
export const TARGET_FLAGS = ["base-url", "kt-url", "worker-url", "module"] as const;
export type TargetFlag = (typeof TARGET_FLAGS)[number];

/** Where one target is: the http target's URLs, the worker target's URL, the module target's file. */
export interface TargetLocation {
  baseUrl?: string;
  ktUrl?: string;
  workerUrl?: string;
  /** Absolute. */
  module?: string;
}

/** How a command spells one side's options: `--module` and `--target` for run, `--against-module` ... */
export interface SideSpelling {
  flag(k: TargetFlag): string;
  /** The option naming the side's target (`--target`, `--against`). */
  side: string;
}

export const TARGET_SIDE: SideSpelling = { flag: (k) => `--${k}`, side: "--target" };

/** The target each location option goes with. */
const FLAG_TARGET: Record<TargetFlag, TargetName> = {
  "base-url": "http",
  "kt-url": "http",
  "worker-url": "worker",
  module: "module",
};

/** An option given on the command line for a side whose target does not take it, as a usage error. */
export function strayTargetFlag(
  target: string,
  given: (k: TargetFlag) => string | undefined,
  spell: SideSpelling = TARGET_SIDE,
): string | undefined {
  if (target !== "http" && (given("base-url") !== undefined || given("kt-url") !== undefined)) {
    return `${spell.flag("base-url")} and ${spell.flag("kt-url")} go with ${spell.side} http`;
  }
  for (const k of ["worker-url", "module"] as const) {
    if (target !== FLAG_TARGET[k] && given(k) !== undefined)
      return `${spell.flag(k)} goes with ${spell.side} ${FLAG_TARGET[k]}`;
  }
  return undefined;
}

/**
 * Where one side's target is, shared by run, fuzz, diff and replay: each option from the command line
 * (`given`), else the environment (EDGECONF_BASE_URL, EDGECONF_KT_URL, EDGECONF_WORKER_URL, EDGECONF_MODULE);
 * checked for the target that needs it (URLs parse, the module file exists, the worker's secret is set).
 * The http URLs are returned whatever the target (run's profile of served areas reads them).
 */
export function parseTargetLocation(
  target: string,
  given: (k: TargetFlag) => string | undefined,
  ctx: Pick<ParseContext, "env" | "cwd">,
  spell: SideSpelling = TARGET_SIDE,
): TargetLocation | { error: string } {
  const baseText = given("base-url") ?? (ctx.env.EDGECONF_BASE_URL || undefined);
  const ktText = given("kt-url") ?? (ctx.env.EDGECONF_KT_URL || undefined);
  const baseUrl = baseText === undefined ? undefined : parseUrl(spell.flag("base-url"), baseText, true);
  const ktUrl = ktText === undefined ? undefined : parseUrl(spell.flag("kt-url"), ktText);
  if (typeof baseUrl === "object") return baseUrl;
  if (typeof ktUrl === "object") return ktUrl;
  if (target === "http" && !baseUrl && !ktUrl) {
    return {
      error: `${spell.side} http needs ${spell.flag("base-url")} (areas A, B) and/or ${spell.flag("kt-url")} (area C)`,
    };
  }
  const urls = { ...(baseUrl ? { baseUrl } : {}), ...(ktUrl ? { ktUrl } : {}) };
  if (target === "worker") {
    const workerText = given("worker-url") ?? (ctx.env.EDGECONF_WORKER_URL || undefined);
    if (workerText === undefined) {
      return { error: `${spell.side} worker needs ${spell.flag("worker-url")} (the deployed bridge Worker)` };
    }
    const workerUrl = parseUrl(spell.flag("worker-url"), workerText);
    if (typeof workerUrl === "object") return workerUrl;
    if (!ctx.env.EDGECONF_WORKER_SECRET) {
      return {
        error: `${spell.side} worker needs the bridge's secret in EDGECONF_WORKER_SECRET (see docs/bridge.md)`,
      };
    }
    return { ...urls, workerUrl };
  }
  if (target === "module") {
    const moduleText = given("module") ?? (ctx.env.EDGECONF_MODULE || undefined);
    if (moduleText === undefined) {
      return { error: `${spell.side} module needs ${spell.flag("module")} PATH (a module exporting createBucket)` };
    }
    const file = path.resolve(ctx.cwd, moduleText);
    if (!existsSync(file)) return { error: `${spell.flag("module")}: no such file ${file}` };
    return { ...urls, module: file };
  }
  return urls;
}

export interface ParseContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  projectRoot: string;
  /** A seed when none is given (the CLI draws one and records it). */
  randomSeed: () => number;
  /** Test folders shared between areas (suites/http, ...), relative to the project root. */
  sharedDirs?: readonly string[];
}

export function parseRunArgs(argv: string[], command: "run" | "fuzz", ctx: ParseContext): Parsed<RunOptions> {
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        target: { type: "string" },
        "base-url": { type: "string" },
        "kt-url": { type: "string" },
        "worker-url": { type: "string" },
        module: { type: "string" },
        areas: { type: "string" },
        area: { type: "string" },
        seed: { type: "string" },
        out: { type: "string" },
        expectations: { type: "string" },
        shard: { type: "string" },
        timeout: { type: "string" },
        "max-time": { type: "string" },
        include: { type: "string", multiple: true },
        grep: { type: "string" },
        runs: { type: "string" },
        quiet: { type: "boolean" },
        isolate: { type: "boolean" },
        "no-cache": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return { error: argsErrorMessage(e) };
  }
  if (values.help) return { help: true };
  if (positionals.length > 0) return { error: `unexpected argument "${positionals[0]}"` };
  const str = (k: string) => values[k] as string | undefined;

  const targetName = str("target") ?? ctx.env.EDGECONF_TARGET ?? "sim";
  if (!(TARGET_NAMES as readonly string[]).includes(targetName)) {
    return { error: `--target must be one of ${TARGET_NAMES.join(", ")}, got "${targetName}"` };
  }
  const target = targetName as TargetName;

  let areas: Area[] = [...AREAS];
  let areasGiven = false;
  if (command === "fuzz") {
    if (str("areas") !== undefined) return { error: "fuzz takes one --area, not --areas" };
    const a = str("area");
    if (a === undefined) return { error: "needs --area <area> (a, b, c, d or an area name)" };
    const parsed = parseAreas(a);
    if (typeof parsed === "string") return { error: parsed };
    if (parsed.length !== 1) return { error: "fuzz takes exactly one area" };
    areas = parsed;
  } else {
    if (str("area") !== undefined) return { error: "run takes --areas (comma-separated), not --area" };
    if (str("runs") !== undefined) return { error: "--runs belongs to fuzz" };
    const a = str("areas");
    if (a !== undefined) {
      const parsed = parseAreas(a);
      if (typeof parsed === "string") return { error: parsed };
      areas = parsed;
      areasGiven = true;
    }
  }

  const seedText = str("seed") ?? (ctx.env.EDGECONF_SEED || undefined);
  let seed: number;
  if (seedText !== undefined) {
    const s = parseSeed(seedText);
    if (typeof s === "string") return { error: s };
    seed = s;
  } else {
    seed = ctx.randomSeed();
  }

  const given = (k: TargetFlag) => str(k);
  const stray = strayTargetFlag(target, given);
  if (stray) return { error: stray };
  const location = parseTargetLocation(target, given, ctx);
  if ("error" in location) return location;
  const { baseUrl, ktUrl } = location;
  // Without --areas, a run covers the areas the target serves (the others are "not tested").
  if (command === "run" && !areasGiven) {
    const served = TARGET_PROFILES[target].areas({ baseUrl, ktUrl });
    areas = AREAS.filter((a) => served.includes(a));
  }

  let shard: RunOptions["shard"];
  if (str("shard") !== undefined) {
    const s = parseShard(str("shard") ?? "");
    if (typeof s === "string") return { error: s };
    shard = s;
    // Shards are merged only when they share the seed; outside CI (which pins it) a drawn one would differ.
    if (seedText === undefined && !ctx.env.CI) {
      return { error: "--shard needs --seed N, the same on every shard, so report merge can combine them" };
    }
  }
  const timeout = str("timeout") === undefined ? DEFAULT_TIMEOUT_MS : positiveInt("--timeout", str("timeout"));
  if (typeof timeout === "string") return { error: timeout };
  const maxTime =
    str("max-time") === undefined
      ? command === "fuzz"
        ? DEFAULT_FUZZ_MAX_TIME_MS
        : DEFAULT_MAX_TIME_MS
      : positiveInt("--max-time", str("max-time"));
  if (typeof maxTime === "string") return { error: maxTime };
  let runs: number | undefined;
  if (command === "fuzz") {
    const r = str("runs") === undefined ? DEFAULT_FUZZ_RUNS : positiveInt("--runs", str("runs"), 10_000_000);
    if (typeof r === "string") return { error: r };
    runs = r;
  }

  const toRoot = (p: string) => {
    const rel = path.relative(ctx.projectRoot, path.resolve(ctx.cwd, p)).split(path.sep).join("/");
    return rel === "" ? "." : rel;
  };
  const includeArg = values.include as string[] | undefined;
  const include = includeArg?.length
    ? includeArg.map(toRoot)
    : command === "fuzz"
      ? areas.map((a) => `properties/${a}/**/*.test.ts`)
      : defaultInclude(areas, ctx.sharedDirs ?? []);
  const userGrep = str("grep");
  if (userGrep !== undefined) {
    try {
      new RegExp(userGrep);
    } catch {
      return { error: `--grep is not a regular expression: "${userGrep}"` };
    }
  }
  const grep = includeArg?.length || command === "fuzz" ? userGrep : combinedGrep(userGrep, areas);
  const expectations = str("expectations") ?? (ctx.env.EDGECONF_EXPECTATIONS || undefined);

  return {
    options: {
      command,
      target,
      ...location,
      areas,
      seed,
      outDir: path.resolve(ctx.cwd, str("out") ?? "reports"),
      ...(expectations ? { expectationsFile: path.resolve(ctx.cwd, expectations) } : {}),
      ...(shard ? { shard } : {}),
      timeoutMs: timeout,
      maxTimeMs: maxTime,
      include,
      ...(grep !== undefined ? { grep } : {}),
      ...(userGrep !== undefined ? { userGrep } : {}),
      ...(runs !== undefined ? { runs } : {}),
      quiet: values.quiet === true,
      isolate: values.isolate === true,
      cache: values["no-cache"] !== true,
    },
  };
}

export const RUN_HELP = wrapText(`Usage: edgeconf run [options]

Runs the conformance suites and properties against a target and writes a report to
<out>/<run-id>/ and <out>/latest/ (report.json, junit.xml, report.md, report.html).

Options:
  --target NAME        the implementation under test (default: sim, or EDGECONF_TARGET):
                       sim | serve | http | workerd | worker | module | miniflare
  --base-url URL       http target: the management API root, ending in /client/v4 (areas A, B)
  --kt-url URL         http target: the key-transparency service (area C)
  --worker-url URL     worker target: a deployed bridge Worker (secret in EDGECONF_WORKER_SECRET)
  --module PATH        module target: a module exporting createBucket(name, options?)
  --areas a,b          areas to run: letters a-d or names (default: all four)
  --seed N             seed of the run (properties, simulator); default: drawn and recorded
  --out DIR            report directory (default: reports)
  --expectations FILE  known deviations (default: edgeconf/expectations/<target>.json of the current
                       directory, else the baseline edgeconf ships for the target, if any)
  --shard i/n          run shard i of n (the same --seed on every shard) for \`edgeconf report merge\`
  --timeout MS         per-test timeout (default: ${DEFAULT_TIMEOUT_MS}); hooks get twice as long
  --max-time MS        watchdog for the whole run (default: ${DEFAULT_MAX_TIME_MS})
  --include GLOB       run these test files instead (repeatable; relative to the current directory)
  --grep REGEX         only tests whose name matches
  --quiet              no progress lines
  --isolate            every test file in a process of its own (slower; see docs/runner.md)
  --no-cache           do not keep module transforms in <out>/.cache between runs

Credentials of the http target come from the environment: CLOUDFLARE_API_TOKEN, CLOUDFLARE_EMAIL,
CLOUDFLARE_API_KEY, CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_ZONE_ID (and EDGECONF_KT_CA/CERT/KEY for area C).
Optional, for the tenant isolation tests of areas A and B: a second tenant's EDGECONF_SECOND_ACCOUNT_ID,
_ZONE_ID, _API_TOKEN, _EMAIL, _API_KEY (all five; _ZONE_NAME optional). edgeconf serve --env sets them all.
Area D's targets: workerd (the bridge Worker inside Miniflare: workerd's own binding, offline), worker
(a deployed bridge: production R2; \`edgeconf bridge init DIR\` writes it), module (your implementation).

Exit status: 0 every result as expected, 1 unexpected results, 2 usage error or unreachable target,
3 inconclusive (nothing unexpected, but no test of any selected area reached the target).
`);

export const FUZZ_HELP = wrapText(`Usage: edgeconf fuzz --area <area> [options]

Runs the properties of one area with many more runs (validation fuzzing). Each counterexample is
saved as <out>/<run-id>/replays/<name>.json; \`edgeconf replay FILE\` runs it again.

Options:
  --area a|b|c|d       the area (letter or name), required
  --runs N             runs per property (default: ${DEFAULT_FUZZ_RUNS}); each property's time limit
                       grows with it (120 s per default run count, up to an hour)
  --max-time MS        watchdog for the whole run (default: ${DEFAULT_FUZZ_MAX_TIME_MS})
  --target, --base-url, --kt-url, --seed, --out, --expectations, --timeout,
  --include, --grep, --quiet, --isolate, --no-cache   as for edgeconf run

Exit status: 0 no unexpected counterexample, 1 counterexamples found, 2 usage error or unreachable target,
3 inconclusive (nothing unexpected, but no property of any selected area reached the target).
`);
