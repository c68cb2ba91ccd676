/**
 * Folders the CLI makes at paths the user named (--out, --cert-dir, bridge init DIR, an expectations
 * file's folder): checked and created without node's recursive mkdir, which never returns on some
 * special file systems (`mkdirSync("/proc/x", { recursive: true })` loops at 100% CPU).
 *
 * The nearest existing ancestor must be a writable folder; the missing levels are then created one by
 * one (non-recursive mkdirSync), so every failure ends at once with one line naming the path and why.
 */
import { accessSync, constants, mkdirSync, rmdirSync, statSync } from "node:fs";
import path from "node:path";

/** A failure to make or use a folder the user named: `message` is one line. */
export class DirError extends Error {}

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EEXIST: "a file is in the way",
  ENOTDIR: "a file is in the way (not a folder)",
  ENOENT: "no such file or folder",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links",
  EISDIR: "it is a folder",
};

/** A file system error's reason in words ("permission denied"), or its first line. */
export function fsReason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e?.code && REASONS[e.code]) return REASONS[e.code]!;
  return String(e?.message ?? error).split("\n")[0] ?? String(error);
}

function kind(p: string): "dir" | "other" | "none" | { error: unknown } {
  try {
    return statSync(p).isDirectory() ? "dir" : "other";
  } catch (e) {
    const code = (e as { code?: string }).code;
    // ENOTDIR: a file above it, found on the way up.
    return code === "ENOENT" || code === "ENOTDIR" ? "none" : { error: e };
  }
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `dir` cannot be used as a folder to write into (without creating anything), or undefined:
 * it exists but is not a writable folder, or its nearest existing ancestor is not one.
 */
export function dirProblem(dir: string): string | undefined {
  const abs = path.resolve(dir);
  let p = abs;
  for (;;) {
    const k = kind(p);
    if (typeof k === "object") return `cannot use ${abs}: ${p}: ${fsReason(k.error)}`;
    if (k === "other") {
      return p === abs ? `${abs} is a file, not a folder` : `cannot create ${abs}: ${p} is a file, not a folder`;
    }
    if (k === "dir") {
      if (writable(p)) return undefined;
      return p === abs
        ? `cannot write into ${abs}: permission denied`
        : `cannot create ${abs}: ${p} is not writable (permission denied)`;
    }
    const parent = path.dirname(p);
    if (parent === p) return `cannot create ${abs}: no existing folder above it`;
    p = parent;
  }
}

/**
 * Makes `dir` (and its missing parents, one level at a time); returns the folders it created, outermost
 * first. Throws DirError, with one line naming the path and the reason, when it cannot.
 */
export function makeDir(dir: string): string[] {
  const abs = path.resolve(dir);
  const problem = dirProblem(abs);
  if (problem) throw new DirError(problem);
  const missing: string[] = [];
  for (let p = abs; kind(p) === "none"; p = path.dirname(p)) missing.unshift(p);
  const created: string[] = [];
  for (const p of missing) {
    try {
      mkdirSync(p);
      created.push(p);
    } catch (e) {
      // Made meanwhile by someone else: fine if it is a folder.
      if ((e as { code?: string }).code === "EEXIST" && kind(p) === "dir") continue;
      // ENOENT with the parent there: a file system that takes no new folders (/proc).
      const reason =
        (e as { code?: string }).code === "ENOENT"
          ? "the file system does not allow creating folders there"
          : fsReason(e);
      throw new DirError(`cannot create ${p === abs ? abs : `${abs}: ${p}`}: ${reason}`);
    }
  }
  return created;
}

/** Removes the folders `makeDir` made (innermost first), as far as they are still empty; never throws. */
export function removeMade(created: readonly string[]): void {
  for (const d of [...created].reverse()) {
    try {
      rmdirSync(d);
    } catch {}
  }
}
