/**
 * `edgeconf run | serve | fuzz | replay | report`: the command line.
 * Each command lives in harness/commands/<name>.ts and exports `run(argv): Promise<number>` (the exit code).
 * Exit codes: 0 all as expected, 1 unexpected results, 2 usage error or unreachable target.
 */
import { readFileSync } from "node:fs";
import { usageError } from "./commands/usage.ts";
import { wrapText } from "./terminal.ts";

const COMMANDS = {
  run: "run every suite against a target and write a conformance report",
  serve: "serve the simulator over HTTP (areas A, B) and HTTPS with mTLS (area C)",
  fuzz: "fuzz a target's validation with generated valid and invalid input",
  replay: "send a saved counterexample again and say whether it still fails",
  report: "merge shard reports, update expectations, put runs side by side (matrix, compare)",
  bridge: "write the bridge Worker that runs area D against a deployed R2 binding (bridge init DIR)",
  diff: "run random operation sequences on two targets and shrink the first divergence",
  check: "record concurrent calls on a target and check them for linearizability (check consistency)",
} as const;

type CommandName = keyof typeof COMMANDS;

export const HELP = wrapText(`edgeconf: conformance harness and deterministic simulator

Usage: edgeconf <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([n, d]) => `  ${n.padEnd(8)} ${d}`)
  .join("\n")}

Run \`edgeconf <command> --help\` for the options of a command; \`edgeconf --version\` prints the version.
`);

/** The version of the installed package (its package.json). */
export function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(HELP);
    return 0;
  }
  // `--version` anywhere before `--` (edgeconf --version, edgeconf run --version, ...).
  const ownArgs = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  if (ownArgs.includes("--version") || name === "-v" || name === "version") {
    process.stdout.write(`edgeconf ${version()}\n`);
    return 0;
  }
  if (!(name in COMMANDS)) {
    const what = name.startsWith("-") ? `unknown option ${name}` : `unknown command "${name}"`;
    return usageError(undefined, `${what} (commands: ${Object.keys(COMMANDS).join(", ")})`);
  }
  const mod = (await import(`./commands/${name as CommandName}.ts`)) as { run(argv: string[]): Promise<number> };
  const code = await mod.run(rest);
  if (name !== "serve" && !insideTestWorker()) exitSoon(code);
  return code;
}

/** Grace after a finished command before the process is made to exit. */
export const EXIT_GRACE_MS = 5_000;

function insideTestWorker(): boolean {
  return process.env.VITEST_POOL_ID !== undefined || process.env.VITEST_WORKER_ID !== undefined;
}

/**
 * A finished command should end the process; if something (a test worker that did not stop, an open
 * socket) keeps it alive past the grace, it exits anyway with the command's code: never a hang.
 */
function exitSoon(code: number): void {
  setTimeout(() => {
    process.stderr.write(`edgeconf: still running ${EXIT_GRACE_MS} ms after finishing; exiting\n`);
    process.exit(code);
  }, EXIT_GRACE_MS).unref();
}
