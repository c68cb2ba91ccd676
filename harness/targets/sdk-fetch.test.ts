/**
 * sdk-fetch.ts: the official SDK's requests reach an ApiTarget exactly as the SDK would send them to
 * the network (method, URL with its query string, headers, body), with the target's credentials in
 * place of the SDK's placeholders; a URL outside the target's base URL is refused.
 */
import Cloudflare from "cloudflare";
import { describe, expect, test } from "vitest";
import { createApiTarget } from "./api.ts";
import { pathBelow, targetFetch } from "./sdk-fetch.ts";

const BASE = "http://127.0.0.1:9/client/v4";
const creds = {
  account_id: "acc",
  zone_id: "zid",
  zone_name: "example.com",
  api_token: "the-token",
  auth_email: "user@example.com",
  auth_key: "the-key",
};

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function recorder() {
  const seen: Seen[] = [];
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers));
    seen.push({ method: init.method ?? "GET", url: new URL(url).href, headers, body: init.body });
    return Response.json({ success: true, errors: [], messages: [], result: { id: "r1" } });
  };
  return { seen, send };
}

/** The same calls, through the SDK's records resource and its generic client. */
async function calls(client: Cloudflare): Promise<void> {
  const zone_id = creds.zone_id;
  const body = { type: "A" as const, name: "www", content: "192.0.2.1", ttl: 3600 as const, tags: ["a:b"] };
  await client.dns.records.create({ zone_id, include_shadow_metadata: true, ...body }).asResponse();
  await client.dns.records
    .list({ zone_id, name: { endswith: ".sub.example.com" }, tag: { present: "x" }, per_page: 3, page: 2 })
    .asResponse();
  await client.dns.records.edit("r1", { zone_id, ...body }).asResponse();
  await client.dns.records.update("r1", { zone_id, ...body }).asResponse();
  await client.dns.records.get("r1", { zone_id }).asResponse();
  await client.dns.records.batch({ zone_id, deletes: [{ id: "r1" }], posts: [body] }).asResponse();
  await client.dns.records.delete("r1", { zone_id }).asResponse();
}

describe("the SDK through an ApiTarget", () => {
  for (const scheme of ["key", "token"] as const) {
    test(`sends what the SDK itself sends, with the target's credentials (${scheme})`, async () => {
      const direct = recorder();
      const reference = new Cloudflare({
        baseURL: BASE,
        maxRetries: 0,
        userServiceKey: null,
        fetch: (url, init) => direct.send(String(url), init),
        ...(scheme === "key"
          ? { apiEmail: creds.auth_email, apiKey: creds.auth_key, apiToken: null }
          : { apiToken: creds.api_token, apiEmail: null, apiKey: null }),
      });
      const via = recorder();
      const api = createApiTarget({ baseUrl: BASE, primary: creds, send: via.send });
      const through = new Cloudflare({
        baseURL: api.baseUrl,
        maxRetries: 0,
        userServiceKey: null,
        fetch: targetFetch(api, scheme),
        ...(scheme === "key"
          ? { apiEmail: "placeholder@example.invalid", apiKey: "placeholder", apiToken: null }
          : { apiToken: "placeholder", apiEmail: null, apiKey: null }),
      });
      await calls(reference);
      await calls(through);
      await reference.post("/accounts/acc/rules", { body: { mode: "enabled" }, query: { a: "1" } }).asResponse();
      await through.post("/accounts/acc/rules", { body: { mode: "enabled" }, query: { a: "1" } }).asResponse();
      expect(via.seen).toHaveLength(8);
      expect(via.seen).toEqual(direct.seen);
      const text = JSON.stringify(via.seen);
      expect(text).not.toContain("placeholder");
      expect(via.seen[1]?.url).toBe(
        `${BASE}/zones/zid/dns_records?name.endswith=.sub.example.com&tag.present=x&per_page=3&page=2`,
      );
      expect(via.seen[0]?.headers["content-type"]).toBe("application/json");
      if (scheme === "key") expect(via.seen[0]?.headers["x-auth-key"]).toBe("the-key");
      else expect(via.seen[0]?.headers.authorization).toBe("Bearer the-token");
    });
  }

  test("a URL outside the target's base URL is refused, nothing sent", async () => {
    const via = recorder();
    const api = createApiTarget({ baseUrl: BASE, primary: creds, send: via.send });
    const client = new Cloudflare({
      baseURL: api.baseUrl,
      maxRetries: 0,
      apiToken: "placeholder",
      apiEmail: null,
      apiKey: null,
      userServiceKey: null,
      fetch: targetFetch(api, "token"),
    });
    await expect(client.get("http://elsewhere.example/client/v4/zones").asResponse()).rejects.toBeInstanceOf(
      Cloudflare.APIConnectionError,
    );
    expect(via.seen).toEqual([]);
  });

  test("a Request handed over keeps its method, headers and body (init over them), with the target's credentials", async () => {
    const via = recorder();
    const api = createApiTarget({ baseUrl: BASE, primary: creds, send: via.send });
    const f = targetFetch(api, "key");
    const request = new Request(`${BASE}/zones/zid/dns_records?a=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-key": "placeholder", "x-extra": "1" },
      body: '{"type":"A"}',
    });
    await f(request);
    await f(new Request(`${BASE}/zones/zid/dns_records/r1`, { method: "DELETE" }), { headers: { "x-extra": "2" } });
    expect(via.seen).toHaveLength(2);
    const [post, del] = via.seen;
    expect(post).toMatchObject({ method: "POST", url: `${BASE}/zones/zid/dns_records?a=1` });
    expect(new TextDecoder().decode(post!.body as ArrayBuffer)).toBe('{"type":"A"}');
    expect(post!.headers).toMatchObject({
      "content-type": "application/json",
      "x-extra": "1",
      "x-auth-key": "the-key",
    });
    expect(del).toMatchObject({ method: "DELETE", url: `${BASE}/zones/zid/dns_records/r1`, body: undefined });
    expect(del!.headers["x-extra"]).toBe("2");
  });

  test("pathBelow: the path and query below the base URL, or undefined", () => {
    expect(pathBelow(BASE, `${BASE}/zones/z/dns_records?a=1&b=2`)).toBe("/zones/z/dns_records?a=1&b=2");
    expect(pathBelow(`${BASE}/`, `${BASE}/zones`)).toBe("/zones");
    expect(pathBelow("HTTP://LocalHost:80/client/v4", "http://localhost/client/v4/zones")).toBe("/zones");
    expect(pathBelow(BASE, "http://127.0.0.1:9/client/v40/zones")).toBeUndefined();
    expect(pathBelow(BASE, "http://127.0.0.1:10/client/v4/zones")).toBeUndefined();
    expect(pathBelow(BASE, "https://127.0.0.1:9/client/v4/zones")).toBeUndefined();
  });
});
