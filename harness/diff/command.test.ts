import * as nodeFs from "node:fs";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test, vi } from "vitest";
import { parseDiffArgs } from "../commands/diff.ts";
import { PROJECT_ROOT } from "../expectations.ts";
import { buildReport } from "../report/build.ts";
import { sampleInput } from "../report/sample.ts";
import { writeReport } from "../report/write.ts";
import { linesTooWide } from "../terminal.ts";
import { diffCommand } from "./cli.ts";
import { parseDiffExpectations } from "./expectations.ts";

const ACCEPT_LIST_CLAMP = JSON.stringify({
  kind: "edgeconf-diff-expectations",
  divergences: [
    { area: "object-store", op: "list", field: "threw", reason: "test: the broken fixture's clamp is accepted" },
    { area: "object-store", op: "list", field: "result", reason: "test: the broken fixture's clamp is accepted" },
  ],
});

const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-diff-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("edgeconf diff arguments", () => {
  const parse = (argv: string[]) => parseDiffArgs(argv, dir, () => 99);

  test("defaults: target sim, 100 runs, 12 steps, a random seed", () => {
    const p = parse(["--area", "object-store", "--against", "sim"]);
    if (!("options" in p)) throw new Error(JSON.stringify(p));
    expect(p.options).toMatchObject({
      area: "object-store",
      target: "sim",
      against: "sim",
      runs: 100,
      maxSteps: 12,
      seed: 99,
    });
  });

  test("usage errors say what is wrong", () => {
    expect(parse(["--against", "sim"])).toEqual({ error: expect.stringContaining("--area must be one of") });
    expect(parse(["--area", "dns-records"])).toEqual({ error: expect.stringContaining("--against is required") });
    expect(parse(["--area", "dns-records", "--against", "nowhere"])).toEqual({
      error: expect.stringContaining("unknown target"),
    });
    expect(parse(["--area", "dns-records", "--against", "broken:nope"])).toEqual({
      error: expect.stringContaining("no broken fixture"),
    });
    expect(parse(["--area", "dns-records", "--against", "sim", "--runs", "0"])).toEqual({
      error: expect.stringContaining("--runs"),
    });
    expect(parse(["--area", "dns-records", "--against", "sim", "--expectations", "missing.json"])).toEqual({
      error: expect.stringContaining("no such expectations file"),
    });
  });

  test("target options of run on either side: --module, --against-module, URLs; strays and missing ones refused", () => {
    const module = path.join(PROJECT_ROOT, "fixtures/modules/sim-bucket.ts");
    const other = path.join(PROJECT_ROOT, "fixtures/modules/broken-bucket.ts");
    const ok = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const p = parseDiffArgs(["--area", "object-store", "--no-expectations", ...argv], PROJECT_ROOT, () => 1, env);
      if (!("options" in p)) throw new Error(JSON.stringify(p));
      return p.options;
    };
    const against = ok(["--against", "module", "--module", "fixtures/modules/sim-bucket.ts"]);
    expect(against.againstOptions, "--module goes to the side that is a module (--against)").toMatchObject({ module });
    expect(against.replayArgs, "the replay needs the module again").toBe(" --module fixtures/modules/sim-bucket.ts");
    const both = ok([
      ...["--target", "module", "--module", module, "--against", "module"],
      ...["--against-module", "fixtures/modules/broken-bucket.ts"],
    ]);
    expect([both.targetOptions.module, both.againstOptions?.module], "each side its own module").toEqual([
      module,
      other,
    ]);
    expect(both.replayArgs, "both modules in the replay command").toBe(
      " --module fixtures/modules/sim-bucket.ts --against-module fixtures/modules/broken-bucket.ts",
    );
    expect(ok(["--against", "module"], { EDGECONF_MODULE: module }).againstOptions?.module, "EDGECONF_MODULE").toBe(
      module,
    );
    const http = ok(["--against", "http", "--base-url", "http://127.0.0.1:9/client/v4"]);
    expect(http.againstOptions?.baseUrl, "--base-url goes to the http side").toBe("http://127.0.0.1:9/client/v4");
    const error = (argv: string[]) => parseDiffArgs(["--area", "object-store", ...argv], PROJECT_ROOT, () => 1, {});
    expect(error(["--against", "module"]), "a module side without a module").toEqual({
      error: "--against module needs --module PATH (a module exporting createBucket)",
    });
    expect(error(["--against", "sim", "--module", module]), "--module with no module side").toEqual({
      error: "--module goes with a side of target module (--target module or --against module)",
    });
    expect(error(["--against", "sim", "--against-module", module]), "--against-module with a sim side").toEqual({
      error: "--against-module goes with --against module",
    });
    expect(error(["--against", "module", "--module", "nope.ts"]), "a module file that does not exist").toEqual({
      error: `--module: no such file ${path.join(PROJECT_ROOT, "nope.ts")}`,
    });
    expect(error(["--against", "http"]), "an http side without a URL").toEqual({
      error: "--against http needs --base-url (areas A, B) and/or --kt-url (area C)",
    });
    expect(error(["--against", "worker", "--worker-url", "https://w.example"]), "a worker side without secret").toEqual(
      {
        error: "--against worker needs the bridge's secret in EDGECONF_WORKER_SECRET (see docs/bridge.md)",
      },
    );
    expect(error(["--against", "sim", "--max-divergences", "0"]), "--max-divergences 0").toEqual({
      error: '--max-divergences needs a positive integer, got "0"',
    });
  });

  test("broken:<name> names only the fixtures: broken:toString, broken:constructor, broken:__proto__ are refused", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(parse(["--area", "object-store", "--against", `broken:${name}`]), `broken:${name}`).toEqual({
        error: expect.stringContaining(`no broken fixture "${name}"`),
      });
    }
    expect(
      parse(["--area", "object-store", "--against", "broken:object-store-range-size"]),
      "a fixture",
    ).toHaveProperty("options");
  });

  test("expectations: --expectations, EDGECONF_DIFF_EXPECTATIONS, the project's file, then the shipped one", () => {
    const project = mkdtempSync(path.join(dir, "project-"));
    const own = path.join(project, "edgeconf", "expectations", "diff-broken-object-store-list-limit.json");
    mkdirSync(path.dirname(own), { recursive: true });
    writeFileSync(own, ACCEPT_LIST_CLAMP);
    const at = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const p = parseDiffArgs(["--area", "object-store", ...argv], project, () => 1, env);
      if (!("options" in p)) throw new Error(JSON.stringify(p));
      return p.options;
    };
    const broken = ["--against", "broken:object-store-list-limit"];
    expect(at(broken)).toMatchObject({ expectationsFile: own, expectations: [{ op: "list" }, { op: "list" }] });
    const shipped = path.join(PROJECT_ROOT, "fixtures", "expectations", "diff-workerd.json");
    expect(at(["--against", "workerd"]).expectationsFile).toBe(shipped);
    // The project's file wins over the shipped baseline.
    writeFileSync(path.join(project, "edgeconf", "expectations", "diff-workerd.json"), ACCEPT_LIST_CLAMP);
    expect(at(["--against", "workerd"]).expectationsFile).toBe(
      path.join(project, "edgeconf", "expectations", "diff-workerd.json"),
    );
    const elsewhere = path.join(dir, "elsewhere.json");
    writeFileSync(elsewhere, '{"kind":"edgeconf-diff-expectations","divergences":[]}');
    expect(at(broken, { EDGECONF_DIFF_EXPECTATIONS: elsewhere })).toMatchObject({
      expectationsFile: elsewhere,
      expectations: [],
    });
    expect(at([...broken, "--expectations", elsewhere], { EDGECONF_DIFF_EXPECTATIONS: own })).toMatchObject({
      expectationsFile: elsewhere,
    });
    expect(
      parseDiffArgs(["--area", "object-store", ...broken], project, () => 1, { EDGECONF_DIFF_EXPECTATIONS: "x.json" }),
    ).toEqual({
      error: expect.stringContaining("no such expectations file"),
    });
    expect(at([...broken, "--no-expectations"])).toMatchObject({ expectations: [] });
    expect(at([...broken, "--no-expectations"]).expectationsFile).toBeUndefined();
    // Nothing for this pair anywhere: no file, no list.
    expect(at(["--against", "sim"]).expectationsFile).toBeUndefined();
  });

  test("the shipped workerd expectations file is valid, and every entry has a reason", () => {
    const text = readFileSync(path.join(import.meta.dirname, "../../fixtures/expectations/diff-workerd.json"), "utf8");
    const parsed = parseDiffExpectations(text);
    if (typeof parsed === "string") throw new Error(parsed);
    expect(parsed.length).toBeGreaterThan(0);
    for (const e of parsed) expect(e.reason.length).toBeGreaterThan(20);
    expect(parseDiffExpectations('{"kind":"edgeconf-diff-expectations","divergences":[{"area":"x"}]}')).toMatch(/area/);
  });
});

