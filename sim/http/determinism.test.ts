import { expect, test } from "vitest";
import { createSimulator } from "../index.ts";

async function session(seed: number): Promise<string[]> {
  const sim = createSimulator({ seed });
  const api = sim.areas.api;
  const c = sim.credentials;
  const base = `https://api.cloudflare.com/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
  const headers = { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" };
  const out: string[] = [];
  const body = {
    scope: "datacenter",
    name: "lax",
    mode: "enabled",
    profile_sensitivity: "low",
    rate_sensitivity: "low",
    burst_sensitivity: "low",
  };
  for (let i = 0; i < 3; i++) {
    const res = await api.handle(new Request(base, { method: "POST", headers, body: JSON.stringify(body) }));
    const text = await res.text();
    out.push(text);
    sim.clock.advance(1234);
    const id = (JSON.parse(text) as { result: { id: string } }).result.id;
    out.push(
      await (
        await api.handle(new Request(`${base}/${id}`, { method: "PATCH", headers, body: '{"mode":"disabled"}' }))
      ).text(),
    );
  }
  out.push(await (await api.handle(new Request(base, { headers }))).text());
  return out;
}

test("same seed, same calls: byte-identical responses; another seed differs", async () => {
  const a = await session(42);
  expect(await session(42)).toEqual(a);
  expect(await session(43)).not.toEqual(a);
  expect(a[0]).toMatch(/"created_on":"2025-01-01T00:00:00\.\d{6}\+00:00"/);
});

test("snapshot, mutate, restore gives back the state", async () => {
  const sim = createSimulator({ seed: 1 });
  const api = sim.areas.api;
  const c = sim.credentials;
  const base = `https://x/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
  const headers = { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" };
  const body = JSON.stringify({
    scope: "global",
    name: "global",
    mode: "enabled",
    profile_sensitivity: "low",
    rate_sensitivity: "low",
    burst_sensitivity: "low",
  });
  await api.handle(new Request(base, { method: "POST", headers, body }));
  const list = async () => (await api.handle(new Request(base, { headers }))).text();
  const before = await list();
  const snap = api.snapshot();
  await api.handle(new Request(base, { method: "POST", headers, body }));
  expect(await list()).not.toBe(before);
  api.restore(snap);
  expect(await list()).toBe(before);
  api.reset();
  expect(JSON.parse(await list()).result).toEqual([]);
});
