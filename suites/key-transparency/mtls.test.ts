/**
 * Area C over the target's own TLS endpoint: what only real TLS shows. Every request goes to the
 * target's kt URL (`kt.tls`), with TLS clients made here: no client certificate at all, or one issued
 * by a CA the target never trusted. An in-process target has no TLS: the tests skip there (edgeconf's
 * own HTTPS server is checked by harness/serve/kt-server.test.ts, which counts for no target).
 */
import { Agent, fetch } from "undici";
import { describe, expect, type TestContext } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { createCa, issueCertificate } from "../../harness/serve/certs.ts";
import type { KtTls } from "../../harness/targets/kt.ts";
import { checkBody, expectRefused, getNamespace, ktOf, registerBody, says, schemas } from "./support.ts";

async function tlsOf(ctx: TestContext): Promise<{ tls: KtTls; kt: Awaited<ReturnType<typeof ktOf>>["kt"] }> {
  const { target, kt } = await ktOf(ctx, ["none"]);
  if (!kt.tls) ctx.skip(`target ${target.name} has no HTTPS kt endpoint (in-process or plain http): no TLS to check`);
  return { tls: kt.tls as KtTls, kt };
}

function agent(tls: KtTls, client?: { certPem: string; keyPem: string }): Agent {
  return new Agent({
    connect: {
      ...(tls.ca ? { ca: tls.ca } : {}),
      ...(client ? { cert: client.certPem, key: client.keyPem } : {}),
      timeout: tls.timeoutMs,
    },
    headersTimeout: tls.timeoutMs,
    bodyTimeout: tls.timeoutMs,
  });
}

describe("mTLS at the target's HTTPS endpoint", () => {
  clauseTest(
    ["C.auth.list-open", "C.list.shape"],
    "over TLS, the list answers a client that shows no certificate",
    async (ctx) => {
      const { tls } = await tlsOf(ctx);
      const a = agent(tls);
      try {
        const res = await fetch(`${tls.url}/namespaces`, { dispatcher: a, signal: AbortSignal.timeout(tls.timeoutMs) });
        const text = await res.text();
        expect(
          res.status,
          `${says("GET /namespaces over TLS without a certificate", "status 200", "C.auth.list-open")}\n  answered: ${text.slice(0, 300)}`,
        ).toBe(200);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        checkBody(
          { status: res.status, text, json, headers: new Headers(res.headers as unknown as Headers) },
          schemas.list,
          "GET /namespaces over TLS",
          "C.list.shape",
        );
      } finally {
        await a.close();
      }
    },
  );

  clauseTest(
    ["C.auth.mtls-writes"],
    "a client certificate from a CA the target does not trust is no identity: the write is refused",
    async (ctx) => {
      const { tls, kt } = await tlsOf(ctx);
      const foreignCa = createCa("not the target's CA");
      const client = issueCertificate(foreignCa, { cn: "operator-a.edgeconf.test", kind: "client" });
      const a = agent(tls, client);
      const { rootEpoch: _e, rootDigest: _d, ...body } = registerBody();
      try {
        let status: number | "tls-refused";
        try {
          const res = await fetch(`${tls.url}/namespaces`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
            dispatcher: a,
            signal: AbortSignal.timeout(tls.timeoutMs),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch (e) {
          // Refusing the handshake is a refusal too; a timeout is not.
          if ((e as Error).name === "TimeoutError") throw e;
          status = "tls-refused";
        }
        if (status !== "tls-refused") {
          // No source fixes which 4xx (docs/choices/key-transparency-statuses.md); the simulator answers 401.
          const refused = says(
            "POST /namespaces with a foreign CA's certificate",
            "a 4xx (no identity)",
            "C.auth.mtls-writes",
          );
          expect(status, refused).toBeGreaterThanOrEqual(400);
          expect(status, refused).toBeLessThan(500);
        }
        expectRefused(
          await getNamespace(kt, body.name),
          404,
          "GET /namespaces/{name} after a foreign certificate's registration",
          "C.auth.mtls-writes",
        );
      } finally {
        await a.close();
      }
    },
  );
});
