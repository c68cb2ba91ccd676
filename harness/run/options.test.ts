import { describe, expect, test } from "vitest";
import { PROPERTY_TIMEOUT_MS, propertyTimeout } from "../clauses/property.ts";
import {
  areaPattern,
  combinedGrep,
  DEFAULT_FUZZ_MAX_TIME_MS,
  DEFAULT_MAX_TIME_MS,
  DEFAULT_TIMEOUT_MS,
  FUZZ_HELP,
  parseAreas,
  parseRunArgs,
  parseSeed,
  parseShard,
  RUN_HELP,
} from "./options.ts";

const ctx = { env: {}, cwd: "/proj", projectRoot: "/proj", randomSeed: () => 99 };
const ok = (argv: string[], command: "run" | "fuzz" = "run", env: NodeJS.ProcessEnv = {}) => {
  const r = parseRunArgs(argv, command, { ...ctx, env });
  if (!("options" in r)) throw new Error(`expected options, got ${JSON.stringify(r)}`);
  return r.options;
};
const error = (argv: string[], command: "run" | "fuzz" = "run") => {
  const r = parseRunArgs(argv, command, ctx);
  return "error" in r ? r.error : undefined;
};

describe("edgeconf run options", () => {
  test("defaults: sim, all areas, drawn seed, reports/, all suites and properties", () => {
    const o = ok([]);
    expect(o).toMatchObject({ target: "sim", seed: 99, outDir: "/proj/reports", timeoutMs: DEFAULT_TIMEOUT_MS });
    expect(o.maxTimeMs).toBe(DEFAULT_MAX_TIME_MS);
    expect(o.areas).toEqual(["dns-protection", "dns-records", "key-transparency", "object-store"]);
    expect(o.include).toEqual(["suites/**/*.test.ts", "properties/**/*.test.ts"]);
    expect(o.grep).toBeUndefined();
  });
  test("every flag", () => {
    const o = ok([
      "--target=http",
      "--base-url",
      "http://127.0.0.1:9/client/v4/",
      "--kt-url",
      "https://kt.example",
      "--areas",
      "a,B,dns-records",
      "--seed=-5",
      "--out",
      "out",
      "--expectations",
      "x.json",
      "--shard",
      "2/3",
      "--timeout",
      "100",
      "--max-time",
      "5000",
      "--grep",
      "ttl",
      "--quiet",
    ]);
    expect(o).toMatchObject({
      target: "http",
      baseUrl: "http://127.0.0.1:9/client/v4",
      ktUrl: "https://kt.example",
      areas: ["dns-protection", "dns-records"],
      seed: -5,
      outDir: "/proj/out",
      expectationsFile: "/proj/x.json",
      shard: { index: 2, count: 3 },
      timeoutMs: 100,
      maxTimeMs: 5000,
      quiet: true,
    });
    expect(o.grep).toBe(combinedGrep("ttl", ["dns-protection", "dns-records"]));
    expect(o.include).toEqual([
      "suites/dns-protection/**/*.test.ts",
      "properties/dns-protection/**/*.test.ts",
      "suites/dns-records/**/*.test.ts",
      "properties/dns-records/**/*.test.ts",
    ]);
  });
  test("the environment supplies target, seed, URLs and expectations when flags do not", () => {
    const o = ok([], "run", {
      EDGECONF_TARGET: "http",
      EDGECONF_SEED: "7",
      EDGECONF_BASE_URL: "http://h/client/v4",
      EDGECONF_EXPECTATIONS: "e.json",
    });
    expect(o).toMatchObject({
      target: "http",
      seed: 7,
      baseUrl: "http://h/client/v4",
      expectationsFile: "/proj/e.json",
    });
  });
  test("--include is relative to the current directory, stored relative to the project root", () => {
    const r = parseRunArgs(["--include", "x/*.ts", "--include", "/proj/y.ts"], "run", { ...ctx, cwd: "/proj/sub" });
    expect("options" in r && r.options.include).toEqual(["sub/x/*.ts", "y.ts"]);
  });
  test("usage errors say what is wrong", () => {
    expect(error(["--target", "prod"])).toMatch(/--target must be one of sim, serve, http, miniflare/);
    expect(error(["--target", "http"])).toMatch(/needs --base-url/);
    expect(error(["--base-url", "http://x"])).toMatch(/go with --target http/);
    expect(error(["--target", "http", "--base-url", "ftp://x"])).toMatch(/http\(s\) URL/);
    expect(error(["--target", "http", "--base-url", "nope"])).toMatch(/not a URL/);
    expect(error(["--areas", "e"])).toMatch(/unknown area "e"/);
    expect(error(["--seed", "1.5"])).toMatch(/--seed needs an integer/);
    expect(error(["--seed", "4294967296"])).toMatch(/--seed/);
    expect(error(["--shard", "3/2"])).toMatch(/--shard must be i\/n/);
    expect(error(["--timeout", "0"])).toMatch(/--timeout needs a positive integer/);
    expect(error(["--grep", "("])).toMatch(/not a regular expression/);
    expect(error(["--bogus"])).toMatch(/^unknown option --bogus$/);
    expect(error(["extra"])).toMatch(/unexpected argument "extra"/);
    expect(error(["--runs", "5"])).toMatch(/--runs belongs to fuzz/);
  });
  test("--help", () => {
    expect(parseRunArgs(["--help"], "run", ctx)).toEqual({ help: true });
  });
});

