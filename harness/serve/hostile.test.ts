/**
 * Hostile input against every port of `edgeconf serve`: several hundred distinct malformed requests
 * (bad paths, methods, credentials, content types, bodies of every wrong shape, oversized and
 * chunked bodies, foreign Host and Origin, control requests without or with a wrong token, bad
 * control bodies, bad snapshots, area C bodies with and without a client certificate) plus raw
 * garbage on the socket. Asserts: no 5xx; every answer of the API's port in its shape (the v4
 * envelope for A and B, `{error}` for the control surface); area C's answers JSON; and the simulator
 * byte-identical afterwards (snapshot, clock, fault rules).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { populate } from "../../adapters/populate.ts";
import { type Served, startServe } from "./index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the edits reach anywhere into snapshot JSON
type Tree = Record<string, any>;

interface Req {
  port: "api" | "kt";
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Area C: present the client certificate. */
  cert?: boolean;
}

let served: Served;
let apiAgent: http.Agent;
let ktAgent: https.Agent;
let ktAgentNoCert: https.Agent;
let rules: string;
let records: string;
let recordId: string;
let ruleId: string;
let namespace: string;

beforeAll(async () => {
  served = await startServe({ seed: 23 });
  await populate(served.sim, { tenants: "primary" });
  apiAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const ca = readFileSync(served.ca_cert!);
  ktAgent = new https.Agent({
    keepAlive: true,
    maxSockets: 4,
    ca,
    cert: readFileSync(served.client_cert!),
    key: readFileSync(served.client_key!),
  });
  ktAgentNoCert = new https.Agent({ keepAlive: true, maxSockets: 4, ca });
  rules = `/client/v4/accounts/${served.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
  records = `/client/v4/zones/${served.zone_id}/dns_records`;
  const snap = served.sim.control.snapshot().areas as Tree;
  recordId = snap.api.dnsRecords.zones.find((z: [string]) => z[0] === served.zone_id)[1][0].id;
  ruleId = (snap.api.dnsProtection.rules[served.account_id] as { id: string }[])[0]!.id;
  namespace = (snap.kt.namespaces as { name: string }[])[0]!.name;
});
afterAll(async () => {
  apiAgent.destroy();
  ktAgent.destroy();
  ktAgentNoCert.destroy();
  await served.close();
});

function lies(r: Req): boolean {
  return r.headers?.["content-length"] !== undefined || r.headers?.["transfer-encoding"] !== undefined;
}

function send(r: Req): Promise<{ status: number; text: string }> {
  const url = new URL(r.port === "api" ? served.base_url : served.kt_url!);
  const mod = r.port === "api" ? http : https;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: r.method,
        path: r.path,
        headers: r.headers ?? {},
        // A request that lies about its length poisons its connection: it gets one of its own.
        agent: lies(r) ? false : r.port === "api" ? apiAgent : r.cert === false ? ktAgentNoCert : ktAgent,
      },
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
    req.end(r.body);
  });
}

const JSON_TYPE = { "content-type": "application/json" };

/** Bodies that no create, update or control call accepts. */
function badBodies(): (string | Buffer)[] {
  return [
    "",
    " ",
    "{",
    "}",
    "[]",
    "null",
    "0",
    "-1",
    "true",
    '"a string"',
    "[1,2,3]",
    "{'single': 'quotes'}",
    '{"a":1,}',
    "NaN",
    '{"x": Infinity}',
    "\u0000",
    Buffer.from([0xff, 0xfe, 0xfd]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b]),
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    `{"a":"${"x".repeat(100_000)}"}`,
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    `{"type": 1e400}`,
    "\ud800",
  ];
}

function isObjectJson(body: string | Buffer): boolean {
  try {
    const v = JSON.parse(String(body)) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** Record bodies the validators refuse. */
function badRecords(): unknown[] {
  return [
    { type: "A", name: "www", content: "999.1.1.1", ttl: 300 },
    { type: "A", name: "www", content: "192.0.2.1", ttl: -1 },
    { type: "A", name: "www", content: "192.0.2.1", ttl: "300" },
    { type: "A", name: "www", content: "192.0.2.1", proxied: "yes" },
    { type: "A", name: "has space", content: "192.0.2.1" },
    { type: "A", name: "www", content: "::1" },
    { type: "AAAA", name: "www", content: "192.0.2.1" },
    { type: "ZZZ", name: "www", content: "x" },
    { type: "MX", name: "@", content: "mail.example.com", priority: 70_000 },
    { type: "MX", name: "@", content: "mail.example.com", priority: -1 },
    { type: "CNAME", name: "www", content: "" },
    { type: "TXT", name: "t", content: "x".repeat(5000) },
    { type: "SRV", name: "_sip._tcp", data: { priority: "x" } },
    { type: "CAA", name: "@", data: { flags: 300, tag: "issue", value: "x" } },
    { type: "A", name: `${"a".repeat(64)}.www`, content: "192.0.2.1" },
    { type: "A", content: "192.0.2.1" },
    { type: "A", name: "www" },
    { name: "www", content: "192.0.2.1" },
    { type: "A", name: "www", content: "192.0.2.1", tags: "t" },
    { type: "A", name: "www", content: "192.0.2.1", tags: ["bad tag!"] },
    { type: "A", name: "www", content: "192.0.2.1", comment: "a\nb" },
    { type: "A", name: "www", content: "192.0.2.1", settings: { flatten_cname: true } },
    { type: "LOC", name: "loc", data: { lat_degrees: 500 } },
    { type: "A", name: "www", content: "10.0.0.1", proxied: true },
  ];
}

function badRules(): unknown[] {
  const good = {
    scope: "global",
    name: "global",
    mode: "enabled",
    profile_sensitivity: "low",
    rate_sensitivity: "low",
    burst_sensitivity: "low",
  };
  return [
    { ...good, scope: "planet" },
    { ...good, name: "somewhere" },
    { ...good, mode: "on" },
    { ...good, profile_sensitivity: "extreme" },
    { ...good, rate_sensitivity: 1 },
    { ...good, burst_sensitivity: null },
    { ...good, block_any_queries: "yes" },
    { ...good, extra: 1 },
    { ...good, scope: "region", name: "x-1" },
    { ...good, scope: "datacenter", name: "SJ1" },
    { scope: "global" },
    {},
  ];
}

function requests(): Req[] {
  const out: Req[] = [];
  const bearer = { authorization: `Bearer ${served.api_token}` };
  const emailKey = { "x-auth-email": served.auth_email, "x-auth-key": served.auth_key };
  const control = { authorization: `Bearer ${served.control_token}` };
  const api = (method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) =>
    out.push({ port: "api", method, path, headers, ...(body !== undefined ? { body } : {}) });
  const kt = (method: string, path: string, body?: string, cert = true) =>
    out.push({ port: "kt", method, path, headers: JSON_TYPE, cert, ...(body !== undefined ? { body } : {}) });

  // Areas A and B: every bad body on every write route, with valid credentials.
  for (const body of badBodies()) {
    api("POST", records, { ...emailKey, ...JSON_TYPE }, body);
    // A PATCH ignores unknown fields (as the platform does): only bodies that are not objects are bad there.
    if (!isObjectJson(body)) api("PATCH", `${records}/${recordId}`, { ...emailKey, ...JSON_TYPE }, body);
    api("POST", `${records}/batch`, { ...emailKey, ...JSON_TYPE }, body);
    api("POST", rules, { ...bearer, ...JSON_TYPE }, body);
    api("PUT", `${rules}/${ruleId}`, { ...bearer, ...JSON_TYPE }, body);
  }
  for (const r of badRecords()) {
    api("POST", records, { ...emailKey, ...JSON_TYPE }, JSON.stringify(r));
    api("PUT", `${records}/${recordId}`, { ...emailKey, ...JSON_TYPE }, JSON.stringify(r));
    api("POST", `${records}/batch`, { ...emailKey, ...JSON_TYPE }, JSON.stringify({ posts: [r] }));
  }
  for (const r of badRules()) api("POST", rules, { ...bearer, ...JSON_TYPE }, JSON.stringify(r));
  // Credentials and content types.
  const okRecord = JSON.stringify({ type: "A", name: "hostile", content: "192.0.2.77", ttl: 300 });
  const credentialCases: Record<string, string>[] = [
    {},
    { authorization: "Bearer" },
    { authorization: "Basic dXNlcjpwYXNz" },
    { authorization: `Bearer ${"A".repeat(5000)}` },
    { authorization: "Bearer wrong-token" },
    { "x-auth-email": "not-an-email", "x-auth-key": served.auth_key },
    { "x-auth-email": served.auth_email, "x-auth-key": "k-!" },
    { "x-auth-email": served.auth_email },
    { authorization: `Bearer ${served.second_tenant.api_token}` },
    { ...emailKey, "content-type": "text/plain" },
    { ...emailKey, "content-type": "multipart/form-data; boundary=x" },
    { ...emailKey, "content-type": "application/jsonx" },
    { ...emailKey },
    { ...emailKey, ...JSON_TYPE, "content-length": "99999999" },
  ];
  for (const headers of credentialCases) {
    api("POST", records, headers, okRecord);
  }
  // Paths and methods.
  for (const path of [
    "/client/v4/zones/NOTHEX/dns_records",
    `/client/v4/zones/${served.zone_id.slice(1)}/dns_records`,
    `/client/v4/zones/${served.zone_id.toUpperCase()}/dns_records`,
    `${records}/${"f".repeat(31)}`,
    `${records}/../../accounts`,
    `${records}/%00`,
    `${records}/%2e%2e/%2e%2e`,
    `${records}//${recordId}`,
    `${records}/${recordId}/extra`,
    `${rules}/not-a-uuid`,
    `${rules}/${ruleId}/x`,
    `/client/v4/accounts/${served.second_tenant.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`,
    `/client/v4/zones/${served.second_tenant.zone_id}/dns_records`,
    "/client/v4",
    "/client/v4/",
    "/client/v4/../__edgeconf/reset",
    "/client/v4/%2e%2e/__edgeconf/reset",
    `/client/v4/${"a/".repeat(2000)}`,
    "/client/v4/zones/%F0%9F%92%A9/dns_records",
    "/client/v5/zones",
    "/namespaces",
    "/info",
    "/",
    "/%",
    "/__edgeconfx",
  ]) {
    for (const method of ["GET", "POST", "DELETE"])
      api(method, path, { ...emailKey, ...bearer, ...JSON_TYPE }, method === "GET" ? undefined : "{}");
  }
  for (const method of ["OPTIONS", "PROPFIND", "PURGE", "HEAD", "PATCH"]) {
    api(method, records, { ...emailKey, ...JSON_TYPE }, method === "HEAD" ? undefined : "{}");
    api(method, rules, { ...bearer, ...JSON_TYPE }, method === "HEAD" ? undefined : "{}");
  }
  // Oversized and chunked bodies.
  api("POST", records, { ...emailKey, ...JSON_TYPE }, Buffer.alloc(3 * 1024 * 1024, 0x20));
  api(
    "POST",
    rules,
    { ...bearer, ...JSON_TYPE, "transfer-encoding": "chunked" },
    `{"a":"${"y".repeat(2 * 1024 * 1024)}"}`,
  );

  // The control surface: without the token, with a wrong one, foreign Host/Origin, then bad bodies with it.
  const controlPaths = [
    "/__edgeconf",
    "/__edgeconf/reset",
    "/__edgeconf/snapshot",
    "/__edgeconf/clock",
    "/__edgeconf/faults",
    "/__edgeconf/faults/x",
  ];
  for (const path of controlPaths) {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      api(method, path, {}, method === "GET" ? undefined : "{}");
      api(method, path, { authorization: "Bearer nope" }, method === "GET" ? undefined : "{}");
      api(method, path, { ...control, host: "evil.example" }, method === "GET" ? undefined : "{}");
      api(method, path, { ...control, origin: "https://evil.example" }, method === "GET" ? undefined : "{}");
    }
  }
  for (const body of [
    '{"advance": -1}',
    '{"advance": 1e20}',
    `{"set": ${8.64e15 + 1}}`,
    '{"set": 1e308}',
    '{"set": "2020-01-01T00:00:00Z"}',
    '{"set": "garbage"}',
    '{"set": []}',
    '{"advance": 1, "set": 2}',
    '{"advance": "1"}',
    "{}",
    ...badBodies().slice(0, 12),
  ]) {
    api("POST", "/__edgeconf/clock", control, body);
  }
  for (const rule of [
    {},
    { operation: "nope" },
    { operation: "*" },
    { operation: "*", latencyMs: 2 ** 31 },
    { operation: "*", latencyMs: -1 },
    { operation: "*", error: { status: 99 } },
    { operation: "*", error: {}, probability: 2 },
    { operation: "*", error: {}, times: 0 },
    { operation: "dns-records.create", error: {}, bucket: "b" },
    { operation: "*", error: {}, unknown: 1 },
  ]) {
    api("POST", "/__edgeconf/faults", control, JSON.stringify(rule));
    api("PUT", "/__edgeconf/faults", control, JSON.stringify([rule]));
  }
  const snapshot = JSON.parse(served.sim.control.exportSnapshot()) as Tree;
  const edits: ((s: Tree) => void)[] = [
    (s) => {
      s.areas.api = null;
    },
    (s) => {
      s.now = 1e308;
    },
    (s) => {
      s.seed = 1;
    },
    (s) => {
      s.format = "other";
    },
    (s) => {
      s.areas.objectStore.buckets[0].objects[0].size = -1;
    },
    (s) => {
      s.areas.objectStore.buckets[0].objects[0].size += 1;
    },
    (s) => {
      s.areas.api.dnsRecords.zones[0][1][0] = { garbage: true };
    },
    (s) => {
      s.areas.kt.namespaces[0].audits = [{ epoch: 0 }];
    },
    (s) => {
      delete s.areas.kt;
    },
    (s) => {
      s.areas.extra = {};
    },
  ];
  for (const edit of edits) {
    const copy = structuredClone(snapshot);
    edit(copy);
    api("PUT", "/__edgeconf/snapshot", control, JSON.stringify(copy));
  }
  for (const body of badBodies().slice(0, 14)) api("PUT", "/__edgeconf/snapshot", control, body);
  api("PUT", "/__edgeconf/snapshot", { ...control, "content-length": String(200 * 1024 * 1024) }, "{}");

  // Area C: bad bodies with a client certificate, any write without one, control paths, bad paths.
  const root = `1/${"ab".repeat(32)}`;
  for (const body of [
    ...badBodies().slice(0, 16).map(String),
    JSON.stringify({ name: "bad name!", public: true, root, signature_version: 1 }),
    JSON.stringify({ name: "ok-name", public: "yes", root, signature_version: 1 }),
    JSON.stringify({ name: "ok-name", public: true, root: "0/zz", signature_version: 1 }),
    JSON.stringify({ name: "ok-name", public: true, root, signature_version: 3 }),
    JSON.stringify({ name: "ok-name", public: true, root, signature_version: 1, log_directory: "ftp://x" }),
    JSON.stringify({ name: namespace, public: true, root, signature_version: 1 }),
    JSON.stringify({ public: true, root, signature_version: 1 }),
    JSON.stringify({ name: "ok-name", public: true, root, signature_version: 1, log_directory: 5 }),
  ]) {
    kt("POST", "/namespaces", body);
    kt("PATCH", `/namespaces/${namespace}`, body);
    kt("POST", `/namespaces/${namespace}/audits`, body);
  }
  for (const path of ["/namespaces", `/namespaces/${namespace}`, `/namespaces/${namespace}/audits`]) {
    kt("POST", path, JSON.stringify({ name: "nocert", public: true, root, signature_version: 1 }), false);
  }
  for (const path of [
    ...controlPaths,
    "/namespaces/%ZZ",
    "/namespaces//audits",
    `/namespaces/${namespace}/audits/x`,
    "/nope",
    "/client/v4/zones",
  ]) {
    kt("GET", path);
    kt("POST", path, "{}");
  }
  return out;
}

