/**
 * Certificates for area C's mutual TLS: a CA, a server certificate (SAN 127.0.0.1, ::1, localhost)
 * and client certificates whose subject CN is the operator identity.
 *
 * Keys are RSA 2048 made by node:crypto (fast, native); certificates are built by node-forge and
 * signed SHA-256 with RSA (PKCS#1 v1.5) by node:crypto, so nothing depends on an openssl binary. Private keys are written as PKCS#8 PEM
 * (mode 0600), certificates as PEM.
 */
import { constants, createPrivateKey, generateKeyPairSync, privateEncrypt, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import forge from "node-forge";
import { makeDir } from "../dirs.ts";

export interface KeyAndCert {
  /** PKCS#8 PEM. */
  keyPem: string;
  certPem: string;
}

const DAY_MS = 86_400_000;

/** DER prefix of a SHA-256 DigestInfo (RFC 8017, section 9.2): the hash follows. */
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");

/**
 * A signer forge's `certificate.sign` accepts (it calls `sign(md)`), doing the RSA work natively:
 * RSASSA-PKCS1-v1_5 = private-key operation over the DigestInfo with type-1 padding.
 */
function nativeSigner(keyPem: string): forge.pki.rsa.PrivateKey {
  const key = createPrivateKey(keyPem);
  const signer = {
    sign(md: forge.md.MessageDigest): string {
      const digest = Buffer.from(md.digest().getBytes(), "binary");
      const info = Buffer.concat([SHA256_DIGEST_INFO, digest]);
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, info).toString("binary");
    },
  };
  return signer as unknown as forge.pki.rsa.PrivateKey;
}

function newKey(): { pem: string; forgePublic: forge.pki.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const forgePublic = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  return { pem, forgePublic };
}

function baseCert(publicKey: forge.pki.PublicKey, cn: string, days: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive serial: clear the top bit.
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString("hex");
  const now = Date.now();
  cert.validity.notBefore = new Date(now - DAY_MS);
  cert.validity.notAfter = new Date(now + days * DAY_MS);
  cert.setSubject([{ name: "commonName", value: cn }]);
  return cert;
}

/** A self-signed CA. */
export function createCa(cn = "edgeconf test CA"): KeyAndCert {
  const key = newKey();
  const cert = baseCert(key.forgePublic, cn, 3650);
  cert.setIssuer(cert.subject.attributes);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(nativeSigner(key.pem), forge.md.sha256.create());
  return { keyPem: key.pem, certPem: forge.pki.certificateToPem(cert) };
}

export interface IssueOptions {
  cn: string;
  kind: "server" | "client";
  /** Server only: DNS names and IP addresses of the subjectAltName. */
  dnsNames?: string[];
  ips?: string[];
  days?: number;
}

/** A certificate for `cn`, signed by `ca`. */
export function issueCertificate(ca: KeyAndCert, options: IssueOptions): KeyAndCert {
  const key = newKey();
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const cert = baseCert(key.forgePublic, options.cn, options.days ?? 825);
  cert.setIssuer(caCert.subject.attributes);
  const extensions: object[] = [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    options.kind === "server" ? { name: "extKeyUsage", serverAuth: true } : { name: "extKeyUsage", clientAuth: true },
  ];
  if (options.kind === "server") {
    extensions.push({
      name: "subjectAltName",
      altNames: [
        ...(options.dnsNames ?? []).map((value) => ({ type: 2, value })),
        ...(options.ips ?? []).map((ip) => ({ type: 7, ip })),
      ],
    });
  }
  cert.setExtensions(extensions);
  cert.sign(nativeSigner(ca.keyPem), forge.md.sha256.create());
  return { keyPem: key.pem, certPem: forge.pki.certificateToPem(cert) };
}

export interface KtCertFiles {
  ca_cert: string;
  /** Absent when the CA was given without its key. */
  ca_key?: string;
  server_cert: string;
  server_key: string;
  client_cert: string;
  client_key: string;
  client_cert_2: string;
  client_key_2: string;
}

export interface KtCertSources {
  caCert?: string;
  caKey?: string;
  serverCert?: string;
  serverKey?: string;
  clientCert?: string;
  clientKey?: string;
  clientCert2?: string;
  clientKey2?: string;
}

function write(dir: string, name: string, pem: string, secret: boolean): string {
  const p = path.resolve(dir, name);
  writeFileSync(p, pem, { mode: secret ? 0o600 : 0o644 });
  return p;
}

/**
 * Makes (or takes) every PEM file the kt server and its two operators need. Given files are used as
 * they are; the missing ones are generated into `dir`, signed by the given CA (which then needs its
 * key) or by a new CA.
 */
export function prepareKtCertificates(
  dir: string,
  given: KtCertSources,
  operators: { a: string; b: string },
): KtCertFiles {
  makeDir(dir);
  const needIssue =
    !(given.serverCert && given.serverKey) ||
    !(given.clientCert && given.clientKey) ||
    !(given.clientCert2 && given.clientKey2);
  let ca: KeyAndCert | undefined;
  let caCertPath: string;
  let caKeyPath: string | undefined;
  if (given.caCert) {
    caCertPath = path.resolve(given.caCert);
    if (given.caKey) {
      caKeyPath = path.resolve(given.caKey);
      ca = { certPem: readFileSync(caCertPath, "utf8"), keyPem: readFileSync(caKeyPath, "utf8") };
    } else if (needIssue) {
      throw new Error(
        "kt server: a CA certificate was given without its key (caKey), so the missing server/client certificates cannot be issued; give caKey or every certificate and key",
      );
    }
  } else {
    if (given.serverCert || given.clientCert || given.clientCert2) {
      throw new Error("kt server: given certificates need the CA that signed them (caCert)");
    }
    ca = createCa();
    caCertPath = write(dir, "ca.pem", ca.certPem, false);
    caKeyPath = write(dir, "ca-key.pem", ca.keyPem, true);
  }
  const pair = (
    cert: string | undefined,
    key: string | undefined,
    file: string,
    issue: IssueOptions,
  ): [string, string] => {
    if (cert && key) return [path.resolve(cert), path.resolve(key)];
    const made = issueCertificate(ca!, issue);
    return [write(dir, `${file}.pem`, made.certPem, false), write(dir, `${file}-key.pem`, made.keyPem, true)];
  };
  const [server_cert, server_key] = pair(given.serverCert, given.serverKey, "server", {
    cn: "localhost",
    kind: "server",
    dnsNames: ["localhost"],
    ips: ["127.0.0.1", "::1"],
  });
  const [client_cert, client_key] = pair(given.clientCert, given.clientKey, "client-a", {
    cn: operators.a,
    kind: "client",
  });
  const [client_cert_2, client_key_2] = pair(given.clientCert2, given.clientKey2, "client-b", {
    cn: operators.b,
    kind: "client",
  });
  return {
    ca_cert: caCertPath,
    ...(caKeyPath ? { ca_key: caKeyPath } : {}),
    server_cert,
    server_key,
    client_cert,
    client_key,
    client_cert_2,
    client_key_2,
  };
}
