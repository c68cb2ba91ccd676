/** Shell quoting for the replay lines a report prints. Pure. */

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
