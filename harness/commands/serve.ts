/**
 * `edgeconf serve --json [--port N] [--kt-port N] [--host H] [--seed N] [--account-id ..] [--zone-id ..]
 * [--zone-name ..] [--api-token ..] [--auth-email ..] [--auth-key ..] [--cert-dir D] [--ca-cert F --ca-key F]`
 *
 * Starts the simulator as servers (harness/serve/index.ts), prints ONE JSON line with base_url,
 * kt_url, credentials and PEM paths, and runs until SIGINT/SIGTERM.
 */
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { allowHostProblem } from "../../sim/control/guard.ts";
import { MAX_FQDN, MAX_LABEL, toAsciiName } from "../../sim/dns-records/names.ts";
import type { Credentials } from "../../sim/index.ts";
import { fsReason } from "../dirs.ts";
import { outDirOrError } from "../run/out-dir.ts";
import { isLoopbackHost, type ServeInfo, type ServeOptions, startServe } from "../serve/index.ts";
import { wrapText } from "../terminal.ts";
import { argsErrorMessage, parseCommandArgs, usageError } from "./usage.ts";

export const SERVE_HELP = wrapText(`edgeconf serve: the simulator as servers (HTTP for areas A and B,
HTTPS with mTLS for area C)

Usage: edgeconf serve [--json] [options]

Options:
  --json               print one JSON line (base_url, kt_url, credentials, PEM paths, control_token,
                       pid) and nothing else on stdout
  --env                serve in the background and print export lines for the http target, then
                       return: eval "$(edgeconf serve --env --port 0)"; edgeconf run --target http
  --format F           json, env or text: the same as --json, --env, or neither (text)
  --port N             port of the HTTP API server (default 8787; 0 = any free port)
  --kt-port N          port of the area-C HTTPS server (default 0 = any free port)
  --host H             interface to listen on (default 127.0.0.1; another address exposes the
                       seed-derived credentials and the control surface to the network: a warning)
  --allow-host NAME    accept requests addressed to NAME too (repeatable; see below)
  --seed N             integer seed of ids, credentials and timestamps (default 0)
  --account-id ID      primary account id (32 lowercase hex)
  --zone-id ID         primary zone id (32 lowercase hex)
  --zone-name NAME     primary zone name
  --api-token T        bearer token (area A's scheme)
  --auth-email E       X-Auth-Email (area B's scheme)
  --auth-key K         X-Auth-Key (area B's scheme)
  --cert-dir D         where generated PEM files are written (default: a new temporary directory)
  --ca-cert F          your own CA certificate (PEM) for area C's mTLS (with --ca-key)
  --ca-key F           the key of --ca-cert
  --populate           fill the simulator with realistic seeded data (records, rules, namespaces,
                       objects)
  -h, --help           this text

Both servers answer only requests addressed to this machine: a Host of localhost, 127.0.0.1, [::1],
the --host address or an --allow-host name; any other gets 403 (a web page using DNS rebinding
sends its own name).

The control surface (/__edgeconf on the API's port: reset, snapshot/restore, clock, faults) needs the
control_token of the JSON line, random per process: "Authorization: Bearer <control_token>", and no
cross-site Origin.

Runs until SIGINT or SIGTERM (kill the JSON line's pid; under npx ... &, $! is npm's), then closes
both servers at once, cancelling requests that wait on an injected latency.
`);

/**
 * What `edgeconf serve` prints without --json: one value a line, each within 80 columns but for the
 * values themselves (a long path stays whole).
 */
export function serveText(info: ServeInfo): string {
  const lines = [
    `edgeconf serve, process ${info.pid}`,
    `  areas A and B at ${info.base_url}`,
    `  area C (mTLS) at ${info.kt_url ?? "(not started)"}`,
    `  account_id  ${info.account_id}`,
    `  zone_id     ${info.zone_id}`,
    `  zone_name   ${info.zone_name}`,
    `  api_token   ${info.api_token}`,
    `  auth_email  ${info.auth_email}`,
    `  auth_key    ${info.auth_key}`,
    `  ca_cert     ${info.ca_cert}`,
    `  client_cert ${info.client_cert}`,
    `  client_key  ${info.client_key}`,
    `  control surface at ${info.control_url}`,
    `    (Authorization: Bearer ${info.control_token})`,
    "Ctrl-C to stop.",
  ];
  return `${lines.join("\n")}\n`;
}

