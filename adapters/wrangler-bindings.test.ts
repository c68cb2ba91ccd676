import { createFsFromVolume, Volume } from "memfs";
import { describe, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";
import { envFromWranglerConfig, UNMODELLED_BINDINGS, WRANGLER_BINDING_KINDS } from "./wrangler.ts";

function volume(files: Record<string, string>) {
  return createFsFromVolume(Volume.fromJSON(files)) as unknown as {
    readFileSync(p: string, e: "utf8"): string;
    existsSync(p: string): boolean;
  };
}

const TAIL =
  "not modelled by the simulator, left out of env; add your own stand-ins to the env if the code under test uses them";

/** The warnings a configuration file gives, with the env it builds. */
function load(file: string, text: string, environment?: string) {
  const warnings: string[] = [];
  const env = envFromWranglerConfig(file, createSimulator({ seed: 1 }), {
    fs: volume({ [file]: text }),
    onWarning: (m) => warnings.push(m),
    ...(environment ? { environment } : {}),
  });
  return { env, warnings };
}

/**
 * One row per kind the simulator does not model: the section in TOML, the same in JSONC, the names the
 * warning gives. Shapes as wrangler declares them (workers-sdk packages/workers-utils/src/config/environment.ts
 * and config.ts, commit f8308360283f97d33e188aee2e19c1ef9c09524a).
 */
const KINDS: { kind: string; toml: string; json: string; names: string }[] = [
  {
    kind: "data_blobs",
    toml: '[data_blobs]\nBLOB = "./b.bin"',
    json: '"data_blobs": { "BLOB": "./b.bin" }',
    names: "BLOB",
  },
  {
    kind: "durable_objects",
    toml: '[[durable_objects.bindings]]\nname = "ROOM"\nclass_name = "Room"',
    json: '"durable_objects": { "bindings": [{ "name": "ROOM", "class_name": "Room" }] }',
    names: "ROOM",
  },
  {
    kind: "kv_namespaces",
    toml: '[[kv_namespaces]]\nbinding = "CACHE"\nid = "x"\n[[kv_namespaces]]\nbinding = "SESSIONS"\nid = "y"',
    json: '"kv_namespaces": [{ "binding": "CACHE", "id": "x" }, { "binding": "SESSIONS", "id": "y" },]',
    names: "CACHE, SESSIONS",
  },
  {
    kind: "send_email",
    toml: '[[send_email]]\nname = "MAIL"\ndestination_address = "a@example.com"',
    json: '"send_email": [{ "name": "MAIL", "destination_address": "a@example.com" }]',
    names: "MAIL",
  },
  {
    kind: "queues",
    toml: '[[queues.producers]]\nbinding = "JOBS"\nqueue = "jobs"\n[[queues.consumers]]\nqueue = "jobs"',
    json: '"queues": { "producers": [{ "binding": "JOBS", "queue": "jobs" }], "consumers": [{ "queue": "jobs" }] }',
    names: "JOBS",
  },
  {
    kind: "d1_databases",
    toml: '[[d1_databases]]\nbinding = "DB"\ndatabase_name = "d"\ndatabase_id = "i"',
    json: '"d1_databases": [{ "binding": "DB", "database_name": "d", "database_id": "i" }]',
    names: "DB",
  },
  {
    kind: "vectorize",
    toml: '[[vectorize]]\nbinding = "VEC"\nindex_name = "v"',
    json: '"vectorize": [{ "binding": "VEC", "index_name": "v" }]',
    names: "VEC",
  },
  {
    kind: "ai_search_namespaces",
    toml: '[[ai_search_namespaces]]\nbinding = "SEARCHNS"\nnamespace = "n"',
    json: '"ai_search_namespaces": [{ "binding": "SEARCHNS", "namespace": "n" }]',
    names: "SEARCHNS",
  },
  {
    kind: "ai_search",
    toml: '[[ai_search]]\nbinding = "SEARCH"\ninstance_name = "s"',
    json: '"ai_search": [{ "binding": "SEARCH", "instance_name": "s" }]',
    names: "SEARCH",
  },
  { kind: "websearch", toml: '[websearch]\nbinding = "WEB"', json: '"websearch": { "binding": "WEB" }', names: "WEB" },
  {
    kind: "agent_memory",
    toml: '[[agent_memory]]\nbinding = "MEMORY"\nnamespace = "m"',
    json: '"agent_memory": [{ "binding": "MEMORY", "namespace": "m" }]',
    names: "MEMORY",
  },
  {
    kind: "hyperdrive",
    toml: '[[hyperdrive]]\nbinding = "PG"\nid = "h"',
    json: '"hyperdrive": [{ "binding": "PG", "id": "h" }]',
    names: "PG",
  },
  {
    kind: "logfwdr",
    toml: '[[logfwdr.bindings]]\nname = "LOGS"\ndestination = "d"',
    json: '"logfwdr": { "bindings": [{ "name": "LOGS", "destination": "d" }] }',
    names: "LOGS",
  },
  {
    kind: "services",
    toml: '[[services]]\nbinding = "AUTH"\nservice = "auth"',
    json: '"services": [{ "binding": "AUTH", "service": "auth" }]',
    names: "AUTH",
  },
  {
    kind: "analytics_engine_datasets",
    toml: '[[analytics_engine_datasets]]\nbinding = "EVENTS"\ndataset = "e"',
    json: '"analytics_engine_datasets": [{ "binding": "EVENTS", "dataset": "e" }]',
    names: "EVENTS",
  },
  {
    kind: "text_blobs",
    toml: '[text_blobs]\nTEMPLATE = "./t.txt"\nLICENSE = "./l.txt"',
    json: '"text_blobs": { "TEMPLATE": "./t.txt", "LICENSE": "./l.txt" }',
    names: "TEMPLATE, LICENSE",
  },
  {
    kind: "browser",
    toml: '[browser]\nbinding = "BROWSER"',
    json: '"browser": { "binding": "BROWSER" }',
    names: "BROWSER",
  },
  { kind: "ai", toml: 'ai = { binding = "AI" }', json: '"ai": { "binding": "AI" }', names: "AI" },
  { kind: "images", toml: '[images]\nbinding = "IMAGES"', json: '"images": { "binding": "IMAGES" }', names: "IMAGES" },
  { kind: "stream", toml: '[stream]\nbinding = "STREAM"', json: '"stream": { "binding": "STREAM" }', names: "STREAM" },
  { kind: "media", toml: '[media]\nbinding = "MEDIA"', json: '"media": { "binding": "MEDIA" }', names: "MEDIA" },
  {
    kind: "version_metadata",
    toml: '[version_metadata]\nbinding = "VERSION"',
    json: '"version_metadata": { "binding": "VERSION" }',
    names: "VERSION",
  },
  {
    kind: "unsafe",
    toml: '[[unsafe.bindings]]\nname = "RAW"\ntype = "something"',
    json: '"unsafe": { "bindings": [{ "name": "RAW", "type": "something" }], "metadata": {} }',
    names: "RAW",
  },
  {
    kind: "wasm_modules",
    toml: '[wasm_modules]\nMOD = "./m.wasm"',
    json: '"wasm_modules": { "MOD": "./m.wasm" }',
    names: "MOD",
  },
  {
    kind: "dispatch_namespaces",
    toml: '[[dispatch_namespaces]]\nbinding = "DISPATCH"\nnamespace = "n"',
    json: '"dispatch_namespaces": [{ "binding": "DISPATCH", "namespace": "n" }]',
    names: "DISPATCH",
  },
  {
    kind: "mtls_certificates",
    toml: '[[mtls_certificates]]\nbinding = "CERT"\ncertificate_id = "c"',
    json: '"mtls_certificates": [{ "binding": "CERT", "certificate_id": "c" }]',
    names: "CERT",
  },
  {
    kind: "workflows",
    toml: '[[workflows]]\nbinding = "FLOW"\nname = "flow"\nclass_name = "Flow"',
    json: '"workflows": [{ "binding": "FLOW", "name": "flow", "class_name": "Flow" }]',
    names: "FLOW",
  },
  {
    kind: "pipelines",
    toml: '[[pipelines]]\nbinding = "PIPE"\npipeline = "p"',
    json: '"pipelines": [{ "binding": "PIPE", "pipeline": "p" }]',
    names: "PIPE",
  },
  {
    kind: "secrets_store_secrets",
    toml: '[[secrets_store_secrets]]\nbinding = "KEY"\nstore_id = "s"\nsecret_name = "k"',
    json: '"secrets_store_secrets": [{ "binding": "KEY", "store_id": "s", "secret_name": "k" }]',
    names: "KEY",
  },
  {
    kind: "artifacts",
    toml: '[[artifacts]]\nbinding = "ART"\nnamespace = "a"',
    json: '"artifacts": [{ "binding": "ART", "namespace": "a" }]',
    names: "ART",
  },
  {
    kind: "ratelimits",
    toml: '[[ratelimits]]\nname = "LIMITER"\nnamespace_id = "1001"\nsimple = { limit = 100, period = 60 }',
    json: '"ratelimits": [{ "name": "LIMITER", "namespace_id": "1001", "simple": { "limit": 100, "period": 60 } }]',
    names: "LIMITER",
  },
  {
    kind: "assets",
    toml: '[assets]\ndirectory = "./public"\nbinding = "STATIC"',
    json: '"assets": { "directory": "./public", "binding": "STATIC" }',
    names: "STATIC",
  },
  {
    kind: "unsafe_hello_world",
    toml: '[[unsafe_hello_world]]\nbinding = "HELLO"',
    json: '"unsafe_hello_world": [{ "binding": "HELLO" }]',
    names: "HELLO",
  },
  {
    kind: "flagship",
    toml: '[[flagship]]\nbinding = "FLAGS"\napp_id = "f"',
    json: '"flagship": [{ "binding": "FLAGS", "app_id": "f" }]',
    names: "FLAGS",
  },
  {
    kind: "worker_loaders",
    toml: '[[worker_loaders]]\nbinding = "LOADER"',
    json: '"worker_loaders": [{ "binding": "LOADER" }]',
    names: "LOADER",
  },
  {
    kind: "vpc_services",
    toml: '[[vpc_services]]\nbinding = "VPC"\nservice_id = "v"',
    json: '"vpc_services": [{ "binding": "VPC", "service_id": "v" }]',
    names: "VPC",
  },
  {
    kind: "vpc_networks",
    toml: '[[vpc_networks]]\nbinding = "NET"\ntunnel_id = "t"',
    json: '"vpc_networks": [{ "binding": "NET", "tunnel_id": "t" }]',
    names: "NET",
  },
  {
    kind: "secrets",
    toml: '[secrets]\nrequired = ["API_KEY", "TOKEN"]',
    json: '"secrets": { "required": ["API_KEY", "TOKEN"] }',
    names: "API_KEY, TOKEN",
  },
];

const TOP_LEVEL_ONLY = new Set(["wasm_modules", "text_blobs", "data_blobs"]);
const INHERITED = new Set(["logfwdr", "assets"]);

describe("envFromWranglerConfig: every binding kind wrangler knows is modelled or warned about", () => {
  test("the list is wrangler's (friendlyBindingNames at f8308360), and the table covers every unmodelled kind", () => {
    expect(WRANGLER_BINDING_KINDS).toHaveLength(39);
    expect(WRANGLER_BINDING_KINDS).toEqual(
      expect.arrayContaining(["ratelimits", "unsafe", "worker_loaders", "logfwdr"]),
    );
    expect(UNMODELLED_BINDINGS).not.toContain("r2_buckets");
    expect(UNMODELLED_BINDINGS).not.toContain("vars");
    expect(KINDS.map((k) => k.kind).sort()).toEqual([...UNMODELLED_BINDINGS].sort());
  });

  const modelled = '[[r2_buckets]]\nbinding = "FILES"\nbucket_name = "files"';
  const modelledJson = '"r2_buckets": [{ "binding": "FILES", "bucket_name": "files" }]';

  for (const { kind, toml, json, names } of KINDS) {
    test(`${kind}: named in a warning, from wrangler.toml and wrangler.jsonc, at the top level`, () => {
      const fromToml = load("/w/wrangler.toml", `${toml}\n${modelled}\n`);
      const fromJsonc = load("/w/wrangler.jsonc", `{\n  // ${kind}\n  ${modelledJson},\n  ${json},\n}`);
      expect(fromToml.warnings).toEqual([`edgeconf/wrangler: /w/wrangler.toml: ${kind} (${names}): ${TAIL}`]);
      expect(fromJsonc.warnings).toEqual([`edgeconf/wrangler: /w/wrangler.jsonc: ${kind} (${names}): ${TAIL}`]);
      expect(Object.keys(fromToml.env)).toEqual(["FILES"]);
      expect(Object.keys(fromJsonc.env)).toEqual(["FILES"]);
    });

    test(`${kind}: in an [env.<name>] section, read where wrangler reads it`, () => {
      // TOML: the same section under [env.staging] (tables renamed); JSONC: nested under "env".
      const underEnv = toml.replace(/^\[(\[?)/gm, "[$1env.staging.");
      const envBucket = modelled.replace("[[r2_buckets]]", "[[env.staging.r2_buckets]]");
      const tomlText = `${modelled}\n[env.staging]\n${underEnv}\n${envBucket}\n`;
      const jsoncText = `{ "env": { "staging": { ${modelledJson}, ${json} } } }`;
      const expected = TOP_LEVEL_ONLY.has(kind) ? [] : [`env.staging.${kind} (${names})`];
      for (const [file, text] of [
        ["/w/wrangler.toml", tomlText],
        ["/w/wrangler.jsonc", jsoncText],
      ] as const) {
        const { env, warnings } = load(file, text, "staging");
        // wasm_modules, text_blobs and data_blobs exist only at the top level: wrangler ignores them in an env.
        expect(warnings).toEqual(expected.map((w) => `edgeconf/wrangler: ${file}: ${w}: ${TAIL}`));
        expect(Object.keys(env)).toEqual(["FILES"]);
      }
    });

    test(`${kind}: at the top level with [env.staging] selected`, () => {
      const text = `{ ${json}, "env": { "staging": { ${modelledJson} } } }`;
      const { warnings } = load("/w/wrangler.jsonc", text, "staging");
      // Non-inheritable kinds stay at the top level (as in wrangler); logfwdr and assets are inherited;
      // the module maps apply to every environment.
      const inEnv = TOP_LEVEL_ONLY.has(kind) || INHERITED.has(kind);
      expect(warnings).toEqual(inEnv ? [`edgeconf/wrangler: /w/wrangler.jsonc: ${kind} (${names}): ${TAIL}`] : []);
    });
  }

  test("several kinds in one warning, each with where it was read; kinds with no binding in them are not named", () => {
    const text = `{
      "wasm_modules": { "MOD": "./m.wasm" },
      "logfwdr": { "bindings": [{ "name": "LOGS", "destination": "d" }] },
      "kv_namespaces": [{ "binding": "TOP_ONLY", "id": "x" }],
      "env": { "staging": {
        "ratelimits": [{ "name": "LIMITER", "namespace_id": "1", "simple": { "limit": 1, "period": 10 } }],
        "unsafe": { "metadata": { "x": 1 } },
        "assets": { "directory": "./public" },
        "queues": { "consumers": [{ "queue": "q" }] },
        "kv_namespaces": [{ "id": "no-binding" }],
      } },
    }`;
    expect(load("/w/wrangler.jsonc", text, "staging").warnings).toEqual([
      "edgeconf/wrangler: /w/wrangler.jsonc: env.staging.kv_namespaces, logfwdr (LOGS), wasm_modules (MOD), " +
        `env.staging.ratelimits (LIMITER): ${TAIL}`,
    ]);
    expect(
      load("/w/wrangler.jsonc", '{ "assets": { "directory": "./p" }, "unsafe": { "metadata": {} } }').warnings,
    ).toEqual([]);
  });
});
