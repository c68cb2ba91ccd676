/**
 * `npx tsx scripts/matrix-picture.ts [--out docs/matrix.png]`: the README's picture of `edgeconf report
 * matrix`, made from real runs, not drawn. Runs area D against sim, serve, workerd and the module
 * fixture with known departures (fixtures/modules/broken-bucket.ts, with its expectations file), puts
 * the four reports in a matrix, and has headless Chromium take a screenshot of matrix.html, filtered
 * to area D. Needs Chromium (as root: apt-get install -y chromium). Takes a minute or two.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PROJECT_ROOT } from "../harness/expectations.ts";
import { CHROMIUM } from "../harness/run/e2e-support.ts";

const { values } = parseArgs({ options: { out: { type: "string" }, keep: { type: "boolean" } } });
const out = path.resolve(values.out ?? path.join(PROJECT_ROOT, "docs", "matrix.png"));
if (!CHROMIUM) {
  console.error("matrix-picture: Chromium is not installed (as root: apt-get install -y chromium)");
  process.exit(2);
}
const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-matrix-picture-"));
const edgeconf = (args: string[]) =>
  spawnSync(process.execPath, [path.join(PROJECT_ROOT, "bin", "edgeconf.js"), ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  }).status;

const MODULES = path.join(PROJECT_ROOT, "fixtures", "modules");
const RUNS: [string, string[]][] = [
  ["sim", []],
  ["serve", []],
  ["workerd", []],
  [
    "module",
    [
      ...["--module", path.join(MODULES, "broken-bucket.ts")],
      ...["--expectations", path.join(MODULES, "broken-bucket.expectations.json")],
    ],
  ],
];

try {
  const dirs: string[] = [];
  for (const [target, extra] of RUNS) {
    const dir = path.join(tmp, target);
    console.log(`matrix-picture: edgeconf run --target ${target} --areas object-store`);
    const code = edgeconf([
      "run",
      "--target",
      target,
      ...extra,
      "--areas",
      "object-store",
      "--seed",
      "1",
      "--out",
      dir,
      "--quiet",
      // A loaded machine must not turn a slow test (1,001 puts against workerd) into a failure in the picture.
      ...["--timeout", "120000"],
    ]);
    if (!existsSync(path.join(dir, "latest", "report.json"))) {
      throw new Error(`the ${target} run wrote no report (exit ${code})`);
    }
    dirs.push(dir);
  }
  const matrix = path.join(tmp, "matrix");
  if (edgeconf(["report", "matrix", ...dirs, "--out", matrix]) !== 0) throw new Error("report matrix failed");
  const shot = spawnSync(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      "--no-first-run",
      `--user-data-dir=${path.join(tmp, "profile")}`,
      "--window-size=1280,900",
      `--screenshot=${out}`,
      `file://${path.join(matrix, "matrix.html")}#area=object-store`,
    ],
    { stdio: ["ignore", "ignore", "ignore"] },
  );
  if (shot.status !== 0 || !existsSync(out)) throw new Error(`Chromium took no screenshot (exit ${shot.status})`);
  console.log(
    `matrix-picture: ${path.relative(process.cwd(), out) || out}${values.keep ? ` (runs kept in ${tmp})` : ""}`,
  );
} finally {
  if (!values.keep) rmSync(tmp, { recursive: true, force: true });
}
