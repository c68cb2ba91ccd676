/**
 * The one end-to-end test of the commands, writing reports to a temporary directory: `bin/edgeconf.js` in child
 * processes where the process is what is checked (exit status, output, the watchdog), the CLI's entry (main) in
 * this process elsewhere. It drives the small fixture files in harness/run/fixtures, not the suites.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "./expectations.ts";
import { reportSchemaErrors } from "./report/schema.ts";
import type { RunReport } from "./report/types.ts";
import { CHROMIUM, dumpDom, edgeconf, inProcess, type Result } from "./run/e2e-support.ts";
import { executeRun } from "./run/execute.ts";
import { parseRunArgs } from "./run/options.ts";

const FIXTURES = "harness/run/fixtures/*.fixture.ts";
const FIXTURE_EXPECTATIONS = path.join(PROJECT_ROOT, "harness/run/fixtures/expectations.json");
const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const EXPECTED_STATUSES = {
  "passes [D.fixture.pass]": "pass",
  "fails [D.fixture.fail]": "fail",
  "skips [D.fixture.skip]": "skip",
  "fails as expected [D.fixture.known]": "expected-fail",
  "passes although expected to fail [D.fixture.fixed]": "unexpected-pass",
  "integers stay below 50 [D.fixture.small]": "fail",
  "addition commutes [D.fixture.sum]": "pass",
  "(describe block)": "fail",
  "needs the setup [D.fixture.setup]": "skip",
};

/** What a command run in this process gives back (a child's Result also has its time). */
type Ran = Pick<Result, "code" | "stdout" | "stderr">;

const readReport = (dir: string): RunReport => JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8"));
const byTitle = (r: RunReport, title: string) => r.tests.find((t) => t.title.startsWith(title));

