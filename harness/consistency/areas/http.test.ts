/**
 * The consistency check of the HTTP areas over the network: `--target serve` (edgeconf serve started by
 * the target; area C, over mTLS) and `--target http` (every area) (any implementation: here an `edgeconf serve` started in this test, its
 * URLs and credentials given as the http target reads them), through the command, with small histories.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { httpTargetEnv } from "../../commands/serve-env.ts";
import { type Served, startServe } from "../../serve/index.ts";
import makeServeCertificates, { sharedServeCertificates } from "../../targets/serve-certs.ts";
import { consistencyCommand } from "../command.ts";
import { HTTP_AREAS } from "./types.ts";

const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-consistency-http-"));
let served: Served;
let removeCertificates: (() => void) | undefined;
const saved = { ...process.env };

beforeAll(async () => {
  // One set of certificates for both serves (this one, and the serve target's): key generation is slow.
  removeCertificates = makeServeCertificates();
  served = await startServe({ seed: 3, ...sharedServeCertificates() });
  for (const [k, v] of httpTargetEnv(served.info)) process.env[k] = v;
}, 60_000);

afterAll(async () => {
  await served?.close();
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
