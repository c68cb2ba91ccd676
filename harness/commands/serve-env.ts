/**
 * `edgeconf serve --env` (or `--format env`): the servers start in a background process, and the
 * command prints `export NAME=value` lines for exactly the variables the `http` target reads, then
 * returns, so that
 *
 *   eval "$(npx edgeconf serve --env --port 0)"
 *   npx edgeconf run --target http
 *
 * wires a run against the served simulator. A last comment line says how to stop the servers (kill PID);
 * the same line goes to stderr, which the shell shows while eval takes stdout.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { shellQuote } from "../report/shell.ts";
import type { ServeInfo } from "../serve/index.ts";

/**
 * The http target's variables, from what `serve` prints (harness/targets/http.ts, api.ts, kt.ts,
 * second-tenant.ts read them).
 */
export function httpTargetEnv(info: ServeInfo): [string, string][] {
  const pairs: [string, string | null][] = [
    ["EDGECONF_BASE_URL", info.base_url],
    ["EDGECONF_KT_URL", info.kt_url],
    ["CLOUDFLARE_ACCOUNT_ID", info.account_id],
    ["CLOUDFLARE_ZONE_ID", info.zone_id],
    ["CLOUDFLARE_ZONE_NAME", info.zone_name],
    ["CLOUDFLARE_API_TOKEN", info.api_token],
    ["CLOUDFLARE_EMAIL", info.auth_email],
    ["CLOUDFLARE_API_KEY", info.auth_key],
    ["EDGECONF_KT_CA", info.ca_cert],
    ["EDGECONF_KT_CERT", info.client_cert],
    ["EDGECONF_KT_KEY", info.client_key],
    ["EDGECONF_KT_CERT_2", info.client_cert_2],
    ["EDGECONF_KT_KEY_2", info.client_key_2],
    // The second tenant (harness/targets/second-tenant.ts): the isolation tests of areas A and B.
    ["EDGECONF_SECOND_ACCOUNT_ID", info.second_tenant.account_id],
    ["EDGECONF_SECOND_ZONE_ID", info.second_tenant.zone_id],
    ["EDGECONF_SECOND_ZONE_NAME", info.second_tenant.zone_name],
    ["EDGECONF_SECOND_API_TOKEN", info.second_tenant.api_token],
    ["EDGECONF_SECOND_EMAIL", info.second_tenant.auth_email],
    ["EDGECONF_SECOND_API_KEY", info.second_tenant.auth_key],
  ];
  return pairs.filter((p): p is [string, string] => p[1] !== null);
}

export function envLines(info: ServeInfo): string {
  return httpTargetEnv(info)
    .map(([k, v]) => `export ${k}=${shellQuote(v)}\n`)
    .join("");
}

const BIN = fileURLToPath(new URL("../../bin/edgeconf.js", import.meta.url));

/**
 * Starts `edgeconf serve --json <args>` detached, waits for its line, prints the export lines and
 * returns 0; 2 when the servers did not start (their error on stderr).
 */
export function serveDetached(args: string[], timeoutMs = 60_000): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "serve", "--json", ...args], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let done = false;
    const finish = (code: number, text: string, toErr: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      (toErr ? process.stderr : process.stdout).write(text);
      resolve(code);
    };
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      finish(2, `edgeconf serve: the servers did not start within ${timeoutMs} ms\n${err}`, true);
    }, timeoutMs);
    child.stderr?.on("data", (d) => {
      err += d;
    });
    child.stdout?.on("data", (d) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      let info: ServeInfo;
      try {
        info = JSON.parse(out.slice(0, nl)) as ServeInfo;
      } catch {
        child.kill("SIGTERM");
        finish(2, `edgeconf serve: unexpected output: ${out}\n${err}`, true);
        return;
      }
      const stop = `edgeconf serve runs as process ${child.pid}; stop it with: kill ${child.pid}`;
      // On stdout as a comment (for scripts that keep the output), and on stderr, which eval "$(...)" shows.
      process.stderr.write(`${stop}\n`);
      finish(0, `${envLines(info)}# ${stop}\n`, false);
    });
    child.on("exit", (code) => finish(2, `edgeconf serve: exited (${code}) before serving\n${err}`, true));
  });
}
