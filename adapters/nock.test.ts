import https from "node:https";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createSimulator, type Simulator } from "../sim/index.ts";
import { bodyFromNock, interceptWithNock, PLATFORM_KT_HOST } from "./nock.ts";
import { sdkWithKey } from "./sdk-client.test-support.ts";

let sim: Simulator;
let stop: (() => void) | undefined;

beforeEach(() => {
  sim = createSimulator({ seed: 12 });
});
afterEach(() => {
  stop?.();
  stop = undefined;
});

/** A small node:https client, as code under test might have. */
function httpsJson(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      url,
      { method, headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

describe("interceptWithNock", () => {
  test("node:https creates, lists and deletes DNS records in the simulator", async () => {
    stop = interceptWithNock(sim);
    const { zone_id, auth_email, auth_key, zone_name } = sim.credentials;
    const auth = { "x-auth-email": auth_email, "x-auth-key": auth_key };
    const base = `https://api.cloudflare.com/client/v4/zones/${zone_id}/dns_records`;
    const created = await httpsJson("POST", base, auth, {
      type: "AAAA",
      name: "v6",
      content: "2001:db8::0:1",
      ttl: 300,
    });
    expect(created.status).toBe(200);
    const rec = (created.json as { result: { id: string; content: string; name: string } }).result;
    expect(rec).toMatchObject({ content: "2001:db8::1", name: `v6.${zone_name}` });
    const listed = await httpsJson("GET", base, auth);
    expect((listed.json as { result: unknown[] }).result).toHaveLength(1);
    const deleted = await httpsJson("DELETE", `${base}/${rec.id}`, auth);
    expect(deleted.json).toMatchObject({ success: true, result: { id: rec.id } });
    const after = await httpsJson("GET", base, auth);
    expect((after.json as { result: unknown[] }).result).toEqual([]);
    const bad = await httpsJson("POST", base, auth, { type: "A", name: "x", content: "1.1", ttl: 300 });
    expect(bad.status).toBe(400);
  });

  test("the cloudflare SDK (global fetch) is answered too", async () => {
    stop = interceptWithNock(sim);
    const cf = sdkWithKey(sim);
    const zone_id = sim.credentials.zone_id;
    const r = await cf.dns.records.create({ zone_id, type: "CNAME", name: "alias", content: "example.net", ttl: 1 });
    const ids: string[] = [];
    for await (const x of cf.dns.records.list({ zone_id })) ids.push(x.id);
    expect(ids).toEqual([r.id]);
    await cf.dns.records.delete(r.id, { zone_id });
    const left: string[] = [];
    for await (const x of cf.dns.records.list({ zone_id })) left.push(x.id);
    expect(left).toEqual([]);
  });

  test("kt host with a client identity; extra hosts; cleanup removes only its interceptors", async () => {
    stop = interceptWithNock(sim, { clientIdentity: "op", hosts: ["kt.local.test:8443"] });
    const ns = { name: "n1", public: true, root: `3/${"0f".repeat(32)}`, signature_version: 2 };
    const made = await httpsJson("POST", `https://${PLATFORM_KT_HOST}/namespaces`, {}, ns);
    expect(made.status).toBe(200);
    const viaExtra = await httpsJson("GET", "https://kt.local.test:8443/namespaces", {});
    expect((viaExtra.json as { namespaces: { name: string }[] }).namespaces.map((n) => n.name)).toEqual(["n1"]);
    const other = nock("https://unrelated.test").get("/").reply(200, { ok: 1 });
    stop();
    stop = undefined;
    expect(other.isDone()).toBe(false);
    expect(nock.activeMocks()).toEqual(["GET https://unrelated.test:443/"]);
    nock.cleanAll();
  });

  test("disableNetConnect refuses other hosts while active", async () => {
    stop = interceptWithNock(sim, { disableNetConnect: true });
    await expect(httpsJson("GET", "https://not-served.test/", {})).rejects.toThrow(/Disallowed net connect|not-served/);
    stop();
    stop = undefined;
  });

  test("bodyFromNock rebuilds JSON, text and non-UTF-8 bytes", () => {
    const json = bodyFromNock({ a: 1 }, { "content-type": "application/json" });
    expect(new TextDecoder().decode(json)).toBe('{"a":1}');
    expect(new TextDecoder().decode(bodyFromNock("abc", { "content-type": "text/plain" }))).toBe("abc");
    expect([...bodyFromNock("ff00", { "content-type": "application/octet-stream" })!]).toEqual([255, 0]);
    expect(new TextDecoder().decode(bodyFromNock("6869", {}))).toBe("6869");
    expect(bodyFromNock("", {})).toBeUndefined();
  });
});
