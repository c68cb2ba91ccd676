import { describe, expect, test } from "vitest";
import { createSimulator, type RawRequest } from "../index.ts";
import { headersFromRaw, normalizeMethod } from "./raw.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const text = (b: string | Uint8Array) => (typeof b === "string" ? b : new TextDecoder().decode(b));

describe("raw requests", () => {
  test("headers follow web Headers: lower-case names, repeats joined, values trimmed, host skipped", () => {
    const h = headersFromRaw(["Host", "x", "X-A", " 1 ", "x-a", "2", "Authorization", "Bearer t"], "host");
    const web = new Headers([
      ["X-A", " 1 "],
      ["x-a", "2"],
      ["Authorization", "Bearer t"],
    ]);
    expect([...h].sort()).toEqual([...web]);
  });

  test("methods normalise as a web Request does, and the same ones are refused", () => {
    for (const m of ["get", "post", "PATCH", "patch", "DELETE", "Options", "PROPFIND"]) {
      expect(normalizeMethod(m)).toBe(new Request("http://x/", { method: m }).method);
    }
    for (const m of ["CONNECT", "trace", "bad method"]) {
      expect(() => normalizeMethod(m)).toThrow(TypeError);
      expect(() => new Request("http://x/", { method: m })).toThrow(TypeError);
    }
  });

  test("sim.handleRaw answers byte for byte as sim.fetch: API, control surface, faults, errors", async () => {
    const viaFetch = createSimulator({ seed: 3, sleep: async () => {} });
    const viaRaw = createSimulator({ seed: 3, sleep: async () => {} });
    const c = viaFetch.credentials;
    const base = "http://sim.local";
    const key = { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" };
    const records = `${base}/client/v4/zones/${c.zone_id}/dns_records`;
    const steps: { method: string; url: string; headers: Record<string, string>; body?: string }[] = [
      { method: "POST", url: records, headers: key, body: '{"type":"A","name":"www","content":"192.0.2.1","ttl":1}' },
      { method: "POST", url: records, headers: key, body: '{"type":"A","name":"www","content":"192.0.2.1","ttl":1}' },
      { method: "POST", url: records, headers: key, body: "{" },
      // Same origin, paths a URL parser rewrites (dot segments, escapes, case of the origin): as sim.fetch reads them.
      { method: "GET", url: `${base}/client/v4/zones/${c.zone_id}/./dns_records`, headers: key },
      { method: "GET", url: `${base}/client/v4/zones/${c.zone_id}/x/../dns_records`, headers: key },
      { method: "GET", url: `${base}/client/v4/zones/${c.zone_id}/dns_record%73`, headers: key },
      { method: "GET", url: `${base}/client/v4/zones/${c.zone_id.toUpperCase()}/dns_records`, headers: key },
      { method: "GET", url: `HTTP://SIM.LOCAL:80/client/v4/zones/${c.zone_id}/dns_records`, headers: key },
      { method: "GET", url: `${base}/client/v4/zones/${c.zone_id}/dns_records#frag`, headers: key },
      { method: "POST", url: records, headers: { ...key, "content-type": "text/plain" }, body: "{}" },
      { method: "GET", url: `${records}?name=www.${c.zone_name}`, headers: key },
      { method: "GET", url: `${base}/client/v4/nope`, headers: {} },
      { method: "GET", url: records, headers: { authorization: "Bearer nope" } },
      {
        method: "POST",
        url: `${base}/__edgeconf/faults`,
        headers: { "content-type": "application/json" },
        body: '{"area":"dns-records","operation":"create","error":{"status":503}}',
      },
      { method: "POST", url: records, headers: key, body: '{"type":"A","name":"x","content":"192.0.2.2","ttl":1}' },
      { method: "GET", url: `${base}/__edgeconf`, headers: {} },
      { method: "DELETE", url: `${base}/__edgeconf/faults`, headers: {} },
      { method: "POST", url: records, headers: key, body: '{"type":"A","name":"x","content":"192.0.2.2","ttl":1}' },
    ];
    for (const s of steps) {
      const init: RequestInit = { method: s.method, headers: s.headers, ...(s.body ? { body: s.body } : {}) };
      const a = await viaFetch.fetch(s.url, init);
      const raw: RawRequest = {
        method: s.method,
        url: s.url,
        headers: new Map(Object.entries(s.headers)),
        ...(s.body ? { body: enc(s.body) } : {}),
      };
      const b = await viaRaw.handleRaw(raw);
      expect({ status: b.status, type: b.headers["content-type"], body: text(b.body) }).toEqual({
        status: a.status,
        type: a.headers.get("content-type"),
        body: await a.text(),
      });
    }
    expect(viaRaw.control.exportSnapshot()).toBe(viaFetch.control.exportSnapshot());
  });
});
