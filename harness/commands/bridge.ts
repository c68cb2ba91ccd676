/**
 * `edgeconf bridge init DIR [--bucket NAME] [--force]`: writes the bridge Worker (worker.js,
 * protocol.js, frame.js) and its wrangler.toml into DIR, ready for `wrangler deploy`; then prints the steps
 * that run the area-D suites against it (docs/bridge.md). It also writes (or completes) DIR/.gitignore so that
 * the secret the steps put in DIR (`.bridge-secret`) and wrangler's local secrets never get committed.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DirError, dirProblem, fsReason, makeDir, removeMade } from "../dirs.ts";
import { PROJECT_ROOT } from "../expectations.ts";
import { wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const BRIDGE_FILES = ["worker.js", "protocol.js", "frame.js", "wrangler.toml"] as const;

/** What DIR/.gitignore must ignore: the bridge's secret, wrangler's local secrets and state. */
export const BRIDGE_IGNORED = [".bridge-secret", ".dev.vars", ".dev.vars.*", ".env", ".env.*", ".wrangler/"] as const;

/** The text DIR/.gitignore must have: the existing one plus the lines it lacks (never removes any); undefined: as is. */
export function bridgeGitignore(dir: string): string | undefined {
  const file = path.join(dir, ".gitignore");
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const have = new Set(existing.split(/\r?\n/).map((l) => l.trim()));
  const missing = BRIDGE_IGNORED.filter((l) => !have.has(l));
  if (missing.length === 0) return undefined;
  const head =
    existing === ""
      ? "# Secrets of the edgeconf bridge Worker: never commit them.\n"
      : existing.endsWith("\n")
        ? ""
        : "\n";
  return `${existing}${head}${missing.join("\n")}\n`;
}

/**
 * Writes `files` (name -> content) into `dir` all or nothing: each goes to a temporary file first, then
 * all are renamed into place; on a failure the temporary files and the folders made are removed.
 */
function writeAll(dir: string, files: Record<string, string>): void {
  const created = makeDir(dir);
  const temps: [string, string][] = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
      temps.push([temp, path.join(dir, name)]);
      try {
        writeFileSync(temp, text);
      } catch (e) {
        throw new DirError(`cannot write ${path.join(dir, name)}: ${fsReason(e)}`);
      }
    }
    for (const [temp, file] of temps) {
      try {
        renameSync(temp, file);
      } catch (e) {
        throw new DirError(`cannot write ${file}: ${fsReason(e)}`);
      }
    }
  } catch (e) {
    for (const [temp] of temps) {
      try {
        rmSync(temp, { force: true });
      } catch {}
    }
    removeMade(created);
    throw e;
  }
}

export const BRIDGE_HELP = wrapText(`Usage: edgeconf bridge init DIR [--bucket NAME] [--force]

Writes the edgeconf bridge Worker (worker.js, protocol.js, frame.js) and its wrangler.toml into DIR. Deployed
with wrangler, it lets \`edgeconf run --target worker\` run the area-D suites against its R2 bucket
binding (production R2). It refuses calls without its secret and touches only keys under its prefix
root ("edgeconf/" by default). See docs/bridge.md.

Options:
  --bucket NAME   the R2 bucket to bind (default: edgeconf-conformance); use a bucket made for it
  --force         overwrite files DIR already has
`);

/** A bucket name R2 accepts: 3-63 of a-z, 0-9 and "-", not starting or ending with "-". */
export function validBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(name);
}

export function nextSteps(dir: string, bucket: string): string {
  return `Wrote the bridge Worker to ${dir}. Then:
  1. npx wrangler r2 bucket create ${bucket}
       a bucket made for conformance runs (the bridge touches only keys under "edgeconf/")
  2. cd ${dir} && npx wrangler deploy
       prints the Worker's URL, https://edgeconf-bridge.<your-subdomain>.workers.dev
  3. openssl rand -hex 32 > .bridge-secret && npx wrangler secret put EDGECONF_SECRET < .bridge-secret
  4. export EDGECONF_WORKER_SECRET="$(cat .bridge-secret)"
  5. npx edgeconf run --target worker --worker-url <the Worker's URL> --areas object-store
`;
}

export async function run(argv: string[]): Promise<number> {
  let values: { bucket?: string; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs({
      args: argv,
      allowPositionals: true,
      options: { bucket: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (e) {
    return usageError("bridge", argsErrorMessage(e));
  }
  if (values.help) {
    process.stdout.write(BRIDGE_HELP);
    return 0;
  }
  const [sub, dirArg, ...extra] = positionals;
  if (sub !== "init" || dirArg === undefined || extra.length > 0) {
    return usageError("bridge", 'expected "init DIR" (the folder to write the Worker into)');
  }
  const bucket = values.bucket ?? "edgeconf-conformance";
  if (!validBucketName(bucket)) {
    return usageError("bridge", `--bucket "${bucket}" is not an R2 bucket name (3-63 of a-z, 0-9, -)`);
  }
  const dir = path.resolve(process.cwd(), dirArg);
  // The folder first: a file in the way or a place that cannot be written is the user's path (exit 2).
  const problem = dirProblem(dir);
  if (problem) {
    process.stderr.write(`edgeconf bridge: ${problem}\n`);
    return 2;
  }
  const isFolder = (f: string) => {
    try {
      return statSync(path.join(dir, f)).isDirectory();
    } catch {
      return false;
    }
  };
  const folder = [...BRIDGE_FILES, ".gitignore"].find(isFolder);
  if (folder) {
    process.stderr.write(`edgeconf bridge: ${path.join(dir, folder)} is a folder: the bridge writes a file there\n`);
    return 2;
  }
  const present = BRIDGE_FILES.filter((f) => existsSync(path.join(dir, f)));
  if (present.length > 0 && !values.force) {
    process.stderr.write(`edgeconf bridge: ${dir} already has ${present.join(", ")} (--force overwrites)\n`);
    return 2;
  }
  // Everything is read before anything is written: a failure leaves DIR as it was.
  const source = path.join(PROJECT_ROOT, "bridge");
  const files: Record<string, string> = {};
  try {
    for (const f of BRIDGE_FILES) files[f] = readFileSync(path.join(source, f), "utf8");
  } catch (e) {
    const file = (e as { path?: string }).path ?? source;
    process.stderr.write(`edgeconf bridge: cannot read ${file} of the installed package: ${fsReason(e)}\n`);
    return 1;
  }
  files["wrangler.toml"] = (files["wrangler.toml"] ?? "").replace(/^bucket_name = ".*"$/m, `bucket_name = "${bucket}"`);
  try {
    const gitignore = bridgeGitignore(dir);
    if (gitignore !== undefined) files[".gitignore"] = gitignore;
    writeAll(dir, files);
  } catch (e) {
    const message = e instanceof DirError ? e.message : `cannot write into ${dir}: ${fsReason(e)}`;
    process.stderr.write(`edgeconf bridge: ${message}\n`);
    return 2;
  }
  process.stdout.write(nextSteps(path.relative(process.cwd(), dir) || ".", bucket));
  return 0;
}
