/**
 * Usage errors of every command: ONE line on stderr that names the fix, and exit status 2.
 *
 *   edgeconf serve: --port needs a number from 0 to 65535, got "x"; see edgeconf serve --help
 *
 * The help text is printed only for --help (exit 0), never after an error: one line is what a user reads.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig["options"]>;

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

type ArgsConfig = ParseArgsConfig & { args: string[]; options: ParseArgsOptionsConfig };

/**
 * `--port -1` as `--port=-1`: node:util parseArgs calls a value starting with "-" ambiguous, so a
 * negative number would get its advice instead of the option's own range message. A value that is one
 * of the command's options is left alone (`--port --json` is a missing value).
 */
export function joinDashValues(args: readonly string[], options: ParseArgsOptionsConfig): string[] {
  const known = new Set<string>();
  for (const [name, o] of Object.entries(options)) {
    known.add(`--${name}`);
    if (o.short) known.add(`-${o.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") {
      out.push(...args.slice(i));
      break;
    }
    const next = args[i + 1];
    const option = a.startsWith("--") && !a.includes("=") ? options[a.slice(2)] : undefined;
    if (
      option?.type === "string" &&
      next !== undefined &&
      next.startsWith("-") &&
      next !== "--" &&
      !known.has(next.split("=")[0] as string)
    ) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** node:util parseArgs with the values starting with "-" of string options taken as values (joinDashValues). */
export function parseCommandArgs<T extends ArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  return parseArgs({ ...config, args: joinDashValues(config.args, config.options) });
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
      if (/argument missing|argument is ambiguous/.test(message)) return `${flag} needs a value`;
      if (/does not take an argument/.test(message)) return `${flag} takes no value`;
      return message;
    }
    default:
      return message.split("\n")[0] ?? message;
  }
}
