/**
 * `edgeconf serve` in-process: a node:http server (keep-alive) forwarding requests to the
 * simulator (areas A and B under /client/v4; the control surface under /__edgeconf/ only with the
 * control token, a loopback Host and no cross-site Origin; nothing else, see gate.ts): a request
 * without a body or with a declared length up to 1 MiB goes whole to `sim.handleRaw` (no web
 * Request/Response built), a streamed or larger one to `sim.fetch` as a web Request. Plus the
 * area-C HTTPS server with mTLS from `startKtServer`. Returns the values of the JSON line + close().
 *
 * Used by the CLI (harness/commands/serve.ts), by the `serve` target and by other tests.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { RAW_TEXT } from "../../sim/http/envelope.ts";
import { isPlainTarget } from "../../sim/http/paths.ts";
import {
  type Credentials,
  createSimulator,
  headersFromRaw,
  type RawRequest,
  type RawResponse,
  type Simulator,
} from "../../sim/index.ts";
import { responseSignal, ServedRawRequest } from "./cancel.ts";
import type { KtCertSources } from "./certs.ts";
import { apiPortRefusal, foreignHostRefusal, HostGate, hostHeaderOf, newControlToken } from "./gate.ts";
import { urlHostOf } from "./hosts.ts";
import { type KtServer, startKtServer } from "./kt-server.ts";
import { makeTempDir, removeTempDir } from "./temp-dirs.ts";

export interface ServeOptions {
  /** Port of the HTTP API server (0 = any free port; default 0). */
  port?: number;
  /** Port of the area-C HTTPS server (0 = any free port; default 0). */
  ktPort?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /**
   * Host names requests may carry besides this machine's (loopback names and `host`): every other Host
   * is refused on both ports and every path (DNS rebinding). `--allow-host`.
   */
  allowHosts?: readonly string[];
  seed?: number;
  credentials?: Partial<Credentials>;
  /** Where generated PEM files go (default: a new temporary directory). */
  certDir?: string;
  caCert?: string;
  caKey?: string;
  /** Area C's server and operator certificates (PEM file paths); the missing ones are issued by the CA. */
  certificates?: Omit<KtCertSources, "caCert" | "caKey">;
  /** Serve this simulator instead of a new one. */
  sim?: Simulator;
}

/** Host names that reach only this machine: binding any other address exposes the servers. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The values of the JSON line `edgeconf serve --json` prints. */
export interface ServeInfo extends Credentials {
  base_url: string;
  kt_url: string | null;
  ca_cert: string | null;
  client_cert: string | null;
  client_key: string | null;
  /** A second operator's client certificate and key (area C ownership tests). */
  client_cert_2: string | null;
  client_key_2: string | null;
  seed: number;
  /**
   * The id of the process serving (kill it to stop the servers): under `npx edgeconf serve ... &`,
   * `$!` is npm's, which does not pass SIGTERM on.
   */
  pid: number;
  control_url: string;
  /** The control surface's secret (random per process): `Authorization: Bearer <control_token>`. */
  control_token: string;
  /** The second tenant, for isolation tests. */
  second_tenant: Credentials;
  /** Set when the area-C server could not start (its kt fields are then null). */
  kt_error?: string;
}

export interface Served extends ServeInfo {
  readonly info: ServeInfo;
  readonly sim: Simulator;
  close(): Promise<void>;
}

const LAST_RESORT = JSON.stringify({
  result: null,
  success: false,
  errors: [{ code: 6000, message: "Bad request" }],
  messages: [],
});

/**
 * The request body as a web stream, pulled from the node stream. Cancelling (the transport stops at
 * its size cap) or `discard()` drains the rest without keeping it, so the keep-alive connection
 * stays usable for the next request.
 */
function bodyStream(req: http.IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let discarded = false;
  const discard = () => {
    if (discarded) return;
    discarded = true;
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk: Buffer) => {
          if (discarded) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on("end", () => {
          if (!discarded) controller.close();
        });
        req.on("error", (error) => {
          if (!discarded) controller.error(error);
        });
      },
      pull() {
        if (!discarded) req.resume();
      },
      cancel() {
        discard();
      },
    },
    { highWaterMark: 4 },
  );
  return { stream, discard };
}

/** Bodies up to this size with a declared Content-Length are read whole before forwarding (fast path). */
const BUFFER_LIMIT = 1024 * 1024;

/** A request whose body is not read whole up front: forwarded as a web Request with a streamed body. */
function streamedRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: string,
): { request: Request; discard(): void } {
  const headers: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === "host") continue;
    headers.push([name, req.rawHeaders[i + 1]!]);
  }
  const body = bodyStream(req);
  const method = req.method ?? "GET";
  const signal = responseSignal(res);
  const request = new Request(url, { method, headers, body: body.stream, duplex: "half", signal } as RequestInit);
  return { request, discard: body.discard };
}