test("a run with a divergence writes diff.json, diff.md, diff.html and a replay file, and exits 1", async () => {
  const out: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
  const p = parseDiffArgs(
    [
      "--area",
      "object-store",
      "--against",
      "broken:object-store-list-limit",
      "--runs",
      "300",
      "--seed",
      "3",
      "--out",
      "r",
    ],
    dir,
    () => 0,
  );
  if (!("options" in p)) throw new Error(JSON.stringify(p));
  expect(await diffCommand(p.options, io, new Date("2026-01-02T03:04:05.000Z"))).toBe(1);
  const runDir = path.join(dir, "r", "diff-object-store-2026-01-02T03-04-05-000Z");
  for (const f of ["diff.json", "diff.md", "diff.html"]) expect(existsSync(path.join(runDir, f))).toBe(true);
  const replays = readdirSync(path.join(runDir, "replays"));
  const report = JSON.parse(readFileSync(path.join(runDir, "diff.json"), "utf8"));
  expect(replays, "one replay file per distinct divergence").toHaveLength(report.divergences.length);
  for (const d of report.divergences) {
    expect(d.ops.length, `${d.fingerprint}: shrunk to at most 3 steps`).toBeLessThanOrEqual(3);
    expect(d.ops.at(-1), `${d.fingerprint}: the list over the limit diverges`).toMatchObject({
      op: "list",
      limit: 1001,
    });
    expect(path.basename(d.replayFile), `${d.fingerprint}: its replay file`).toMatch(
      /^diff-object-store-[0-9a-f]{8}\.json$/,
    );
    const replay = `edgeconf replay ${d.replayFile}`;
    expect(out.join(""), `console: ${d.fingerprint} with its count`).toContain(`(${d.count}x): ${d.fingerprint}`);
    expect(linesTooWide(out.join("")), "console lines over 80 columns (more than one word)").toEqual([]);
    expect(
      out.join("").replace(/ \\\n +/g, " "),
      `console: ${d.fingerprint}'s replay command (its " \\" continuations joined)`,
    ).toContain(`Replay: ${replay}`);
    const md = readFileSync(path.join(runDir, "diff.md"), "utf8");
    const mdRow = md.split("\n").find((l) => l.includes(`\`${replay}\``) && l.startsWith("| "));
    expect(mdRow, `diff.md: a row of ${d.fingerprint} with its replay command`).toBeDefined();
    expect(mdRow!.split(" | ")[1], `diff.md: ${d.fingerprint}'s count`).toBe(String(d.count));
    const html = readFileSync(path.join(runDir, "diff.html"), "utf8");
    expect(html, `diff.html: ${d.fingerprint}'s replay command`).toContain(`<code>${replay}</code>`);
  }
  expect(out.join("")).toContain("DIVERGENCE");
  // Runs and shrink steps are counted apart: the runs stop at the first divergence, shrinking tries more.
  expect(report.runsDone).toBeLessThanOrEqual(300);
  expect(report.shrinkSteps).toBeGreaterThan(0);
  expect(report.runsDone + report.shrinkSteps).toBe(report.sequences);
  const runsText = `${report.runsDone === 300 ? "300" : `${report.runsDone} of 300`} runs, ${report.shrinkSteps} shrink steps (${report.divergences.reduce((n: number, d: { numShrinks: number }) => n + d.numShrinks, 0)} kept)`;
  expect(out.join("")).toContain(runsText);
  expect(readFileSync(path.join(runDir, "diff.md"), "utf8")).toContain(runsText);
  expect(readFileSync(path.join(runDir, "diff.md"), "utf8")).toContain(
    "| # | operation | sim | broken:object-store-list-limit |",
  );
  expect(readFileSync(path.join(runDir, "diff.html"), "utf8")).toContain('<section class="edgeconf-diff">');

  // A run report written to the same output folder afterwards shows the diff: its section and a link.
  const run = buildReport(sampleInput());
  writeReport(run, path.join(dir, "r"), nodeFs);
  const html = readFileSync(path.join(dir, "r", "latest", "report.html"), "utf8");
  expect(html).toContain("<h2>Diffs in this folder (edgeconf diff)</h2>");
  expect(html).toContain(
    "<summary>object-store: sim vs broken:object-store-list-limit, divergence (diff-object-store-2026-01-02T03-04-05-000Z)</summary>",
  );
  expect(html).toContain('<a href="../diff-object-store-2026-01-02T03-04-05-000Z/diff.html">');
  expect(html).toContain('<section class="edgeconf-diff">');
  expect(html).toMatch(/<tr class="differs"><td>\d+<\/td><td><code>list [^<]*limit=1001/);
  // Without a diff in the folder, no such section.
  writeReport(run, path.join(dir, "alone"), nodeFs);
  expect(readFileSync(path.join(dir, "alone", "latest", "report.html"), "utf8")).not.toContain("Diffs in this folder");
});

