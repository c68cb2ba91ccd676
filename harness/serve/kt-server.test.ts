/**
 * edgeconf's own area C HTTPS server (kt-server.ts) in front of fresh simulators: certificates,
 * identities from verified client certificates only, owners, a shared CA. Unit tests of the
 * simulator's server: they count for no target (the conformance suites reach only the target).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, fetch } from "undici";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSimulator } from "../../sim/index.ts";
import { createHttpKtTarget, KT_OPERATORS, type KtIdentity, type KtTarget, ktEnvFromServer } from "../targets/kt.ts";
import { createCa, issueCertificate } from "./certs.ts";
import { type KtServer, startKtServer } from "./kt-server.ts";

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

const ROOT_DIGEST = "11".repeat(32);
let counter = 0;
const body = () => ({ name: `mtls-${++counter}.edgeconf.test`, root: `1/${ROOT_DIGEST}`, signature_version: 1 });

async function send(target: KtTarget, method: string, p: string, payload: unknown, as: KtIdentity): Promise<number> {
  const res = await target.fetch(p, {
    method,
    as,
    ...(payload === undefined
      ? {}
      : { body: JSON.stringify(payload), headers: { "content-type": "application/json" } }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function rawPost(agent: Agent, urlPath: string, payload: unknown): Promise<number> {
  const res = await fetch(server.url + urlPath, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
    dispatcher: agent,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("kt server (HTTPS, mTLS)", () => {
  test("the server's certificate verifies against the CA for 127.0.0.1, and reads need no client certificate", async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(kt.tls?.url).toBe(server.url);
    const agent = new Agent({ connect: { ca: readFileSync(server.ca_cert) } });
    const res = await fetch(`${server.url}/namespaces`, { dispatcher: agent });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ namespaces: [] });
    await agent.close();
  });

  test("a target starting with // is a path, not a host: the answer names the path as sent", async () => {
    const agent = new Agent({ connect: { ca: readFileSync(server.ca_cert) } });
    const res = await fetch(`${server.url}//namespaces/some.name`, { dispatcher: agent });
    const text = await res.text();
    expect([res.status, text]).toEqual([404, expect.stringContaining("//namespaces/some.name")]);
    await agent.close();
  });

  test("a client that does not trust the CA cannot talk to the server at all", async () => {
    const agent = new Agent({ connect: { timeout: 5000 } });
    await expect(fetch(`${server.url}/namespaces`, { dispatcher: agent })).rejects.toThrow();
    await agent.close();
  });

  test("a write without a client certificate is refused with 401", async () => {
    const b = body();
    expect(await send(kt, "POST", "/namespaces", b, "none")).toBe(401);
    expect(await send(kt, "GET", `/namespaces/${b.name}`, undefined, "none")).toBe(404);
  });

  test("a client certificate from another CA is not an identity: the write is refused with 401", async () => {
    const foreignCa = createCa("not the server's CA");
    const client = issueCertificate(foreignCa, { cn: KT_OPERATORS.a, kind: "client" });
    const agent = new Agent({
      connect: { ca: readFileSync(server.ca_cert), cert: client.certPem, key: client.keyPem },
    });
    const b = body();
    expect(await rawPost(agent, "/namespaces", b)).toBe(401);
    expect(await send(kt, "GET", `/namespaces/${b.name}`, undefined, "none")).toBe(404);
    await agent.close();
  });

  test("operator B's certificate cannot disable or publish to operator A's namespace (403); A can", async () => {
    expect(kt.identities).toEqual(expect.arrayContaining(["a", "b", "none"]));
    const b = body();
    expect(await send(kt, "POST", "/namespaces", b, "a")).toBe(200);
    const publish = { epoch: 1, digest: ROOT_DIGEST };
    expect(await send(kt, "PATCH", `/namespaces/${b.name}`, { status: "Disabled" }, "b")).toBe(403);
    expect(await send(kt, "POST", `/namespaces/${b.name}/audits`, publish, "b")).toBe(403);
    expect(await send(kt, "POST", `/namespaces/${b.name}/audits`, publish, "a")).toBe(200);
    expect(await send(kt, "PATCH", `/namespaces/${b.name}`, { status: "Disabled" }, "a")).toBe(200);
  });

  test("a second server on the same CA (given PEM paths) accepts the first server's operator certificates", async () => {
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
      const b = body();
      expect(await send(viaOther, "POST", "/namespaces", b, "a")).toBe(200);
      expect(await send(viaOther, "PATCH", `/namespaces/${b.name}`, { status: "Disabled" }, "b")).toBe(403);
    } finally {
      await other.close();
    }
  });

  test("a body over the server's read limit is refused with 413, never a 5xx", async () => {
    expect(await send(kt, "POST", "/namespaces", { name: "x".repeat(2_000_000) }, "a")).toBe(413);
  });
});
