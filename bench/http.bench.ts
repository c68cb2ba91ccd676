/**
 * Requests/s of `edgeconf serve` (DNS record create + get, or rule create + get when records are not
 * there) beside a bare node:http server answering a fixed JSON body: same undici client, same
 * keep-alive pool, same concurrency, same run. Prints both rates and the ratio (goal: >= 0.8).
 * Only the server differs: the bare server is sent the very requests serve is sent (same methods,
 * headers and bodies; it reads and drops them) and answers every one with the bytes of serve's own
 * answer to the probe create (a fixed JSON body the size and shape of a record answer), so the
 * client parses the same bytes on both sides and the ratio is the cost of serve's work alone.
 * Both sides get the same warm-up (`BENCH_WARMUP` pairs each, default 2000; it was 200, which left the
 * serve side's first rounds still being compiled by the JIT and in the median) before the measured rounds.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { startServe } from "../harness/serve/index.ts";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 16400);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);

interface Workload {
  origin: string;
  /** The i-th pair of requests: [method, path, headers, body?]. */
  pair(i: number): [RequestSpec, (id: string) => RequestSpec];
}

interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const pools = new Map<string, Pool>();

async function drive(
  w: Workload,
  from: number,
  count: number,
): Promise<{ requests: number; seconds: number; cpuSeconds: number }> {
  let pool = pools.get(w.origin);
  if (!pool) {
    pool = new Pool(w.origin, { connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 30_000 });
    pools.set(w.origin, pool);
  }
  const client = pool;
  let next = from;
  const end = from + count;
  let requests = 0;
  const send = async (spec: RequestSpec): Promise<string> => {
    const res = await client.request({
      method: spec.method,
      path: spec.path,
      headers: spec.headers,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
    });
    const text = await res.body.text();
    requests++;
    if (res.statusCode >= 300) throw new Error(`${spec.method} ${spec.path}: ${res.statusCode} ${text.slice(0, 200)}`);
    return text;
  };
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= end) return;
      const [first, second] = w.pair(i);
      const created = JSON.parse(await send(first)) as { result?: { id?: string } };
      await send(second(created.result?.id ?? "x"));
    }
  };
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpuSeconds = (c.user + c.system) / 1e6;
  return { requests, seconds, cpuSeconds };
}

