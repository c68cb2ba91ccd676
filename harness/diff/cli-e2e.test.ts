/**
 * `edgeconf diff` as a user types it: `--target sim --against module --module M` through the CLI's
 * own entry (harness/cli.ts main, what bin/edgeconf.js calls) works, and the `Replay:` command it prints
 * works as printed (the module option included) in a child process, as a user's shell would run it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import { main } from "../cli.ts";
import { PROJECT_ROOT } from "../expectations.ts";

const out = mkdtempSync(path.join(tmpdir(), "edgeconf-diff-e2e-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const bin = path.join(PROJECT_ROOT, "bin", "edgeconf.js");
const edgeconf = (args: string[]) => {
  const env = { ...process.env };
  delete env.EDGECONF_MODULE;
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: PROJECT_ROOT, encoding: "utf8", env, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

test("diff --target sim --against module --module M works as typed, and its printed replay command as printed", async () => {
  const module = "fixtures/modules/many-departures-bucket.ts";
  expect(process.cwd(), "run from the project root, where the module path is typed relative to").toBe(PROJECT_ROOT);
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((t) => {
    written.push(String(t));
    return true;
  });
  const errors = vi.spyOn(process.stderr, "write").mockImplementation((t) => {
    written.push(`stderr: ${String(t)}`);
    return true;
  });
  let code: number;
  try {
    code = await main([
      ...["diff", "--area", "object-store", "--target", "sim", "--against", "module", "--module", module],
      ...["--runs", "30", "--seed", "1", "--max-divergences", "2", "--out", out],
    ]);
  } finally {
    spy.mockRestore();
    errors.mockRestore();
  }
  const stdout = written.join("");
  expect(stdout, "diff: nothing on stderr").not.toContain("stderr: ");
  expect(code, `diff: exit 1 (divergences found)\n${stdout}`).toBe(1);
  expect(stdout, "diff: two distinct divergences listed").toContain("2 distinct divergences");
  // A command wider than the terminal is printed over several lines, each but the last ending in " \\".
  const replays = stdout
    .replace(/ \\\n +/g, " ")
    .split("\n")
    .filter((l) => l.startsWith("Replay: "));
  expect(replays, "diff: one replay command per divergence").toHaveLength(2);
  for (const line of replays.slice(0, 1)) {
    expect(line, "the replay command names the module, as it must be given again").toContain(`--module ${module}`);
    const words = line.slice("Replay: ".length).split(" ");
    expect(words.slice(0, 2), "the printed command is an edgeconf replay").toEqual(["edgeconf", "replay"]);
    const replay = edgeconf(words.slice(1));
    expect(replay.stderr, `${line}: nothing on stderr`).toBe("");
    expect(replay.code, `${line}: exit 1, the module still diverges\n${replay.stdout}`).toBe(1);
    expect(replay.stdout, `${line}: says so`).toContain("STILL DIVERGES");
  }
}, 120_000);
