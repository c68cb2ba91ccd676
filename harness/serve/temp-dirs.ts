/**
 * Temporary folders that must not outlive the process (generated certificates and keys of
 * `edgeconf serve` and of the `serve` target): removed by their owner's close(), and otherwise on
 * every way out of the process: normal exit, an uncaught error, SIGINT, SIGTERM and SIGHUP.
 *
 * On a signal the folders are removed, then, if nothing else listens for that signal, the signal is
 * raised again so the process ends as it would have (exit status 128 + signal number). A process
 * with its own handler (the serve command closes its servers) keeps control.
 *
 * Gaps / by design: SIGKILL cannot be caught: a folder of a killed process stays in the system's
 * temporary directory (named edgeconf-certs-*).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const live = new Set<string>();
let installed = false;

function removeAll(): void {
  for (const dir of live) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort on the way out.
    }
  }
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removeAll();
  uninstall();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on("exit", removeAll);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off("exit", removeAll);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** A new folder in the system's temporary directory, removed at the latest when the process ends. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  live.add(dir);
  install();
  return dir;
}

/** Removes a folder made by makeTempDir (at once). */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
  if (live.size === 0) uninstall();
}