describe("edgeconf fuzz options", () => {
  test("one area, its properties, default runs raised", () => {
    const o = ok(["--area", "d", "--runs", "500"], "fuzz");
    expect(o).toMatchObject({
      command: "fuzz",
      areas: ["object-store"],
      runs: 500,
      maxTimeMs: DEFAULT_FUZZ_MAX_TIME_MS,
    });
    expect(o.include).toEqual(["properties/object-store/**/*.test.ts"]);
  });
  test("--area is required and single", () => {
    expect(error([], "fuzz")).toMatch(/needs --area/);
    expect(error(["--area", "a,b"], "fuzz")).toMatch(/exactly one area/);
    expect(error(["--areas", "a"], "fuzz")).toMatch(/one --area/);
    expect(error(["--area", "a", "--runs", "x"], "fuzz")).toMatch(/--runs needs a positive integer/);
  });
});

describe("--areas", () => {
  test("the areas' folders and the shared folders, narrowed to tests naming the areas' clauses", () => {
    const r = parseRunArgs(["--areas", "c"], "run", { ...ctx, sharedDirs: ["suites/http"] });
    if (!("options" in r)) throw new Error("options");
    expect(r.options.include).toEqual([
      "suites/key-transparency/**/*.test.ts",
      "properties/key-transparency/**/*.test.ts",
      "suites/http/**/*.test.ts",
    ]);
    const re = new RegExp(r.options.grep ?? "");
    expect(re.test("suites/http/x.test.ts auth rejects [A.auth.bearer, C.auth.mtls]")).toBe(true);
    expect(re.test("suites/http/x.test.ts auth rejects [A.auth.bearer]")).toBe(false);
    expect(re.test("suites/http/x.test.ts no clause ids")).toBe(false);
  });
  test("a user --grep must match as well", () => {
    const re = new RegExp(combinedGrep("create", ["object-store"]) ?? "");
    expect(re.test("f create works [D.put.x]")).toBe(true);
    expect(re.test("f delete works [D.put.x]")).toBe(false);
    expect(re.test("f create works [A.put.x]")).toBe(false);
    expect(combinedGrep("x", ["dns-protection", "dns-records", "key-transparency", "object-store"])).toBe("x");
    expect(new RegExp(areaPattern(["dns-records"])).test("t [A.a.b, B.c.d]")).toBe(true);
  });
});

describe("pieces", () => {
  test("parseAreas, parseShard, parseSeed", () => {
    expect(parseAreas("c, d,c")).toEqual(["key-transparency", "object-store"]);
    expect(parseAreas(",")).toMatch(/at least one/);
    expect(parseShard("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShard("0/2")).toMatch(/--shard/);
    expect(parseSeed("2147483647")).toBe(2147483647);
    expect(parseSeed("-2147483648")).toBe(-2147483648);
    expect(parseSeed("2147483648")).toMatch(/--seed/);
  });
});

describe("property time limits under fuzzing", () => {
  test("scale with EDGECONF_RUNS over the property's own run count, capped at an hour", () => {
    expect(propertyTimeout(100, {})).toBe(PROPERTY_TIMEOUT_MS);
    expect(propertyTimeout(100, { EDGECONF_RUNS: "50" })).toBe(PROPERTY_TIMEOUT_MS);
    expect(propertyTimeout(100, { EDGECONF_RUNS: "1000" })).toBe(PROPERTY_TIMEOUT_MS * 10);
    expect(propertyTimeout(10, { EDGECONF_RUNS: "100000" })).toBe(3_600_000);
  });
});

describe("help", () => {
  test("the exit-status section names every exit code the runner uses (docs/runner.md), 3 included", () => {
    for (const help of [RUN_HELP, FUZZ_HELP]) {
      const section = help.slice(help.indexOf("Exit status:"));
      for (const code of ["0", "1", "2", "3"]) expect(section).toMatch(new RegExp(`\\b${code} [a-z]`));
      expect(section).toContain("3 inconclusive");
    }
  });
});
