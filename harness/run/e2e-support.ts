/**
 * Support of the end-to-end tests (harness/cli.test.ts, harness/run/stub-targets.test.ts,
 * harness/targets/module.test.ts): the edgeconf command in a child process or in this one, and headless
 * Chromium's view of a page.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { main } from "../cli.ts";
import { PROJECT_ROOT } from "../expectations.ts";

const BIN = path.join(PROJECT_ROOT, "bin", "edgeconf.js");

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function edgeconf(args: string[], env: NodeJS.ProcessEnv = {}, cwd: string = PROJECT_ROOT): Promise<Result> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && !k.startsWith("EDGECONF_") && k !== "CI"),
  );
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...clean, NODE_ENV: "production", EDGECONF_WORKERS: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** One command in process at a time: each swaps this process's stdout, stderr, environment and directory. */
let inProcessQueue: Promise<unknown> = Promise.resolve();

/**
 * The edgeconf command run in this process (harness/cli.ts main, what bin/edgeconf.js calls), its output
 * captured: usage errors, and runs whose test is about the runner's logic (statuses, reports, shards,
 * replays), not about the process (exit status and output of the real binary, signals, the watchdog's forced
 * exit: those keep a child, `edgeconf` above). A run here still starts vitest's worker processes, but not a
 * Node.js process of its own, tsx and the runner's modules: about a third of a child's cost.
 * The environment is the child's: no EDGECONF_* of this process, one worker (EDGECONF_WORKERS=1), plus `env`;
 * calls wait for one another, and everything is put back after each.
 */
export function inProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const call = inProcessQueue.then(() => runInProcess(args, env, cwd));
  inProcessQueue = call.catch(() => {});
  return call;
}

async function runInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string | undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = ((chunk: string) => {
    stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
  const saved = { ...process.env };
  const dir = process.cwd();
  for (const k of Object.keys(process.env)) if (k.startsWith("EDGECONF_") || k === "CI") delete process.env[k];
  Object.assign(process.env, { EDGECONF_WORKERS: "1" }, env);
  try {
    if (cwd) process.chdir(cwd);
    return { code: await main(args), stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.chdir(dir);
    // `run` sets EDGECONF_* for its workers; this worker keeps its own.
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

export const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((c) => existsSync(c));

/** The DOM of a page after its scripts ran, from headless Chromium (no network, throwaway profile). */
export async function dumpDom(file: string, tmp: string): Promise<string> {
  return (await loadPage(`file://${file}`, tmp)).dom;
}

/**
 * A page in headless Chromium (no network, a throwaway profile under `tmp`): the DOM after its scripts ran, and
 * the console messages the page logged (Chromium's `:CONSOLE` lines on stderr).
 */
export function loadPage(url: string, tmp: string): Promise<{ dom: string; console: string[] }> {
  const profile = mkdtempSync(path.join(tmp, "chromium-"));
  return new Promise((resolve, reject) => {
    const child = spawn(
      CHROMIUM as string,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--enable-logging=stderr",
        "--v=0",
        `--user-data-dir=${profile}`,
        "--dump-dom",
        url,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let dom = "";
    let err = "";
    child.stdout.on("data", (d) => {
      dom += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", () => resolve({ dom, console: err.split("\n").filter((l) => l.includes(":CONSOLE")) }));
  });
}
