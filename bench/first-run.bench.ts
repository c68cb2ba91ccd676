/**
 * `npm run bench -- first-run`: how long a newcomer waits for the first answer (issue 20).
 *
 * Times, as child processes from this repository, each command as a user types it:
 * - `edgeconf run` on the simulator (all areas; `--areas object-store`), cold (a fresh --out folder: no module
 *   cache yet) and warm (the same folder again: vitest's module cache in <out>/.cache);
 * - the peer, in the same run: the same runs with `--isolate` (a process per test file, as edgeconf did
 *   before), and vitest's own loop on the same machine (`vitest run` of the simulator's core unit tests);
 * - `npm test` (the repository's own tests), once.
 * It prints seconds and the ratios to the peers: these machines are shared and noisy, ratios travel better.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "bin", "edgeconf.js");

function timed(label: string, cmd: string, args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "" } });
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  const status = r.status === 0 ? "" : ` (exit ${r.status}: ${String(r.stderr).split("\n").slice(-3).join(" ")})`;
  console.log(`${label.padEnd(46)} ${s.toFixed(1).padStart(6)} s${status}`);
  return s;
}

function edgeconfRun(label: string, out: string, extra: string[]): number {
  return timed(label, process.execPath, [BIN, "run", "--quiet", "--seed", "1", "--out", out, ...extra]);
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-first-run-"));
  try {
    const all = path.join(tmp, "all");
    const d = path.join(tmp, "d");
    const peer = timed("peer: vitest run sim/core (vitest's own loop)", "npx", ["vitest", "run", "sim/core"]);
    const cold = edgeconfRun("edgeconf run (sim, all areas), cold", all, []);
    const warm = edgeconfRun("edgeconf run (sim, all areas), warm", all, []);
    const isolated = edgeconfRun("edgeconf run --isolate (a process per file)", path.join(tmp, "iso"), ["--isolate"]);
    const dCold = edgeconfRun("edgeconf run --areas object-store, cold", d, ["--areas", "object-store"]);
    const dWarm = edgeconfRun("edgeconf run --areas object-store, warm", d, ["--areas", "object-store"]);
    const npmTest = process.argv.includes("--no-npm-test") ? Number.NaN : timed("npm test", "npm", ["test"]);
    console.log(
      `\nratios: run warm / vitest's loop ${(warm / peer).toFixed(2)}; run warm / --isolate ${(warm / isolated).toFixed(2)}; ` +
        `cold / warm ${(cold / warm).toFixed(2)}; object-store cold / warm ${(dCold / dWarm).toFixed(2)}` +
        (Number.isNaN(npmTest) ? "" : `; npm test / run warm ${(npmTest / warm).toFixed(1)}`),
    );
    console.log("targets (issue 20, idle 2 cores): run < 20 s, run --areas object-store < 8 s, npm test < 75 s");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
