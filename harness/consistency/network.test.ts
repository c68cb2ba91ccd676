/**
 * The consistency check through the network targets, end to end through the command with small histories:
 * - `--target http` (any implementation: here an `edgeconf serve` started in this test, its URLs and
 *   credentials given as the http target reads them), every HTTP area; `--target serve` (the serve the
 *   target starts), area C over mTLS;
 * - `--target worker` (a deployed bridge, reached by its URL and secret): here the bridge Worker served
 *   locally by Miniflare, as a user deploys it (prefix root "edgeconf/").
 * One file, one process: the servers start at once in beforeAll.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { httpTargetEnv } from "../commands/serve-env.ts";
import { type Served, startServe } from "../serve/index.ts";
import makeServeCertificates, { sharedServeCertificates } from "../targets/serve-certs.ts";
import { type LocalBridge, startLocalBridge } from "../targets/workerd.ts";
import { HTTP_AREAS } from "./areas/types.ts";
import { consistencyCommand } from "./command.ts";

const SECRET = "consistency-worker-test-secret";
const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-consistency-network-"));
let served: Served;
let bridge: LocalBridge | undefined;
let cannotRun: string | undefined;
let removeCertificates: (() => void) | undefined;
const saved = { ...process.env };

async function localBridge(): Promise<void> {
  try {
    bridge = await startLocalBridge({ prefixRoot: "edgeconf/", secret: SECRET });
  } catch (e) {
    // Only the one thing that truly stops it: Miniflare (an optional peer dependency) not installed.
    if (!/needs the miniflare package/.test((e as Error).message)) throw e;
    cannotRun = (e as Error).message;
  }
}

beforeAll(async () => {
  // One set of certificates for both serves (this one, and the serve target's): key generation is slow.
  removeCertificates = makeServeCertificates();
  const [s] = await Promise.all([startServe({ seed: 3, ...sharedServeCertificates() }), localBridge()]);
  served = s;
  for (const [k, v] of httpTargetEnv(served.info)) process.env[k] = v;
  if (bridge) {
    process.env.EDGECONF_WORKER_URL = bridge.url.href;
    process.env.EDGECONF_WORKER_SECRET = SECRET;
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([served?.close(), bridge?.close()]);
  removeCertificates?.();
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  rmSync(dir, { recursive: true, force: true });
});

async function check(area: (typeof HTTP_AREAS)[number], target: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await consistencyCommand(
    {
      area,
      target,
      clients: 4,
      keys: 2,
      ops: 60,
      seed: 9,
      timeLimitS: 10,
      outDir: path.join(dir, target),
      cwd: dir,
      json: true,
    },
    { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) },
  );
  return { code, out: out.join(""), err: err.join("") };
}

describe("over the network [A.consistency.patch-atomic] [B.consistency.conflict-create] [C.consistency.publish-once]", () => {
  // serve: one area (each check starts its own serve; the target's code is the same for every area but C's mTLS).
  const cases = [
    ["http", HTTP_AREAS],
    ["serve", ["key-transparency"]],
  ] as const;
  for (const [target, areas] of cases) {
    test(`--target ${target}: ${areas.join(", ")} linearizable, the verdict and the history written`, async () => {
      for (const area of areas) {
        const r = await check(area, target);
        expect(r.err, `${area} on ${target}: stderr`).toBe("");
        const verdict = JSON.parse(r.out) as { result: string; files: string[]; stats: { ops: number } };
        expect(verdict.result, `${area} on ${target}: the verdict (${r.out.slice(0, 300)})`).toBe("linearizable");
        expect(r.code, `${area} on ${target}: exit status of a linearizable history`).toBe(0);
        expect(verdict.stats.ops, `${area} on ${target}: operations checked`).toBe(60);
        const history = JSON.parse(readFileSync(path.join(dir, verdict.files[1]!), "utf8")) as {
          area: string;
          ops: { outcome: { kind: string } }[];
        };
        expect(history.area, `${area} on ${target}: history.json's area`).toBe(area);
        expect(
          history.ops.filter((o) => o.outcome.kind === "error"),
          `${area} on ${target}: no call failed`,
        ).toEqual([]);
      }
    });
  }

  test("--target http answering 404 to everything: NOTHING SERVED, exit 1, no verdict claimed", async () => {
    const stub = createServer((_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ success: false, errors: [{ code: 7003, message: "No route" }], messages: [], result: null }),
      );
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    const base = process.env.EDGECONF_BASE_URL;
    process.env.EDGECONF_BASE_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/client/v4`;
    try {
      const out: string[] = [];
      const code = await consistencyCommand(
        {
          area: "dns-records",
          target: "http",
          clients: 2,
          keys: 1,
          ops: 20,
          seed: 1,
          timeLimitS: 10,
          outDir: path.join(dir, "stub"),
          cwd: dir,
          json: false,
        },
        { stdout: (t) => void out.push(t), stderr: () => undefined },
      );
      expect(out.join("").replace(/\s+/g, " "), "the console: nothing claimed").toMatch(
        /^NOTHING SERVED: no write of the 20 call\(s\) took effect/,
      );
      expect(code, "exit status when nothing was served").toBe(1);
    } finally {
      process.env.EDGECONF_BASE_URL = base;
      stub.close();
    }
  });

  test("--target http without a URL for the area: exit 2, saying what is missing", async () => {
    const url = process.env.EDGECONF_KT_URL;
    const base = process.env.EDGECONF_BASE_URL;
    delete process.env.EDGECONF_KT_URL;
    try {
      const r = await check("key-transparency", "http");
      expect(r.code, "exit status: the target cannot be opened for area C").toBe(2);
      expect(r.err, "the message names the missing kt URL").toMatch(/key-transparency \(no kt URL\)/);
      delete process.env.EDGECONF_BASE_URL;
      const none = await check("dns-records", "http");
      expect(none.err, "no URL at all: the http target's own message").toMatch(/EDGECONF_BASE_URL/);
    } finally {
      process.env.EDGECONF_KT_URL = url;
      process.env.EDGECONF_BASE_URL = base;
    }
  });
});

describe("--target worker [D.consistency.linearizable]", () => {
  test("a bridge served locally: LINEARIZABLE, the history recorded through it, the run's folder emptied", async (ctx) => {
    if (cannotRun) ctx.skip(cannotRun);
    const out: string[] = [];
    const err: string[] = [];
    const code = await consistencyCommand(
      {
        area: "object-store",
        target: "worker",
        clients: 4,
        keys: 4,
        ops: 60,
        seed: 12,
        timeLimitS: 10,
        outDir: path.join(dir, "worker"),
        cwd: dir,
        json: false,
      },
      { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) },
    );
    expect(err.join(""), "stderr of the check").toBe("");
    expect(out.join(""), "console verdict").toMatch(
      /^LINEARIZABLE: 60 operation\(s\) by 4 client\(s\) on 4 key\(s\), target worker/,
    );
    expect(code, "exit status of a linearizable history").toBe(0);
    const [run] = readdirSync(path.join(dir, "worker"));
    const history = JSON.parse(readFileSync(path.join(dir, "worker", run!, "history.json"), "utf8")) as {
      ops: { call: { op: string }; outcome: { kind: string } }[];
    };
    expect(new Set(history.ops.map((o) => o.call.op)), "every kind of call went through the bridge").toEqual(
      new Set(["put", "get", "head", "delete", "list", "multipart"]),
    );
    expect(
      history.ops.filter((o) => o.outcome.kind === "error"),
      "no call through the bridge failed",
    ).toEqual([]);
    // The bucket itself (Miniflare's R2, not through the bridge, which lists only inside a folder).
    const root = (await bridge!.rootBucket()) as unknown as { list(): Promise<{ objects: { key: string }[] }> };
    const everything = await root.list();
    expect(
      everything.objects.map((o) => o.key),
      "the bucket after the check: the run's folder emptied",
    ).toEqual([]);
  });
});
