/**
 * Replay files and shard reports are untrusted input: anyone can hand you one. Two rules keep them
 * from turning `edgeconf replay` or `edgeconf report merge` against you:
 *
 * 1. The test file they name must be a relative path inside the project's test folders (`suites/`,
 *    `properties/`, and the harness's own fixtures `harness/run/fixtures/`): no absolute path, no
 *    `..`, no glob characters, a `.ts`/`.js` file. Otherwise the file would choose what code runs.
 * 2. A target URL they name (`--base-url`, `--kt-url`, the worker target's `--worker-url`) is used only
 *    if it is trusted here: given on the command line, set in the environment beside the credentials
 *    (`EDGECONF_BASE_URL`, `EDGECONF_KT_URL`, `EDGECONF_WORKER_URL`), or used by an `edgeconf run` on this
 *    machine (remembered in `node_modules/.cache/edgeconf/trusted-urls.json` of the directory the run
 *    was started in, or `EDGECONF_TRUST_FILE`). Otherwise the credentials of the environment
 *    (`CLOUDFLARE_*`, area C's client certificate, `EDGECONF_WORKER_SECRET`) would go to whoever wrote
 *    the file. `report merge` never adds to the list: only a run that reached the URL does.
 * 3. The module target's module (code that runs) follows rule 2: used only if given as `--module`, set
 *    in `EDGECONF_MODULE`, or used by an `edgeconf run` started in this directory (remembered in the same
 *    list as its `file:` URL; a relative path is relative to the current directory).
 *
 * Gaps / by design: the list lives in the working directory's node_modules cache (not the home
 * directory: commands write only into the project). Deleting it only costs a `--base-url` on replay.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../expectations.ts";

/** Folders (relative to the project root, `/`-separated) a replayed test file may come from. */
export const TEST_ROOTS: readonly string[] = ["suites/", "properties/", "harness/run/fixtures/"];

const MAX_REMEMBERED = 200;

/** Why `file` (from a replay file or a shard report) may not be run, or undefined when it may. */
export function testFileProblem(file: unknown, root = PROJECT_ROOT): string | undefined {
  if (typeof file !== "string" || file === "") return "the test file is missing";
  const shown = JSON.stringify(file);
  if (/[\0\r\n]/.test(file)) return `the test file ${shown} has control characters`;
  if (path.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.startsWith("\\") || file.startsWith("/")) {
    return `the test file ${shown} is an absolute path; it must be relative to the project`;
  }
  if (file.split(/[\\/]/).some((s) => s === "..")) return `the test file ${shown} leaves its folder ("..")`;
  if (/[*?[\]{}!]/.test(file)) return `the test file ${shown} is a pattern, not a file`;
  if (!/\.(ts|mts|js|mjs)$/.test(file)) return `the test file ${shown} is not a .ts or .js file`;
  const rel = path.relative(root, path.resolve(root, file)).split(path.sep).join("/");
  if (!TEST_ROOTS.some((r) => rel.startsWith(r))) {
    return `the test file ${shown} is outside the project's test folders (${TEST_ROOTS.join(", ")})`;
  }
  return undefined;
}

/** Why an include pattern of a shard report may not be used, or undefined when it may. */
export function includePatternProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== "string" || pattern === "") return "an include pattern is missing";
  const shown = JSON.stringify(pattern);
  if (path.isAbsolute(pattern) || /^[A-Za-z]:/.test(pattern) || pattern.startsWith("\\")) {
    return `the include pattern ${shown} is an absolute path`;
  }
  if (pattern.split(/[\\/]/).some((s) => s === "..")) return `the include pattern ${shown} leaves the project ("..")`;
  if (!TEST_ROOTS.some((r) => pattern.startsWith(r))) {
    return `the include pattern ${shown} is outside the project's test folders (${TEST_ROOTS.join(", ")})`;
  }
  return undefined;
}

/** The canonical form of a URL, or undefined when it is not one. */
function canonical(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

/** Where runs remember the URLs they used. */
export function trustFile(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const given = env.EDGECONF_TRUST_FILE;
  if (given) return path.resolve(cwd, given);
  return path.join(cwd, "node_modules", ".cache", "edgeconf", "trusted-urls.json");
}

/** The URLs runs on this machine used (canonical form). */
export function rememberedUrls(cwd: string, env: NodeJS.ProcessEnv = process.env): Set<string> {
  try {
    const list = JSON.parse(readFileSync(trustFile(cwd, env), "utf8")) as unknown;
    return new Set(Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : []);
  } catch {
    return new Set();
  }
}

/** Called by `edgeconf run` for the URLs it was given; failures to write are ignored (the cost is a flag). */
export function rememberUrls(
  urls: readonly (string | undefined)[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const fresh = urls.map((u) => (u ? canonical(u) : undefined)).filter((u): u is string => u !== undefined);
  if (fresh.length === 0) return;
  const file = trustFile(cwd, env);
  const known = rememberedUrls(cwd, env);
  if (fresh.every((u) => known.has(u))) return;
  for (const u of fresh) {
    known.delete(u);
    known.add(u);
  }
  const list = [...known].slice(-MAX_REMEMBERED);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(list, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // Not remembered: a replay then asks for the URL on its command line.
  }
}

export interface UrlSources {
  /** Given on this command line. */
  cli?: string | undefined;
  /** From the environment (EDGECONF_BASE_URL / EDGECONF_KT_URL). */
  env?: string | undefined;
  /** Remembered from runs on this machine. */
  remembered: ReadonlySet<string>;
}

/** True when `url` (named by an untrusted file) may receive the environment's credentials. */
export function isTrustedUrl(url: string, sources: UrlSources): boolean {
  const c = canonical(url);
  if (c === undefined) return false;
  return (
    (sources.cli !== undefined && canonical(sources.cli) === c) ||
    (sources.env !== undefined && canonical(sources.env) === c) ||
    sources.remembered.has(c)
  );
}

/** The `file:` URL a module path (relative to `cwd`) is remembered by. */
export function moduleUrl(file: string, cwd: string): string {
  return pathToFileURL(path.resolve(cwd, file)).href;
}

/**
 * True when the module a replay file names (relative to `cwd`, or absolute) may run: the same file is
 * given here (`--module`, EDGECONF_MODULE) or was used by a run started in this directory.
 */
export function isTrustedModule(
  file: string,
  sources: { cli?: string | undefined; env?: string | undefined; remembered: ReadonlySet<string> },
  cwd: string,
): boolean {
  return isTrustedUrl(moduleUrl(file, cwd), {
    cli: sources.cli === undefined ? undefined : moduleUrl(sources.cli, cwd),
    env: sources.env ? moduleUrl(sources.env, cwd) : undefined,
    remembered: sources.remembered,
  });
}
