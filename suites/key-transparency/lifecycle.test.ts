/** Area C: the namespace state machine (Initialization -> Online -> Disabled) and epoch publication. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  disable,
  expectDisabledRefusal,
  expectOk,
  expectRefused,
  type getNamespace,
  ktOf,
  type Namespace,
  publish,
  randomDigest,
  registerOk,
  schemas,
} from "./support.ts";

async function lastEpoch(kt: Parameters<typeof getNamespace>[0], name: string): Promise<number | undefined> {
  const res = await call<{ epoch: number }>(kt, "GET", `/namespaces/${name}/last-verified-epoch`, undefined, "none");
  if (res.status === 404) return undefined;
  expectOk(res);
  return checkBody<{ epoch: number }>(res, schemas.lastVerified).epoch;
}

describe("state machine", () => {
  clauseTest(
    ["C.state.online-on-first-epoch", "C.publish.first-matches-root", "C.audit.shape"],
    "publishing the root epoch moves Initialization to Online and answers its audit",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expect(ns.status).toBe("Initialization");
      const res = await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      expectOk(res);
      const audit = checkBody<Audit>(res, schemas.audit);
      expect(audit).toMatchObject({ namespace: ns.name, epoch: sent.rootEpoch, version: 1, ciphersuite: 1 });
      expect(audit.digest.toLowerCase()).toBe(sent.rootDigest);
      expect((await currentNamespace(kt, ns.name)).status).toBe("Online");
    },
  );

  clauseTest(
    ["C.publish.first-matches-root", "C.register.initialization"],
    "a first epoch that differs from the root (number or digest) is refused; the namespace stays Initialization",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectRefused(await publish(kt, ns.name, sent.rootEpoch, randomDigest()));
      expectRefused(await publish(kt, ns.name, sent.rootEpoch + 1, sent.rootDigest));
      expect((await currentNamespace(kt, ns.name)).status).toBe("Initialization");
      expect(await lastEpoch(kt, ns.name)).toBeUndefined();
      // The control: the root itself is accepted.
      expectOk(await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest));
    },
  );

  clauseTest(
    ["C.publish.consecutive", "C.audit.last-verified"],
    "each next epoch is previous + 1; gaps, repeats and older epochs are refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
      expectOk(await publish(kt, ns.name, 2, randomDigest()));
      expectRefused(await publish(kt, ns.name, 4, randomDigest()));
      expectRefused(await publish(kt, ns.name, 2, randomDigest()));
      expectRefused(await publish(kt, ns.name, 1, randomDigest()));
      expect(await lastEpoch(kt, ns.name)).toBe(2);
      expectOk(await publish(kt, ns.name, 3, randomDigest()));
      expect(await lastEpoch(kt, ns.name)).toBe(3);
    },
  );

  clauseTest(["C.publish.digest"], "a digest must be 32 bytes of hex and unique in the namespace", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const { sent, ns } = await registerOk(kt);
    expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
    const d2 = randomDigest();
    for (const bad of [d2.slice(2), `${d2}00`, `${d2.slice(1)}g`, ""]) {
      expectRefused(await publish(kt, ns.name, 2, bad));
    }
    expectRefused(await publish(kt, ns.name, 2, sent.rootDigest));
    expect(await lastEpoch(kt, ns.name)).toBe(1);
    expectOk(await publish(kt, ns.name, 2, d2));
    expectRefused(await publish(kt, ns.name, 3, d2));
    expect(await lastEpoch(kt, ns.name)).toBe(2);
  });

  clauseTest(
    ["C.audit.shape"],
    "GET /namespaces/{name}/audits/{epoch} answers the published audit, 404 for an unpublished epoch",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { signature_version: 2 });
      const posted = checkBody<Audit>(await publish(kt, ns.name, 1, sent.rootDigest), schemas.audit);
      const got = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/1`, undefined, "none");
      expectOk(got);
      expect(checkBody<Audit>(got, schemas.audit)).toEqual(posted);
      expect(posted.version).toBe(2);
      expect((await call(kt, "GET", `/namespaces/${ns.name}/audits/2`, undefined, "none")).status).toBe(404);
    },
  );
});

describe("disable", () => {
  clauseTest(
    ["C.disable.any-state", "C.field.status-case", "C.wire.bare-json"],
    "PATCH status Disabled from Initialization answers the namespace with status Disabled",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      const res = await disable(kt, ns.name);
      expectOk(res);
      const body = checkBody<Namespace>(res, schemas.namespace);
      expect(body).toEqual({ ...ns, status: "Disabled" });
      expect((await currentNamespace(kt, ns.name)).status).toBe("Disabled");
    },
  );

  clauseTest(["C.disable.any-state"], "PATCH status Disabled from Online, and again from Disabled", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const { sent, ns } = await registerOk(kt);
    expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
    expect(checkBody<Namespace>(await disable(kt, ns.name), schemas.namespace).status).toBe("Disabled");
    const again = await disable(kt, ns.name);
    expectOk(again);
    expect(checkBody<Namespace>(again, schemas.namespace).status).toBe("Disabled");
  });

  clauseTest(
    ["C.disable.no-exit"],
    "a Disabled namespace is read-only: no publication, no other status",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
      expectOk(await disable(kt, ns.name));
      expectDisabledRefusal(await publish(kt, ns.name, 2, randomDigest()));
      for (const status of ["Online", "Initialization", "online"]) {
        expectRefused(await call(kt, "PATCH", `/namespaces/${ns.name}`, { status }));
      }
      expect((await currentNamespace(kt, ns.name)).status).toBe("Disabled");
      expect(await lastEpoch(kt, ns.name)).toBe(1);
    },
  );

  clauseTest(
    ["C.disable.any-state", "C.register.content-type"],
    "PATCH with another status, another field or a non-JSON body is refused and changes nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      expectRefused(await call(kt, "PATCH", `/namespaces/${ns.name}`, { status: "Online" }));
      expectRefused(await call(kt, "PATCH", `/namespaces/${ns.name}`, {}));
      expectRefused(
        await call(kt, "PATCH", `/namespaces/${ns.name}`, JSON.stringify({ status: "Disabled" }), "a", "text/plain"),
      );
      expect((await currentNamespace(kt, ns.name)).status).toBe("Initialization");
      expect((await disable(kt, "never-registered.edgeconf.test")).status).toBe(404);
      // The control: PATCH {status: "Disabled"} as JSON is accepted.
      expectOk(await disable(kt, ns.name));
    },
  );
});
