/**
 * Report writes are atomic for readers: `latest` is switched in one rename once the run's folder is
 * whole, so a writer killed at any moment leaves a complete `latest` (the previous run's or the new
 * one's). Runs on the real disk: a kill needs a separate process, and memfs renames the target of a
 * symbolic link instead of the link.
 */
import { spawn } from "node:child_process";
import * as nodeFs from "node:fs";
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { sampleInput } from "./sample.ts";
import { REPORT_FILES, writeReport } from "./write.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-write-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Checks `<out>/latest` is one complete report; returns its run id. */
function completeLatest(out: string): string {
  const latest = path.join(out, "latest");
  for (const f of REPORT_FILES) expect(existsSync(path.join(latest, f)), f).toBe(true);
  const report = JSON.parse(readFileSync(path.join(latest, "report.json"), "utf8")) as { runId: string };
  expect(readFileSync(path.join(latest, "replays", "id.txt"), "utf8")).toBe(report.runId);
  expect(readFileSync(path.join(latest, "replays", "big.json"), "utf8")).toHaveLength(2 * 1024 * 1024);
  return report.runId;
}

describe("writeReport on disk", () => {
  test("latest is a link to the newest run's folder; an older edgeconf's latest/ folder is replaced", () => {
    const out = path.join(tmp, "link");
    nodeFs.mkdirSync(path.join(out, "latest"), { recursive: true });
    nodeFs.writeFileSync(path.join(out, "latest", "stale.txt"), "old");
    for (const runId of ["one", "two"]) writeReport(buildReport(sampleInput({ runId })), out, nodeFs);
    expect(lstatSync(path.join(out, "latest")).isSymbolicLink()).toBe(true);
    expect(nodeFs.readlinkSync(path.join(out, "latest"))).toBe("two");
    expect(nodeFs.readdirSync(out).sort()).toEqual(["latest", "one", "two"]);
  });

  test("a writer killed mid-write leaves the previous or the new latest, complete", async () => {
    const out = path.join(tmp, "killed");
    const seen = new Set<string>();
    for (const delay of [40, 150, 400]) {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "write-loop.fixture.ts"), out],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d) => {
          if (String(d).includes("ready")) resolve();
        });
        child.on("exit", (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, delay));
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
      seen.add(completeLatest(out));
    }
    expect(seen.size).toBeGreaterThan(0);
  }, 60_000);
});