/** A server answering every request with `body` (after reading the request's body whole). */
async function bareServer(body: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer({ keepAlive: true }, (req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function run(): Promise<void> {
  const served = await startServe({ seed: 1 });
  const origin = new URL(served.base_url).origin;
  const key = { "x-auth-email": served.auth_email, "x-auth-key": served.auth_key, "content-type": "application/json" };
  const bearer = { authorization: `Bearer ${served.api_token}`, "content-type": "application/json" };
  const recordsPath = `/client/v4/zones/${served.zone_id}/dns_records`;
  const rulesPath = `/client/v4/accounts/${served.account_id}/magic/advanced_dns_protection/configs/dns_protection/rules`;
  // Records when area B answers, rules otherwise.
  const probe = await fetch(`${served.base_url}/zones/${served.zone_id}/dns_records`, {
    method: "POST",
    headers: key,
    body: JSON.stringify({ type: "A", name: "probe", content: "192.0.2.1", ttl: 1, proxied: false }),
  });
  const useRecords = probe.status === 200 && process.env.BENCH_WORKLOAD !== "rules";
  const probeText = await probe.text();
  const what = useRecords ? "DNS record create + get" : "DNS protection rule create + get";
  const serveLoad: Workload = {
    origin,
    pair: (i) =>
      useRecords
        ? [
            {
              method: "POST",
              path: recordsPath,
              headers: key,
              body: JSON.stringify({
                type: "A",
                name: `bench-${i}`,
                content: `192.0.${2 + (i >> 8)}.${i & 255}`,
                ttl: 1,
                proxied: false,
              }),
            },
            (id) => ({ method: "GET", path: `${recordsPath}/${id}`, headers: key }),
          ]
        : [
            {
              method: "POST",
              path: rulesPath,
              headers: bearer,
              body: JSON.stringify({
                scope: "global",
                name: "global",
                mode: "enabled",
                profile_sensitivity: "low",
                rate_sensitivity: "low",
                burst_sensitivity: "low",
              }),
            },
            (id) => ({ method: "GET", path: `${rulesPath}/${id}`, headers: bearer }),
          ],
  };
  // The bare side's fixed answer: serve's answer to one create of the workload (the probe's when records).
  let fixed = probeText;
  if (!useRecords) {
    const [first] = serveLoad.pair(-1);
    const made = await fetch(`${origin}${first.path}`, { method: "POST", headers: first.headers, body: first.body });
    fixed = await made.text();
  }
  const bare = await bareServer(fixed);
  // The same requests as serve's (paths aside): the client does the same work on both sides.
  const bareLoad: Workload = {
    origin: bare.origin,
    pair: (i) => {
      const [first, second] = serveLoad.pair(i);
      return [{ ...first, path: "/x" }, (id) => ({ ...second(id), path: "/x" })];
    },
  };
  // Interleaved rounds (bare, serve, bare, serve, ...) so that load from elsewhere hits both alike;
  // the ratio is the median of the per-round ratios.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 41);
  const per = Math.max(1, Math.floor(PAIRS / rounds));
  const ratios: number[] = [];
  const perRound: string[] = [];
  let serveReq = 0;
  let serveSec = 0;
  let bareReq = 0;
  let bareSec = 0;
  let serveCpu = 0;
  let bareCpu = 0;
  await drive(bareLoad, 0, WARMUP);
  await drive(serveLoad, 0, WARMUP);
  for (let k = 0; k < rounds; k++) {
    const b = await drive(bareLoad, k * per, per);
    const s = await drive(serveLoad, WARMUP + k * per, per);
    ratios.push(s.requests / s.seconds / (b.requests / b.seconds));
    perRound.push(`${(b.requests / b.seconds).toFixed(0)}/${(s.requests / s.seconds).toFixed(0)}`);
    serveReq += s.requests;
    serveSec += s.seconds;
    bareReq += b.requests;
    bareSec += b.seconds;
    serveCpu += s.cpuSeconds;
    bareCpu += b.cpuSeconds;
  }
  for (const p of pools.values()) await p.close();
  pools.clear();
  await bare.close();
  await served.close();
  console.log(`rounds (bare/serve req/s): ${perRound.join(" ")}`);
  ratios.sort((x, y) => x - y);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  const bareRate = bareReq / bareSec;
  const serveRate = serveReq / serveSec;
  console.log(
    `workload: ${what}, ${PAIRS} pairs (after ${WARMUP} of warm-up on each side), concurrency ${CONCURRENCY}, keep-alive, undici Pool`,
  );
  console.log(`edgeconf serve : ${serveRate.toFixed(0)} req/s (${serveReq} requests in ${serveSec.toFixed(2)} s)`);
  console.log(
    `bare node:http : ${bareRate.toFixed(0)} req/s (${bareReq} requests in ${bareSec.toFixed(2)} s, the same requests, ` +
      `a fixed JSON body of ${Buffer.byteLength(fixed)} bytes: serve's answer to one create)`,
  );
  console.log(
    `per CPU-second of this process (client + server, insensitive to other load): serve ${(serveReq / serveCpu).toFixed(0)}, bare ${(bareReq / bareCpu).toFixed(0)}, ratio ${(serveReq / serveCpu / (bareReq / bareCpu)).toFixed(2)}`,
  );
  console.log(
    `ratio serve/bare: ${(serveRate / bareRate).toFixed(2)} overall; median ${median.toFixed(2)} over ${rounds} interleaved rounds (min ${ratios[0]!.toFixed(2)}, max ${ratios.at(-1)!.toFixed(2)}; goal >= 0.80)`,
  );
}