/**
 * True when the whole body is read before forwarding (no body, or a declared length up to
 * BUFFER_LIMIT and no Transfer-Encoding). Read from `rawHeaders` as `req.headers` would give them
 * (node keeps the first Content-Length), without building `req.headers`.
 */
function readsWhole(req: http.IncomingMessage): boolean {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return true;
  const raw = req.rawHeaders;
  let length: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 14 && length === undefined && name.toLowerCase() === "content-length") length = raw[i + 1]!;
    else if (name.length === 17 && name.toLowerCase() === "transfer-encoding") return false;
  }
  const declared = Number(length ?? Number.NaN);
  return Number.isInteger(declared) && declared <= BUFFER_LIMIT;
}

function writeRaw(res: http.ServerResponse, out: RawResponse): void {
  const body = out.body;
  // Flat [name, value, ...] list: node writes it as is.
  const headers: string[] = [];
  for (const name in out.headers) {
    if (name === "content-length" || name === "transfer-encoding" || name === "connection") continue;
    headers.push(name, out.headers[name]!);
  }
  headers.push("content-length", String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength));
  res.writeHead(out.status, headers);
  res.end(body);
}

/** The last-resort answer (400 with the envelope), or closing the connection once an answer has begun. */
function lastResort(res: http.ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(LAST_RESORT) });
    res.end(LAST_RESORT);
  } else res.destroy();
}

/**
 * The raw form of the request goes to `sim.handleRaw` (no web Request or Response built); its answer
 * is written when it settles. Anything thrown or rejected on the way is the last resort.
 */
function forwardRaw(req: http.IncomingMessage, res: http.ServerResponse, sim: Simulator, raw: RawRequest): void {
  let answered: Promise<RawResponse>;
  try {
    answered = sim.handleRaw(raw);
  } catch {
    req.resume();
    lastResort(res);
    return;
  }
  answered.then(
    (out) => {
      try {
        writeRaw(res, out);
      } catch {
        req.resume();
        lastResort(res);
      }
    },
    () => {
      req.resume();
      lastResort(res);
    },
  );
}

/** A request read whole: its body (if any) collected, then forwarded raw. */
function forwardWhole(req: http.IncomingMessage, res: http.ServerResponse, sim: Simulator, url: string): void {
  const method = req.method ?? "GET";
  const headers = headersFromRaw(req.rawHeaders, "host");
  if (method === "GET" || method === "HEAD") {
    req.resume();
    forwardRaw(req, res, sim, new ServedRawRequest(method, url, headers, res));
    return;
  }
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  req.on("data", (c: Buffer) => {
    if (first === undefined) first = c;
    else {
      more ??= [first];
      more.push(c);
    }
  });
  let ended = false;
  req.on("end", () => {
    ended = true;
    const buffer = more ? Buffer.concat(more) : (first ?? EMPTY_BUFFER);
    const body = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    forwardRaw(req, res, sim, new ServedRawRequest(method, url, headers, res, body));
  });
  req.on("error", () => {
    if (ended) return; // an error after the whole body was read changes nothing (as before: a settled read)
    req.resume();
    lastResort(res);
  });
}

const EMPTY_BUFFER = Buffer.alloc(0);

async function answer(res: http.ServerResponse, response: Response): Promise<void> {
  const rawText = (response as unknown as Record<symbol, unknown>)[RAW_TEXT];
  if (typeof rawText === "string" && !response.bodyUsed) {
    // Fast path for the transport's own JSON answers (their only header is the content type).
    res.writeHead(response.status, {
      "content-type": response.headers.get("content-type") ?? "application/json",
      "content-length": Buffer.byteLength(rawText),
    });
    res.end(rawText);
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "content-length" || name === "transfer-encoding" || name === "connection") return;
    headers[name] = value;
  });
  headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** One request of the API port (a module-level function: no closures made for GETs). */
function serveApiRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  sim: Simulator,
  originOf: () => string,
  access: { token: string; hosts?: readonly string[] },
  hosts: HostGate,
): void {
  let streamed: { request: Request; discard(): void } | undefined;
  try {
    const target = req.url ?? "/";
    const url = `${originOf()}${target}`;
    const hostProblem = hosts.problem(hostHeaderOf(req.rawHeaders));
    if (hostProblem !== undefined) {
      req.resume();
      writeRaw(res, foreignHostRefusal(url, hostProblem));
      return;
    }
    // A plain target inside /client/v4/ is always forwarded (the gate's first rule): its headers
    // are not looked at here.
    if (!(isPlainTarget(target) && target.startsWith("/client/v4/"))) {
      const refusal = apiPortRefusal(target, url, req.headers, access);
      if (refusal) {
        req.resume();
        writeRaw(res, refusal);
        return;
      }
    }
    if (readsWhole(req)) {
      // Bodies read whole: sim.handleRaw (the same routing, control surface and faults as sim.fetch).
      forwardWhole(req, res, sim, url);
      return;
    }
    streamed = streamedRequest(req, res, url);
    const { discard } = streamed;
    sim
      .fetch(streamed.request)
      .then(
        (response) => {
          discard();
          return answer(res, response);
        },
        () => {
          discard();
          lastResort(res);
        },
      )
      .catch(() => lastResort(res));
  } catch {
    if (streamed) streamed.discard();
    else req.resume();
    lastResort(res);
  }
}

