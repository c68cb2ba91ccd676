import http from "node:http";
import net from "node:net";
import { describe, expect, test } from "vitest";
import { createSimulator } from "../../sim/index.ts";
import { createApiTarget, createHttpApiTarget, createSimApiTarget } from "./api.ts";
import { createHttpTarget } from "./http.ts";

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

  test("the http target's second tenant comes from EDGECONF_SECOND_*, all of them, and gives capability tenants", async () => {
    const primary = {
      CLOUDFLARE_ACCOUNT_ID: "a",
      CLOUDFLARE_ZONE_ID: "z",
      CLOUDFLARE_EMAIL: "e@x.io",
      CLOUDFLARE_API_KEY: "k",
    };
    const second = {
      EDGECONF_SECOND_ACCOUNT_ID: "a2",
      EDGECONF_SECOND_ZONE_ID: "z2",
      EDGECONF_SECOND_ZONE_NAME: "n2",
      EDGECONF_SECOND_API_TOKEN: "t2",
      EDGECONF_SECOND_EMAIL: "e2@x.io",
      EDGECONF_SECOND_API_KEY: "k2",
    };
    const base = { EDGECONF_BASE_URL: "http://127.0.0.1:9/client/v4", ...primary };
    const full = await createHttpTarget({ ...base, ...second });
    expect(full.capabilities.has("tenants")).toBe(true);
    expect(full.api?.otherTenant).toEqual({ account_id: "a2", zone_id: "z2", zone_name: "n2" });
    const { EDGECONF_SECOND_API_KEY: _, ...partial } = second;
    for (const env of [base, { ...base, ...partial }]) {
      const t = await createHttpTarget(env);
      expect(t.capabilities.has("tenants")).toBe(false);
      expect(t.api?.otherTenant).toBeUndefined();
    }
    // Over the network, "other-key" and "other-token" send the second tenant's secrets.
    const seen: http.IncomingHttpHeaders[] = [];
    const echo = http.createServer((req, res) => {
      seen.push(req.headers);
      res.end("{}");
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(echo.address() as net.AddressInfo).port}/client/v4`;
      const api = (await createHttpTarget({ ...base, ...second, EDGECONF_BASE_URL: url })).api;
      await api?.fetch("/zones/z2/dns_records", { auth: "other-key" });
      await api?.fetch("/accounts/a2/x", { auth: "other-token" });
    } finally {
      echo.close();
    }
    expect(seen.map((h) => [h["x-auth-email"], h["x-auth-key"], h.authorization])).toEqual([
      ["e2@x.io", "k2", undefined],
      [undefined, undefined, "Bearer t2"],
    ]);
  });
});
