import { describe, expect, test } from "vitest";
import { createCore } from "../core/context.ts";
import { createHandler } from "./handler.ts";
import { createRouter } from "./router.ts";
import { tenantsOf } from "./tenants.ts";
import type { ApiRoute } from "./types.ts";

const core = createCore({ seed: 7 });
const tenants = tenantsOf(core);
const me = tenants[0]!;
const other = tenants[1]!;
const echo: ApiRoute = {
  method: "POST",
  path: "/accounts/:account_id/echo",
  body: "json",
  handle: (req) => ({ result: { body: req.body, scheme: req.principal.scheme } }),
};
const boom: ApiRoute = {
  method: "GET",
  path: "/accounts/:account_id/boom",
  handle: () => {
    throw new TypeError("bug");
  },
};
const handle = createHandler({ core, router: createRouter([echo, boom]), tenants, bodyLimit: 64 });
const base = "http://sim.local/client/v4";
const bearer = { authorization: `Bearer ${me.api_token}`, "content-type": "application/json" };

async function call(path: string, init: RequestInit = {}) {
  const res = await handle(new Request(`${base}${path}`, init));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("v4 transport", () => {
  test("routes, authenticates and wraps the result in the envelope", async () => {
    const r = await call(`/accounts/${me.account_id}/echo`, { method: "POST", headers: bearer, body: '{"a":1}' });
    expect(r).toEqual({
      status: 200,
      body: { result: { body: { a: 1 }, scheme: "token" }, success: true, errors: [], messages: [] },
    });
  });
  test("email + key is accepted on the same route", async () => {
    const headers = { "x-auth-email": me.auth_email, "x-auth-key": me.auth_key, "content-type": "application/json" };
    const r = await call(`/accounts/${me.account_id}/echo`, { method: "POST", headers, body: "{}" });
    expect(r.body.result).toEqual({ body: {}, scheme: "key" });
  });
  test("unknown route, wrong method and malformed id are 400/7003+7000", async () => {
    for (const [path, method] of [
      ["/nope", "GET"],
      [`/accounts/${me.account_id}/echo`, "GET"],
      ["/accounts/XYZ/echo", "POST"],
    ] as const) {
      const r = await call(path, { method, headers: bearer });
      expect(r.status).toBe(400);
      expect((r.body.errors as { code: number }[]).map((e) => e.code)).toEqual([7003, 7000]);
    }
  });
  test("auth errors: missing 9106, malformed 6003/6111, unknown 10000, other tenant 9109", async () => {
    const path = `/accounts/${me.account_id}/echo`;
    const codes = async (headers: Record<string, string>) => {
      const r = await call(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
      const errs = r.body.errors as { code: number; error_chain?: { code: number }[] }[];
      return [r.status, errs[0]?.code, errs[0]?.error_chain?.map((c) => c.code)];
    };
    expect(await codes({})).toEqual([400, 9106, undefined]);
    expect(await codes({ authorization: "Token x" })).toEqual([400, 6003, [6111]]);
    expect(await codes({ "x-auth-key": "k e y" })).toEqual([400, 6003, [6102, 6103]]);
    expect(await codes({ authorization: "Bearer abcdef" })).toEqual([403, 10000, undefined]);
    expect(await codes({ authorization: `Bearer ${other.api_token}` })).toEqual([403, 9109, undefined]);
  });
  test("body errors: content type 6003/6105, malformed JSON 6007, too large 413", async () => {
    const path = `/accounts/${me.account_id}/echo`;
    const auth = { authorization: `Bearer ${me.api_token}` };
    const r1 = await call(path, { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "{}" });
    expect([r1.status, (r1.body.errors as { code: number }[])[0]?.code]).toEqual([400, 6003]);
    const r2 = await call(path, { method: "POST", headers: bearer, body: "{" });
    expect([r2.status, (r2.body.errors as { code: number }[])[0]?.code]).toEqual([400, 6007]);
    const r3 = await call(path, { method: "POST", headers: bearer, body: `"${"x".repeat(100)}"` });
    expect(r3.status).toBe(413);
    const r4 = await call(path, { method: "POST", headers: bearer, body: new Uint8Array([0x22, 0xff, 0x22]) });
    expect([r4.status, (r4.body.errors as { code: number }[])[0]?.code]).toEqual([400, 6007]);
  });
  test("a route that throws gives 400, never 5xx", async () => {
    const r = await call(`/accounts/${me.account_id}/boom`, { headers: bearer });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
  });
  test("tenants are deterministic and distinct", () => {
    expect(tenantsOf(createCore({ seed: 7 }))).toEqual(tenants);
    expect(other.account_id).not.toBe(me.account_id);
    expect(other.api_token).not.toBe(me.api_token);
  });
});
