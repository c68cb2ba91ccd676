/**
 * DNS rebinding on every port and path of `edgeconf serve`: a request whose Host names neither this
 * machine nor an `--allow-host` name is refused before the simulator sees it (403 in the shape of the
 * port and path), and changes nothing; an `--allow-host` name is accepted everywhere.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Served, startServe } from "./index.ts";

let served: Served;
let allowing: Served;
beforeAll(async () => {
  [served, allowing] = await Promise.all([
    startServe({ seed: 41 }),
    startServe({ seed: 41, allowHosts: ["sim.internal", "10.1.2.3"] }),
  ]);
});
afterAll(async () => {
  await Promise.all([served.close(), allowing.close()]);
});

interface Answer {
  status: number;
  text: string;
}

function send(s: Served, port: "api" | "kt", method: string, path: string, headers: Record<string, string>) {
  const url = new URL(port === "api" ? s.base_url : s.kt_url!);
  const tls =
    port === "kt"
      ? {
          ca: readFileSync(s.ca_cert!),
          cert: readFileSync(s.client_cert!),
          key: readFileSync(s.client_key!),
          // The generated server certificate names loopback only; the Host header is what is tested.
          servername: "localhost",
        }
      : {};
  return new Promise<Answer>((resolve, reject) => {
    const req = (port === "api" ? http : https).request(
      { host: url.hostname, port: Number(url.port), method, path, headers, agent: false, ...tls },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(method === "GET" ? undefined : '{"type":"A","name":"x","content":"192.0.2.9","ttl":300}');
  });
}

const apiAuth = (s: Served) => ({ "x-auth-email": s.auth_email, "x-auth-key": s.auth_key });
const recordsPath = (s: Served) => `/client/v4/zones/${s.zone_id}/dns_records`;
const state = (s: Served) => s.sim.control.exportSnapshot();

describe("the Host check of every port and path", () => {
  test("areas A and B: a foreign Host gets 403 with the v4 envelope (6010 naming --allow-host), nothing changes", async () => {
    for (const host of ["evil.example", `evil.example:${new URL(served.base_url).port}`, "127.0.0.1.nip.io"]) {
      for (const method of ["GET", "POST"]) {
        const before = state(served);
        const res = await send(served, "api", method, recordsPath(served), { ...apiAuth(served), host });
        expect(res.status, `${method} records with Host ${host}: status`).toBe(403);
        const body = JSON.parse(res.text);
        expect(body, `${method} records with Host ${host}: the v4 failure envelope`).toMatchObject({
          success: false,
          result: null,
          errors: [{ code: 6010 }],
        });
        expect(body.errors[0].message, `${method} records with Host ${host}: the message names the fix`).toMatch(
          /--allow-host NAME/,
        );
        expect(state(served), `${method} records with Host ${host}: the simulator's state`).toBe(before);
      }
    }
    const ok = await send(served, "api", "GET", recordsPath(served), { ...apiAuth(served), host: "localhost" });
    expect(ok.status, "GET records with Host localhost: served").toBe(200);
  });

  test("a path outside the API or the control surface with a foreign Host: 403 in their shapes", async () => {
    const outside = await send(served, "api", "GET", "/anything", { host: "evil.example" });
    expect(outside.status, "GET /anything with a foreign Host: status").toBe(403);
    expect(JSON.parse(outside.text), "GET /anything with a foreign Host: the v4 envelope").toMatchObject({
      errors: [{ code: 6010 }],
    });
    const control = await send(served, "api", "GET", "/__edgeconf", {
      host: "evil.example",
      authorization: `Bearer ${served.control_token}`,
    });
    expect(control.status, "GET /__edgeconf with a foreign Host: status").toBe(403);
    expect(JSON.parse(control.text).error, "GET /__edgeconf with a foreign Host: {error}").toMatch(/--allow-host/);
  });

  test("area C's port: a foreign Host gets 403 {error, code: forbidden}, nothing changes", async () => {
    const before = state(served);
    const res = await send(served, "kt", "POST", "/namespaces", { host: "evil.example" });
    expect(res.status, "POST /namespaces on area C's port with a foreign Host: status").toBe(403);
    expect(JSON.parse(res.text), "POST /namespaces with a foreign Host: area C's error shape").toMatchObject({
      code: "forbidden",
    });
    expect(state(served), "POST /namespaces with a foreign Host: the simulator's state").toBe(before);
    const ok = await send(served, "kt", "GET", "/namespaces", { host: "localhost" });
    expect(ok.status, "GET /namespaces on area C's port with Host localhost: served").toBe(200);
  });

  test("--allow-host names are accepted on the API, the control surface and area C", async () => {
    for (const host of ["sim.internal", "SIM.internal:8080", "10.1.2.3"]) {
      const api = await send(allowing, "api", "GET", recordsPath(allowing), { ...apiAuth(allowing), host });
      expect(api.status, `GET records with allowed Host ${host}`).toBe(200);
      const control = await send(allowing, "api", "GET", "/__edgeconf/clock", {
        host,
        authorization: `Bearer ${allowing.control_token}`,
      });
      expect(control.status, `GET /__edgeconf/clock with allowed Host ${host}`).toBe(200);
      const kt = await send(allowing, "kt", "GET", "/namespaces", { host });
      expect(kt.status, `GET /namespaces on area C's port with allowed Host ${host}`).toBe(200);
    }
    const other = await send(allowing, "api", "GET", recordsPath(allowing), {
      ...apiAuth(allowing),
      host: "x.internal",
    });
    expect(other.status, "GET records with a Host not allowed").toBe(403);
  });
});