/** Raw bytes node:http must refuse without a 5xx. */
const GARBAGE = [
  "\u0001\u0002 nonsense\r\n\r\n",
  "GET\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
  "GET /client/v4 HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
  "POST /client/v4/zones HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  "POST /client/v4/zones HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
  "POST /__edgeconf/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
  `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
  `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: ${"b".repeat(20_000)}\r\n\r\n`,
  "GET /__edgeconf HTTP/1.1\r\nHost: \r\n\r\n",
  "GET /__edgeconf HTTP/1.0\r\n\r\n",
  "POST /__edgeconf/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
];

function rawExchange(payload: string): Promise<string> {
  const port = Number(new URL(served.base_url).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(payload));
    let out = "";
    socket.on("data", (d) => {
      out += d.toString("latin1");
    });
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
    setTimeout(() => socket.end(), 300);
  });
}

function state(): string {
  return JSON.stringify([
    served.sim.control.exportSnapshot(),
    served.sim.clock.now(),
    served.sim.control.faults.list(),
  ]);
}

describe("hostile input on every port of edgeconf serve", () => {
  test("hundreds of distinct malformed requests: no 5xx, answers in their shape, state unchanged", async () => {
    const all = requests();
    const distinct = new Set(
      all.map((r) => JSON.stringify([r.port, r.method, r.path, r.headers, String(r.body ?? "")])),
    );
    expect(distinct.size).toBeGreaterThanOrEqual(300);
    if (process.env.HOSTILE_DEBUG)
      process.stdout.write(`distinct requests: ${distinct.size} + ${GARBAGE.length} raw\n`);
    const before = state();
    const queue = [...all];
    const problems: string[] = [];
    let controlAnswers = 0;
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        const what = `${r.port} ${r.method} ${r.path.slice(0, 80)} ${JSON.stringify(r.headers).slice(0, 120)}`;
        let res: { status: number; text: string };
        try {
          res = await send(r);
        } catch (e) {
          problems.push(`${what}: ${(e as Error).message}`);
          continue;
        }
        if (res.status >= 500 || res.status < 200) problems.push(`${what}: ${res.status}`);
        if (process.env.HOSTILE_DEBUG && state() !== before) {
          problems.push(
            `STATE CHANGED by ${what} ${String(r.body ?? "").slice(0, 200)} -> ${res.status} ${res.text.slice(0, 200)}`,
          );
          throw new Error(problems.join("\n"));
        }
        if (r.method === "HEAD") continue;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(res.text) as Record<string, unknown>;
        } catch {
          problems.push(`${what}: not JSON: ${res.text.slice(0, 80)}`);
          continue;
        }
        const isControl = r.port === "api" && /^\/__edgeconf(\/|$)/.test(r.path);
        if (isControl) {
          controlAnswers++;
          if (res.status >= 400 && typeof body.error !== "string") problems.push(`${what}: no {error}`);
        } else if (r.port === "api") {
          const envelope =
            typeof body.success === "boolean" &&
            Array.isArray(body.errors) &&
            Array.isArray(body.messages) &&
            "result" in body;
          if (!envelope) problems.push(`${what}: not the v4 envelope: ${res.text.slice(0, 80)}`);
          if (res.status >= 400 && (body.success !== false || (body.errors as unknown[]).length === 0)) {
            problems.push(`${what}: a failure without errors`);
          }
        } else if (r.path.startsWith("/client/v4")) {
          // Area C's port forwards /client/v4 to the v4 API (its answers stay in the envelope).
          if (body.success !== false) problems.push(`${what}: not a v4 failure`);
        } else if (res.status >= 400 && typeof body.error !== "string") {
          problems.push(`${what}: area C answer without error: ${res.text.slice(0, 80)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: process.env.HOSTILE_DEBUG ? 1 : 8 }, worker));
    for (const payload of GARBAGE) {
      const out = await rawExchange(payload);
      if (out !== "" && !/^HTTP\/1\.[01] (2|4)\d\d/.test(out))
        problems.push(`raw ${JSON.stringify(payload.slice(0, 40))}: ${out.slice(0, 40)}`);
    }
    expect(problems).toEqual([]);
    expect(controlAnswers).toBeGreaterThan(100);
    expect(state()).toBe(before);
  }, 60_000);
});
