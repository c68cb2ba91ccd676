import { describe, expect, test } from "vitest";
import { createCore } from "../core/context.ts";
import { createKtArea } from "./index.ts";
import { isJsonContentType, MAX_BODY_BYTES, matchRoute } from "./routes.ts";

const BASE = "https://kt.test";
const D1 = "11".repeat(32);

function area(seed = 1) {
  const core = createCore({ seed });
  const kt = createKtArea(core);
  const call = async (method: string, path: string, body?: unknown, who?: string, contentType = "application/json") => {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      init.headers = { "content-type": contentType };
    }
    const res = await kt.handle(new Request(BASE + path, init), who === undefined ? {} : { clientIdentity: who });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  return { core, kt, call };
}

const reg = { name: "ns.example", public: true, root: `1/${D1}`, signature_version: 1 };

describe("matchRoute", () => {
  test("paths of the service", () => {
    expect(matchRoute("/info")).toEqual({ kind: "info" });
    expect(matchRoute("/namespaces")).toEqual({ kind: "namespaces" });
    expect(matchRoute("/namespaces/a.b")).toEqual({ kind: "namespace", name: "a.b" });
    expect(matchRoute("/namespaces/a/audits")).toEqual({ kind: "audits", name: "a" });
    expect(matchRoute("/namespaces/a/audits/3")).toEqual({ kind: "audit", name: "a", epoch: "3" });
    expect(matchRoute("/namespaces/a/last-verified-epoch")).toEqual({ kind: "last-verified", name: "a" });
    for (const p of ["/", "/namespaces/", "/namespaces//audits", "/namespaces/a/x", "/namespaces/%E0%A4%A", "/x"]) {
      expect(matchRoute(p)).toBeUndefined();
    }
  });
  test("content type: application/json with parameters, any case", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});

describe("handle", () => {
  test("transport errors: 404 route, 405 with Allow, 401 before anything on writes", async () => {
    const { call } = area();
    expect((await call("GET", "/nope")).status).toBe(404);
    const r405 = await call("DELETE", "/namespaces/x");
    expect(r405.status).toBe(405);
    expect(r405.headers.get("allow")).toBe("GET, PATCH");
    expect((await call("POST", "/namespaces", reg)).status).toBe(401);
    expect((await call("PATCH", "/namespaces/missing", { status: "Disabled" })).status).toBe(401);
    expect((await call("PATCH", "/namespaces/missing", { status: "Disabled" }, "a")).status).toBe(404);
  });

  test("body errors: 415, 413, 400 for bad JSON, all with a JSON error body", async () => {
    const { call } = area();
    for (const [res, status] of [
      [await call("POST", "/namespaces", reg, "a", "text/plain"), 415],
      [await call("POST", "/namespaces", "x".repeat(MAX_BODY_BYTES + 1), "a"), 413],
      [await call("POST", "/namespaces", "{", "a"), 400],
      [await call("POST", "/namespaces", "", "a"), 400],
    ] as const) {
      expect(res.status).toBe(status);
      expect(JSON.parse(res.text)).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect(JSON.parse((await call("GET", "/namespaces")).text)).toEqual({ namespaces: [] });
  });

  test("the namespace body has the platform's field order", async () => {
    const { call } = area();
    const res = await call("POST", "/namespaces", reg, "a");
    expect(res.status).toBe(200);
    expect(Object.keys(JSON.parse(res.text))).toEqual([
      "name",
      "log_directory",
      "root",
      "status",
      "reports_uri",
      "audits_uri",
      "signature_version",
      "ciphersuite",
    ]);
    await call("POST", "/namespaces/ns.example/audits", { epoch: 1, digest: D1 }, "a");
    const after = JSON.parse((await call("GET", "/namespaces/ns.example")).text);
    expect(Object.keys(after)[3]).toBe("last_verified_epoch");
    expect(after.last_verified_epoch).toBe(1);
  });

  test("the same seed and the same calls give byte-identical bodies; another seed another key", async () => {
    const run = async (seed: number) => {
      const { call, core } = area(seed);
      const out: string[] = [];
      out.push((await call("POST", "/namespaces", reg, "a")).text);
      core.clock.advance(5000);
      out.push((await call("POST", "/namespaces/ns.example/audits", { epoch: 1, digest: D1 }, "a")).text);
      out.push((await call("GET", "/namespaces/ns.example/last-verified-epoch")).text);
      out.push((await call("GET", "/info")).text);
      return out.join("\n");
    };
    expect(await run(3)).toBe(await run(3));
    expect(await run(3)).not.toBe(await run(4));
  });

  test("bad path values: epoch text 400, unknown epoch 404", async () => {
    const { call } = area();
    await call("POST", "/namespaces", reg, "a");
    expect((await call("GET", "/namespaces/ns.example/audits/1.0")).status).toBe(400);
    expect((await call("GET", "/namespaces/ns.example/audits/18446744073709551616")).status).toBe(400);
    expect((await call("GET", "/namespaces/ns.example/audits/01")).status).toBe(404);
    expect((await call("GET", "/namespaces/ns.example/audits/1")).status).toBe(404);
    expect((await call("GET", "/namespaces/ns.example/last-verified-epoch")).status).toBe(404);
    expect((await call("GET", "/namespaces/missing/audits/1")).status).toBe(404);
  });
});
