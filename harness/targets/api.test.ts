import net from "node:net";
import { describe, expect, test } from "vitest";
import { createSimulator } from "../../sim/index.ts";
import { createApiTarget, createHttpApiTarget, createSimApiTarget } from "./api.ts";

describe("ApiTarget", () => {
  test("sends the scheme of the path's area, or the one asked for", async () => {
    const seen: Record<string, string | null>[] = [];
    const target = createApiTarget({
      baseUrl: "http://x/client/v4/",
      primary: { account_id: "a", zone_id: "z", zone_name: "n", api_token: "t", auth_email: "e@x.io", auth_key: "k" },
      other: {
        account_id: "a2",
        zone_id: "z2",
        zone_name: "n2",
        api_token: "t2",
        auth_email: "e2@x.io",
        auth_key: "k2",
      },
      send: async (url, init) => {
        const h = new Headers(init.headers);
        seen.push({ url, auth: h.get("authorization"), email: h.get("x-auth-email"), key: h.get("x-auth-key") });
        return new Response("{}");
      },
    });
    await target.fetch("/accounts/a/x");
    await target.fetch("/zones/z/dns_records");
    await target.fetch("/zones/z/dns_records", { auth: "token" });
    await target.fetch("/accounts/a/x", { auth: "other-key" });
    await target.fetch("/accounts/a/x", { auth: "none" });
    await target.fetch("/accounts/a/x", { auth: { headers: { authorization: "junk" } } });
    expect(seen).toEqual([
      { url: "http://x/client/v4/accounts/a/x", auth: "Bearer t", email: null, key: null },
      { url: "http://x/client/v4/zones/z/dns_records", auth: null, email: "e@x.io", key: "k" },
      { url: "http://x/client/v4/zones/z/dns_records", auth: "Bearer t", email: null, key: null },
      { url: "http://x/client/v4/accounts/a/x", auth: null, email: "e2@x.io", key: "k2" },
      { url: "http://x/client/v4/accounts/a/x", auth: null, email: null, key: null },
      { url: "http://x/client/v4/accounts/a/x", auth: "junk", email: null, key: null },
    ]);
    expect(target.otherTenant).toEqual({ account_id: "a2", zone_id: "z2", zone_name: "n2" });
  });

  test("the sim target reaches the simulator with its second tenant", async () => {
    const sim = createSimulator({ seed: 2 });
    const api = createSimApiTarget(sim);
    expect(api.credentials.account_id).toBe(sim.credentials.account_id);
    expect(api.otherTenant?.account_id).toBe(sim.areas.api.tenants[1]?.account_id);
    expect([...api.schemes].sort()).toEqual(["key", "token"]);
  });

  test("the http target gives up after its per-request timeout", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const api = createHttpApiTarget(
        `http://127.0.0.1:${port}/client/v4`,
        { CLOUDFLARE_API_TOKEN: "t" },
        { timeoutMs: 300 },
      );
      // Without the timeout this would hang until the test's own 10 s limit.
      await expect(api.fetch("/accounts/a/x")).rejects.toThrow();
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  }, 10_000);
});
