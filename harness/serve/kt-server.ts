/**
 * Area C over HTTPS with mutual TLS: the server `edgeconf serve` starts beside the HTTP API.
 * STUB — owned by the key-transparency work.
 */
import type { Simulator } from "../../sim/index.ts";

export interface KtServerOptions {
  port?: number;
  host?: string;
  /** Directory where generated PEM files are written. */
  certDir: string;
  /** Paths of your own PEM files instead of generated ones. */
  caCert?: string;
  caKey?: string;
  serverCert?: string;
  serverKey?: string;
}

export interface KtServer {
  /** `https://127.0.0.1:<port>` */
  url: string;
  ca_cert: string;
  client_cert: string;
  client_key: string;
  close(): Promise<void>;
}

export async function startKtServer(_sim: Simulator, _options: KtServerOptions): Promise<KtServer> {
  throw new Error("kt server not implemented yet");
}
