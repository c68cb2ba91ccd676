/**
 * Area C: every route answers the namespace its path names and never another one's state. Two namespaces of
 * the same operator, registered with the same root epoch (so that their epochs carry the same numbers) but
 * other digests, signature versions and log directories, are read, published to and disabled side by side;
 * a third has nothing published. And a name another operator holds stays that operator's.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  disable,
  expectListed,
  expectOk,
  expectRefused,
  ktOf,
  listNamespaces,
  publish,
  publishOk,
  randomDigest,
  registerOk,
  registration,
  says,
  schemas,
} from "./support.ts";

interface LastVerified {
  job_id: string;
  epoch: number;
  start_hash: string;
  end_hash: string;
  timestamp: number;
}

const AUDIT = "GET /namespaces/{name}/audits/{epoch}";
const LVE = "GET /namespaces/{name}/last-verified-epoch";

describe("isolation between namespaces and operators", () => {
  clauseTest(
    ["C.get.one", "C.audit.shape", "C.audit.last-verified-body", "C.disable.any-state", "C.list.shape"],
    "each route answers the namespace its path names: two namespaces with the same epoch numbers never answer each other's",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const root = 5;
      const x = await registerOk(kt, { signature_version: 1, root: `${root}/${randomDigest()}` });
      const y = await registerOk(kt, {
        signature_version: 2,
        root: `${root}/${randomDigest()}`,
        log_directory: "https://logs.edgeconf.test/y",
      });
      const z = await registerOk(kt, { root: `${root}/${randomDigest()}` });
      const x6 = randomDigest();
      const xRoot = await publishOk(kt, x.ns.name, root, x.sent.rootDigest);
      const x6Audit = await publishOk(kt, x.ns.name, root + 1, x6);
      const yRoot = await publishOk(kt, y.ns.name, root, y.sent.rootDigest);

      // audits/{epoch}: each namespace its own audit; an epoch only the other one has is 404.
      for (const [ns, epoch, expected] of [
        [x.ns.name, root, xRoot],
        [x.ns.name, root + 1, x6Audit],
        [y.ns.name, root, yRoot],
      ] as [string, number, Audit][]) {
        const res = await call<Audit>(kt, "GET", `/namespaces/${ns}/audits/${epoch}`, undefined, "none");
        expectOk(res, AUDIT, "C.audit.shape");
        expect(
          checkBody<Audit>(res, schemas.audit, AUDIT),
          says(AUDIT, "the audit this namespace published at this epoch, every field", "C.audit.shape"),
        ).toEqual(expected);
      }
      expect(
        [yRoot.namespace, yRoot.version, yRoot.digest],
        says(`${AUDIT} of the second namespace`, "its own name, version 2 and root digest", "C.audit.shape"),
      ).toEqual([y.ns.name, 2, y.sent.rootDigest]);
      expectRefused(
        await call(kt, "GET", `/namespaces/${y.ns.name}/audits/${root + 1}`, undefined, "none"),
        404,
        `${AUDIT} of an epoch only another namespace published`,
        "C.audit.shape",
      );
      expectRefused(
        await call(kt, "GET", `/namespaces/${z.ns.name}/audits/${root}`, undefined, "none"),
        404,
        `${AUDIT} of a namespace with nothing published`,
        "C.audit.shape",
      );

      // last-verified-epoch: each its own; none for the namespace with nothing published.
      const lve = async (name: string) => {
        const res = await call<LastVerified>(kt, "GET", `/namespaces/${name}/last-verified-epoch`, undefined, "none");
        expectOk(res, LVE, "C.audit.last-verified-body");
        return checkBody<LastVerified>(res, schemas.lastVerified, LVE, "C.audit.last-verified-body");
      };
      const xl = await lve(x.ns.name);
      expect(
        [xl.epoch, xl.start_hash, xl.end_hash],
        says(
          `${LVE} of the first namespace`,
          "its second epoch, from its root digest to its own digest",
          "C.audit.last-verified-body",
        ),
      ).toEqual([root + 1, x.sent.rootDigest, x6]);
      const yl = await lve(y.ns.name);
      expect(
        [yl.epoch, yl.start_hash, yl.end_hash],
        says(`${LVE} of the second namespace`, "its root epoch and root digest", "C.audit.last-verified-body"),
      ).toEqual([root, y.sent.rootDigest, y.sent.rootDigest]);
      expectRefused(
        await call(kt, "GET", `/namespaces/${z.ns.name}/last-verified-epoch`, undefined, "none"),
        404,
        `${LVE} of a namespace with nothing published, while others have`,
        "C.audit.last-verified",
      );

      // PATCH of one namespace disables that one only; the others stay as they were and accept epochs.
      const yBefore = await currentNamespace(kt, y.ns.name);
      const zBefore = await currentNamespace(kt, z.ns.name);
      const disabled = await disable(kt, x.ns.name);
      expectOk(disabled, "PATCH /namespaces/{name} status Disabled", "C.disable.any-state");
      expect(
        checkBody(disabled, schemas.namespace, "PATCH /namespaces/{name}"),
        says("PATCH /namespaces/{name}", "the namespace as before, status Disabled", "C.disable.any-state"),
      ).toEqual({ ...(await currentNamespace(kt, x.ns.name)), status: "Disabled" });
      expect(
        [await currentNamespace(kt, y.ns.name), await currentNamespace(kt, z.ns.name)],
        says(
          "GET /namespaces/{name} of the operator's other namespaces",
          "unchanged by the PATCH",
          "C.disable.any-state",
        ),
      ).toEqual([yBefore, zBefore]);
      const y6 = randomDigest();
      expectOk(
        await publish(kt, y.ns.name, root + 1, y6),
        "POST audits to a namespace next to a Disabled one",
        "C.publish.consecutive",
      );
      expectOk(
        await publish(kt, z.ns.name, root, z.sent.rootDigest),
        "POST audits to a namespace next to a Disabled one",
        "C.publish.consecutive",
      );
      const xNow = await currentNamespace(kt, x.ns.name);
      expect(
        [xNow.status, xNow.root, xNow.signature_version, xNow.log_directory, xNow.last_verified_epoch],
        says(
          "GET /namespaces/{name} of the Disabled namespace",
          "its own root, version, log_directory and last epoch",
          "C.get.one",
        ),
      ).toEqual(["Disabled", x.ns.root, 1, null, root + 1]);

      // The list: each entry as its own GET answers it.
      const list = await listNamespaces(kt);
      for (const name of [x.ns.name, y.ns.name, z.ns.name]) {
        expectListed(list, await currentNamespace(kt, name), "GET /namespaces: an entry next to the others");
      }
    },
  );

  clauseTest(
    ["C.auth.owner-only", "C.register.name-unique"],
    "a name another operator holds stays its own: B's registration of A's name is refused, and A alone can still write",
    async (ctx) => {
      const { kt } = await ktOf(ctx, ["b"]);
      const a = await registerOk(kt, {}, "a");
      const taken = registration({ name: a.ns.name, signature_version: 2 });
      expectRefused(
        await call(kt, "POST", "/namespaces", taken, "b"),
        409,
        "POST /namespaces by B of a name A holds",
        "C.register.name-unique",
      );
      expect(
        await currentNamespace(kt, a.ns.name),
        says(
          "GET /namespaces/{name} after B's registration of the name",
          "A's namespace unchanged",
          "C.register.name-unique",
        ),
      ).toEqual(a.ns);
      expectRefused(
        await publish(kt, a.ns.name, a.sent.rootEpoch, a.sent.rootDigest, "b"),
        403,
        "POST /namespaces/{name}/audits by B after its refused registration",
        "C.auth.owner-only",
      );
      expectRefused(
        await disable(kt, a.ns.name, "b"),
        403,
        "PATCH /namespaces/{name} by B after its refused registration",
        "C.auth.owner-only",
      );
      expectOk(
        await publish(kt, a.ns.name, a.sent.rootEpoch, a.sent.rootDigest, "a"),
        "POST /namespaces/{name}/audits by A, its owner",
        "C.auth.owner-only",
      );
      expect(
        (await currentNamespace(kt, a.ns.name)).status,
        says("GET /namespaces/{name} after A's publication", "status Online", "C.state.online-on-first-epoch"),
      ).toBe("Online");
    },
  );
});
