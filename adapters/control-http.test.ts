/**
 * The control surface over real HTTP: `edgeconf serve` forwards `/__edgeconf` requests that carry its
 * control token to the simulator, so the routes work on its server with any HTTP client.
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
    const control = (path: string, init: RequestInit = {}) =>
      fetch(`${origin}/__edgeconf${path}`, {
        ...init,
        headers: { authorization: `Bearer ${served.info.control_token}` },
      });
    const snapshot = await (await control("/snapshot")).text();
    expect((await control("/reset", { method: "POST" })).status).toBe(200);
    const count = async () =>
      ((await (await fetch(records, { headers: auth })).json()) as { result: unknown[] }).result.length;
    expect(await count()).toBe(0);
    expect((await control("/snapshot", { method: "PUT", body: snapshot })).status).toBe(200);
    expect(await count()).toBe(1);

    const clock = await control("/clock", {
      method: "POST",
      body: JSON.stringify({ advance: 1000 }),
    });
    expect(((await clock.json()) as { iso: string }).iso).toBe("2025-01-01T00:00:01.000Z");

    await control("/faults", {
      method: "PUT",
      body: JSON.stringify([{ operation: "dns-records.list", error: { status: 503 }, times: 1 }]),
    });
    expect((await fetch(records, { headers: auth })).status).toBe(503);
    expect((await fetch(records, { headers: auth })).status).toBe(200);
    const bad = await control("/faults", { method: "POST", body: "{}" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/"operation" must be a string/);
  });
});
