/**
 * Area C over HTTPS with mutual TLS: the server `edgeconf serve` starts beside the HTTP API.
 *
 * The server asks every client for a certificate and checks it against its CA. A request carries
 * the identity (subject CN) of a VERIFIED certificate only; an absent or unverified certificate
 * means no identity. Reads (GET) need none; writes (POST, PATCH, epoch publication) without one get
 * 401 from the simulator, and an operator writing to another operator's namespace gets 403.
 * Every request is forwarded to `sim.fetch(request, { clientIdentity })`, except the control surface:
 * `/__edgeconf` paths are not served here at all (area C's own 404); the control surface lives on the
 * API's port behind its token (harness/serve/gate.ts). A request whose Host names neither this machine
 * nor an `--allow-host` name gets 403 `{error, code: "forbidden"}` before its body is read (DNS
 * rebinding, as on the API's port).
 *
 * Gaps / by design: the TLS handshake itself never fails for a missing or foreign certificate (the
 * spec's list example carries no credential, so reads stay open); refusal happens per request.
 * Certificate revocation is not checked.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { isControlPath } from "../../sim/control/index.ts";
import type { Simulator } from "../../sim/index.ts";
import { KT_OPERATORS } from "../targets/kt.ts";
import { responseSignal } from "./cancel.ts";
import { type KtCertFiles, type KtCertSources, prepareKtCertificates } from "./certs.ts";
import { HostGate } from "./gate.ts";
import { urlHostOf } from "./hosts.ts";

/** Headers of the connection, not of the request. */
const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive", "upgrade"]);

/** Largest request body the server reads (the simulator's own limit is lower). */
const MAX_READ_BYTES = 1024 * 1024;

/** Paths of your own PEM files (KtCertSources) replace the generated ones; operator A's and B's client
 * certificates are generated, signed by the CA, when absent. */
export interface KtServerOptions extends KtCertSources {
  port?: number;
  host?: string;
  /** Host names accepted besides the loopback ones (the listening address, --allow-host names). */
  hosts?: readonly string[];
  /** Directory where generated PEM files are written. */
  certDir: string;
}

export interface KtServer {
  /** `https://127.0.0.1:<port>` */
  url: string;
  ca_cert: string;
  client_cert: string;
  client_key: string;
  /** Operator B (a second identity): certificate and key paths. */
  client_cert_2: string;
  client_key_2: string;
  /** Every PEM path in use. */
  files: KtCertFiles;
  close(): Promise<void>;
}

/** The CN of a verified peer certificate, or undefined. */
export function verifiedIdentity(socket: TLSSocket): string | undefined {
  if (!socket.authorized) return undefined;
  const cert = socket.getPeerCertificate();
  const cn = cert?.subject?.CN as string | string[] | undefined;
  const value = Array.isArray(cn) ? cn[0] : cn;
  return value ? value : undefined;
}

function json(res: import("node:http").ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export async function startKtServer(sim: Simulator, options: KtServerOptions): Promise<KtServer> {
  const files = prepareKtCertificates(options.certDir, options, KT_OPERATORS);
  const host = options.host ?? "127.0.0.1";
  const hosts = new HostGate({ hosts: options.hosts ?? [host] });
  const server: Server = createServer(
    {
      key: readFileSync(files.server_key),
      cert: readFileSync(files.server_cert),
      ca: readFileSync(files.ca_cert),
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const hostProblem = hosts.problem(req.headers.host);
      if (hostProblem !== undefined) {
        req.resume();
        json(res, 403, { error: hostProblem, code: "forbidden" });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_READ_BYTES) {
          tooLarge = true;
          return;
        }
        chunks.push(chunk);
      });
      req.on("error", () => res.destroy());
      req.on("end", () => {
        if (tooLarge) {
          json(res, 413, { error: "the body is too large", code: "payload_too_large" });
          return;
        }
        void (async () => {
          try {
            const identity = verifiedIdentity(req.socket as TLSSocket);
            const headers = new Headers();
            for (const [k, v] of Object.entries(req.headers)) {
              if (v === undefined || k.startsWith(":") || HOP_BY_HOP.has(k)) continue;
              headers.set(k, Array.isArray(v) ? v.join(", ") : v);
            }
            const method = req.method ?? "GET";
            const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
            // A path-absolute target is a path as written: "//namespaces/x" is not a host (new URL(target,
            // base) would read it as one); an absolute-form target is parsed as it stands.
            const target = req.url ?? "/";
            const url = target.startsWith("/")
              ? new URL(`https://kt.edgeconf.test${target}`)
              : new URL(target, "https://kt.edgeconf.test");
            const init = { method, headers, signal: responseSignal(res), ...(body ? { body } : {}) };
            const response = isControlPath(url.pathname)
              ? await sim.areas.kt.handle(new Request(url, init), {})
              : await sim.fetch(url, { ...init, ...(identity ? { clientIdentity: identity } : {}) });
            const out = Buffer.from(await response.arrayBuffer());
            const outHeaders: Record<string, string> = {};
            response.headers.forEach((v, k) => {
              outHeaders[k] = v;
            });
            outHeaders["content-length"] = String(out.length);
            res.writeHead(response.status, outHeaders);
            res.end(out);
          } catch (e) {
            // Never a 5xx: the simulator does not throw; anything else is a malformed request.
            json(res, 400, {
              error: `the request could not be processed: ${(e as Error).message}`,
              code: "invalid_body",
            });
          }
        })();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${urlHostOf(host)}:${port}`,
    ca_cert: files.ca_cert,
    client_cert: files.client_cert,
    client_key: files.client_key,
    client_cert_2: files.client_cert_2,
    client_key_2: files.client_key_2,
    files,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
