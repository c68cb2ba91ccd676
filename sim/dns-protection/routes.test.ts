import { describe, expect, test } from "vitest";
import { ValidationError } from "../http/errors.ts";
import { createSimulator } from "../index.ts";
import { parseOrder } from "./routes.ts";

const q = (s: string) => new URLSearchParams(s);
/** The error_chain codes parseOrder refuses `s` with, under the top-level 1004 ([] when accepted). */
const chainOf = (s: string): number[] => {
  try {
    parseOrder(q(s));
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    expect(e.errors.map((x) => x.code)).toEqual([1004]);
    return e.errors.flatMap((x) => (x.error_chain ?? []).map((c) => c.code));
  }
};

describe("area A list order", () => {
  test("order=prefix, the OpenAPI's documented default, is the default order", () => {
    expect(parseOrder(q("order=prefix"))).toEqual({ desc: false });
    expect(parseOrder(q("order=prefix&direction=DESC"))).toEqual({ desc: true });
    expect(parseOrder(q(""))).toEqual({ desc: false });
  });
  test("direction: ASC and DESC as documented; lower case accepted too", () => {
    expect(parseOrder(q("order=mode&direction=ASC"))).toEqual({ field: "mode", desc: false });
    expect(parseOrder(q("order=mode&direction=DESC"))).toEqual({ field: "mode", desc: true });
    expect(parseOrder(q("order=mode&direction=asc"))).toEqual({ field: "mode", desc: false });
    expect(parseOrder(q("direction=desc"))).toEqual({ desc: true });
  });
  test("an unknown order or direction, an unknown or repeated parameter: 1004", () => {
    expect(chainOf("order=colour")).toEqual([1203]);
    expect(chainOf("order=PREFIX")).toEqual([1203]);
    expect(chainOf("direction=sideways")).toEqual([1204]);
    expect(chainOf("colour=red")).toEqual([1205]);
    expect(chainOf("order=mode&order=name")).toEqual([1205]);
    expect(chainOf("order=prefix")).toEqual([]);
  });
});

describe("area A list result_info", () => {
  test("exactly the OpenAPI's {count, page, per_page, total_count}: no total_pages", async () => {
    const sim = createSimulator({ seed: 5, sleep: async () => {} });
    const c = sim.credentials;
    const url = `http://sim.local/client/v4/accounts/${c.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
    const headers = { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" };
    const body = JSON.stringify({
      scope: "global",
      name: "global",
      mode: "enabled",
      profile_sensitivity: "low",
      rate_sensitivity: "low",
      burst_sensitivity: "low",
    });
    for (let i = 0; i < 11; i++) expect((await sim.fetch(url, { method: "POST", headers, body })).status).toBe(200);
    const res = await sim.fetch(`${url}?per_page=10&page=2`, { headers });
    const env = (await res.json()) as { result: unknown[]; result_info: Record<string, unknown> };
    expect(env.result).toHaveLength(1);
    expect(env.result_info).toEqual({ page: 2, per_page: 10, count: 1, total_count: 11 });
  });
});
