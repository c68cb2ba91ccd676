/**
 * The Node.js version check of bin/edgeconf.js: on Node older than 20.19, one line naming the requirement
 * and exit 2, before anything that needs a newer Node loads (a faked `process.versions.node`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MIN_NODE, nodeVersionProblem } from "./node-check.js";

const BIN = fileURLToPath(new URL("./edgeconf.js", import.meta.url));

describe("nodeVersionProblem", () => {
  it("refuses Node older than 20.19 and names the requirement", () => {
    for (const v of ["18.19.0", "20.18.3", "16.0.0", "v20.0.0"]) {
      expect(nodeVersionProblem(v), `nodeVersionProblem("${v}")`).toMatch(/needs Node\.js 20\.19 or later/);
    }
    expect(nodeVersionProblem("18.19.0"), 'nodeVersionProblem("18.19.0") names the version found').toContain("18.19.0");
  });

  it("accepts 20.19 and every later version", () => {
    for (const v of ["20.19.0", "20.20.2", "21.0.0", "22.12.0", "24.1.0", "100.0.0"]) {
      expect(nodeVersionProblem(v), `nodeVersionProblem("${v}")`).toBeUndefined();
    }
  });

  it('is the "engines" range of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(BIN), "..", "package.json"), "utf8")) as {
      engines: { node: string };
    };
    expect(pkg.engines.node, "package.json engines.node against MIN_NODE of bin/node-check.js").toBe(
      `>=${MIN_NODE[0]}.${MIN_NODE[1]}`,
    );
  });
});

describe("bin/edgeconf.js on an old Node", () => {
  it("prints one line naming the requirement and exits 2", () => {
    const fake = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"18.19.0"})';
    const out = spawnSync(process.execPath, ["--import", fake, BIN, "run", "--help"], { encoding: "utf8" });
    expect(out.status, "exit status of edgeconf on a faked Node 18.19.0").toBe(2);
    expect(out.stdout, "stdout of edgeconf on a faked Node 18.19.0").toBe("");
    expect(out.stderr, "stderr of edgeconf on a faked Node 18.19.0: one line").toBe(
      "edgeconf needs Node.js 20.19 or later; this is Node.js 18.19.0: install a newer Node.js (https://nodejs.org)\n",
    );
  });

  it("runs on this Node", () => {
    const out = execFileSync(process.execPath, [BIN, "--version"], { encoding: "utf8" });
    expect(out, "edgeconf --version on this Node").toMatch(/^edgeconf \d+\.\d+\.\d+/);
  });
});
