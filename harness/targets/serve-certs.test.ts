import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { startServe } from "../serve/index.ts";
import setup, { SERVE_CERTS_ENV, sharedServeCertificates } from "./serve-certs.ts";

describe("one set of area-C certificates per test run", () => {
  test("absent or malformed: every serve makes its own", () => {
    expect(sharedServeCertificates({})).toEqual({});
    expect(sharedServeCertificates({ [SERVE_CERTS_ENV]: "{" })).toEqual({});
    expect(sharedServeCertificates({ [SERVE_CERTS_ENV]: JSON.stringify({ ca_cert: "/x" }) })).toEqual({});
  });

  test("two serves started with the run's set use its CA and operator certificates", async () => {
    const saved = process.env[SERVE_CERTS_ENV];
    const teardown = setup();
    try {
      const shared = sharedServeCertificates();
      const a = await startServe({ seed: 1, ...shared });
      const b = await startServe({ seed: 2, ...shared });
      try {
        expect(a.ca_cert).toBe(shared.caCert);
        expect(b.client_cert).toBe(shared.certificates?.clientCert);
        expect(readFileSync(a.ca_cert!, "utf8")).toMatch(/BEGIN CERTIFICATE/);
        expect(a.info.kt_error).toBeUndefined();
        expect(b.kt_url).toMatch(/^https:/);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      teardown();
      if (saved !== undefined) process.env[SERVE_CERTS_ENV] = saved;
    }
  });
});
