/**
 * The simulator's choice on one-record endpoints and batch: a query parameter other than
 * include_shadow_metadata is refused (400, 1004 / 9105), nothing changes. No source says what the
 * platform does with one, so the suites do not ask it of targets (docs/choices/dns-records.md).
 */
import { describe, expect, test } from "vitest";
import { createSimulator } from "../index.ts";

describe("dns records: query parameters of one-record endpoints (simulator's choice)", () => {
  test("unknown parameters are refused on GET, POST, PATCH, PUT, DELETE and batch (9105); nothing changes", async () => {
    const sim = createSimulator({ seed: 3 });
    const c = sim.credentials;
    const base = `http://sim.local/client/v4/zones/${c.zone_id}/dns_records`;
    const headers = { authorization: `Bearer ${c.api_token}`, "content-type": "application/json" };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await sim.fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const made = await call("POST", base, { type: "A", name: "qp", content: "198.51.100.80" });
    expect(made.status).toBe(200);
    const id = (made.json.result as { id: string }).id;
    const before = JSON.stringify(sim.control.snapshot());
    const body = { type: "A", name: "qp2", content: "198.51.100.81" };
    for (const q of ["foo=1", "per_page=5"]) {
      for (const [method, url, b] of [
        ["GET", `${base}/${id}?${q}`, undefined],
        ["POST", `${base}?${q}`, body],
        ["PATCH", `${base}/${id}?${q}`, { content: "198.51.100.82" }],
        ["PUT", `${base}/${id}?${q}`, body],
        ["DELETE", `${base}/${id}?${q}`, undefined],
        ["POST", `${base}/batch?${q}`, { posts: [body] }],
      ] as const) {
        const out = await call(method, url, b);
        expect([method, url, out.status, out.json.errors]).toEqual([
          method,
          url,
          400,
          [expect.objectContaining({ code: 1004, error_chain: [expect.objectContaining({ code: 9105 })] })],
        ]);
      }
    }
    expect(JSON.stringify(sim.control.snapshot())).toBe(before);
    expect((await call("GET", `${base}/${id}`)).status).toBe(200);
  });
});
