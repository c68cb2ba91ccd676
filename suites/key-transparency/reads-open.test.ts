/**
 * Area C: reads are the same for every caller. Only writes need a client certificate (the reference: POST and
 * PATCH "(mTLS)", publication "log owner only"); anyone audits any log with plexi's client, certificate or not.
 * So a read answers the same without a certificate, as the owner and as another operator: the list holds every
 * public namespace whoever asks (never only the caller's, never the caller's own non-public ones), and one
 * namespace, its audits and its last verified epoch answer another operator as they answer the owner.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { KtIdentity } from "../../harness/targets/kt.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  expectListed,
  expectOk,
  ktOf,
  type Namespace,
  publishOk,
  registerOk,
  says,
  schemas,
} from "./support.ts";

const LIST = "GET /namespaces";
const AUDIT = "GET /namespaces/{name}/audits/{epoch}";
const LVE = "GET /namespaces/{name}/last-verified-epoch";

describe("reads open to every caller", () => {
  clauseTest(
    ["C.auth.list-open", "C.list.public-only", "C.list.shape", "C.get.one", "C.audit.shape", "C.audit.last-verified"],
    "every read answers the same without a certificate, to the owner and to another operator",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b", "none"]);
      const a = await registerOk(kt, {}, "a");
      const hidden = await registerOk(kt, { public: false }, "a");
      const b = await registerOk(kt, {}, "b");
      const audits = new Map<string, Audit>();
      for (const { sent, ns } of [a, hidden]) {
        audits.set(ns.name, await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest));
      }
      const expected: Namespace[] = [];
      for (const { ns } of [a, hidden, b]) expected.push(await currentNamespace(kt, ns.name));
      for (const as of ["none", "a", "b"] as KtIdentity[]) {
        const res = await call(kt, "GET", "/namespaces", undefined, as);
        expectOk(res, `${LIST} as ${as}`, "C.auth.list-open");
        const list = checkBody<{ namespaces: Namespace[] }>(res, schemas.list, LIST, "C.list.shape").namespaces;
        expectListed(list, expected[0]!, `${LIST} as ${as}: operator A's public namespace`);
        expectListed(list, expected[2]!, `${LIST} as ${as}: operator B's public namespace`);
        expect(
          list.map((n) => n.name),
          says(`${LIST} as ${as}`, "no namespace that is not public, not even to its owner", "C.list.public-only"),
        ).not.toContain(hidden.ns.name);
        for (const [i, { sent, ns }] of [a, hidden, b].entries()) {
          const one = await call(kt, "GET", `/namespaces/${ns.name}`, undefined, as);
          expectOk(one, `GET /namespaces/{name} as ${as}`, "C.get.one");
          expect(
            checkBody<Namespace>(one, schemas.namespace, "GET /namespaces/{name}"),
            says(`GET /namespaces/{name} as ${as}`, "the namespace as every caller sees it", "C.get.one"),
          ).toEqual(expected[i]);
          const audit = audits.get(ns.name);
          if (!audit) continue;
          const got = await call(kt, "GET", `/namespaces/${ns.name}/audits/${sent.rootEpoch}`, undefined, as);
          expectOk(got, `${AUDIT} as ${as}`, "C.audit.shape");
          expect(
            checkBody<Audit>(got, schemas.audit, AUDIT),
            says(`${AUDIT} as ${as}`, "the audit as published", "C.audit.shape"),
          ).toEqual(audit);
          const last = await call<{ epoch: number; end_hash: string }>(
            kt,
            "GET",
            `/namespaces/${ns.name}/last-verified-epoch`,
            undefined,
            as,
          );
          expectOk(last, `${LVE} as ${as}`, "C.audit.last-verified");
          const body = checkBody<{ epoch: number; end_hash: string }>(last, schemas.lastVerified, LVE);
          expect(
            [body.epoch, body.end_hash],
            says(`${LVE} as ${as}`, "the root epoch and its digest", "C.audit.last-verified"),
          ).toEqual([sent.rootEpoch, sent.rootDigest]);
        }
      }
    },
  );
});
