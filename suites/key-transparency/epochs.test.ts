/**
 * Area C: epochs as plexi reads them (u64, the root compared as text), what a republication
 * answers, when an epoch counts as verified (last_verified_epoch, log directories) and the unit of
 * audit timestamps.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  expectKeyOrder,
  expectOk,
  expectRefused,
  type KtResult,
  ktOf,
  publish,
  randomDigest,
  registerOk,
  schemas,
  targetNow,
} from "./support.ts";

const U64_MAX = "18446744073709551615";

/** The integer literal a JSON body gives `key` (exact, whatever its size). */
function integerText(res: KtResult<unknown>, key: string): string | undefined {
  return new RegExp(`"${key}"\\s*:\\s*(-?[0-9]+)(?![0-9.eE])`).exec(res.text)?.[1];
}

async function lastVerified(kt: Awaited<ReturnType<typeof ktOf>>["kt"], name: string): Promise<KtResult<unknown>> {
  return call(kt, "GET", `/namespaces/${name}/last-verified-epoch`, undefined, "none");
}

describe("epochs", () => {
  clauseTest(
    ["C.publish.consecutive"],
    "republishing an epoch with the same digest is refused, and the first audit stands unchanged",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      const first = checkBody<Audit>(await publish(kt, ns.name, 1, sent.rootDigest), schemas.audit);
      const d2 = randomDigest();
      const second = checkBody<Audit>(await publish(kt, ns.name, 2, d2), schemas.audit);
      expectRefused(await publish(kt, ns.name, 1, sent.rootDigest));
      expectRefused(await publish(kt, ns.name, 2, d2));
      for (const [epoch, audit] of [
        [1, first],
        [2, second],
      ] as const) {
        const got = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/${epoch}`, undefined, "none");
        expectOk(got);
        expect(checkBody<Audit>(got, schemas.audit)).toEqual(audit);
      }
      expect(integerText(await lastVerified(kt, ns.name), "epoch")).toBe("2");
    },
  );

  clauseTest(
    ["C.audit.last-verified-field", "C.audit.last-verified", "C.wire.field-order"],
    "after a publication GET /namespaces/{name} carries last_verified_epoch, between root and status",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expect(ns).not.toHaveProperty("last_verified_epoch");
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
      const got = await currentNamespace(kt, ns.name);
      expect(got.last_verified_epoch).toBe(1);
      expectKeyOrder(got, ["root", "last_verified_epoch", "status"]);
      expectOk(await publish(kt, ns.name, 2, randomDigest()));
      expect((await currentNamespace(kt, ns.name)).last_verified_epoch).toBe(2);
    },
  );

  clauseTest(
    ["C.audit.timestamp-ms", "C.audit.shape"],
    "an audit's timestamp is the request's time in milliseconds, within seconds of the target's clock",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      const res = await publish(kt, ns.name, 1, sent.rootDigest);
      const audit = checkBody<Audit>(res, schemas.audit);
      const now = targetNow(res);
      // Seconds would be 1000 times smaller, microseconds 1000 times larger.
      expect(Math.abs(audit.timestamp - now), `timestamp ${audit.timestamp} vs the target's clock ${now}`).toBeLessThan(
        5_000,
      );
    },
  );

  clauseTest(
    ["C.publish.epoch-u64"],
    "epochs up to 2^64-1 are read and written exactly, in bodies and in paths; 2^64 is refused",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const start = "18446744073709551614";
      const { sent, ns } = await registerOk(kt, { root: `${start}/${randomDigest()}` });
      const digest = sent.root.split("/")[1]!;
      const raw = (epoch: string, d: string) => `{"epoch":${epoch},"digest":"${d}"}`;
      const first = await call(kt, "POST", `/namespaces/${ns.name}/audits`, raw(start, digest));
      expectOk(first);
      expect(integerText(first, "epoch")).toBe(start);
      const top = await call(kt, "POST", `/namespaces/${ns.name}/audits`, raw(U64_MAX, randomDigest()));
      expectOk(top);
      expect(integerText(top, "epoch")).toBe(U64_MAX);
      const got = await call(kt, "GET", `/namespaces/${ns.name}/audits/${U64_MAX}`, undefined, "none");
      expectOk(got);
      expect(integerText(got, "epoch")).toBe(U64_MAX);
      expect(integerText(await lastVerified(kt, ns.name), "epoch")).toBe(U64_MAX);
      expect(
        integerText(await call(kt, "GET", `/namespaces/${ns.name}`, undefined, "none"), "last_verified_epoch"),
      ).toBe(U64_MAX);
      expectRefused(
        await call(kt, "POST", `/namespaces/${ns.name}/audits`, raw("18446744073709551616", randomDigest())),
      );
      expectRefused(await call(kt, "GET", `/namespaces/${ns.name}/audits/18446744073709551616`, undefined, "none"));
    },
  );

  clauseTest(
    ["C.publish.root-as-text", "C.publish.first-matches-root"],
    "a root written in upper-case hex is never matched by its first epoch: plexi compares the root as text",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const digest = randomDigest();
      const { ns } = await registerOk(kt, { root: `1/${digest.toUpperCase()}` });
      expect(ns.root).toBe(`1/${digest.toUpperCase()}`);
      expectRefused(await publish(kt, ns.name, 1, digest));
      expectRefused(await publish(kt, ns.name, 1, digest.toUpperCase()));
      expect((await currentNamespace(kt, ns.name)).status).toBe("Initialization");
      expect((await lastVerified(kt, ns.name)).status).toBe(404);
    },
  );

  clauseTest(
    ["C.field.log-directory-fetch", "C.audit.last-verified"],
    "with a log_directory that serves no proofs, an epoch past the root is signed but never counts as verified",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      // .invalid never resolves (RFC 2606): no proof can be fetched from it.
      const { sent, ns } = await registerOk(kt, { log_directory: "https://proofs.edgeconf.invalid/dir" });
      expectOk(await publish(kt, ns.name, 1, sent.rootDigest));
      expectOk(await publish(kt, ns.name, 2, randomDigest()));
      // Verification is asynchronous: look right away and again a moment later.
      for (const wait of [0, 1500]) {
        await new Promise((r) => setTimeout(r, wait));
        const res = await lastVerified(kt, ns.name);
        if (res.status !== 404) {
          expectOk(res);
          expect(integerText(res, "epoch"), "epoch 2 has no proof and must not count").not.toBe("2");
        }
        expect((await currentNamespace(kt, ns.name)).last_verified_epoch).not.toBe(2);
      }
      expect((await currentNamespace(kt, ns.name)).status).toBe("Online");
    },
  );
});
