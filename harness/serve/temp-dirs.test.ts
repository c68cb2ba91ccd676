/**
 * Certificate folders made for a run are removed on every way out: close(), and a SIGINT or SIGTERM
 * to a process that never called close() (the process then ends by that signal, as it would have).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeTempDir, removeTempDir } from "./temp-dirs.ts";

async function signalled(signal: NodeJS.Signals): Promise<{ dir: string; exit: NodeJS.Signals | number | null }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "serve-signal.fixture.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const dir = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
      if (out.includes("\n")) resolve(out.trim());
    });
    child.on("exit", (code) => reject(new Error(`exited early (${code})`)));
  });
  expect(existsSync(dir)).toBe(true);
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", (code, sig) => resolve(sig ?? code));
  });
  child.kill(signal);
  return { dir, exit: await exit };
}

describe("temporary certificate folders", () => {
  test("removed by removeTempDir", () => {
    const dir = makeTempDir("edgeconf-test-");
    expect(existsSync(dir)).toBe(true);
    removeTempDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  test("removed when the process gets SIGINT or SIGTERM without closing, and the process still ends", async () => {
    const results = await Promise.all([signalled("SIGTERM"), signalled("SIGINT")]);
    for (const [i, r] of results.entries()) {
      expect(existsSync(r.dir), r.dir).toBe(false);
      expect(r.exit).toBe(i === 0 ? "SIGTERM" : "SIGINT");
    }
  }, 60_000);
});
