import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { targetEnvNames, targetOptionalEnvNames } from "../run/preflight.ts";

test("serve --env: export lines for the http target's variables, servers left running in the background", async () => {
  const bin = path.join(PROJECT_ROOT, "bin", "edgeconf.js");
  const r = spawnSync(process.execPath, [bin, "serve", "--env", "--port", "0", "--seed", "4"], {
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.trim().split("\n");
  const pid = Number(/kill (\d+)$/.exec(lines.at(-1) ?? "")?.[1]);
  expect(pid).toBeGreaterThan(0);
  try {
    // The stop line also on stderr: after eval "$(...)" the shell shows it.
    expect(r.stderr).toBe(`edgeconf serve runs as process ${pid}; stop it with: kill ${pid}\n`);
    const vars = Object.fromEntries(
      lines.slice(0, -1).map((l) => {
        const m = /^export ([A-Z0-9_]+)=(.*)$/.exec(l);
        if (!m) throw new Error(`not an export line: ${l}`);
        return [m[1], m[2]];
      }),
    );
    expect(Object.keys(vars).sort()).toEqual(
      [
        "CLOUDFLARE_ACCOUNT_ID",
        "CLOUDFLARE_API_KEY",
        "CLOUDFLARE_API_TOKEN",
        "CLOUDFLARE_EMAIL",
        "CLOUDFLARE_ZONE_ID",
        "CLOUDFLARE_ZONE_NAME",
        "EDGECONF_BASE_URL",
        "EDGECONF_KT_CA",
        "EDGECONF_KT_CERT",
        "EDGECONF_KT_CERT_2",
        "EDGECONF_KT_KEY",
        "EDGECONF_KT_KEY_2",
        "EDGECONF_KT_URL",
        "EDGECONF_SECOND_ACCOUNT_ID",
        "EDGECONF_SECOND_API_KEY",
        "EDGECONF_SECOND_API_TOKEN",
        "EDGECONF_SECOND_EMAIL",
        "EDGECONF_SECOND_ZONE_ID",
        "EDGECONF_SECOND_ZONE_NAME",
      ].sort(),
    );
    // Everything the run's preflight asks of the http target is there.
    for (const name of targetEnvNames("http")) expect(vars).toHaveProperty(name);
    // And what it reads when given: the second tenant, which the isolation tests need.
    for (const name of targetOptionalEnvNames("http")) expect(vars).toHaveProperty(name);
    const res = await fetch(`${vars.EDGECONF_BASE_URL}/zones/${vars.CLOUDFLARE_ZONE_ID}/dns_records`, {
      headers: { "x-auth-email": vars.CLOUDFLARE_EMAIL ?? "", "x-auth-key": vars.CLOUDFLARE_API_KEY ?? "" },
    });
    expect(res.status).toBe(200);
    // The second tenant's key reaches its own zone, and not the first tenant's.
    const second = {
      "x-auth-email": vars.EDGECONF_SECOND_EMAIL ?? "",
      "x-auth-key": vars.EDGECONF_SECOND_API_KEY ?? "",
    };
    const own = await fetch(`${vars.EDGECONF_BASE_URL}/zones/${vars.EDGECONF_SECOND_ZONE_ID}/dns_records`, {
      headers: second,
    });
    expect(own.status).toBe(200);
    const theirs = await fetch(`${vars.EDGECONF_BASE_URL}/zones/${vars.CLOUDFLARE_ZONE_ID}/dns_records`, {
      headers: second,
    });
    expect(theirs.status).toBe(403);
  } finally {
    process.kill(pid, "SIGTERM");
  }
}, 90_000);
