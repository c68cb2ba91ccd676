import Cloudflare from "cloudflare";
import { MockAgent, request, fetch as undiciFetch } from "undici";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { sdkWithKey } from "./sdk-client.test-support.ts";
import { installSimulatorDispatcher, PLATFORM_KT_HOST, simulatorDispatcher } from "./undici.ts";

let sim: Simulator;
let uninstall: (() => Promise<void>) | undefined;

beforeEach(() => {
  sim = createSimulator({ seed: 11 });
});
afterEach(async () => {
  await uninstall?.();
  uninstall = undefined;
});

const recordsUrl = () => `https://api.cloudflare.com/client/v4/zones/${sim.credentials.zone_id}/dns_records`;
const keyHeaders = () => ({ "x-auth-email": sim.credentials.auth_email, "x-auth-key": sim.credentials.auth_key });

describe("simulatorDispatcher", () => {
  test("the official cloudflare SDK at its default base URL creates, lists and deletes DNS records", async () => {
    uninstall = installSimulatorDispatcher(sim);
    const cf = sdkWithKey(sim);
    const zone_id = sim.credentials.zone_id;
    const a = await cf.dns.records.create({ zone_id, type: "A", name: "www", content: "192.0.2.10", ttl: 3600 });
    const b = await cf.dns.records.create({ zone_id, type: "TXT", name: "txt", content: "hello", ttl: 1 });
    expect(a.name).toBe(`www.${sim.credentials.zone_name}`);
    expect(b.content).toBe('"hello"');
    const names: string[] = [];
    for await (const r of cf.dns.records.list({ zone_id })) names.push(r.name);
    expect(names.sort()).toEqual([`txt.${sim.credentials.zone_name}`, `www.${sim.credentials.zone_name}`]);
    expect(await cf.dns.records.delete(a.id, { zone_id })).toEqual({ id: a.id });
    const left: string[] = [];
    for await (const r of cf.dns.records.list({ zone_id })) left.push(r.id);
    expect(left).toEqual([b.id]);
    await expect(cf.dns.records.get(a.id, { zone_id })).rejects.toBeInstanceOf(Cloudflare.NotFoundError);
  });

  test("global fetch, undici fetch and undici request all reach the simulator", async () => {
    uninstall = installSimulatorDispatcher(sim);
    const body = JSON.stringify({ type: "A", name: "@", content: "192.0.2.1", ttl: 120, proxied: false });
    const created = await fetch(recordsUrl(), {
      method: "POST",
      headers: { ...keyHeaders(), "content-type": "application/json" },
      body,
    });
    expect(created.status).toBe(200);
    const viaUndici = await undiciFetch(recordsUrl(), { headers: keyHeaders() });
    expect(((await viaUndici.json()) as { result: unknown[] }).result).toHaveLength(1);
    const viaRequest = await request(recordsUrl(), { headers: keyHeaders() });
    expect(viaRequest.statusCode).toBe(200);
    expect(((await viaRequest.body.json()) as { result: { content: string }[] }).result[0]!.content).toBe("192.0.2.1");
    const unauth = await fetch(recordsUrl());
    expect(unauth.status).toBe(400);
  });

  test("refuses other hosts with an error naming the host and the fix", async () => {
    uninstall = installSimulatorDispatcher(sim);
    const err = await fetch("https://example.org/x").catch((e: unknown) => e as Error & { cause?: Error });
    expect(err).toBeInstanceOf(TypeError);
    expect((err as { cause: Error }).cause.message).toMatch(
      /example\.org is not a platform host.*hosts: \["example\.org"\]/,
    );
    await expect(request("http://127.0.0.1:1/")).rejects.toThrow(/127\.0\.0\.1:1 is not a platform host/);
  });

  test("extra hosts are served; passthrough hands other hosts to the given dispatcher", async () => {
    const upstream = new MockAgent();
    upstream.disableNetConnect();
    upstream.get("https://elsewhere.test").intercept({ path: "/hello" }).reply(200, "from upstream");
    const d = simulatorDispatcher(sim, { hosts: ["api.internal.test:8443"], passthrough: upstream });
    const own = await undiciFetch(
      `https://api.internal.test:8443/client/v4/zones/${sim.credentials.zone_id}/dns_records`,
      {
        headers: keyHeaders(),
        dispatcher: d,
      },
    );
    expect(own.status).toBe(200);
    const other = await undiciFetch("https://elsewhere.test/hello", { dispatcher: d });
    expect(await other.text()).toBe("from upstream");
    await expect(undiciFetch("https://api.internal.test:9999/", { dispatcher: d })).rejects.toThrow(TypeError);
    await d.close();
    await upstream.close();
  });

  test("the key-transparency host reaches area C, with the configured client identity on writes", async () => {
    uninstall = installSimulatorDispatcher(sim, { clientIdentity: "operator-1" });
    const created = await fetch(`https://${PLATFORM_KT_HOST}/namespaces`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "log-a", public: true, root: `1/${"ab".repeat(32)}`, signature_version: 1 }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ name: "log-a", status: "Initialization" });
    const list = (await (await fetch(`https://${PLATFORM_KT_HOST}/namespaces`)).json()) as { namespaces: unknown[] };
    expect(list.namespaces).toHaveLength(1);
  });

  test("control routes and injected faults work through the dispatcher; latency honours abort", async () => {
    const slept: number[] = [];
    const cancelled: number[] = [];
    let entered: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      entered = resolve;
    });
    sim = createSimulator({
      seed: 11,
      sleep: (ms, signal) =>
        new Promise((resolve, reject) => {
          slept.push(ms);
          const cancel = () => {
            cancelled.push(ms);
            reject(signal?.reason);
          };
          if (ms < 1000) return resolve();
          entered();
          if (signal?.aborted) cancel();
          else signal?.addEventListener("abort", cancel);
        }),
    });
    uninstall = installSimulatorDispatcher(sim);
    const add = await fetch("https://api.cloudflare.com/__edgeconf/faults", {
      method: "POST",
      body: JSON.stringify({
        operation: "dns-records.list",
        error: { status: 503, code: 10001 },
        latencyMs: 5,
        times: 1,
      }),
    });
    expect(add.status).toBe(201);
    const failed = await fetch(recordsUrl(), { headers: keyHeaders() });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ success: false, errors: [{ code: 10001 }] });
    expect(slept).toEqual([5]);
    expect((await fetch(recordsUrl(), { headers: keyHeaders() })).status).toBe(200);
    sim.control.faults.add({ operation: "dns-records.*", latencyMs: 60_000 });
    // undici's request() holds its abort listener strongly; fetch() holds it through a WeakRef to the Request, and
    // a garbage collection during the wait can drop it (a known undici behaviour), so fetch is not used here.
    const aborting = new AbortController();
    const pending = request(recordsUrl(), { headers: keyHeaders(), signal: aborting.signal });
    await waiting; // the simulator is waiting out the injected latency: abort now
    aborting.abort(new Error("aborted by the test"));
    await expect(pending).rejects.toThrow(/aborted/i);
    await vi.waitFor(() => expect(cancelled).toEqual([60_000])); // the simulator stopped waiting too
  });
});
