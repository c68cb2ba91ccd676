/**
 * Binding kinds of a wrangler configuration, and which of them a Worker's env would get that the simulator
 * leaves out.
 *
 * Source: cloudflare/workers-sdk at commit f8308360283f97d33e188aee2e19c1ef9c09524a,
 * packages/workers-utils/src/config/validation.ts: `ConfigBindingFieldName` / `friendlyBindingNames` (the
 * list wrangler itself walks to check that binding names are unique), with the fields declared in
 * packages/workers-utils/src/config/environment.ts (`EnvironmentNonInheritable`; `logfwdr` and `assets` in
 * `EnvironmentInheritable`) and packages/workers-utils/src/config/config.ts (`ConfigFields`: `wasm_modules`,
 * `text_blobs`, `data_blobs`, top level only). `secrets` (`secrets.required`) is not a binding type there, but
 * wrangler checks its names with the bindings' (validateBindingsHaveUniqueNames) and wrangler dev puts them in
 * env: it is warned about too.
 *
 * Where a kind is read, as wrangler's validation reads it: non-inheritable kinds from the section in use only
 * (`[env.<name>]` does not inherit them); `logfwdr` and `assets` from the environment, else the top level
 * (`inheritable`); `wasm_modules`, `text_blobs`, `data_blobs` from the top level whatever the environment.
 *
 * Gaps / by design: names are read as wrangler's getBindingNames reads them (entries' `binding`, or `name` for
 * ratelimits, send_email and `bindings` lists; table keys for the module maps; queue producers only). A kind
 * present without any binding in it (`[assets]` without `binding`, `[unsafe]` with only `metadata`, queue
 * consumers only) puts nothing in env and is not warned about.
 */

/** Every binding kind of wrangler's configuration (`friendlyBindingNames`' keys, in its order). */
export const WRANGLER_BINDING_KINDS = [
  "data_blobs",
  "durable_objects",
  "kv_namespaces",
  "send_email",
  "queues",
  "d1_databases",
  "vectorize",
  "ai_search_namespaces",
  "ai_search",
  "websearch",
  "agent_memory",
  "hyperdrive",
  "r2_buckets",
  "logfwdr",
  "services",
  "analytics_engine_datasets",
  "text_blobs",
  "browser",
  "ai",
  "images",
  "stream",
  "media",
  "version_metadata",
  "unsafe",
  "vars",
  "wasm_modules",
  "dispatch_namespaces",
  "mtls_certificates",
  "workflows",
  "pipelines",
  "secrets_store_secrets",
  "artifacts",
  "ratelimits",
  "assets",
  "unsafe_hello_world",
  "flagship",
  "worker_loaders",
  "vpc_services",
  "vpc_networks",
] as const;

/** The kinds the simulator models: buckets and plain values. */
export const MODELLED_BINDINGS = ["r2_buckets", "vars"] as const;

/** Binding kinds (and `secrets`) the simulator does not model: left out of env with a warning. */
export const UNMODELLED_BINDINGS = [
  ...WRANGLER_BINDING_KINDS.filter((k) => !(MODELLED_BINDINGS as readonly string[]).includes(k)),
  "secrets",
] as readonly string[];

/** Kinds an `[env.<name>]` section inherits from the top level when it has none of its own. */
export const INHERITABLE_BINDINGS: readonly string[] = ["logfwdr", "assets"];

/** Kinds read from the top level only, whatever the environment. */
export const TOP_LEVEL_BINDINGS: readonly string[] = ["wasm_modules", "text_blobs", "data_blobs"];

const LISTED_BY_BINDINGS = new Set(["durable_objects", "logfwdr", "unsafe"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function entryName(entry: unknown): string | undefined {
  if (!isRecord(entry)) return undefined;
  if (typeof entry.binding === "string") return entry.binding;
  return typeof entry.name === "string" ? entry.name : undefined;
}

/** The binding names one kind declares (empty when it declares none). */
export function bindingNamesOf(kind: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (TOP_LEVEL_BINDINGS.includes(kind)) return isRecord(value) ? Object.keys(value) : [];
  if (kind === "secrets") {
    const required = isRecord(value) ? value.required : undefined;
    return Array.isArray(required) ? required.filter((n): n is string => typeof n === "string") : [];
  }
  if (kind === "queues") {
    const producers = isRecord(value) ? value.producers : undefined;
    return Array.isArray(producers) ? producers.flatMap((e) => entryName(e) ?? []) : [];
  }
  if (LISTED_BY_BINDINGS.has(kind)) {
    const list = isRecord(value) ? value.bindings : undefined;
    return Array.isArray(list) ? list.flatMap((e) => (isRecord(e) && typeof e.name === "string" ? [e.name] : [])) : [];
  }
  if (Array.isArray(value)) return value.flatMap((e) => entryName(e) ?? []);
  const own = entryName(value);
  return own === undefined ? [] : [own];
}

/**
 * What the simulator leaves out of the env of `config` (top level, or `[env.<envName>]`), one item per kind
 * with where it was read and its names: "env.staging.kv_namespaces (CACHE)", "wasm_modules (MOD)".
 */
export function unmodelledBindings(config: Record<string, unknown>, envName?: string): string[] {
  const envs = config.env;
  const section = envName === undefined ? config : isRecord(envs) && isRecord(envs[envName]) ? envs[envName] : {};
  const prefix = envName === undefined ? "" : `env.${envName}.`;
  const out: string[] = [];
  for (const kind of UNMODELLED_BINDINGS) {
    let where = prefix;
    let value = section[kind];
    if (TOP_LEVEL_BINDINGS.includes(kind)) [where, value] = ["", config[kind]];
    else if (INHERITABLE_BINDINGS.includes(kind) && value === undefined) [where, value] = ["", config[kind]];
    const names = bindingNamesOf(kind, value);
    // A non-empty list whose entries carry no name still declares bindings (wrangler would refuse it).
    if (names.length > 0) out.push(`${where}${kind} (${names.join(", ")})`);
    else if (Array.isArray(value) && value.length > 0) out.push(`${where}${kind}`);
  }
  return out;
}
