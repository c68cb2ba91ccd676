/**
 * `edgeconf/wrangler`: a Worker's `env` from its wrangler configuration, with simulator buckets.
 *
 *   const sim = createSimulator({ seed: 1 });
 *   const env = envFromWranglerConfig("wrangler.toml", sim);
 *   await worker.fetch(new Request("https://w.test/k"), env); // env.MY_BUCKET is sim.bucket("my-bucket")
 *
 * Reads `wrangler.toml`, `wrangler.json` or `wrangler.jsonc` with the parsers wrangler uses
 * (smol-toml; jsonc-parser with comments and trailing commas; a UTF-8 byte order mark stripped). The
 * path is a string or a file URL; without one, the nearest `wrangler.json`, `wrangler.jsonc` or
 * `wrangler.toml` (in that order, as wrangler looks) in the current directory or above is read.
 * Every `r2_buckets` entry becomes `env[binding] = sim.bucket(bucket_name, {compatibilityDate,
 * compatibilityFlags})` with the configuration's compatibility date and flags; `vars` become plain
 * values. `[env.<name>]` sections are chosen with `{ environment: "<name>" }`, the option's name in
 * wrangler's `getPlatformProxy`: as in wrangler, the compatibility date and flags are inherited from
 * the top level, bindings (`r2_buckets`, `vars`) are not.
 *
 * Gaps / by design: other binding kinds (KV, D1, queues, services, ratelimits, unsafe, wasm_modules...,
 * every kind wrangler knows: wrangler-bindings.ts) are not modelled: they are left out of the env with a
 * warning naming each kind and its bindings (`onWarning`, default console.warn), never silently. A
 * binding that is not a valid JavaScript identifier, a missing or invalid `bucket_name`, or a binding
 * name used twice is an error naming the entry (its index and binding).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BucketOptions, Simulator } from "../sim/index.ts";
import { parseJsonc } from "./jsonc.ts";
import { parseToml } from "./toml.ts";
import { unmodelledBindings } from "./wrangler-bindings.ts";

export {
  bindingNamesOf,
  INHERITABLE_BINDINGS,
  MODELLED_BINDINGS,
  TOP_LEVEL_BINDINGS,
  UNMODELLED_BINDINGS,
  unmodelledBindings,
  WRANGLER_BINDING_KINDS,
} from "./wrangler-bindings.ts";

export class WranglerConfigError extends Error {
  override readonly name = "WranglerConfigError";
}

export interface R2BucketEntry {
  binding: string;
  bucket_name: string;
  preview_bucket_name?: string;
  jurisdiction?: string;
}

export interface WranglerConfig {
  name?: string;
  compatibility_date?: string;
  compatibility_flags?: string[];
  r2_buckets?: R2BucketEntry[];
  vars?: Record<string, unknown>;
  env?: Record<string, WranglerConfig>;
  [key: string]: unknown;
}

export type WranglerFormat = "toml" | "json" | "jsonc";

export interface EnvFromWranglerOptions {
  /** The `[env.<name>]` section to use (default: the top level), as getPlatformProxy names it. */
  environment?: string;
  /** @deprecated the same as `environment`. */
  env?: string;
  /** Bucket options added to every binding (e.g. `minPartSize` for fast multipart tests). */
  bucketOptions?: BucketOptions;
  /** Where to read the file (default node:fs); a memfs volume works. */
  fs?: {
    readFileSync(path: string, encoding: "utf8"): string | { toString(encoding?: string): string };
    existsSync?(path: string): boolean;
  };
  /** Where the search for a configuration starts when no path is given (default: the current directory). */
  cwd?: string;
  /** Told about bindings the simulator does not model (default: console.warn). */
  onWarning?: (message: string) => void;
}

/** The configuration files wrangler looks for in a directory, in its order. */
export const WRANGLER_CONFIG_FILES = ["wrangler.json", "wrangler.jsonc", "wrangler.toml"] as const;

/** What a Worker sees: bucket bindings and vars under their names. */
export type WranglerEnv = Record<string, unknown>;

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined NaN Infinity"
  ).split(" "),
);