describe("edgeconf (end to end)", () => {
  test("usage: help exits 0, unknown commands and bad flags exit 2", async () => {
    const help = await inProcess(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("edgeconf <command>");
    expect((await inProcess(["nope"])).code).toBe(2);
    const bad = await inProcess(["run", "--target", "prod"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--target must be one of sim, serve, http, miniflare");
    const runHelp = await inProcess(["run", "--help"]);
    expect([runHelp.code, runHelp.stdout.includes("--shard i/n")]).toEqual([0, true]);
    expect((await inProcess(["fuzz"])).code).toBe(2);
    expect((await inProcess(["replay"])).code).toBe(2);
    expect((await inProcess(["report"])).code).toBe(2);
    expect((await inProcess(["report", "merge", path.join(tmp, "nothing-here")])).code).toBe(2);
    const missing = await inProcess([
      "run",
      "--expectations",
      path.join(tmp, "missing.json"),
      "--out",
      path.join(tmp, "m"),
      "--quiet",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing.json does not exist");
    const badReport = path.join(tmp, "bad-report.json");
    writeFileSync(badReport, JSON.stringify({ tool: "edgeconf", tests: "none" }));
    const update = await inProcess(["report", "--update-expectations", "--from", badReport]);
    expect(update.code).toBe(2);
    expect(update.stderr).toContain("is not a valid report");
  });

  test("every usage error is ONE line on stderr naming the fix, exit 2; --help prints help, exit 0", async () => {
    const cases: [string[], RegExp][] = [
      [["nope"], /^edgeconf: unknown command "nope" \(commands: run, serve, .*\); see edgeconf --help$/],
      [["--bogus"], /^edgeconf: unknown option --bogus .*; see edgeconf --help$/],
      [["run", "--bogus"], /^edgeconf run: unknown option --bogus; see edgeconf run --help$/],
      [["run", "--seed"], /^edgeconf run: --seed needs a value; see edgeconf run --help$/],
      [["run", "--timeout", "x"], /^edgeconf run: --timeout needs a positive integer, got "x"; see edgeconf run/],
      [["run", "extra"], /^edgeconf run: unexpected argument "extra"; see edgeconf run --help$/],
      [["fuzz"], /^edgeconf fuzz: needs --area <area> .*; see edgeconf fuzz --help$/],
      [["fuzz", "--area", "b", "--runs", "0"], /^edgeconf fuzz: --runs needs a positive integer .*got "0"; see/],
      [["replay"], /^edgeconf replay: give exactly one replay file .*; see edgeconf replay --help$/],
      [["replay", "--timeout"], /^edgeconf replay: --timeout needs a value; see edgeconf replay --help$/],
      [["serve", "--port", "x"], /^edgeconf serve: --port needs a number from 0 to 65535, got "x"; see edgeconf serve/],
      [["serve", "--port"], /^edgeconf serve: --port needs a value; see edgeconf serve --help$/],
      [["serve", "--json=1"], /^edgeconf serve: --json takes no value; see edgeconf serve --help$/],
      [["serve", "--nope"], /^edgeconf serve: unknown option --nope; see edgeconf serve --help$/],
      [
        ["report"],
        /^edgeconf report: say merge DIR\.\.\., matrix REPORT\.\.\., compare BASE NEW or --update-expectations; see edgeconf report --help$/,
      ],
      [["report", "--from"], /^edgeconf report: --from needs a value; see edgeconf report --help$/],
      [
        ["report", "merge"],
        /^edgeconf report merge: give at least one shard directory .*; see edgeconf report --help$/,
      ],
      [["diff"], /^edgeconf diff: --area must be one of .*; see edgeconf diff --help$/],
      [["diff", "--area", "dns-records", "--against", "serve", "--runs", "x"], /^edgeconf diff: --runs needs a pos/],
      [["diff", "--bogus"], /^edgeconf diff: unknown option --bogus; see edgeconf diff --help$/],
      [["bridge"], /^edgeconf bridge: expected "init DIR" .*; see edgeconf bridge --help$/],
      // A preflight stop names the fix itself (often a command to copy): no pointer after it.
      [
        ["run", "--target", "http", "--base-url", "http://127.0.0.1:9/client/v4", "--areas", "d"],
        /^edgeconf run: target http does not serve object-store .*: use --target workerd, [^;]*$/,
      ],
      [["bridge", "--bucket"], /^edgeconf bridge: --bucket needs a value; see edgeconf bridge --help$/],
    ];
    // A path in the way (a file) or one no folder can be made at (/proc, where node's recursive mkdir
    // never returns), bad certificate options, negative numbers: each one line, exit 2, nothing started.
    const file = path.join(tmp, "a-file");
    writeFileSync(file, "not a folder, not PEM\n");
    // JSON.parse quotes a short file whole, its newline included: the message still is one line.
    const notJson = path.join(tmp, "not-json.txt");
    writeFileSync(notJson, "hello\n");
    const noPem = /^edgeconf serve: --ca-cert \S*a-file is not a PEM certificate; see edgeconf serve --help$/;
    cases.push(
      [["run", "--out", file], /^edgeconf run: --out: \S*a-file is a file, not a folder; see edgeconf run --help$/],
      [["fuzz", "--area", "b", "--out", path.join(file, "x")], /^edgeconf fuzz: --out: cannot create \S*a-file\/x: /],
      [["diff", "--area", "dns-records", "--against", "sim", "--out", file], /^edgeconf diff: --out: \S*a-file is a/],
      [
        ["serve", "--ca-cert", "/nonexistent", "--ca-key", "/nonexistent"],
        /^edgeconf serve: --ca-cert \/nonexistent: no such file/,
      ],
      [["serve", "--ca-cert", file, "--ca-key", file], noPem],
      [["serve", "--cert-dir", file], /^edgeconf serve: --cert-dir: \S*a-file is a file, not a folder; see/],
      [["serve", "--zone-name", "..bad"], /^edgeconf serve: --zone-name "\.\.bad" has an empty label; see/],
      [
        ["serve", "--port", "-1"],
        /^edgeconf serve: --port needs a number from 0 to 65535, got "-1"; see edgeconf serve/,
      ],
      [["serve", "--kt-port", "-1"], /^edgeconf serve: --kt-port needs a number from 0 to 65535, got "-1"; see/],
      [["serve", "--port", "--json"], /^edgeconf serve: --port needs a value; see edgeconf serve --help$/],
      [["run", "--timeout", "-5"], /^edgeconf run: --timeout needs a positive integer, got "-5"; see edgeconf run/],
      [["replay", "x.json", "--timeout", "-5"], /^edgeconf replay: --timeout needs a positive integer .*got "-5"; see/],
      [
        ["report", "--update-expectations", "--from", notJson],
        /^edgeconf report: \S*not-json\.txt is not JSON .*: Unexp/,
      ],
    );
    if (process.platform === "linux") {
      const proc =
        /^edgeconf (run|serve): --(out|cert-dir): cannot create \/proc\/nope: the file system does not allow/;
      cases.push([["run", "--out", "/proc/nope"], proc], [["serve", "--cert-dir", "/proc/nope"], proc]);
    }
    for (const [argv, line] of cases) {
      const r = await inProcess(argv);
      expect([r.code, r.stdout], argv.join(" ")).toEqual([2, ""]);
      expect(r.stderr.endsWith("\n") && r.stderr.split("\n").length, argv.join(" ")).toBe(2);
      expect(r.stderr.trimEnd(), argv.join(" ")).toMatch(line);
    }
    for (const command of ["run", "fuzz", "replay", "serve", "report", "diff", "bridge"]) {
      const r = await inProcess([command, "--help"]);
      expect([r.code, r.stderr, r.stdout.length > 200], command).toEqual([0, "", true]);
    }
  });

  test("a selection of zero tests is a usage error naming what matched nothing; no report is written", async () => {
    // docs/runner.md, exit status 2: "no test matched". --include is checked before any test file loads;
    // --grep once vitest has collected the files' tests and none matched.
    const out = path.join(tmp, "zero", "reports");
    const cases: [string[], RegExp][] = [
      [
        ["run", "--include", "harness/run/fixtures/nothing-*.ts"],
        /^edgeconf run: --include harness\/run\/fixtures\/nothing-\*\.ts matched no test file; nothing was run; see/,
      ],
      [
        ["fuzz", "--area", "b", "--include", "nothing/*.ts"],
        /^edgeconf fuzz: --include nothing\/\*\.ts matched no test file; nothing was run; see edgeconf fuzz --help$/,
      ],
      [
        ["run", "--include", FIXTURES, "--grep", "zzzznomatch"],
        /^edgeconf run: --grep "zzzznomatch" matched no test name \(\d+ test\(s\) in 3 file\(s\) looked at\); nothing/,
      ],
    ];
    for (const [argv, line] of cases) {
      // Without --quiet: the progress lines of a --grep run wait for a test that runs, so this stays one line.
      const r = await inProcess([...argv, "--out", out, "--seed", "1"]);
      expect([r.code, r.stdout], argv.join(" ")).toEqual([2, ""]);
      expect(r.stderr.split("\n"), argv.join(" ")).toHaveLength(2);
      expect(r.stderr.trimEnd(), argv.join(" ")).toMatch(line);
      expect(existsSync(path.join(tmp, "zero")), argv.join(" ")).toBe(false);
    }
  }, 120_000);

  test("an unreachable target exits 2 quickly, with the four files saying why", async () => {
    const dir = path.join(tmp, "down");
    const started = Date.now();
    const options = parseRunArgs(
      ["--target", "http", "--base-url", "http://127.0.0.1:9/client/v4", "--out", dir, "--quiet"],
      "run",
      {
        env: {},
        cwd: PROJECT_ROOT,
        projectRoot: PROJECT_ROOT,
        randomSeed: () => 1,
      },
    );
    if (!("options" in options)) throw new Error("options");
    const silent = { stdout: () => {}, stderr: () => {}, env: {}, cwd: PROJECT_ROOT };
    const result = await executeRun(options.options, silent);
    expect("exitCode" in result && result.exitCode).toBe(2);
    expect(Date.now() - started).toBeLessThan(60_000);
    const report = readReport(path.join(dir, "latest"));
    expect(report.outcome).toBe("aborted");
    expect(report.problems[0]).toMatch(
      /target unreachable \(base-url\): http:\/\/127\.0\.0\.1:9\/client\/v4 .*ECONNREFUSED/,
    );
    expect(readFileSync(path.join(dir, "latest", "report.md"), "utf8")).toContain("target unreachable");
    expect(readFileSync(path.join(dir, "latest", "junit.xml"), "utf8")).toContain('type="aborted"');
    expect(readFileSync(path.join(dir, "latest", "report.html"), "utf8")).toContain("target unreachable");
  }, 30_000);
});

describe.concurrent("edgeconf run, replay, report, fuzz on the fixtures (end to end)", () => {
  const out = path.join(tmp, "run");
  const fixtureArgs = ["run", "--include", FIXTURES, "--expectations", FIXTURE_EXPECTATIONS, "--seed", "7"];
  // The runs that depend on nothing start together; the tests then check them and go on from them. Two are
  // children of the real binary (its exit status, output and progress lines; the watchdog's forced exit);
  // the others test the runner's logic and run in this process, one at a time (e2e-support.ts, inProcess).
  let runs: Promise<[Result, Ran, Ran, Ran, Result, Ran]>;
  beforeAll(() => {
    runs = Promise.all([
      edgeconf([...fixtureArgs, "--out", out]),
      inProcess([...fixtureArgs, "--out", path.join(tmp, "shard1"), "--shard", "1/2", "--quiet"]),
      inProcess([...fixtureArgs, "--out", path.join(tmp, "shard2"), "--shard", "2/2", "--quiet"]),
      inProcess([
        "fuzz",
        "--area",
        "d",
        "--include",
        "harness/run/fixtures/property.fixture.ts",
        "--runs",
        "300",
        "--seed",
        "11",
        "--out",
        path.join(tmp, "fuzz"),
        "--quiet",
      ]),
      edgeconf([
        "run",
        "--include",
        "harness/run/fixtures/hang/*.fixture.ts",
        "--max-time",
        "3000",
        "--out",
        path.join(tmp, "hang"),
        "--quiet",
      ]),
      inProcess([
        "run",
        "--areas",
        "a",
        "--grep",
        "create",
        "--seed",
        "1",
        "--out",
        path.join(tmp, "area-a"),
        "--quiet",
      ]),
    ]);
    runs.catch(() => {});
  });

  test("run: the four files in <out>/<run-id>/ and latest/, every status, exit 1 on unexpected results", async () => {
    const [r] = await runs;
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stderr).toMatch(/\[1\/3\]/); // progress
    const report = readReport(path.join(out, "latest"));
    for (const dir of [report.runId, "latest"]) {
      for (const f of ["report.json", "junit.xml", "report.md", "report.html"]) {
        expect(existsSync(path.join(out, dir, f)), `${dir}/${f}`).toBe(true);
      }
    }
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.seed).toBe(7);
    expect(report.versions.vitest).toMatch(/^\d+\.\d+/);
    expect(Object.fromEntries(report.tests.map((t) => [t.title, t.status]))).toEqual(EXPECTED_STATUSES);
    expect(byTitle(report, "skips")?.skipReason).toBe("fixture cannot do this");
    expect(byTitle(report, "(describe block)")?.error).toContain("fixture: setup failed");
    expect(byTitle(report, "(describe block)")?.replay).toMatch(/--grep 'broken setup '$/);
    expect(byTitle(report, "needs the setup")?.skipReason).toMatch(/^not run: a hook/);
    expect(byTitle(report, "fails as expected")?.error).toContain("known deviation");
    expect(report.staleExpectations.map((s) => s.test)).toEqual([
      "harness/run/fixtures/statuses.fixture.ts::statuses > renamed long ago [D.fixture.gone]",
    ]);
    const prop = byTitle(report, "integers stay below 50");
    expect(prop?.property).toMatchObject({ seed: 7, counterexample: "[50]" });
    expect(prop?.replay).toMatch(/^npx edgeconf replay .*replays\/integers-stay-below-50-[0-9a-f]{8}\.json$/);
    // The failing assertion, not only fast-check's summary, in every format.
    const assertion = "Failing assertion: AssertionError: the integer: expected 50 to be less than 50";
    expect(prop?.error?.split("\n")[0]).toBe(`Error: ${assertion}`);
    for (const f of ["junit.xml", "report.md", "report.html"]) {
      expect(readFileSync(path.join(out, "latest", f), "utf8"), f).toContain(assertion);
    }
    expect(r.stdout.replace(/\n +/g, " "), "the summary (its lines wrapped to 80 columns)").toContain(assertion);
    expect(readFileSync(path.join(out, "latest", "junit.xml"), "utf8")).toContain(
      '<property name="clause" value="D.fixture.small"/>',
    );
    expect(r.stdout).toContain("Outcome: unexpected (exit 1)");
  }, 180_000);

  test("replay: a saved counterexample still fails (exit 1); one that holds now passes (exit 0)", async () => {
    await runs;
    const dir = path.join(out, "latest", "replays");
    const [file] = readdirSync(dir);
    if (!file) throw new Error("no replay file written");
    const saved = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const holds = path.join(tmp, "holds.json");
    writeFileSync(
      holds,
      JSON.stringify({
        ...saved,
        names: ["addition commutes [D.fixture.sum]"],
        key: "harness/run/fixtures/property.fixture.ts::addition commutes [D.fixture.sum]",
        path: "0",
      }),
    );
    const [still, now] = await Promise.all([inProcess(["replay", path.join(dir, file)]), inProcess(["replay", holds])]);
    expect(still.code, still.stderr).toBe(1);
    expect(still.stdout).toContain("STILL FAILS");
    expect(still.stdout).toContain("Counterexample: [50]");
    expect(still.stdout).toContain("Failing assertion: AssertionError: the integer: expected 50 to be less than 50");
    expect(now.code, now.stderr).toBe(0);
    expect(now.stdout).toContain("PASSES NOW");
  }, 180_000);

  test("report --update-expectations, then the same run is as expected (exit 0)", async () => {
    await runs;
    const expectations = path.join(tmp, "expectations.json");
    writeFileSync(expectations, readFileSync(FIXTURE_EXPECTATIONS));
    const u = await inProcess([
      "report",
      "--update-expectations",
      "--from",
      path.join(out, "latest", "report.json"),
      "--expectations",
      expectations,
    ]);
    expect(u.code, u.stderr).toBe(0);
    const updated = JSON.parse(readFileSync(expectations, "utf8"));
    expect(updated.expectations.map((e: { test: string }) => e.test.split("::")[1])).toEqual([
      "broken setup > (describe block)",
      "integers stay below 50 [D.fixture.small]",
      "statuses > fails [D.fixture.fail]",
      "statuses > fails as expected [D.fixture.known]",
    ]);
    const again = await inProcess([
      "run",
      "--include",
      FIXTURES,
      "--out",
      path.join(tmp, "again"),
      "--expectations",
      expectations,
      "--seed",
      "7",
      "--quiet",
    ]);
    expect(again.code, again.stdout).toBe(0);
    const report = readReport(path.join(tmp, "again", "latest"));
    expect(report.totals).toMatchObject({ fail: 0, unexpectedPass: 0, expectedFail: 4, pass: 3, skip: 2 });
    expect(report.staleExpectations).toEqual([]);
  }, 180_000);

  test("--shard i/n runs part of the files; report merge combines the shards into the same results", async () => {
    const [, s1, s2] = await runs;
    expect([s1.code, s2.code]).toEqual([1, 1]);
    const parts = [1, 2].map((i) => readReport(path.join(tmp, `shard${i}`, "latest")));
    expect(parts.map((p) => p.tests.length).sort()).toEqual([2, 7]);
    const merged = await inProcess([
      "report",
      "merge",
      path.join(tmp, "shard1"),
      path.join(tmp, "shard2"),
      "--out",
      path.join(tmp, "merged"),
    ]);
    expect(merged.code, merged.stderr).toBe(1);
    const report = readReport(path.join(tmp, "merged", "latest"));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(Object.fromEntries(report.tests.map((t) => [t.title, t.status]))).toEqual(EXPECTED_STATUSES);
    expect(report.staleExpectations.map((s) => s.test)).toEqual([
      "harness/run/fixtures/statuses.fixture.ts::statuses > renamed long ago [D.fixture.gone]",
    ]);
    expect(report.selection.mergedFrom).toHaveLength(2);
    for (const f of ["junit.xml", "report.md", "report.html"]) {
      expect(existsSync(path.join(tmp, "merged", "latest", f))).toBe(true);
    }
  }, 180_000);

  test("fuzz: more runs of an area's properties, counterexamples saved as replay files", async () => {
    const [, , , r] = await runs;
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stdout).toContain("Counterexamples (1):");
    const report = readReport(path.join(tmp, "fuzz", "latest"));
    expect(report.selection.runs).toBe(300);
    expect(readdirSync(path.join(tmp, "fuzz", "latest", "replays"))).toHaveLength(1);
  }, 180_000);

  test("the watchdog stops a run that hangs past --max-time: exit 1, and the report says so", async () => {
    const [, , , , r] = await runs;
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.ms).toBeLessThan(60_000);
    const report = readReport(path.join(tmp, "hang", "latest"));
    expect(report.problems[0]).toMatch(/^watchdog: the run did not finish within 3000 ms/);
    expect(report.problems[0]).toContain("harness/run/fixtures/hang/hang.fixture.ts");
    expect(report.tests.every((t) => t.status === "fail")).toBe(true);
  }, 180_000);

  test("the real suites, restricted to area A and a filter, pass on the simulator", async () => {
    const [, , , , , r] = await runs;
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = readReport(path.join(tmp, "area-a", "latest"));
    expect(report.tests.length).toBeGreaterThan(0);
    expect(report.areas.map((a) => a.area)).toEqual(["dns-protection"]);
    expect(report.tests.every((t) => t.clauses.some((c) => c.startsWith("A.")))).toBe(true);
    expect(report.tests.every((t) => /create/.test(`${t.file} ${t.fullName}`))).toBe(true);
    expect(report.areas[0]?.clauses.passed).toBeGreaterThan(0);
  }, 180_000);

  test("report.html renders in headless Chromium: bars, failures, and the filter script ran", async (ctx) => {
    if (!CHROMIUM) ctx.skip("no chromium at /usr/bin/chromium");
    await runs;
    const dom = await dumpDom(path.join(out, "latest", "report.html"), tmp);
    expect(dom).toContain('data-ready="1"');
    expect(dom).toContain("showing 5 of 7");
    expect(dom.match(/class="area"/g)).toHaveLength(4);
    expect(dom).toContain("integers stay below 50 [D.fixture.small]");
  }, 120_000);
});
