/**
 * An expectations file that cannot be used stops `edgeconf run` before any test: one line on stderr, exit 2,
 * no report written and `latest` left where it was (docs/runner.md, exit status 2).
 */
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { expectationsPath, expectationsProblem } from "../expectations.ts";
import { inProcess } from "./e2e-support.ts";
import { legacyModuleExpectations } from "./execute.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-exp-usage-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test("a missing, malformed or folder --expectations is one line on stderr, exit 2, no report, latest kept", async () => {
  const out = path.join(tmp, "reports");
  // An earlier run's report: `latest` points at it and must still do so after each refused run.
  mkdirSync(path.join(out, "earlier-run"), { recursive: true });
  writeFileSync(path.join(out, "earlier-run", "report.json"), "{}");
  const { symlinkSync } = await import("node:fs");
  symlinkSync("earlier-run", path.join(out, "latest"));
  const malformed = path.join(tmp, "malformed.json");
  writeFileSync(malformed, '{"target": "sim", "expectations": [');
  const wrongShape = path.join(tmp, "wrong-shape.json");
  writeFileSync(wrongShape, JSON.stringify({ target: "sim", expectations: [{ test: "no-separator", reason: "x" }] }));
  const folder = path.join(tmp, "a-folder.json");
  mkdirSync(folder);
  for (const [file, why] of [
    [path.join(tmp, "missing.json"), /missing\.json does not exist/],
    [malformed, /malformed\.json is not valid: not JSON/],
    [wrongShape, /wrong-shape\.json is not valid: expectations\[0\]\.test must be/],
    [folder, /a-folder\.json is a folder, not a file/],
  ] as const) {
    const r = await inProcess(["run", "--expectations", file, "--out", out, "--areas", "d", "--quiet"]);
    const name = path.basename(file);
    expect(r.code, `${name}: exit status`).toBe(2);
    expect(r.stdout, `${name}: nothing on stdout (no summary, no report line)`).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines, `${name}: one line on stderr`).toHaveLength(1);
    expect(lines[0], `${name}: the line names the file and what is wrong`).toMatch(why);
    expect(readlinkSync(path.join(out, "latest")), `${name}: latest still points at the earlier run`).toBe(
      "earlier-run",
    );
  }
});

test("the project's own file (not named) may be absent, but not malformed", () => {
  expect(expectationsProblem(path.join(tmp, "absent.json"), false), "an absent default file").toBeUndefined();
  const bad = path.join(tmp, "bad-default.json");
  writeFileSync(bad, "[]");
  expect(expectationsProblem(bad, false, "edgeconf/expectations/sim.json"), "a malformed default file").toBe(
    "the expectations file edgeconf/expectations/sim.json is not valid: not an object",
  );
});

test("a module run that finds only the shared module.json of earlier versions says it is not read", () => {
  const project = path.join(tmp, "project");
  mkdirSync(path.join(project, "edgeconf", "expectations"), { recursive: true });
  const options = { target: "module" as const, module: path.join(project, "lib", "b.ts") };
  const own = expectationsPath("module", {}, project, options.module);
  expect(legacyModuleExpectations(options, own, project), "without a module.json").toBeUndefined();
  writeFileSync(path.join(project, "edgeconf", "expectations", "module.json"), "{}");
  expect(legacyModuleExpectations(options, own, project), "with one").toBe(
    "note: edgeconf/expectations/module.json is not read: each module keeps its own expectations, this one in " +
      "edgeconf/expectations/module-lib-b.json (rename the file if its entries are this module's)",
  );
  writeFileSync(own, "{}");
  expect(legacyModuleExpectations(options, own, project), "once the module has its own file").toBeUndefined();
});