/** Whether `name` can be a JavaScript variable name (what the platform requires of a binding). */
export function isValidBindingName(name: string): boolean {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u.test(name) && !RESERVED.has(name);
}

/** The platform's bucket naming rule: 3-63 of a-z, 0-9 and "-", starting and ending alphanumeric. */
export function isValidBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(name);
}

/** The format a file name implies. */
export function formatOf(path: string): WranglerFormat {
  if (/\.toml$/i.test(path)) return "toml";
  if (/\.jsonc$/i.test(path)) return "jsonc";
  if (/\.json$/i.test(path)) return "json";
  throw new WranglerConfigError(`${path}: not a wrangler configuration (expected .toml, .json or .jsonc)`);
}

/** Parses wrangler configuration text. */
export function parseWranglerConfig(
  text: string,
  format: WranglerFormat,
  source = `wrangler.${format}`,
): WranglerConfig {
  let parsed: unknown;
  try {
    parsed = format === "toml" ? parseToml(text) : parseJsonc(text);
  } catch (e) {
    throw new WranglerConfigError(`${source}: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new WranglerConfigError(`${source}: the configuration must be an object`);
  }
  return parsed as WranglerConfig;
}

function describe(entry: unknown): string {
  if (entry !== null && typeof entry === "object" && "binding" in entry) {
    return ` (binding ${JSON.stringify((entry as { binding: unknown }).binding)})`;
  }
  return "";
}

/** The section in use: the top level, or `[env.<name>]` with the inheritable keys filled in. */
export function selectEnvironment(config: WranglerConfig, envName: string | undefined, source: string) {
  if (envName === undefined) return { section: config, where: "" };
  const envs = config.env;
  const section = envs && typeof envs === "object" ? envs[envName] : undefined;
  if (section === undefined || section === null || typeof section !== "object") {
    const known = envs && typeof envs === "object" ? Object.keys(envs) : [];
    throw new WranglerConfigError(
      `${source}: no [env.${envName}] section (environments: ${known.length ? known.join(", ") : "none"})`,
    );
  }
  const merged: WranglerConfig = {
    ...section,
    compatibility_date: section.compatibility_date ?? config.compatibility_date,
    compatibility_flags: section.compatibility_flags ?? config.compatibility_flags,
  };
  return { section: merged, where: `env.${envName}.` };
}

/** Builds the env of a parsed configuration. */
export function envFromWranglerObject(
  config: WranglerConfig,
  sim: Pick<Simulator, "bucket">,
  options: EnvFromWranglerOptions = {},
  source = "wrangler configuration",
): WranglerEnv {
  const envName = options.environment ?? options.env;
  const { section, where } = selectEnvironment(config, envName, source);
  const unmodelled = unmodelledBindings(config, envName);
  if (unmodelled.length > 0) {
    (options.onWarning ?? ((m: string) => console.warn(m)))(
      `edgeconf/wrangler: ${source}: ${unmodelled.join(", ")}: not modelled by the simulator, left out of ` +
        "env; add your own stand-ins to the env if the code under test uses them",
    );
  }
  const date = section.compatibility_date;
  if (date !== undefined && (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
    throw new WranglerConfigError(`${source}: ${where}compatibility_date must be a "YYYY-MM-DD" string`);
  }
  const flags = section.compatibility_flags;
  if (flags !== undefined && (!Array.isArray(flags) || flags.some((f) => typeof f !== "string"))) {
    throw new WranglerConfigError(`${source}: ${where}compatibility_flags must be an array of strings`);
  }
  const env: WranglerEnv = {};
  const vars = section.vars;
  if (vars !== undefined) {
    if (vars === null || typeof vars !== "object" || Array.isArray(vars)) {
      throw new WranglerConfigError(`${source}: ${where}vars must be a table of names to values`);
    }
    for (const [name, value] of Object.entries(vars)) env[name] = value;
  }
  const list = section.r2_buckets;
  if (list === undefined) return env;
  if (!Array.isArray(list)) throw new WranglerConfigError(`${source}: ${where}r2_buckets must be a list of entries`);
  const bucketOptions: BucketOptions = {
    ...options.bucketOptions,
    ...(date !== undefined ? { compatibilityDate: date } : {}),
    ...(flags !== undefined ? { compatibilityFlags: [...flags] } : {}),
  };
  const entries: [string, string][] = [];
  list.forEach((entry: unknown, i) => {
    const at = `${source}: ${where}r2_buckets[${i}]${describe(entry)}`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      throw new WranglerConfigError(`${at}: an entry must be a table with "binding" and "bucket_name"`);
    }
    const { binding, bucket_name } = entry as Record<string, unknown>;
    if (binding === undefined) throw new WranglerConfigError(`${at}: missing binding`);
    if (typeof binding !== "string" || !isValidBindingName(binding)) {
      throw new WranglerConfigError(`${at}: binding must be a valid JavaScript identifier (e.g. MY_BUCKET)`);
    }
    if (bucket_name === undefined) throw new WranglerConfigError(`${at}: missing bucket_name`);
    if (typeof bucket_name !== "string" || !isValidBucketName(bucket_name)) {
      throw new WranglerConfigError(
        `${at}: bucket_name must be 3-63 characters of a-z, 0-9 and "-", starting and ending with a letter or digit`,
      );
    }
    if (binding in env || entries.some(([b]) => b === binding)) {
      throw new WranglerConfigError(`${at}: the binding name ${binding} is already used`);
    }
    entries.push([binding, bucket_name]);
  });
  for (const [binding, bucketName] of entries) env[binding] = sim.bucket(bucketName, bucketOptions);
  return env;
}

/**
 * The nearest wrangler configuration at or above `from`: wrangler.json, wrangler.jsonc, then
 * wrangler.toml in each directory (wrangler's order), or undefined.
 */
export function findWranglerConfig(
  from: string = process.cwd(),
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    for (const name of WRANGLER_CONFIG_FILES) {
      const file = path.join(dir, name);
      if (exists(file)) return file;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

type SimLike = Pick<Simulator, "bucket">;

function isSim(value: unknown): value is SimLike {
  return typeof value === "object" && value !== null && !(value instanceof URL) && "bucket" in value;
}

/**
 * Reads a wrangler configuration file and returns the Worker env it describes, with every
 * `r2_buckets` binding backed by `sim.bucket(bucket_name)`. Without a path (or with `undefined`),
 * the nearest wrangler.json / wrangler.jsonc / wrangler.toml at or above the current directory.
 */
export function envFromWranglerConfig<Env extends object = WranglerEnv>(
  sim: SimLike,
  options?: EnvFromWranglerOptions,
): Env;
export function envFromWranglerConfig<Env extends object = WranglerEnv>(
  path: string | URL | undefined,
  sim: SimLike,
  options?: EnvFromWranglerOptions,
): Env;
export function envFromWranglerConfig<Env extends object = WranglerEnv>(
  first: string | URL | undefined | SimLike,
  second?: SimLike | EnvFromWranglerOptions,
  third: EnvFromWranglerOptions = {},
): Env {
  const [given, sim, options] = isSim(first)
    ? [undefined, first, (second as EnvFromWranglerOptions | undefined) ?? {}]
    : [first, second as SimLike, third];
  const fs = options.fs ?? { readFileSync, existsSync };
  let file: string;
  if (given === undefined) {
    const exists =
      fs.existsSync?.bind(fs) ??
      ((f: string) => {
        try {
          fs.readFileSync(f, "utf8");
          return true;
        } catch {
          return false;
        }
      });
    const found = findWranglerConfig(options.cwd ?? process.cwd(), exists);
    if (!found) {
      throw new WranglerConfigError(
        `no ${WRANGLER_CONFIG_FILES.join(", ")} in ${path.resolve(options.cwd ?? process.cwd())} or above: pass the path`,
      );
    }
    file = found;
  } else {
    file = given instanceof URL || given.startsWith("file:") ? fileURLToPath(given) : given;
  }
  const format = formatOf(file);
  let text: string;
  try {
    text = String(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new WranglerConfigError(`${file}: cannot read the configuration: ${(e as Error).message}`);
  }
  return envFromWranglerObject(parseWranglerConfig(text, format, file), sim, options, file) as Env;
}