/** The warning printed when the servers listen on an address other machines can reach. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `edgeconf serve: WARNING: listening on ${host}, not on loopback: other machines can reach the simulator, ` +
    "its credentials (derived from the seed, which is not secret) and the control surface (protected only by " +
    "the control token). Use --host 127.0.0.1 unless you mean it.\n"
  );
}

const HEX32 = /^[0-9a-f]{32}$/;

function portOf(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) return undefined;
  return Number(value);
}

/**
 * Why `name` cannot be a zone's name, or undefined: a DNS name of at least two labels, each 1-63
 * letters, digits and hyphens (not first or last), at most 253 characters (sim/dns-records/names.ts).
 */
export function zoneNameProblem(name: string): string | undefined {
  const ascii = toAsciiName(name);
  const shown = JSON.stringify(name);
  if (ascii === undefined) return `--zone-name ${shown} is not a domain name`;
  if (ascii.length > MAX_FQDN) return `--zone-name ${shown} is longer than ${MAX_FQDN} characters`;
  const labels = ascii.split(".");
  if (labels.length < 2) return `--zone-name ${shown} needs at least two labels (example.com)`;
  for (const label of labels) {
    if (label === "") return `--zone-name ${shown} has an empty label`;
    if (label.length > MAX_LABEL) return `--zone-name ${shown} has a label longer than ${MAX_LABEL} characters`;
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(label)) {
      return `--zone-name ${shown}: labels are letters, digits and hyphens (not first or last), got "${label}"`;
    }
  }
  return undefined;
}

/**
 * Why the certificate options the user gave cannot be used, or undefined: --ca-cert must be a PEM CA
 * certificate and --ca-key its PEM private key, both readable.
 */
export function certOptionsProblem(options: Pick<ServeOptions, "caCert" | "caKey">): string | undefined {
  if (!options.caCert || !options.caKey) return undefined;
  const read = (flag: string, file: string): string | { error: string } => {
    try {
      return readFileSync(file, "utf8");
    } catch (e) {
      return { error: `${flag} ${file}: ${fsReason(e)}` };
    }
  };
  const certPem = read("--ca-cert", options.caCert);
  if (typeof certPem !== "string") return certPem.error;
  const keyPem = read("--ca-key", options.caKey);
  if (typeof keyPem !== "string") return keyPem.error;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    return `--ca-cert ${options.caCert} is not a PEM certificate`;
  }
  if (!cert.ca) return `--ca-cert ${options.caCert} is not a CA certificate (basicConstraints CA:TRUE)`;
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return `--ca-key ${options.caKey} is not a PEM private key (unencrypted)`;
  }
  if (!cert.checkPrivateKey(key)) return `--ca-key ${options.caKey} is not the key of --ca-cert ${options.caCert}`;
  return undefined;
}

