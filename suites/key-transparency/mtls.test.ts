/**
 * Area C over real HTTPS: edgeconf's own kt server (harness/serve/kt-server.ts) in front of a fresh
 * simulator, reached with undici. Checks what only real TLS shows: the server's certificate, writes
 * without or with a foreign client certificate, and two operators with their own certificates.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, fetch } from "undici";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { createCa, issueCertificate } from "../../harness/serve/certs.ts";
import { type KtServer, startKtServer } from "../../harness/serve/kt-server.ts";
import { createHttpKtTarget, KT_OPERATORS, type KtTarget, ktEnvFromServer } from "../../harness/targets/kt.ts";
import { createSimulator } from "../../sim/index.ts";
import { call, expectOk, expectRefused, registerBody, registerOk } from "./support.ts";

let dir: string;
let server: KtServer;
let kt: KtTarget;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "edgeconf-kt-"));
  server = await startKtServer(createSimulator({ seed: 7 }), { certDir: path.join(dir, "certs") });
  kt = createHttpKtTarget(server.url, ktEnvFromServer(server));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function rawPost(agent: Agent, urlPath: string, body: unknown): Promise<number> {
  const res = await fetch(server.url + urlPath, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    dispatcher: agent,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("kt server (HTTPS, mTLS)", () => {
  clauseTest(
    ["C.auth.list-open", "C.list.shape"],
    "the server's certificate verifies against the CA for 127.0.0.1, and reads need no client certificate",
    async () => {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const agent = new Agent({ connect: { ca: readFileSync(server.ca_cert) } });
      const res = await fetch(`${server.url}/namespaces`, { dispatcher: agent });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ namespaces: [] });
      await agent.close();
    },
  );

  clauseTest(
    ["C.auth.mtls-writes"],
    "a client that does not trust the CA cannot talk to the server at all",
    async () => {
      const agent = new Agent({ connect: { timeout: 5000 } });
      await expect(fetch(`${server.url}/namespaces`, { dispatcher: agent })).rejects.toThrow();
      await agent.close();
    },
  );

  clauseTest(["C.auth.mtls-writes"], "a write without a client certificate is refused with 401", async () => {
    const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
    const res = await call(kt, "POST", "/namespaces", body, "none");
    expectRefused(res, 401);
    expect((await call(kt, "GET", `/namespaces/${body.name}`, undefined, "none")).status).toBe(404);
  });

  clauseTest(
    ["C.auth.mtls-writes"],
    "a client certificate from another CA is not an identity: the write is refused with 401",
    async () => {
      const foreignCa = createCa("not the server's CA");
      const client = issueCertificate(foreignCa, { cn: KT_OPERATORS.a, kind: "client" });
      const agent = new Agent({
        connect: { ca: readFileSync(server.ca_cert), cert: client.certPem, key: client.keyPem },
      });
      const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
      expect(await rawPost(agent, "/namespaces", body)).toBe(401);
      expect((await call(kt, "GET", `/namespaces/${body.name}`, undefined, "none")).status).toBe(404);
      await agent.close();
    },
  );

  clauseTest(
    ["C.auth.owner-only", "C.auth.mtls-writes"],
    "operator B's certificate cannot disable or publish to operator A's namespace (403); A can",
    async () => {
      expect(kt.identities).toEqual(expect.arrayContaining(["a", "b", "none"]));
      const { sent, ns } = await registerOk(kt, {}, "a");
      expectRefused(await call(kt, "PATCH", `/namespaces/${ns.name}`, { status: "Disabled" }, "b"), 403);
      expectRefused(
        await call(kt, "POST", `/namespaces/${ns.name}/audits`, { epoch: 1, digest: sent.rootDigest }, "b"),
        403,
      );
      expectOk(await call(kt, "POST", `/namespaces/${ns.name}/audits`, { epoch: 1, digest: sent.rootDigest }, "a"));
      expectOk(await call(kt, "PATCH", `/namespaces/${ns.name}`, { status: "Disabled" }, "a"));
    },
  );

  clauseTest(
    ["C.auth.owner-only"],
    "a second server on the same CA (given PEM paths) accepts the first server's operator certificates",
    async () => {
      const other = await startKtServer(createSimulator({ seed: 8 }), {
        certDir: path.join(dir, "second"),
        caCert: server.files.ca_cert,
        caKey: server.files.ca_key!,
        clientCert: server.client_cert,
        clientKey: server.client_key,
      });
      try {
        expect(other.ca_cert).toBe(server.ca_cert);
        expect(other.client_cert).toBe(server.client_cert);
        const viaOther = createHttpKtTarget(other.url, ktEnvFromServer(other));
        const { ns } = await registerOk(viaOther, {}, "a");
        expectRefused(await call(viaOther, "PATCH", `/namespaces/${ns.name}`, { status: "Disabled" }, "b"), 403);
      } finally {
        await other.close();
      }
    },
  );

  clauseTest(["C.register.content-type"], "a large body is refused with a 4xx, never a 5xx", async () => {
    const res = await call(kt, "POST", "/namespaces", JSON.stringify({ name: "x".repeat(2_000_000) }), "a");
    expectRefused(res, 413);
  });
});
