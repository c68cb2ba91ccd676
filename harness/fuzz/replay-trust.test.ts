/**
 * Replay files and shard reports are untrusted: a replay file naming a foreign URL is refused before
 * anything is sent (a local listener standing in for the foreign host receives nothing, so no
 * Authorization header), one naming a test file outside the project's test folders is refused, and
 * `report merge` refuses shard reports that name such files or patterns.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { run as replay } from "../commands/replay.ts";
import { buildReport } from "../report/build.ts";
import { sampleInput } from "../report/sample.ts";
import { shardProblem } from "../run/merge.ts";
import {
  includePatternProblem,
  isTrustedModule,
  isTrustedUrl,
  moduleUrl,
  rememberedUrls,
  rememberUrls,
  testFileProblem,
} from "./replay-trust.ts";

let tmp: string;
let listener: http.Server;
let foreign: string;
const received: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-trust-"));
  listener = http.createServer((req, res) => {
    received.push(req.headers);
    res.end("{}");
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  foreign = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/client/v4`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

function replayFile(overrides: Record<string, unknown>): string {
  const file = path.join(tmp, `replay-${Math.random().toString(36).slice(2)}.json`);
  const body = {
    kind: "edgeconf-replay",
    version: 1,
    target: { name: "http", baseUrl: foreign },
    file: "properties/dns-records/names.property.test.ts",
    names: ["some property"],
    key: "properties/dns-records/names.property.test.ts::some property",
    clauses: [],
    seed: 1,
    runId: "r",
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(body));
  return file;
}

/** Runs `edgeconf replay` in-process with credentials in the environment; returns exit code and stderr. */
async function runReplay(args: string[]): Promise<{ code: number; stderr: string }> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    CLOUDFLARE_API_TOKEN: "secret-token-of-the-user",
    CLOUDFLARE_EMAIL: "me@example.com",
    CLOUDFLARE_API_KEY: "secretkey",
    EDGECONF_TRUST_FILE: path.join(tmp, "trusted.json"),
  });
  delete process.env.EDGECONF_BASE_URL;
  delete process.env.EDGECONF_WORKER_URL;
  delete process.env.EDGECONF_MODULE;
  let stderr = "";
  const err = vi.spyOn(process.stderr, "write").mockImplementation((t) => {
    stderr += String(t);
    return true;
  });
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    return { code: await replay(args), stderr };
  } finally {
    err.mockRestore();
    out.mockRestore();
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

describe("replay files are untrusted input", () => {
  test("a file naming a foreign URL is refused; the URL receives nothing (no Authorization header)", async () => {
    const { code, stderr } = await runReplay([replayFile({})]);
    expect(code).toBe(2);
    expect(stderr).toContain(`names ${foreign}`);
    expect(stderr).toContain("your credentials are not sent there");
    expect(received).toEqual([]);
    expect(received.some((h) => h.authorization !== undefined)).toBe(false);
    const kt = await runReplay([replayFile({ target: { name: "http", ktUrl: foreign.replace("/client/v4", "") } })]);
    expect(kt.code).toBe(2);
    expect(kt.stderr).toContain("--kt-url");
    expect(received).toEqual([]);
  });

  test("a file naming a worker URL or a module no run here used is refused; nothing is sent, nothing runs", async () => {
    const worker = await runReplay([replayFile({ target: { name: "worker", workerUrl: foreign } })]);
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain(`--worker-url ${foreign}`);
    expect(received).toEqual([]);
    const evil = path.join(tmp, "evil-module.ts");
    writeFileSync(evil, 'throw new Error("this module must not run");\n');
    const mod = await runReplay([replayFile({ target: { name: "module", module: evil } })]);
    expect(mod.code).toBe(2);
    expect(mod.stderr).toContain(`names the module ${evil}, which no edgeconf run in this directory used`);
    expect(mod.stderr).toContain(`--module ${evil}`);
  });

  test("a module is trusted when given here (--module, EDGECONF_MODULE) or used by a run in this directory", () => {
    const env = { EDGECONF_TRUST_FILE: path.join(tmp, "remember-modules.json") };
    const cwd = path.join(tmp, "project");
    const none = new Set<string>();
    expect(isTrustedModule("mods/a.ts", { remembered: rememberedUrls(cwd, env) }, cwd)).toBe(false);
    expect(isTrustedModule("mods/a.ts", { cli: "./mods/a.ts", remembered: none }, cwd)).toBe(true);
    expect(isTrustedModule("mods/a.ts", { env: path.join(cwd, "mods/a.ts"), remembered: none }, cwd)).toBe(true);
    expect(isTrustedModule("mods/a.ts", { env: "mods/b.ts", remembered: none }, cwd)).toBe(false);
    rememberUrls([moduleUrl(path.join(cwd, "mods/a.ts"), cwd)], cwd, env);
    expect(isTrustedModule("mods/a.ts", { remembered: rememberedUrls(cwd, env) }, cwd)).toBe(true);
    expect(isTrustedModule(path.join(cwd, "mods/a.ts"), { remembered: rememberedUrls(cwd, env) }, cwd)).toBe(true);
    // The same relative path from another directory is another file.
    expect(isTrustedModule("mods/a.ts", { remembered: rememberedUrls(cwd, env) }, tmp)).toBe(false);
    expect(isTrustedModule("../project/mods/b.ts", { remembered: rememberedUrls(cwd, env) }, cwd)).toBe(false);
  });

  test("a file naming a test outside the project's test folders is refused", async () => {
    for (const file of [
      "/etc/passwd.ts",
      "../outside.test.ts",
      "suites/../../outside.test.ts",
      "examples/library.test.ts",
      "suites/**/*.test.ts",
      "C:\\evil.test.ts",
      "suites/dns-records/x.json",
    ]) {
      const { code, stderr } = await runReplay([replayFile({ file, target: { name: "sim" } })]);
      expect(code, file).toBe(2);
      expect(stderr, file).toMatch(/refused: the test file/);
    }
    expect(received).toEqual([]);
  });

  test("test files and include patterns: only the project's test folders", () => {
    expect(testFileProblem("suites/dns-records/create.test.ts")).toBeUndefined();
    expect(testFileProblem("properties/object-store/keys.property.test.ts")).toBeUndefined();
    expect(testFileProblem("harness/run/fixtures/property.fixture.ts")).toBeUndefined();
    expect(testFileProblem("harness/cli.ts")).toMatch(/outside the project's test folders/);
    expect(testFileProblem("suites\\..\\..\\x.test.ts")).toMatch(/\.\./);
    expect(includePatternProblem("suites/**/*.test.ts")).toBeUndefined();
    expect(includePatternProblem("/tmp/**/*.ts")).toMatch(/absolute/);
    expect(includePatternProblem("suites/../../**/*.ts")).toMatch(/\.\./);
  });

  test("a URL is trusted when given on the command line, in the environment, or used by a run here", () => {
    const env = { EDGECONF_TRUST_FILE: path.join(tmp, "remember.json") };
    expect(isTrustedUrl(foreign, { remembered: rememberedUrls(tmp, env) })).toBe(false);
    expect(isTrustedUrl(foreign, { cli: foreign, remembered: new Set() })).toBe(true);
    expect(isTrustedUrl(foreign, { env: `${foreign}`, remembered: new Set() })).toBe(true);
    rememberUrls([foreign, undefined], tmp, env);
    expect(JSON.parse(readFileSync(env.EDGECONF_TRUST_FILE, "utf8"))).toEqual([foreign]);
    expect(isTrustedUrl(foreign, { remembered: rememberedUrls(tmp, env) })).toBe(true);
    expect(isTrustedUrl("http://evil.example/client/v4", { remembered: rememberedUrls(tmp, env) })).toBe(false);
  });

  test("report merge refuses shard reports naming files or patterns outside the project", () => {
    const good = buildReport(sampleInput());
    expect(shardProblem(good)).toBeUndefined();
    const badFile = structuredClone(good);
    badFile.tests[0]!.file = "/etc/passwd.ts";
    expect(shardProblem(badFile)).toMatch(/absolute path/);
    const badInclude = structuredClone(good);
    badInclude.selection.include = ["../../**/*.ts"];
    expect(shardProblem(badInclude)).toMatch(/\.\./);
    expect(shardProblem({ not: "a report" })).toMatch(/not an edgeconf report/);
  });
});
