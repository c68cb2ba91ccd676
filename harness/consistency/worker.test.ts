/**
 * `edgeconf check consistency --target worker` end to end: the worker target (a deployed bridge, reached by
 * its URL and secret) here is the bridge Worker served locally by Miniflare, as a user would deploy it
 * (prefix root "edgeconf/"). A small history through the command: recorded over HTTP, checked, written.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LocalBridge, startLocalBridge } from "../targets/workerd.ts";
import { consistencyCommand } from "./command.ts";

const SECRET = "consistency-worker-test-secret";
const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-consistency-worker-"));
let bridge: LocalBridge | undefined;
let cannotRun: string | undefined;

beforeAll(async () => {
  try {
    bridge = await startLocalBridge({ prefixRoot: "edgeconf/", secret: SECRET });
  } catch (e) {
    // Only the one thing that truly stops it: Miniflare (an optional peer dependency) not installed.
    if (!/needs the miniflare package/.test((e as Error).message)) throw e;
    cannotRun = (e as Error).message;
  }
  if (bridge) {
    process.env.EDGECONF_WORKER_URL = bridge.url.href;
    process.env.EDGECONF_WORKER_SECRET = SECRET;
  }
}, 60_000);

afterAll(async () => {
  delete process.env.EDGECONF_WORKER_URL;
  delete process.env.EDGECONF_WORKER_SECRET;
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
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
        outDir: dir,
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
    const [run] = readdirSync(dir);
    const history = JSON.parse(readFileSync(path.join(dir, run!, "history.json"), "utf8")) as {
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
