/**
 * edgeconf/miniflare: a Worker running inside workerd (Miniflare) reaches the simulator's areas A, B and C
 * with its own outbound fetch, through `outboundService: simulatorOutbound(sim)`; another host is refused
 * with a reason naming it. [A.create.rule] [B.create.endpoint]
 */
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSimulator } from "../sim/index.ts";
import { simulatorOutbound } from "./miniflare.ts";

/** The Worker under test: it calls the platform with the credentials and body its request carries. */
const WORKER = `
export default {
  async fetch(request) {
    const { url, method, headers, body } = await request.json();
    const res = await fetch(url, { method, headers, body });
    return Response.json({ status: res.status, body: await res.text() });
  },
};
`;

const sim = createSimulator({ seed: 12 });
const c = sim.credentials;
let mf: Miniflare;

beforeAll(async () => {
  mf = new Miniflare({
    modules: true,
    script: WORKER,
    compatibilityDate: "2025-01-01",
    cf: false,
    outboundService: simulatorOutbound(sim),
  });
  await mf.ready;
}, 60_000);
afterAll(async () => {
  await mf?.dispose();
});

/** What the Worker got back for the outbound request it was asked to make. */
async function viaWorker(call: { url: string; method?: string; headers?: Record<string, string>; body?: string }) {
  const res = await mf.dispatchFetch("http://worker.test/", { method: "POST", body: JSON.stringify(call) });
  return (await res.json()) as { status: number; body: string };
}

const RULES = `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
const RECORDS = `https://api.cloudflare.com/client/v4/zones/${c.zone_id}/dns_records`;

describe("a Worker inside workerd reaches the simulator through outboundService", () => {
  test("area A: a rule the Worker creates is in the simulator [A.create.rule]", async () => {
    const rule = {
      scope: "global",
      name: "global",
      mode: "enabled",
      profile_sensitivity: "low",
      rate_sensitivity: "low",
      burst_sensitivity: "low",
    };
    const out = await viaWorker({
      url: RULES,
      method: "POST",
      headers: { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" },
      body: JSON.stringify(rule),
    });
    expect(out.status, `POST rules from the Worker: ${out.body}`).toBe(200);
    const id = (JSON.parse(out.body) as { result: { id: string } }).result.id;
    const listed = await sim.fetch(RULES, { headers: { authorization: `Bearer ${c.api_token}` } });
    const ids = ((await listed.json()) as { result: { id: string }[] }).result.map((r) => r.id);
    expect(ids, "rule ids listed by the simulator in-process").toContain(id);
  });

  test("area B: a record the Worker creates is in the simulator, and a bad one gets the platform's error [B.create.endpoint]", async () => {
    const headers = { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" };
    const ok = await viaWorker({
      url: RECORDS,
      method: "POST",
      headers,
      body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.7", ttl: 300 }),
    });
    expect(ok.status, `POST dns_records from the Worker: ${ok.body}`).toBe(200);
    const listed = await sim.fetch(`${RECORDS}?name=www.${c.zone_name}`, { headers });
    const contents = ((await listed.json()) as { result: { content: string }[] }).result.map((r) => r.content);
    expect(contents, "records named www listed by the simulator in-process").toEqual(["192.0.2.7"]);
    const bad = await viaWorker({
      url: RECORDS,
      method: "POST",
      headers,
      body: JSON.stringify({ type: "A", name: "www2", content: "not an address", ttl: 300 }),
    });
    expect(bad.status, "POST a record with a bad address from the Worker: status").toBe(400);
    expect(JSON.parse(bad.body), "POST a record with a bad address: the v4 envelope").toMatchObject({ success: false });
  });

  test("area C and the control surface: the Worker reads namespaces and the simulator's clock", async () => {
    const kt = await viaWorker({ url: "https://plexi.key-transparency.cloudflare.com/namespaces" });
    expect(kt.status, `GET /namespaces from the Worker: ${kt.body}`).toBe(200);
    expect(JSON.parse(kt.body), "GET /namespaces from the Worker: area C's list").toHaveProperty("namespaces");
    const clock = await viaWorker({ url: "https://api.cloudflare.com/__edgeconf/clock" });
    expect(JSON.parse(clock.body).now, "GET /__edgeconf/clock from the Worker: the simulator's time").toBe(
      sim.clock.now(),
    );
  });

  test("another host is refused, naming it", async () => {
    const out = await viaWorker({ url: "https://example.com/" });
    expect(out.status, "GET https://example.com/ from the Worker: status").toBe(500);
    expect(out.body, "GET https://example.com/ from the Worker: the reason").toMatch(
      /example\.com is not a platform host/,
    );
  });
});
