import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createCa, issueCertificate, prepareKtCertificates } from "./certs.ts";

const dir = mkdtempSync(path.join(tmpdir(), "edgeconf-certs-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const operators = { a: "operator-a.test", b: "operator-b.test" };

describe("certificates for area C's mTLS", () => {
  test("a CA signs server and client certificates with the right names and uses", () => {
    const ca = createCa("unit CA");
    const caX = new X509Certificate(ca.certPem);
    expect(caX.ca).toBe(true);
    const server = new X509Certificate(
      issueCertificate(ca, { cn: "localhost", kind: "server", dnsNames: ["localhost"], ips: ["127.0.0.1"] }).certPem,
    );
    expect(server.verify(caX.publicKey)).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(server.checkHost("localhost")).toBe("localhost");
    expect(server.keyUsage).toContain("1.3.6.1.5.5.7.3.1");
    const client = new X509Certificate(issueCertificate(ca, { cn: "operator-x", kind: "client" }).certPem);
    expect(client.subject).toContain("CN=operator-x");
    expect(client.keyUsage).toContain("1.3.6.1.5.5.7.3.2");
    expect(client.verify(caX.publicKey)).toBe(true);
    expect(client.verify(new X509Certificate(createCa("other").certPem).publicKey)).toBe(false);
  });

  test("prepareKtCertificates writes every file, keys private, operators as CNs", () => {
    const files = prepareKtCertificates(path.join(dir, "gen"), {}, operators);
    for (const p of Object.values(files)) expect(statSync(p).isFile()).toBe(true);
    expect(statSync(files.client_key).mode & 0o077).toBe(0);
    expect(new X509Certificate(readFileSync(files.client_cert)).subject).toContain("CN=operator-a.test");
    expect(new X509Certificate(readFileSync(files.client_cert_2)).subject).toContain("CN=operator-b.test");
    const again = prepareKtCertificates(
      path.join(dir, "reuse"),
      { caCert: files.ca_cert, caKey: files.ca_key!, serverCert: files.server_cert, serverKey: files.server_key },
      operators,
    );
    expect(again.server_cert).toBe(files.server_cert);
    expect(again.ca_cert).toBe(files.ca_cert);
    const ca = new X509Certificate(readFileSync(files.ca_cert));
    expect(new X509Certificate(readFileSync(again.client_cert)).verify(ca.publicKey)).toBe(true);
  });

  test("inconsistent given files are refused with a message that says what is missing", () => {
    const files = prepareKtCertificates(path.join(dir, "base"), {}, operators);
    expect(() => prepareKtCertificates(path.join(dir, "x"), { caCert: files.ca_cert }, operators)).toThrow(/caKey/);
    expect(() =>
      prepareKtCertificates(
        path.join(dir, "y"),
        { serverCert: files.server_cert, serverKey: files.server_key },
        operators,
      ),
    ).toThrow(/caCert/);
  });
});
