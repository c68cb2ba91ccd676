import { describe, expect, test } from "vitest";
import { createSimulator } from "../index.ts";

function area(seed: number) {
  const sim = createSimulator({ seed });
  const api = sim.areas.api;
  const c = sim.credentials;
  const headers = { "x-auth-email": c.auth_email, "x-auth-key": c.auth_key, "content-type": "application/json" };
  const base = `https://api.example.com/client/v4/zones/${c.zone_id}/dns_records`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.handle(
      new Request(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    );
    return { status: res.status, text: await res.text() };
  };
  return { core: sim, api, call };
}

async function script(seed: number): Promise<string[]> {
  const { call, core } = area(seed);
  const out: string[] = [];
  const a = await call("POST", "", { type: "A", name: "www", content: "9.9.9.9", ttl: 3600, proxied: true });
  out.push(a.text);
  core.clock.advance(1234);
  const id = (JSON.parse(a.text) as { result: { id: string } }).result.id;
  out.push((await call("PATCH", `/${id}`, { ttl: 120, proxied: false })).text);
  out.push((await call("GET", "?per_page=1")).text);
  out.push((await call("POST", "/batch", { posts: [{ type: "TXT", name: "t", content: "x" }] })).text);
  out.push((await call("DELETE", `/${id}`)).text);
  return out;
}

describe("dns-records routes", () => {
  test("same seed and calls give byte-identical responses; another seed gives other ids", async () => {
    const one = await script(5);
    expect(await script(5)).toEqual(one);
    expect((await script(6))[0]).not.toEqual(one[0]);
  });
  test("a malformed record id is 400/7003, an unknown one 404/81044", async () => {
    const { call } = area(1);
    const bad = await call("GET", "/not-an-id");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("7003");
    const unknown = await call("GET", `/${"a".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({
      result: null,
      success: false,
      errors: [{ code: 81044, message: "Record does not exist." }],
      messages: [],
    });
  });
  test("a body that is not an object is a validation error, never a 5xx", async () => {
    const { call } = area(1);
    for (const body of [[], "x", 3, null]) {
      const r = await call("POST", "", body);
      expect(r.status).toBe(400);
    }
  });
  test("snapshot / restore through the area", async () => {
    const { call, api } = area(2);
    await call("POST", "", { type: "TXT", name: "s", content: "x" });
    const snap = api.snapshot();
    api.reset();
    expect(JSON.parse((await call("GET", "")).text).result).toEqual([]);
    api.restore(snap);
    expect(JSON.parse((await call("GET", "")).text).result).toHaveLength(1);
  });
});
