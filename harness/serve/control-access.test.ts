/**
 * The control surface of `edgeconf serve` over the network: only with the control token, a loopback
 * Host and no cross-site Origin, never on area C's mTLS port; every refused request leaves the
 * simulator byte-identical (its snapshot text, clock and fault rules compared before and after).
 */

import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_TIME_MS } from "../../sim/core/clock.ts";
import { type Served, startServe } from "./index.ts";

let served: Served;
let apiPort: number;
beforeAll(async () => {
  served = await startServe({ seed: 31 });
  apiPort = Number(new URL(served.base_url).port);
  // Some state to protect: a record and a rule.
  const res = await call(apiPort, {
    method: "POST",
    path: `/client/v4/zones/${served.zone_id}/dns_records`,
    headers: {
      "x-auth-email": served.auth_email,
      "x-auth-key": served.auth_key,
      "content-type": "application/json",
    },
    body: JSON.stringify({ type: "A", name: "www", content: "192.0.2.1", ttl: 300 }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await served.close();
});

interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function collect(res: http.IncomingMessage, resolve: (a: Answer) => void): void {
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (d: string) => {
    text += d;
  });
  res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
}

/** One request with exactly these headers (node:http lets a test set Host and Origin). */
function call(port: number, c: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: c.method ?? "GET", path: c.path, headers: c.headers ?? {}, agent: false },
      (res) => collect(res, resolve),
    );
    req.on("error", reject);
    req.end(c.body);
  });
}

function callKt(c: Call): Promise<Answer> {
  const url = new URL(served.kt_url!);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: c.method ?? "GET",
        path: c.path,
        headers: c.headers ?? {},
        ca: readFileSync(served.ca_cert!),
        cert: readFileSync(served.client_cert!),
        key: readFileSync(served.client_key!),
        agent: false,
      },
      (res) => collect(res, resolve),
    );
    req.on("error", reject);
    req.end(c.body);
  });
}

const token = () => ({ authorization: `Bearer ${served.control_token}` });

/** Everything a control request could change. */
function state(): string {
  const s = served.sim;
  return JSON.stringify([s.control.exportSnapshot(), s.clock.now(), s.control.faults.list()]);
}

/** Sends `c`, expects `status`, and checks the simulator did not change. */
async function refused(c: Call, status: number, send = call.bind(null, apiPort)): Promise<Answer> {
  const before = state();
  const res = await send(c);
  expect(res.status, `${c.method ?? "GET"} ${c.path}: ${res.text}`).toBe(status);
  expect(state()).toBe(before);
  return res;
}

/** The requests that would change the state if they were accepted. */
const WRITES: Call[] = [
  { method: "POST", path: "/__edgeconf/reset" },
  { method: "POST", path: "/__edgeconf/clock", body: '{"advance": 1000}' },
  { method: "PUT", path: "/__edgeconf/snapshot", body: "{}" },
  { method: "POST", path: "/__edgeconf/faults", body: '{"operation":"*","error":{"status":503}}' },
  { method: "DELETE", path: "/__edgeconf/faults" },
];

