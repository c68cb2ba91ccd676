import { describe, expect, test } from "vitest";
import { parseRunArgs } from "./options.ts";
import { packageMissing, preflight, targetEnvNames, targetOptionalEnvNames } from "./preflight.ts";

const CREDS = {
  CLOUDFLARE_ACCOUNT_ID: "a".repeat(32),
  CLOUDFLARE_API_TOKEN: "t",
  CLOUDFLARE_ZONE_ID: "b".repeat(32),
  CLOUDFLARE_EMAIL: "e@example.com",
  CLOUDFLARE_API_KEY: "k",
};
const none = () => false;

describe("preflight: usage errors before any test runs, one line each", () => {
  test("a target's missing package names the install command", () => {
    const line = preflight({
      target: "miniflare",
      areas: ["object-store"],
      env: {},
      missing: (p) => p === "miniflare",
    });
    expect(line).toBe("target miniflare needs miniflare, which is not installed: npm install --save-dev miniflare");
    expect(preflight({ target: "miniflare", areas: ["object-store"], env: {}, missing: none })).toBeUndefined();
  });

  test("an area the target does not serve says how to get it", () => {
    const base = { target: "http" as const, baseUrl: "http://x/client/v4", env: CREDS, missing: none };
    expect(preflight({ ...base, areas: ["object-store"] })).toMatch(
      /^target http does not serve object-store \(it serves: dns-protection, dns-records\): use --target workerd, worker/,
    );
    expect(preflight({ ...base, areas: ["key-transparency"] })).toMatch(/give --kt-url$/);
    expect(preflight({ target: "miniflare", areas: ["dns-records"], env: {}, missing: none })).toMatch(
      /does not serve dns-records \(it serves: object-store\): leave dns-records out of --areas$/,
    );
  });

  test("missing credentials: each missing variable named, only those of the chosen areas", () => {
    const base = { target: "http" as const, baseUrl: "http://x/client/v4", missing: none };
    expect(preflight({ ...base, areas: ["dns-records"], env: {} })).toMatch(
      /needs CLOUDFLARE_ZONE_ID, CLOUDFLARE_EMAIL, CLOUDFLARE_API_KEY in the environment for dns-records/,
    );
    const { CLOUDFLARE_API_TOKEN: _, ...noToken } = CREDS;
    expect(preflight({ ...base, areas: ["dns-protection", "dns-records"], env: noToken })).toMatch(
      /needs CLOUDFLARE_API_TOKEN in the environment/,
    );
    expect(preflight({ ...base, areas: ["dns-records"], env: noToken })).toBeUndefined();
  });

  test("the http target's variables, for serve --env", () => {
    expect(targetEnvNames("http")).toEqual([
      "CLOUDFLARE_ACCOUNT_ID",
      "CLOUDFLARE_API_TOKEN",
      "CLOUDFLARE_ZONE_ID",
      "CLOUDFLARE_EMAIL",
      "CLOUDFLARE_API_KEY",
      "EDGECONF_KT_CERT",
      "EDGECONF_KT_KEY",
    ]);
    expect(targetEnvNames("sim")).toEqual([]);
    expect(targetOptionalEnvNames("http")).toEqual([
      "EDGECONF_SECOND_ACCOUNT_ID",
      "EDGECONF_SECOND_ZONE_ID",
      "EDGECONF_SECOND_API_TOKEN",
      "EDGECONF_SECOND_EMAIL",
      "EDGECONF_SECOND_API_KEY",
      "EDGECONF_SECOND_ZONE_NAME",
    ]);
    expect(targetOptionalEnvNames("sim")).toEqual([]);
  });

  test("the http target's second tenant is optional, but not partial", () => {
    const base = { target: "http" as const, baseUrl: "http://x/client/v4", missing: none };
    const areas = ["dns-protection", "dns-records"] as const;
    expect(preflight({ ...base, areas: [...areas], env: CREDS })).toBeUndefined();
    const second = {
      EDGECONF_SECOND_ACCOUNT_ID: "c".repeat(32),
      EDGECONF_SECOND_ZONE_ID: "d".repeat(32),
      EDGECONF_SECOND_API_TOKEN: "t2",
      EDGECONF_SECOND_EMAIL: "f@example.com",
      EDGECONF_SECOND_API_KEY: "k2",
    };
    expect(preflight({ ...base, areas: [...areas], env: { ...CREDS, ...second } })).toBeUndefined();
    const { EDGECONF_SECOND_API_TOKEN: _t, EDGECONF_SECOND_EMAIL: _e, ...partial } = second;
    expect(preflight({ ...base, areas: ["dns-records"], env: { ...CREDS, ...partial } })).toBe(
      "target http has a partial second tenant: set EDGECONF_SECOND_API_TOKEN, EDGECONF_SECOND_EMAIL too, " +
        "or unset every EDGECONF_SECOND_* variable",
    );
    // Only the areas that use it: area C alone does not care.
    const kt = { ...base, ktUrl: "https://kt", env: { EDGECONF_KT_CERT: "c", EDGECONF_KT_KEY: "k", ...partial } };
    expect(preflight({ ...kt, areas: ["key-transparency"] })).toBeUndefined();
  });

  test("packages resolve from edgeconf's own location", () => {
    expect(packageMissing("vitest")).toBe(false);
    expect(packageMissing("edgeconf-no-such-package")).toBe(true);
  });
});

describe("run options follow the target", () => {
  const ctx = { env: {}, cwd: "/proj", projectRoot: "/proj", randomSeed: () => 1 };
  test("without --areas a run covers what the target serves", () => {
    const r = parseRunArgs(["--target", "http", "--kt-url", "https://kt.example"], "run", ctx);
    expect("options" in r && r.options.areas).toEqual(["key-transparency"]);
  });
  test("--shard needs a shared --seed outside CI (the sharding recipe of docs/runner.md)", () => {
    expect(parseRunArgs(["--shard", "1/3"], "run", ctx)).toEqual({
      error: "--shard needs --seed N, the same on every shard, so report merge can combine them",
    });
    expect("options" in parseRunArgs(["--shard", "1/3", "--seed", "4242"], "run", ctx)).toBe(true);
    expect("options" in parseRunArgs(["--shard", "1/3"], "run", { ...ctx, env: { CI: "1" } })).toBe(true);
  });
  test("a base URL without the version segment is refused", () => {
    const r = parseRunArgs(["--target", "http", "--base-url", "https://api.example.com/"], "run", ctx);
    expect(r).toEqual({
      error:
        '--base-url must end in the API version segment, as in https://api.example.com/client/v4 (got "https://api.example.com/")',
    });
  });
});
