import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { createCa, issueCertificate } from "../serve/certs.ts";
import { certOptionsProblem, exposureWarning, parseServeArgs, zoneNameProblem } from "./serve.ts";

const tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-serve-flags-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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

  test("--allow-host NAME, repeatable: a host name or IP address, nothing else", () => {
    expect(
      parseServeArgs(["--allow-host", "sim.internal", "--allow-host", "10.0.0.5", "--allow-host", "::1"]),
      "serve --allow-host given three times",
    ).toMatchObject({ options: { allowHosts: ["sim.internal", "10.0.0.5", "::1"] } });
    for (const bad of ["http://x.test", "x.test:8080", "x.test/path", "", "a b"]) {
      expect(parseServeArgs(["--allow-host", bad]), `serve --allow-host ${JSON.stringify(bad)}`).toMatch(
        /^--allow-host takes a host name or IP address/,
      );
    }
  });

  test("--zone-name must be a DNS name of two labels or more, as the platform's zone names", () => {
    for (const ok of ["example.org", "a-b.example.co.uk", "xn--bcher-kva.example", "EXAMPLE.org."]) {
      expect(zoneNameProblem(ok), ok).toBeUndefined();
    }
    const bad: [string, RegExp][] = [
      ["..bad", /empty label/],
      ["com", /at least two labels/],
      ["-a.com", /letters, digits and hyphens .*"-a"/],
      ["a-.com", /"a-"/],
      ["a_b.com", /"a_b"/],
      [`${"a".repeat(64)}.com`, /longer than 63/],
      [`${"abcdefghi.".repeat(26)}com`, /longer than 253/],
    ];
    for (const [name, why] of bad) expect(zoneNameProblem(name), name).toMatch(why);
    expect(parseServeArgs(["--zone-name", "Example.ORG."])).toMatchObject({
      options: { credentials: { zone_name: "example.org" } },
    });
  });

  test("--ca-cert and --ca-key must be a PEM CA certificate and its key", () => {
    const ca = createCa();
    const other = createCa("another CA");
    const leaf = issueCertificate(ca, { cn: "x", kind: "client" });
    const file = (name: string, text: string) => {
      const f = path.join(tmp, name);
      writeFileSync(f, text);
      return f;
    };
    const caCert = file("ca.pem", ca.certPem);
    const caKey = file("ca-key.pem", ca.keyPem);
    expect(certOptionsProblem({ caCert, caKey })).toBeUndefined();
    expect(certOptionsProblem({})).toBeUndefined();
    expect(certOptionsProblem({ caCert: "/nonexistent", caKey })).toBe(
      "--ca-cert /nonexistent: no such file or folder",
    );
    expect(certOptionsProblem({ caCert, caKey: file("k.txt", "x\n") })).toMatch(/^--ca-key \S+ is not a PEM private/);
    expect(certOptionsProblem({ caCert: caKey, caKey })).toMatch(/^--ca-cert \S+ is not a PEM certificate$/);
    expect(
      certOptionsProblem({ caCert: file("leaf.pem", leaf.certPem), caKey: file("leaf-key.pem", leaf.keyPem) }),
    ).toMatch(/is not a CA certificate/);
    expect(certOptionsProblem({ caCert, caKey: file("other-key.pem", other.keyPem) })).toMatch(/is not the key of/);
  });

  test("warns when --host is not a loopback address, and only then", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
      expect(exposureWarning(host)).toBeUndefined();
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.com"]) {
      expect(exposureWarning(host)).toMatch(/WARNING: listening on .*control surface/);
    }
  });

  test("prints one JSON line with its pid, and stops at once on SIGTERM even while an injected latency waits", async () => {
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
      "pid",
    ]) {
      expect(info, `the JSON line of serve --json has ${k}`).toHaveProperty(k);
    }
    expect(info.pid, "pid of the JSON line: the serving process's").toBe(child.pid);
    expect(info.control_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rules = `${info.base_url}/accounts/${info.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
    const res = await fetch(rules, { headers: { authorization: `Bearer ${info.api_token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // The longest latency a rule may have (about 24 days): SIGTERM must not wait for it.
    const fault = await fetch(`${info.control_url}/faults`, {
      method: "POST",
      headers: { authorization: `Bearer ${info.control_token}` },
      body: JSON.stringify({ operation: "*", latencyMs: 2147483647 }),
    });
    expect(fault.status, "POST /__edgeconf/faults with the latency rule").toBe(201);
    const waiting = fetch(rules, { headers: { authorization: `Bearer ${info.api_token}` } }).then(
      (r) => r.status,
      () => "cancelled",
    );
    // Wait until the request has reached the simulator (the rule has fired).
    for (;;) {
      const listed = (await (
        await fetch(`${info.control_url}/faults`, { headers: { authorization: `Bearer ${info.control_token}` } })
      ).json()) as { faults: { fired: number }[] };
      if (listed.faults[0]!.fired > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const code = await new Promise<number | null>((resolve) => {
      child.removeAllListeners("exit");
      child.on("exit", (c) => resolve(c));
      child.kill("SIGTERM");
    });
    expect(code, "exit status of serve after SIGTERM with a request waiting on a latency").toBe(0);
    expect(await waiting, "the waiting request: its connection closed, no answer").toBe("cancelled");
  }, 60_000);

  test("a port in use: one line naming --port 0, exit 2", async () => {
    const { startServe } = await import("../serve/index.ts");
    const first = await startServe({ seed: 1 });
    try {
      const port = new URL(first.base_url).port;
      const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "bin", "edgeconf.js"), "serve", "--port", port], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      child.stderr.on("data", (d) => {
        err += String(d);
      });
      const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
      expect(code, `exit status of serve --port ${port} (in use)`).toBe(2);
      expect(err, `stderr of serve --port ${port} (in use)`).toBe(
        `edgeconf serve: could not start: port ${port} on 127.0.0.1 is in use (another edgeconf serve?): pick another with --port N, or --port 0 for any free port\n`,
      );
    } finally {
      await first.close();
    }
  }, 60_000);
});

describe("edgeconf serve without --json", () => {
  test("prints one value a line, within 80 columns for loopback URLs and generated paths", async () => {
    const { startServe } = await import("../serve/index.ts");
    const { serveText } = await import("./serve.ts");
    const served = await startServe({ seed: 2 });
    try {
      const text = serveText(served.info);
      expect(text, "serve's text output names its process").toContain(`process ${process.pid}`);
      const wide = text.split("\n").filter((l) => l.length > 80);
      expect(wide, "lines of serve's text output over 80 columns").toEqual([]);
    } finally {
      await served.close();
    }
  });
});