describe("the control surface over HTTP needs the control token", () => {
  test("the JSON line carries a random token, not derived from the seed", async () => {
    const again = await startServe({ seed: 31 });
    try {
      expect(served.control_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again.control_token).not.toBe(served.control_token);
      expect(again.api_token).toBe(served.api_token);
    } finally {
      await again.close();
    }
  });

  test("without the token, or with a wrong one: 401, nothing changes", async () => {
    for (const c of [...WRITES, { path: "/__edgeconf/snapshot" }, { path: "/__edgeconf" }]) {
      const res = await refused(c, 401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="edgeconf-control"');
      expect(JSON.parse(res.text).error).toMatch(/control token is missing/);
      await refused({ ...c, headers: { authorization: "Bearer nope" } }, 401);
      await refused({ ...c, headers: { "x-edgeconf-control-token": `${served.control_token}x` } }, 401);
      // The API's own credentials are not the control token.
      await refused({ ...c, headers: { authorization: `Bearer ${served.api_token}` } }, 401);
    }
  });

  test("with the token (either header): served", async () => {
    const a = await call(apiPort, { path: "/__edgeconf/clock", headers: token() });
    expect(a.status).toBe(200);
    const b = await call(apiPort, {
      path: "/__edgeconf",
      headers: { "x-edgeconf-control-token": served.control_token, host: `localhost:${apiPort}` },
    });
    expect(b.status).toBe(200);
    expect(JSON.parse(b.text)).toMatchObject({ seed: 31 });
  });

  test("a foreign Host (DNS rebinding) or a cross-site Origin: 403, even with the token", async () => {
    for (const c of WRITES) {
      for (const host of ["evil.example", "evil.example:80", `attacker.test:${apiPort}`, "127.0.0.1.nip.io", "[::2]"]) {
        await refused({ ...c, headers: { ...token(), host } }, 403);
      }
      for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example", "file://"]) {
        await refused({ ...c, headers: { ...token(), origin } }, 403);
      }
      await refused({ ...c, headers: { ...token(), "sec-fetch-site": "cross-site" } }, 403);
    }
    const same = await call(apiPort, {
      path: "/__edgeconf/clock",
      headers: { ...token(), origin: `http://localhost:${apiPort}` },
    });
    expect(same.status).toBe(200);
  });

  test("a path that escapes /client/v4 never reaches the control surface: the v4 envelope 404", async () => {
    for (const path of [
      "/client/v4/../__edgeconf/reset",
      "/client/v4/%2e%2e/__edgeconf/reset",
      "/client/v4\\..\\__edgeconf\\reset",
      "/client/v4/zones/../../namespaces",
    ]) {
      const res = await refused({ method: "POST", path, headers: token() }, 404);
      const body = JSON.parse(res.text);
      expect(body).toEqual({
        result: null,
        success: false,
        errors: [{ code: 7000, message: "No route for that URI" }],
        messages: [],
      });
    }
  });

  test("area C is not served on the API's plain-HTTP port", async () => {
    for (const path of ["/namespaces", "/", "/favicon.ico", "//__edgeconf/reset"]) {
      const res = await refused({ path }, 404);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, errors: [{ code: 7000 }] });
    }
  });

  test("not served at all on area C's mTLS port, even with a client certificate and the token", async () => {
    for (const c of [...WRITES, { path: "/__edgeconf/snapshot" }, { path: "/__edgeconf" }]) {
      const res = await refused({ ...c, headers: token() }, 404, callKt);
      expect(JSON.parse(res.text)).toMatchObject({ code: "not_found" });
    }
  });

  test("a body past the cap is refused without being buffered, and changes nothing", async () => {
    await refused(
      {
        method: "POST",
        path: "/__edgeconf/faults",
        headers: { ...token(), "content-type": "application/json" },
        body: `{"operation":"*","latencyMs":1,"x":"${"a".repeat(1024 * 1024)}"}`,
      },
      413,
    );
  });

  test("clock moves past the Date range, to NaN, backwards, to an impossible date or by a fraction of a ms are refused and change nothing", async () => {
    const now = served.sim.clock.now();
    for (const body of [
      { set: MAX_TIME_MS + 1 },
      { set: 1e308 },
      { set: now - 1 },
      { advance: MAX_TIME_MS },
      { set: "not a date" },
      { set: "+275760-09-13T00:00:00.001Z" },
      { set: "NaN" },
      { set: "2100-02-30T00:00:00Z" },
      { set: now + 0.5 },
      { advance: 0.5 },
      { advance: 1e-7 },
    ]) {
      const res = await refused(
        { method: "POST", path: "/__edgeconf/clock", headers: token(), body: JSON.stringify(body) },
        400,
      );
      const error = JSON.parse(res.text).error as string;
      expect(error).toMatch(/Date range|finite|backwards|valid time|whole number/);
      // The error names the field the request sent.
      if (typeof body.set === "string") expect(error).toMatch(/^set must be a valid time/);
      expect(error).not.toMatch(/\bstart\b/);
    }
    // NaN cannot be written in JSON; the nearest a client can send is a non-number.
    await refused({ method: "POST", path: "/__edgeconf/clock", headers: token(), body: '{"set": NaN}' }, 400);
    await refused({ method: "POST", path: "/__edgeconf/clock", headers: token(), body: '{"advance": null}' }, 400);
    expect(served.sim.clock.now()).toBe(now);
  });
});