/** Parses the flags into ServeOptions, or an error message. */
export function parseServeArgs(
  argv: string[],
): { options: ServeOptions; json: boolean; env: boolean; populate: boolean } | { help: true } | string {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseCommandArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        json: { type: "boolean" },
        env: { type: "boolean" },
        format: { type: "string" },
        port: { type: "string" },
        "kt-port": { type: "string" },
        host: { type: "string" },
        "allow-host": { type: "string", multiple: true },
        seed: { type: "string" },
        "account-id": { type: "string" },
        "zone-id": { type: "string" },
        "zone-name": { type: "string" },
        "api-token": { type: "string" },
        "auth-email": { type: "string" },
        "auth-key": { type: "string" },
        "cert-dir": { type: "string" },
        "ca-cert": { type: "string" },
        "ca-key": { type: "string" },
        populate: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return argsErrorMessage(error);
  }
  if (values.help) return { help: true };
  const str = (k: string) => values[k] as string | undefined;
  const format = str("format") ?? (values.env ? "env" : values.json ? "json" : "text");
  if (!["json", "env", "text"].includes(format)) return `--format must be json, env or text, got ${format}`;
  if ((values.env && format !== "env") || (values.json && format !== "json")) {
    return "--json, --env and --format say different things";
  }
  const port = portOf(str("port"), 8787);
  if (port === undefined) return `--port needs a number from 0 to 65535, got "${str("port")}"`;
  const ktPort = portOf(str("kt-port"), 0);
  if (ktPort === undefined) return `--kt-port needs a number from 0 to 65535, got "${str("kt-port")}"`;
  const seedText = str("seed");
  if (seedText !== undefined && !/^-?\d{1,10}$/.test(seedText)) return `--seed needs an integer, got "${seedText}"`;
  for (const k of ["account-id", "zone-id"]) {
    const v = str(k);
    if (v !== undefined && !HEX32.test(v)) return `--${k} must be 32 lowercase hex characters, got ${v}`;
  }
  if ((str("ca-cert") === undefined) !== (str("ca-key") === undefined)) return "--ca-cert and --ca-key go together";
  const allowHosts = (values["allow-host"] as string[] | undefined) ?? [];
  for (const name of allowHosts) {
    const problem = allowHostProblem(name);
    if (problem) return problem;
  }
  const zoneName = str("zone-name");
  if (zoneName !== undefined) {
    const problem = zoneNameProblem(zoneName);
    if (problem) return problem;
  }
  // Credentials the transport would call malformed could never authenticate: refuse them here.
  const shapes: [string, RegExp, string][] = [
    ["api-token", /^[A-Za-z0-9\-._~+/]+=*$/, "token characters (RFC 6750)"],
    ["auth-email", /^[^\s@]+@[^\s@]+\.[^\s@]+$/, "an email address"],
    ["auth-key", /^[A-Za-z0-9]{1,256}$/, "letters and digits"],
  ];
  for (const [flag, shape, what] of shapes) {
    const v = str(flag);
    if (v !== undefined && !shape.test(v)) return `--${flag} must be ${what}, got ${JSON.stringify(v)}`;
  }
  const credentials: Partial<Credentials> = {};
  const map: [string, keyof Credentials][] = [
    ["account-id", "account_id"],
    ["zone-id", "zone_id"],
    ["zone-name", "zone_name"],
    ["api-token", "api_token"],
    ["auth-email", "auth_email"],
    ["auth-key", "auth_key"],
  ];
  for (const [flag, key] of map) {
    const v = str(flag);
    if (v !== undefined) credentials[key] = v;
  }
  // Stored as the platform stores names: lowercased, Punycode, no trailing dot.
  if (zoneName !== undefined) credentials.zone_name = toAsciiName(zoneName) ?? zoneName;
  const options: ServeOptions = {
    port,
    ktPort,
    host: str("host") ?? "127.0.0.1",
    ...(allowHosts.length > 0 ? { allowHosts } : {}),
    seed: seedText === undefined ? 0 : Number(seedText),
    ...(Object.keys(credentials).length > 0 ? { credentials } : {}),
    ...(str("cert-dir") ? { certDir: str("cert-dir")! } : {}),
    ...(str("ca-cert") ? { caCert: str("ca-cert")!, caKey: str("ca-key")! } : {}),
  };
  return { options, json: format === "json", env: format === "env", populate: values.populate === true };
}

export async function run(argv: string[]): Promise<number> {
  const parsed = parseServeArgs(argv);
  if (typeof parsed === "string") return usageError("serve", parsed);
  if ("help" in parsed) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  // Certificate options the user gave must work: refused here, before anything starts, rather than
  // serving without area C.
  const certProblem = certOptionsProblem(parsed.options);
  if (certProblem) return usageError("serve", certProblem);
  if (parsed.options.certDir !== undefined) {
    const made = outDirOrError(parsed.options.certDir, "--cert-dir");
    if (typeof made === "string") return usageError("serve", made);
  }
  const warning = exposureWarning(parsed.options.host ?? "127.0.0.1");
  if (warning) process.stderr.write(warning);
  if (parsed.env) {
    // The servers go to a background process; this one prints the export lines and returns.
    const rest = argv.filter(
      (a, i) => !/^--(env|json|format(=.*)?)$/.test(a) && !(argv[i - 1] === "--format" && a === "env"),
    );
    return (await import("./serve-env.ts")).serveDetached(rest);
  }
  let served: Awaited<ReturnType<typeof startServe>>;
  try {
    served = await startServe(parsed.options);
  } catch (error) {
    process.stderr.write(
      `edgeconf serve: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  if (parsed.populate) {
    try {
      const { populate } = await import("../../adapters/populate.ts");
      const summary = (await populate(served.sim)) as unknown as Record<string, unknown>;
      // Counts of whatever the summary lists (its shape belongs to adapters/populate.ts).
      const counts = Object.entries(summary)
        .filter(([, v]) => Array.isArray(v))
        .map(([k, v]) => `${(v as unknown[]).length} ${k}`);
      process.stderr.write(`edgeconf serve: populated ${counts.join(", ")}\n`);
    } catch (error) {
      process.stderr.write(
        `edgeconf serve: --populate failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      await served.close();
      return 2;
    }
  }
  const { info } = served;
  if (info.kt_error !== undefined)
    process.stderr.write(`edgeconf serve: area C server not started: ${info.kt_error}\n`);
  if (parsed.json) process.stdout.write(`${JSON.stringify(info)}\n`);
  else {
    process.stdout.write(serveText(info));
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await served.close();
  return 0;
}
