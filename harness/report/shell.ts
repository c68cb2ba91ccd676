/** Shell quoting for the replay lines a report prints. Pure. */
import path from "node:path";

/** Quotes one argument for a POSIX shell (unchanged when it needs no quoting). */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

export function shellLine(args: readonly string[]): string {
  return args.map(shellQuote).join(" ");
}

/** A regular expression that matches exactly `text` at the end of vitest's full test name. */
export function exactNamePattern(text: string): string {
  return `${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
}

/** A path as a user types it from `cwd`: relative below cwd, absolute elsewhere. */
export function displayPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel === "" ? "." : rel.startsWith("..") || path.isAbsolute(rel) ? file : rel;
}
