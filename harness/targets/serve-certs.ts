/**
 * One set of area-C certificates for every `serve` target of a test run. RSA key generation is most
 * of a serve start (about half a second), and every test file starts its own serve: the run's global
 * setup makes the set once (a CA, the server, both operators), names the files in
 * EDGECONF_SERVE_CERTS, and each serve target starts with them. Without it, each serve makes its own.
 */
import { prepareKtCertificates } from "../serve/certs.ts";
import type { ServeOptions } from "../serve/index.ts";
import { makeTempDir, removeTempDir } from "../serve/temp-dirs.ts";
import { KT_OPERATORS } from "./kt.ts";

export const SERVE_CERTS_ENV = "EDGECONF_SERVE_CERTS";

const FILES = [
  "ca_cert",
  "ca_key",
  "server_cert",
  "server_key",
  "client_cert",
  "client_key",
  "client_cert_2",
  "client_key_2",
] as const;

/** The startServe options that reuse the run's certificates, or nothing when the run made none. */
export function sharedServeCertificates(
  env: NodeJS.ProcessEnv = process.env,
): Pick<ServeOptions, "caCert" | "caKey" | "certificates"> {
  const raw = env[SERVE_CERTS_ENV];
  if (!raw) return {};
  let files: Record<string, unknown>;
  try {
    files = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
  const paths: Record<string, string> = {};
  for (const name of FILES) {
    const value = files?.[name];
    if (typeof value !== "string" || value === "") return {};
    paths[name] = value;
  }
  return {
    caCert: paths.ca_cert,
    caKey: paths.ca_key,
    certificates: {
      serverCert: paths.server_cert,
      serverKey: paths.server_key,
      clientCert: paths.client_cert,
      clientKey: paths.client_key,
      clientCert2: paths.client_cert_2,
      clientKey2: paths.client_key_2,
    },
  };
}

/** vitest global setup: makes the run's certificates; the returned teardown removes them. */
export default function setup(): () => void {
  const dir = makeTempDir("edgeconf-run-certs-");
  const files = prepareKtCertificates(dir, {}, KT_OPERATORS);
  process.env[SERVE_CERTS_ENV] = JSON.stringify(files);
  return () => {
    delete process.env[SERVE_CERTS_ENV];
    removeTempDir(dir);
  };
}
