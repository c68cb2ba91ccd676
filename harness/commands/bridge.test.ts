/** `edgeconf bridge init DIR`: writes the Worker and its config, never over files without --force. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { inProcess } from "../run/e2e-support.ts";
import { validBucketName } from "./bridge.ts";

const tmp = mkdtempSync(path.join(tmpdir(), "edgeconf-bridge-init-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("edgeconf bridge init", () => {
  test("writes worker.js, protocol.js, frame.js and wrangler.toml with the bucket, then the five steps", async () => {
    const dir = path.join(tmp, "a");
    const r = await inProcess(["bridge", "init", dir, "--bucket", "my-conformance"]);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ["worker.js", "protocol.js", "frame.js"]) {
      expect(readFileSync(path.join(dir, f), "utf8")).toBe(readFileSync(path.join(PROJECT_ROOT, "bridge", f), "utf8"));
    }
    const toml = readFileSync(path.join(dir, "wrangler.toml"), "utf8");
    expect(toml).toMatch(/^main = "worker.js"$/m);
    expect(toml).toMatch(/^bucket_name = "my-conformance"$/m);
    expect(toml).toMatch(/^binding = "BUCKET"$/m);
    expect(toml).toMatch(/^EDGECONF_PREFIX_ROOT = "edgeconf\/"$/m);
    expect(r.stdout).toContain("wrangler deploy");
    expect(r.stdout).toContain("wrangler secret put EDGECONF_SECRET");
    expect(r.stdout).toContain("--target worker --worker-url");
    expect(r.stdout.match(/^ {2}\d\. /gm)).toHaveLength(5);
  });

  test("writes a .gitignore that ignores .bridge-secret and wrangler's local secrets, keeping an existing one", async () => {
    const dir = path.join(tmp, "g");
    mkdirSync(dir);
    execFileSync("git", ["init", "-q", dir]);
    writeFileSync(path.join(dir, ".gitignore"), "node_modules/");
    expect((await inProcess(["bridge", "init", dir])).code).toBe(0);
    const ignored = (f: string) => {
      try {
        execFileSync("git", ["-C", dir, "check-ignore", "-q", f]);
        return true;
      } catch {
        return false;
      }
    };
    expect([".bridge-secret", ".dev.vars", ".env", ".wrangler/state", "node_modules/x"].map(ignored)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["worker.js", "wrangler.toml"].map(ignored)).toEqual([false, false]);
    const text = readFileSync(path.join(dir, ".gitignore"), "utf8");
    expect(text.startsWith("node_modules/\n.bridge-secret\n")).toBe(true);
    // Again with --force: nothing is added twice.
    expect((await inProcess(["bridge", "init", dir, "--force"])).code).toBe(0);
    expect(readFileSync(path.join(dir, ".gitignore"), "utf8")).toBe(text);
  });

  test("refuses to overwrite, unless --force; refuses bad input with exit 2", async () => {
    const dir = path.join(tmp, "b");
    expect((await inProcess(["bridge", "init", dir])).code).toBe(0);
    writeFileSync(path.join(dir, "worker.js"), "// mine");
    const again = await inProcess(["bridge", "init", dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already has worker.js, protocol.js, frame.js, wrangler.toml (--force overwrites)");
    expect(readFileSync(path.join(dir, "worker.js"), "utf8")).toBe("// mine");
    expect((await inProcess(["bridge", "init", dir, "--force"])).code).toBe(0);
    expect(readFileSync(path.join(dir, "worker.js"), "utf8")).not.toBe("// mine");
    expect((await inProcess(["bridge"])).code).toBe(2);
    expect((await inProcess(["bridge", "init", path.join(tmp, "c"), "--bucket", "Bad_Name"])).code).toBe(2);
    expect([validBucketName("ok-name"), validBucketName("-x"), validBucketName("ab")]).toEqual([true, false, false]);
  });
});
