/**
 * The module target end to end: `edgeconf run --target module` with the fixture wrapping the
 * simulator (every area-D test passes) and with the deliberately broken one (exactly the failures it
 * was built to cause: the tests in its expectations file fail, as listed, and nothing else), whose failing
 * model-based property (fc.commands) is then replayed as printed.
 * The two runs do not depend on each other: they are queued together, and go in this process one after the other
 * (e2e-support.ts, inProcess: what is checked is the report, not the process).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { matchKey, PROJECT_ROOT, parseExpectations } from "../expectations.ts";
import type { RunReport } from "../report/types.ts";
import { inProcess, type Result } from "../run/e2e-support.ts";
import { checkModule, MODULE_UNAVAILABLE } from "./module.ts";

const tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-module-"));
type Ran = Pick<Result, "code" | "stdout" | "stderr">;
let runs: { sim: Promise<Ran>; broken: Promise<Ran> } | undefined;
afterAll(async () => {
  // Runs no test awaited (a name filter) still finish before their folder goes.
  if (runs) await Promise.allSettled(Object.values(runs));
  rmSync(tmp, { recursive: true, force: true });
}, 240_000);

const MODULES = path.join(PROJECT_ROOT, "fixtures", "modules");
const read = (out: string) => JSON.parse(readFileSync(path.join(out, "latest", "report.json"), "utf8")) as RunReport;
/** Where the runs record the modules they used: a replay file naming one is trusted (harness/fuzz/replay-trust.ts). */
const trust = { EDGECONF_TRUST_FILE: path.join(tmp, "trusted.json") };
const run = (name: string, out: string, extra: string[] = []) =>
  inProcess(
    [
      ...["run", "--target", "module", "--module", path.join(MODULES, name), "--areas", "d", "--seed", "1"],
      ...["--out", out, "--quiet", ...extra],
    ],
    trust,
  );

beforeAll(() => {
  runs = {
    sim: run("sim-bucket.ts", path.join(tmp, "sim")),
    broken: run("broken-bucket.ts", path.join(tmp, "broken")),
  };
  for (const r of Object.values(runs)) r.catch(() => {});
});

