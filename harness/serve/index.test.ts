import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Served, startServe } from "./index.ts";

let served: Served;
beforeAll(async () => {
  served = await startServe({ seed: 5 });
});
afterAll(async () => {
  await served.close();
});

const rulesPath = () =>
  `${served.base_url}/accounts/${served.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;

function rawExchange(port: number, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(payload));
    let out = "";
    socket.on("data", (d) => {
      out += d.toString("latin1");
    });
    socket.on("end", () => resolve(out));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
    setTimeout(() => socket.end(), 1000);
  });
}

describe("startServe", () => {
  test("prints the values of the JSON line, deterministic per seed", async () => {
    expect(served.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    expect(served.account_id).toBe(served.sim.credentials.account_id);
    expect(served.second_tenant.account_id).not.toBe(served.account_id);
    const again = await startServe({ seed: 5 });
    try {
      expect(again.api_token).toBe(served.api_token);
      expect(again.second_tenant).toEqual(served.second_tenant);
    } finally {
      await again.close();
    }
  });

  test("forwards requests to sim.fetch over HTTP, with the envelope", async () => {
    const res = await fetch(rulesPath(), { headers: { authorization: `Bearer ${served.api_token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, result: [] });
  });

  test("keep-alive survives a refused oversized body", async () => {
    const big = await fetch(rulesPath(), {
      method: "POST",
      headers: { authorization: `Bearer ${served.api_token}`, "content-type": "application/json" },
      body: "x".repeat(3 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    await big.arrayBuffer();
    const next = await fetch(rulesPath(), { headers: { authorization: `Bearer ${served.api_token}` } });
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });

  test("a chunked body without Content-Length is read through the stream path", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"scope":"global","name":"global","mode":"enabled",'));
        c.enqueue(
          new TextEncoder().encode('"profile_sensitivity":"low","rate_sensitivity":"low","burst_sensitivity":"low"}'),
        );
        c.close();
      },
    });
    const res = await fetch(rulesPath(), {
      method: "POST",
      headers: { authorization: `Bearer ${served.api_token}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { name: string } }).result.name).toBe("global");
  });

  test("garbage on the socket gets 400, never 5xx", async () => {
    const port = Number(new URL(served.base_url).port);
    const out = await rawExchange(port, "\u0001\u0002 nonsense\r\n\r\n");
    expect(out).toMatch(/^HTTP\/1\.1 400/);
    const weird = await rawExchange(port, "BREW /client/v4/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    expect(weird).toMatch(/^HTTP\/1\.1 4\d\d/);
  });
});
