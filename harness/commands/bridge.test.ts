/** `edgeconf bridge init DIR`: writes the Worker and its config, never over files without --force. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

  test("a file system failure is one line naming the path and the reason, exit 2, nothing half-written", async () => {
    const file = path.join(tmp, "afile");
    writeFileSync(file, "x");
    const cases: [string, RegExp][] = [
      [file, /^edgeconf bridge: \S*afile is a file, not a folder$/],
      [path.join(file, "sub"), /^edgeconf bridge: cannot create \S*afile\/sub: \S*afile is a file, not a folder$/],
    ];
    // node's recursive mkdir never returns on /proc; the CLI creates level by level and ends at once.
    if (process.platform === "linux") {
      cases.push(["/proc/nope/deeper", /^edgeconf bridge: cannot create \/proc\/nope\/deeper: \/proc\/nope: .+$/]);
    }
    for (const [dir, line] of cases) {
      const r = await inProcess(["bridge", "init", dir]);
      expect([r.code, r.stdout], dir).toEqual([2, ""]);
      expect(r.stderr.split("\n"), dir).toHaveLength(2);
      expect(r.stderr.trimEnd(), dir).toMatch(line);
    }
    expect(readFileSync(file, "utf8")).toBe("x");
    // A write that fails half-way (here: a folder where the third file's temporary copy goes) leaves
    // neither the files written before it nor the folders made for it.
    const parent = path.join(tmp, "half");
    const dir = path.join(parent, "x");
    mkdirSync(dir, { recursive: true });
    mkdirSync(path.join(dir, `.frame.js.${process.pid}.tmp`));
    const r = await inProcess(["bridge", "init", dir]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd()).toMatch(/^edgeconf bridge: cannot write \S*half\/x\/frame\.js: .+$/);
    expect(readdirSync(dir)).toEqual([`.frame.js.${process.pid}.tmp`]);
    rmSync(parent, { recursive: true });
    const deep = path.join(parent, "a", "b");
    const ok = await inProcess(["bridge", "init", deep]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(existsSync(path.join(deep, "worker.js"))).toBe(true);
    // A folder where a file goes is refused before anything is written.
    const blocked = path.join(tmp, "blocked");
    mkdirSync(path.join(blocked, "wrangler.toml"), { recursive: true });
    const b = await inProcess(["bridge", "init", blocked]);
    expect([b.code, b.stderr.trimEnd()]).toEqual([
      2,
      `edgeconf bridge: ${path.join(blocked, "wrangler.toml")} is a folder: the bridge writes a file there`,
    ]);
    expect(readdirSync(blocked)).toEqual(["wrangler.toml"]);
  });
});