export function createApiServer(
  sim: Simulator,
  originOf: () => string,
  access: { token: string; hosts?: readonly string[] },
): http.Server {
  const hosts = new HostGate(access);
  const server = http.createServer({ keepAlive: true, keepAliveTimeout: 10_000 }, (req, res) => {
    void serveApiRequest(req, res, sim, originOf, access, hosts);
  });
  server.on("clientError", (_err, socket) => {
    // Requests node:http cannot parse (bad method, bad header bytes): 400 with the envelope, then close.
    if (socket.writable)
      socket.end(
        "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n" +
          `content-length: ${Buffer.byteLength(LAST_RESORT)}\r\n\r\n${LAST_RESORT}`,
      );
    else socket.destroy();
  });
  return server;
}

/**
 * What a server that could not listen says: a port in use names the fix (`flag` is the option that
 * sets that port); anything else keeps node's message.
 */
export function listenErrorMessage(error: unknown, flag: "--port" | "--kt-port", port: number, host: string): string {
  const e = error as { code?: string; message?: string };
  if (e?.code === "EADDRINUSE") {
    return `port ${port} on ${host} is in use (another edgeconf serve?): pick another with ${flag} N, or ${flag} 0 for any free port`;
  }
  if (e?.code === "EACCES")
    return `no permission to listen on port ${port} on ${host}: use a port above 1023, or ${flag} 0`;
  if (e?.code === "EADDRNOTAVAIL") return `${host} is not an address of this machine (--host)`;
  return e?.message ?? String(error);
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const failed = (error: unknown) => reject(new Error(listenErrorMessage(error, "--port", port, host)));
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts the servers; resolves once both listen. */
export async function startServe(options: ServeOptions = {}): Promise<Served> {
  const host = options.host ?? "127.0.0.1";
  const sim =
    options.sim ??
    createSimulator({
      seed: options.seed ?? 0,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  let origin = "";
  const controlToken = newControlToken();
  const hosts = [host, ...(options.allowHosts ?? [])];
  const server = createApiServer(sim, () => origin, { token: controlToken, hosts });
  const address = await listen(server, options.port ?? 0, host);
  origin = `http://${urlHostOf(host)}:${address.port}`;
  const ownCertDir = options.certDir === undefined;
  const certDir = options.certDir ?? makeTempDir("edgeconf-certs-");
  let kt: KtServer | undefined;
  let ktError: string | undefined;
  try {
    kt = await startKtServer(sim, {
      port: options.ktPort ?? 0,
      host,
      hosts,
      certDir,
      ...(options.caCert ? { caCert: options.caCert } : {}),
      ...(options.caKey ? { caKey: options.caKey } : {}),
      ...options.certificates,
    });
  } catch (error) {
    ktError = listenErrorMessage(error, "--kt-port", options.ktPort ?? 0, host);
  }
  const c = sim.credentials;
  const second = sim.areas.api.tenants[1]!;
  const info: ServeInfo = {
    base_url: `${origin}/client/v4`,
    kt_url: kt?.url ?? null,
    account_id: c.account_id,
    zone_id: c.zone_id,
    zone_name: c.zone_name,
    api_token: c.api_token,
    auth_email: c.auth_email,
    auth_key: c.auth_key,
    ca_cert: kt?.ca_cert ?? null,
    client_cert: kt?.client_cert ?? null,
    client_key: kt?.client_key ?? null,
    client_cert_2: kt?.client_cert_2 ?? null,
    client_key_2: kt?.client_key_2 ?? null,
    seed: sim.seed,
    pid: process.pid,
    control_url: `${origin}/__edgeconf`,
    control_token: controlToken,
    second_tenant: { ...second },
    ...(ktError !== undefined ? { kt_error: ktError } : {}),
  };
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        kt ? kt.close() : Promise.resolve(),
      ]);
      // Generated certificates live as long as the servers (and never past the process: temp-dirs.ts).
      if (ownCertDir) removeTempDir(certDir);
    })();
    return closed;
  };
  return { ...info, info, sim, close };
}
