/** Area C: mutual TLS on writes, and ownership of namespaces by the operator that registered them. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  currentNamespace,
  disable,
  expectOk,
  expectRefused,
  expectRegistrationRefused,
  ktOf,
  publish,
  randomDigest,
  registerOk,
  registration,
} from "./support.ts";

describe("mTLS and ownership", () => {
  clauseTest(
    ["C.auth.mtls-writes"],
    "POST /namespaces without a client certificate is refused and registers nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["none"]);
      // The control: the same body, sent with operator A's certificate, registers (and GET then finds it).
      const body = registration();
      await expectRegistrationRefused(kt, body, body, { as: "none" });
    },
  );

  clauseTest(
    ["C.auth.mtls-writes"],
    "PATCH and epoch publication without a client certificate are refused and change nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["none"]);
      const { sent, ns } = await registerOk(kt);
      expectRefused(await disable(kt, ns.name, "none"));
      expectRefused(await publish(kt, ns.name, 1, sent.rootDigest, "none"));
      expect(await currentNamespace(kt, ns.name)).toEqual(ns);
      // The control: with the certificate, the same publication and PATCH are accepted.
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
      expectOk(await disable(kt, ns.name));
    },
  );

  clauseTest(
    ["C.auth.owner-only"],
    "another operator cannot publish to or disable a namespace it did not register",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b"]);
      const { sent, ns } = await registerOk(kt, {}, "a");
      expectRefused(await publish(kt, ns.name, 1, sent.rootDigest, "b"));
      expectRefused(await disable(kt, ns.name, "b"));
      expect(await currentNamespace(kt, ns.name)).toEqual(ns);
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest, "a"));
      expectRefused(await publish(kt, ns.name, 2, randomDigest(), "b"));
      expect((await currentNamespace(kt, ns.name)).status).toBe("Online");
    },
  );

  clauseTest(["C.auth.owner-only"], "each operator owns what it registered, and only that", async (ctx) => {
    const { kt } = await ktOf(ctx, ["b"]);
    const { ns } = await registerOk(kt, {}, "b");
    expectRefused(await disable(kt, ns.name, "a"));
    expect((await currentNamespace(kt, ns.name)).status).toBe("Initialization");
    expectOk(await disable(kt, ns.name, "b"));
    expect((await currentNamespace(kt, ns.name)).status).toBe("Disabled");
  });
});