test("the project's expectations file accepts a divergence: the same diff exits 0 and names the file", async () => {
  const project = mkdtempSync(path.join(dir, "accepting-"));
  const own = path.join(project, "edgeconf", "expectations", "diff-broken-object-store-list-limit.json");
  mkdirSync(path.dirname(own), { recursive: true });
  writeFileSync(own, ACCEPT_LIST_CLAMP);
  const out: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
  const argv = ["--area", "object-store", "--against", "broken:object-store-list-limit", "--runs", "50", "--seed", "7"];
  const p = parseDiffArgs([...argv, "--out", "r"], project, () => 0, {});
  if (!("options" in p)) throw new Error(JSON.stringify(p));
  expect(await diffCommand(p.options, io, new Date("2026-01-02T03:04:05.000Z"))).toBe(0);
  expect(out.join("")).toContain("accepted (expected): list");
  expect(out.join("")).toContain("No divergence in 50 runs.");
  expect(out.join("")).toContain("50 runs, 0 shrink steps");
  const report = JSON.parse(
    readFileSync(path.join(project, "r", "diff-object-store-2026-01-02T03-04-05-000Z", "diff.json"), "utf8"),
  );
  expect(path.resolve(project, report.expectationsFile)).toBe(own);
});

test("--draft-expectations writes the divergences as a draft (reasons empty, so it does not load), never over a file", async () => {
  const project = mkdtempSync(path.join(dir, "draft-"));
  const draft = path.join(project, "draft.json");
  const argv = [
    ...["--area", "object-store", "--against", "broken:object-store-custom-metadata-case", "--no-expectations"],
    ...["--runs", "20", "--seed", "1", "--max-divergences", "1", "--out", "r", "--draft-expectations", "draft.json"],
  ];
  const p = parseDiffArgs(argv, project, () => 0, {});
  if (!("options" in p)) throw new Error(JSON.stringify(p));
  const out: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
  expect(await diffCommand(p.options, io), "exit 1: a divergence").toBe(1);
  const written = JSON.parse(readFileSync(draft, "utf8"));
  expect(written.kind, "a diff expectations file").toBe("edgeconf-diff-expectations");
  expect(written.divergences[0], "an entry of the divergence, its reason left to write").toMatchObject({
    area: "object-store",
    op: "put",
    field: expect.stringMatching(/^result\.customMetadata\./),
    reason: "",
  });
  expect(out.join(""), "the console names the draft").toContain("Draft expectations (write each reason): draft.json");
  expect(
    parseDiffExpectations(readFileSync(draft, "utf8")),
    "the draft does not load before reasons are written",
  ).toMatch(/reason must be a non-empty string/);
  expect(
    parseDiffArgs(argv, project, () => 0, {}),
    "an existing file is never replaced",
  ).toEqual({
    error: expect.stringContaining("exists; a draft never replaces a file"),
  });
});

test("an http side without its zone name refuses to start (exit 2), naming CLOUDFLARE_ZONE_NAME", async () => {
  vi.stubEnv("CLOUDFLARE_ZONE_NAME", "");
  vi.stubEnv("CLOUDFLARE_ZONE_ID", "0123456789abcdef0123456789abcdef");
  try {
    const p = parseDiffArgs(
      ["--area", "dns-records", "--against", "http", "--base-url", "http://127.0.0.1:9/client/v4", "--out", "z"],
      dir,
      () => 0,
      {},
    );
    if (!("options" in p)) throw new Error(JSON.stringify(p));
    const err: string[] = [];
    const code = await diffCommand(p.options, { stdout: () => {}, stderr: (t) => err.push(t) });
    expect(code, "exit 2: refused before any run").toBe(2);
    expect(err.join(""), "the refusal names the variable").toContain("set CLOUDFLARE_ZONE_NAME");
    expect(existsSync(path.join(dir, "z")), "no report written").toBe(false);
  } finally {
    vi.unstubAllEnvs();
  }
});