describe("the module target", () => {
  test("checks a module's exports and says what is wrong", () => {
    expect(checkModule({}, "m.ts")).toBe("m.ts does not export a createBucket function");
    expect(checkModule({ createBucket: () => ({}) as never, capabilities: ["teleport"] }, "m.ts")).toBe(
      'm.ts: unknown capability "teleport" (use clock, min-part-size, compat-date)',
    );
    expect(checkModule({ createBucket: () => ({}) as never, capabilities: ["clock"] }, "m.ts")).toBe(
      'm.ts declares "clock" but does not export now() and advanceClock(ms)',
    );
    expect(checkModule({ createBucket: () => ({}) as never }, "m.ts")).toBeUndefined();
  });

  test("the simulator behind the module contract passes area D, and the report names the module", async () => {
    const out = path.join(tmp, "sim");
    const result = await runs!.sim;
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    const r = read(out);
    expect(r.target).toMatchObject({ name: "module", module: expect.stringMatching(/sim-bucket\.ts$/) });
    expect(r.target.identity).toMatch(/^module .*fixtures\/modules\/sim-bucket\.ts$/);
    expect(r.target.implementation, "a module without name/version exports names no implementation").toBeUndefined();
    expect(r.totals.fail).toBe(0);
    expect(r.totals.pass).toBeGreaterThan(100);
    // A module that exports every helper and declares every capability runs every test it can: the one
    // skip is the replica (no module can be started twice from a seed), with the module contract's reason.
    const skipped = r.tests.filter((t) => t.status === "skip").map((t) => [t.title, t.skipReason]);
    expect(skipped, "the tests the full module skips, with their reasons").toEqual([
      [expect.stringMatching(/^the same seed gives byte-identical versions/), MODULE_UNAVAILABLE.replica],
    ]);
  }, 240_000);

  test("the broken module fails exactly the tests its faults break", async () => {
    const listed = parseExpectations(readFileSync(path.join(MODULES, "broken-bucket.expectations.json"), "utf8"));
    if (typeof listed === "string") throw new Error(listed);
    const out = path.join(tmp, "broken");
    const result = await runs!.broken;
    expect(result.code, result.stdout.slice(-3000)).toBe(1);
    const r = read(out);
    const failed = r.tests.filter((t) => t.status === "fail").map((t) => matchKey(`${t.file}::${t.fullName}`));
    expect(failed.sort()).toEqual(listed.expectations.map((e) => matchKey(e.test)).sort());
    expect(r.target.implementation, "report.target.implementation: the module's name and version exports").toEqual({
      name: "broken-bucket",
      version: "1.0.0",
    });
  }, 240_000);

  test("--update-expectations writes the module's own file and prints a summary, not every entry", async () => {
    await runs!.broken;
    const project = path.join(tmp, "project");
    mkdirSync(project);
    const from = path.join(tmp, "broken", "latest", "report.json");
    const r = await inProcess(["report", "--update-expectations", "--from", from], {}, project);
    expect(r.code, r.stderr).toBe(0);
    const own = path.join("edgeconf", "expectations", "module-fixtures-modules-broken-bucket.json");
    const written = parseExpectations(readFileSync(path.join(project, own), "utf8"));
    if (typeof written === "string") throw new Error(written);
    const failures = read(path.join(tmp, "broken")).tests.filter((t) => t.status === "fail").length;
    expect(written.expectations, "entries of the module's own file: its failures").toHaveLength(failures);
    expect(existsSync(path.join(project, "edgeconf", "expectations", "module.json")), "a shared module.json").toBe(
      false,
    );
    const lines = r.stdout
      .trimEnd()
      .replace(/\n {4}/g, " ")
      .split("\n"); // continuation lines joined
    expect(lines[0], "the first line: the file and the counts").toBe(
      `${own}: ${failures} expectations (0 kept, ${failures} added, 0 removed)`,
    );
    expect(lines[1], "the second: added entries counted by test file").toMatch(
      new RegExp(`^  \\+ ${failures} in \\d+ file\\(s\\): (properties|suites)/object-store/`),
    );
    expect(lines.length, "a summary of a few lines, not one per entry").toBeLessThan(failures);
  }, 240_000);

  test("replay of a model-based property (fc.commands) as printed: the same failing assertion; fixed, it passes", async () => {
    // The broken module's fault 2 (a batch delete leaves keys) fails the model-based property of put, get,
    // head, delete and list.
    const r = await runs!.broken;
    expect(r.code, r.stderr + r.stdout).toBe(1);
    const report = read(path.join(tmp, "broken"));
    const [prop] = report.tests.filter((t) => t.status === "fail" && t.title.startsWith("sequences of put, get"));
    expect(prop?.property?.replayPath).toMatch(/^[A-Za-z0-9+/]*:[A-Za-z0-9+/]*$/);
    const assertion = prop?.error?.split("\n")[0] ?? "";
    expect(assertion).toMatch(/^Error: Failing assertion: /);
    expect(prop?.error).toContain("npx edgeconf replay");
    expect(prop?.error).toContain('or, in the repository: EDGECONF_SEED=1 EDGECONF_PATH="'); // run from here
    const printed = prop?.replay?.split(" ") ?? [];
    expect(printed.slice(0, 3)).toEqual(["npx", "edgeconf", "replay"]);
    const file = printed[3] ?? "";
    // Recorded relative to the directory the run was started in (here the project root).
    const brokenModule = "fixtures/modules/broken-bucket.ts";
    expect(JSON.parse(readFileSync(file, "utf8")).target).toMatchObject({ name: "module", module: brokenModule });
    const [still, fixed, refused] = await Promise.all([
      inProcess(["replay", file], trust),
      inProcess(["replay", file, "--target", "sim"], trust),
      inProcess(["replay", file], { EDGECONF_TRUST_FILE: path.join(tmp, "no-runs-here.json") }),
    ]);
    expect(still.code, still.stderr + still.stdout).toBe(1);
    expect(still.stdout).toContain(`STILL FAILS\n${assertion}`);
    expect(still.stdout).not.toContain("Unable to replay");
    expect(fixed.code, fixed.stderr + fixed.stdout).toBe(0);
    expect(fixed.stdout).toContain("PASSES NOW");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`names the module ${brokenModule}, which no edgeconf run in this directory used`);
  }, 180_000);
});
