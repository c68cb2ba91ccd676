/**
 * The control surface over real HTTP: `edgeconf serve` forwards every request to sim.fetch, so the
 * `/__edgeconf` routes work on its server with any HTTP client.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Served, startServe } from "../harness/serve/index.ts";

let served: Served;
beforeAll(async () => {
  served = await startServe({ seed: 21 });
});
afterAll(async () => {
  await served.close();
});

describe("/__edgeconf over HTTP", () => {
  test("snapshot, reset, restore, clock and faults through a real server", async () => {
    const origin = new URL(served.info.base_url).origin;
    const { zone_id, auth_email, auth_key } = served.info;
    const records = `${served.info.base_url}/zones/${zone_id}/dns_records`;
    const auth = { "x-auth-email": auth_email, "x-auth-key": auth_key };
    const made = await fetch(records, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.3", ttl: 300 }),
    });
    expect(made.status).toBe(200);
    const snapshot = await (await fetch(`${origin}/__edgeconf/snapshot`)).text();
    expect((await fetch(`${origin}/__edgeconf/reset`, { method: "POST" })).status).toBe(200);
    const count = async () =>
      ((await (await fetch(records, { headers: auth })).json()) as { result: unknown[] }).result.length;
    expect(await count()).toBe(0);
    expect((await fetch(`${origin}/__edgeconf/snapshot`, { method: "PUT", body: snapshot })).status).toBe(200);
    expect(await count()).toBe(1);

    const clock = await fetch(`${origin}/__edgeconf/clock`, {
      method: "POST",
      body: JSON.stringify({ advance: 1000 }),
    });
    expect(((await clock.json()) as { iso: string }).iso).toBe("2025-01-01T00:00:01.000Z");

    await fetch(`${origin}/__edgeconf/faults`, {
      method: "PUT",
      body: JSON.stringify([{ operation: "dns-records.list", error: { status: 503 }, times: 1 }]),
    });
    expect((await fetch(records, { headers: auth })).status).toBe(503);
    expect((await fetch(records, { headers: auth })).status).toBe(200);
    const bad = await fetch(`${origin}/__edgeconf/faults`, { method: "POST", body: "{}" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/"operation" must be a string/);
  });
});
