import { createFsFromVolume, Volume } from "memfs";
import { describe, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";
import { envFromWranglerConfig, isValidBindingName, WranglerConfigError } from "./wrangler.ts";

function volume(files: Record<string, string>) {
  return createFsFromVolume(Volume.fromJSON(files)) as unknown as {
    readFileSync(p: string, e: "utf8"): string;
    existsSync(p: string): boolean;
  };
}

/** Records the options each bucket was made with, to check what the config passes on. */
function recordingSim() {
  const sim = createSimulator({ seed: 5 });
  const made: Record<string, unknown> = {};
  return {
    made,
    bucket: (name: string, options?: object) => {
      made[name] = options;
      return sim.bucket(name, options);
    },
  };
}

describe("envFromWranglerConfig", () => {
  test("wrangler.toml: r2_buckets under their binding names, vars, compatibility date and flags", async () => {
    const fs = volume({
      "/w/wrangler.toml": `
compatibility_date = "2022-01-01"
compatibility_flags = ["r2_list_honor_include"]
[vars]
MODE = "test"
[[r2_buckets]]
binding = "ASSETS"
bucket_name = "assets"
preview_bucket_name = "assets-preview"
[[r2_buckets]]
binding = "LOGS"
bucket_name = "logs-bucket"
`,
    });
    const sim = recordingSim();
    const env = envFromWranglerConfig<{ ASSETS: ReturnType<typeof sim.bucket>; MODE: string }>(
      "/w/wrangler.toml",
      sim,
      {
        fs,
        bucketOptions: { minPartSize: 5 },
      },
    );
    expect(env.MODE).toBe("test");
    expect(Object.keys(env).sort()).toEqual(["ASSETS", "LOGS", "MODE"]);
    expect(sim.made.assets).toEqual({
      minPartSize: 5,
      compatibilityDate: "2022-01-01",
      compatibilityFlags: ["r2_list_honor_include"],
    });
    await env.ASSETS.put("k", "v");
    expect(await (await env.ASSETS.get("k"))?.text()).toBe("v");
  });

  test("wrangler.json and wrangler.jsonc (comments, trailing commas) and [env.<name>] sections", () => {
    const fs = volume({
      "/w/wrangler.jsonc": `{
        // the worker
        "compatibility_date": "2024-01-01",
        "r2_buckets": [{ "binding": "TOP", "bucket_name": "top-bucket" },],
        "env": { "staging": { "r2_buckets": [{ "binding": "STAGE", "bucket_name": "stage-bucket" }] } },
      }`,
      "/w/wrangler.json": `{ "r2_buckets": [{ "binding": "B", "bucket_name": "bbb" }] }`,
    });
    const sim = recordingSim();
    expect(Object.keys(envFromWranglerConfig("/w/wrangler.json", sim, { fs }))).toEqual(["B"]);
    expect(sim.made.bbb).toEqual({});
    expect(Object.keys(envFromWranglerConfig("/w/wrangler.jsonc", sim, { fs }))).toEqual(["TOP"]);
    const staging = envFromWranglerConfig("/w/wrangler.jsonc", sim, { fs, environment: "staging" });
    expect(Object.keys(staging)).toEqual(["STAGE"]);
    expect(sim.made["stage-bucket"]).toEqual({ compatibilityDate: "2024-01-01" });
    expect(Object.keys(envFromWranglerConfig("/w/wrangler.jsonc", sim, { fs, env: "staging" }))).toEqual(["STAGE"]);
    expect(() => envFromWranglerConfig("/w/wrangler.jsonc", sim, { fs, environment: "prod" })).toThrow(
      /no \[env\.prod\] section \(environments: staging\)/,
    );
  });

  test("bad entries are errors naming the entry's index and binding", () => {
    const cases: [string, RegExp][] = [
      [
        '[[r2_buckets]]\nbinding = "my-bucket"\nbucket_name = "b-1"',
        /r2_buckets\[0\] \(binding "my-bucket"\): binding must be a valid JavaScript identifier/,
      ],
      [
        '[[r2_buckets]]\nbinding = "OK"\nbucket_name = "ok-1"\n[[r2_buckets]]\nbinding = "B"',
        /r2_buckets\[1\] \(binding "B"\): missing bucket_name/,
      ],
      ['[[r2_buckets]]\nbucket_name = "x-1"', /r2_buckets\[0\]: missing binding/],
      [
        '[[r2_buckets]]\nbinding = "class"\nbucket_name = "x-1"',
        /binding "class"\): binding must be a valid JavaScript identifier/,
      ],
      ['[[r2_buckets]]\nbinding = "A"\nbucket_name = "Bad_Name"', /binding "A"\): bucket_name must be 3-63/],
      [
        '[vars]\nA = "1"\n[[r2_buckets]]\nbinding = "A"\nbucket_name = "abc"',
        /binding "A"\): the binding name A is already used/,
      ],
      ['compatibility_date = "yesterday"', /compatibility_date must be a "YYYY-MM-DD" string/],
      ["r2_buckets = 3", /r2_buckets must be a list/],
      ["a = ", /wrangler\.toml: TOML line 1/],
    ];
    for (const [text, message] of cases) {
      const fs = volume({ "/w/wrangler.toml": text });
      expect(() => envFromWranglerConfig("/w/wrangler.toml", recordingSim(), { fs })).toThrow(message);
    }
    expect(() => envFromWranglerConfig("/w/missing.toml", recordingSim(), { fs: volume({}) })).toThrow(
      /missing\.toml: cannot read/,
    );
    expect(() => envFromWranglerConfig("/w/wrangler.yaml", recordingSim())).toThrow(WranglerConfigError);
  });

  test("a file URL, or no path: the nearest wrangler.json, .jsonc, .toml at or above the directory", () => {
    const fs = volume({
      "/p/wrangler.toml": '[[r2_buckets]]\nbinding = "TOML"\nbucket_name = "toml-bucket"',
      "/p/wrangler.jsonc": '{ "r2_buckets": [{ "binding": "JSONC", "bucket_name": "jsonc-bucket" }] }',
      "/p/app/src/.keep": "",
      "/q/wrangler.toml": '\uFEFF[[r2_buckets]]\nbinding = "Q"\nbucket_name = "q-bucket"',
    });
    const sim = recordingSim();
    expect(Object.keys(envFromWranglerConfig(sim, { fs, cwd: "/p/app/src" }))).toEqual(["JSONC"]);
    expect(Object.keys(envFromWranglerConfig(undefined, sim, { fs, cwd: "/q" }))).toEqual(["Q"]);
    expect(Object.keys(envFromWranglerConfig(new URL("file:///q/wrangler.toml"), sim, { fs }))).toEqual(["Q"]);
    expect(() => envFromWranglerConfig(sim, { fs, cwd: "/elsewhere" })).toThrow(
      /no wrangler\.json, wrangler\.jsonc, wrangler\.toml in \/elsewhere or above/,
    );
  });

  test("bindings the simulator does not model are named in a warning, not dropped silently", () => {
    const fs = volume({
      "/w/wrangler.toml": `
kv_namespaces = [{ binding = "CACHE", id = "x" }]
[[d1_databases]]
binding = "DB"
database_name = "d"
database_id = "i"
[durable_objects]
bindings = [{ name = "ROOM", class_name = "Room" }]
[ai]
binding = "AI"
[[r2_buckets]]
binding = "FILES"
bucket_name = "files"
`,
    });
    const warnings: string[] = [];
    const env = envFromWranglerConfig("/w/wrangler.toml", recordingSim(), { fs, onWarning: (m) => warnings.push(m) });
    expect(Object.keys(env)).toEqual(["FILES"]);
    expect(warnings).toEqual([
      "edgeconf/wrangler: /w/wrangler.toml: durable_objects (ROOM), kv_namespaces (CACHE), d1_databases (DB), ai (AI): " +
        "not modelled by the simulator, left out of env; add your own stand-ins to the env if the code under test uses them",
    ]);
  });

  test("binding names are JavaScript identifiers", () => {
    for (const ok of ["A", "_x", "$b", "my_bucket2", "café"]) expect(isValidBindingName(ok)).toBe(true);
    for (const bad of ["", "1a", "a-b", "a b", "class", "await", "a.b"]) expect(isValidBindingName(bad)).toBe(false);
  });
});
