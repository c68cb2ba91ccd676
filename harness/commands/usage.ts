/**
 * Usage errors of every command: ONE line on stderr that names the fix, and exit status 2.
 *
 *   edgeconf serve: --port needs a number from 0 to 65535, got "x"; see edgeconf serve --help
 *
 * The help text is printed only for --help (exit 0), never after an error: one line is what a user reads.
 */

/** The usage line of `command` ("serve", "report merge", or undefined for the top level). */
export function usageLine(command: string | undefined, message: string): string {
  const who = command ? `edgeconf ${command}` : "edgeconf";
  // A message is one line whatever a value in it holds.
  const oneLine = message.replace(/\s*\n\s*/g, " ").trim();
  return `${who}: ${oneLine}; see ${who.split(" ").slice(0, 2).join(" ")} --help\n`;
}

/** Writes the usage line to stderr and returns 2, the exit status of a usage error. */
export function usageError(
  command: string | undefined,
  message: string,
  write: (text: string) => void = (t) => process.stderr.write(t),
): 2 {
  write(usageLine(command, message));
  return 2;
}

/**
 * node:util parseArgs' errors, reworded as the fix: "unknown option --foo", "--port needs a value".
 * Anything else keeps its message (first line).
 */
export function argsErrorMessage(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const message = String(e?.message ?? error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  switch (e?.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quoted}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${quoted}"`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const flag = quoted.split(" ")[0] ?? quoted;
      if (/argument missing/.test(message)) return `${flag} needs a value`;
      if (/does not take an argument/.test(message)) return `${flag} takes no value`;
      return message;
    }
    default:
      return message.split("\n")[0] ?? message;
  }
}
