import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { exposureWarning, parseServeArgs } from "./serve.ts";

describe("edgeconf serve flags", () => {
  test("parses every flag", () => {
    const parsed = parseServeArgs([
      "--json",
      "--port",
      "0",
      "--kt-port",
      "0",
      "--host",
      "127.0.0.1",
      "--seed",
      "42",
      "--account-id",
      "0123456789abcdef0123456789abcdef",
      "--zone-name",
      "example.org",
      "--api-token",
      "tok",
    ]);
    expect(parsed).toMatchObject({
      json: true,
      options: {
        port: 0,
        ktPort: 0,
        seed: 42,
        credentials: { account_id: "0123456789abcdef0123456789abcdef", zone_name: "example.org", api_token: "tok" },
      },
    });
  });
  test("refuses bad values and unknown flags with a message", () => {
    for (const argv of [
      ["--port", "x"],
      ["--port", "70000"],
      ["--seed", "1.5"],
      ["--zone-id", "XYZ"],
      ["--nope"],
      ["--ca-cert", "a"],
      ["--api-token", "a b"],
      ["--auth-email", "x"],
      ["--auth-key", "k-!"],
    ]) {
      expect(typeof parseServeArgs(argv)).toBe("string");
    }
    expect(parseServeArgs(["--help"])).toEqual({ help: true });
    expect(parseServeArgs(["--populate"])).toMatchObject({ populate: true, json: false, options: { port: 8787 } });
  });

  test("warns when --host is not a loopback address, and only then", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
      expect(exposureWarning(host)).toBeUndefined();
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.com"]) {
      expect(exposureWarning(host)).toMatch(/WARNING: listening on .*control surface/);
    }
  });

  test("prints one JSON line and stops cleanly on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, "bin", "edgeconf.js"), "serve", "--json", "--port", "0", "--seed", "3"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d) => {
        out += String(d);
        if (out.includes("\n")) resolve(out.split("\n")[0]!);
      });
      child.on("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    const info = JSON.parse(line) as Record<string, unknown>;
    for (const k of [
      "base_url",
      "kt_url",
      "account_id",
      "zone_id",
      "zone_name",
      "api_token",
      "auth_email",
      "auth_key",
      "ca_cert",
      "client_cert",
      "client_key",
      "control_token",
    ]) {
      expect(info).toHaveProperty(k);
    }
    expect(info.control_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await fetch(
      `${info.base_url}/accounts/${info.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
      {
        headers: { authorization: `Bearer ${info.api_token}` },
      },
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const code = await new Promise<number | null>((resolve) => {
      child.removeAllListeners("exit");
      child.on("exit", (c) => resolve(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
  }, 60_000);
});
