/** Area C: the namespace state machine (Initialization -> Online -> Disabled) and epoch publication. */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import {
  type Audit,
  call,
  checkBody,
  currentNamespace,
  DISABLED_MESSAGE,
  disable,
  expectDisabledRefusal,
  expectKeyOrder,
  expectListed,
  expectOk,
  expectRefused,
  type getNamespace,
  ktOf,
  listNamespaces,
  type Namespace,
  publish,
  publishOk,
  randomDigest,
  registerOk,
  says,
  schemas,
} from "./support.ts";

type Kt = Parameters<typeof getNamespace>[0];
const PUBLISH = "POST /namespaces/{name}/audits";
const PATCH = "PATCH /namespaces/{name}";
const AUDIT_ORDER = [
  "version",
  "ciphersuite",
  "namespace",
  "timestamp",
  "epoch",
  "digest",
  "signature",
  "key_id",
  "serialized_message",
];

async function lastEpoch(kt: Kt, name: string): Promise<number | undefined> {
  const res = await call<{ epoch: number }>(kt, "GET", `/namespaces/${name}/last-verified-epoch`, undefined, "none");
  if (res.status === 404) return undefined;
  expectOk(res, "GET /namespaces/{name}/last-verified-epoch", "C.audit.last-verified");
  return checkBody<{ epoch: number }>(res, schemas.lastVerified, "GET /namespaces/{name}/last-verified-epoch").epoch;
}

async function getAudit(kt: Kt, name: string, epoch: number | string) {
  return call<Audit>(kt, "GET", `/namespaces/${name}/audits/${epoch}`, undefined, "none");
}

describe("state machine", () => {
  clauseTest(
    ["C.state.online-on-first-epoch", "C.publish.first-matches-root", "C.audit.shape", "C.audit.last-verified-field"],
    "publishing the root epoch moves Initialization to Online and answers its whole audit",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      expect(ns.status, says("POST /namespaces", "status Initialization", "C.register.initialization")).toBe(
        "Initialization",
      );
      const res = await publish(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      expectOk(res, `${PUBLISH} the root epoch`, "C.publish.first-matches-root");
      const audit = checkBody<Audit>(res, schemas.audit, PUBLISH, "C.audit.shape");
      expect(
        Object.keys(audit),
        says(PUBLISH, "the fields of plexi's SignatureResponse, in order", "C.audit.shape"),
      ).toEqual(AUDIT_ORDER);
      expect(
        { ...audit, timestamp: 0, signature: "", key_id: 0, serialized_message: "" },
        says(PUBLISH, "version, ciphersuite, namespace, epoch and digest of the request", "C.audit.shape"),
      ).toEqual({
        version: 1,
        ciphersuite: 1,
        namespace: ns.name,
        timestamp: 0,
        epoch: sent.rootEpoch,
        digest: sent.rootDigest,
        signature: "",
        key_id: 0,
        serialized_message: "",
      });
      const after = await currentNamespace(kt, ns.name);
      expect(
        after,
        says(
          "GET /namespaces/{name} after the root epoch",
          "status Online, last_verified_epoch the root's",
          "C.state.online-on-first-epoch",
        ),
      ).toEqual({
        ...ns,
        last_verified_epoch: sent.rootEpoch,
        status: "Online",
      });
      expectKeyOrder(
        after,
        [
          "name",
          "log_directory",
          "root",
          "last_verified_epoch",
          "status",
          "reports_uri",
          "audits_uri",
          "signature_version",
          "ciphersuite",
        ],
        "GET /namespaces/{name}",
      );
    },
  );

  clauseTest(
    ["C.publish.first-matches-root", "C.register.initialization"],
    "a first epoch that differs from the root (number or digest) is refused with 400; the namespace stays Initialization",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { root: `5/${randomDigest()}` });
      const refusals: [number, string, string][] = [
        [sent.rootEpoch, randomDigest(), "the root's epoch, another digest"],
        [sent.rootEpoch + 1, sent.rootDigest, "the root's digest, the next epoch"],
        [sent.rootEpoch - 1, sent.rootDigest, "the root's digest, the epoch before"],
        [1, sent.rootDigest, "epoch 1 (plexi's FIRST_EPOCH), the root's digest"],
        [0, sent.rootDigest, "epoch 0"],
      ];
      for (const [epoch, digest, what] of refusals) {
        expectRefused(
          await publish(kt, ns.name, epoch, digest),
          400,
          `${PUBLISH} first epoch: ${what}`,
          "C.publish.first-matches-root",
        );
      }
      expect(
        await currentNamespace(kt, ns.name),
        says(
          "GET /namespaces/{name} after refused first epochs",
          "unchanged, Initialization",
          "C.register.initialization",
        ),
      ).toEqual(ns);
      expect(
        await lastEpoch(kt, ns.name),
        says("GET /namespaces/{name}/last-verified-epoch", "404: nothing published", "C.audit.last-verified"),
      ).toBeUndefined();
      expectRefused(
        await getAudit(kt, ns.name, sent.rootEpoch),
        404,
        "GET /namespaces/{name}/audits/{root epoch} before publication",
        "C.audit.shape",
      );
      // The control: the root itself is accepted.
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest, "C.publish.first-matches-root");
    },
  );

  clauseTest(
    ["C.publish.consecutive", "C.audit.last-verified", "C.error.status"],
    "each next epoch is previous + 1: a gap or an epoch below the root is refused with 400, a published one with 409",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { root: `3/${randomDigest()}` });
      await publishOk(kt, ns.name, 3, sent.rootDigest);
      await publishOk(kt, ns.name, 4, randomDigest());
      expectRefused(
        await publish(kt, ns.name, 6, randomDigest()),
        400,
        `${PUBLISH} a gap (last + 2)`,
        "C.publish.consecutive",
      );
      expectRefused(
        await publish(kt, ns.name, 4, randomDigest()),
        409,
        `${PUBLISH} the last epoch again`,
        "C.publish.consecutive",
      );
      expectRefused(
        await publish(kt, ns.name, 3, randomDigest()),
        409,
        `${PUBLISH} the root epoch again`,
        "C.publish.consecutive",
      );
      expectRefused(
        await publish(kt, ns.name, 2, randomDigest()),
        400,
        `${PUBLISH} an epoch below the root`,
        "C.publish.consecutive",
      );
      expect(
        await lastEpoch(kt, ns.name),
        says("GET /namespaces/{name}/last-verified-epoch", "epoch 4 after refusals", "C.audit.last-verified"),
      ).toBe(4);
      for (const epoch of [5, 6, 7, 8]) await publishOk(kt, ns.name, epoch, randomDigest());
      expect(
        await lastEpoch(kt, ns.name),
        says("GET /namespaces/{name}/last-verified-epoch", "epoch 8, the last published", "C.audit.last-verified"),
      ).toBe(8);
      expectRefused(await getAudit(kt, ns.name, 9), 404, "GET /namespaces/{name}/audits/{next epoch}", "C.audit.shape");
      expectRefused(
        await getAudit(kt, ns.name, 2),
        404,
        "GET /namespaces/{name}/audits/{epoch below the root}",
        "C.audit.shape",
      );
    },
  );

  clauseTest(
    ["C.publish.digest", "C.publish.digest-case", "C.error.status"],
    "a digest must be 32 bytes of hex (400) and unique in the namespace, in any case (409)",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const next = sent.rootEpoch + 1;
      const d2 = randomDigest();
      for (const bad of [d2.slice(2), `${d2}00`, `${d2.slice(1)}g`, "", ` ${d2.slice(1)}`, `0x${d2.slice(2)}`]) {
        expectRefused(
          await publish(kt, ns.name, next, bad),
          400,
          `${PUBLISH} digest not 64 hex digits`,
          "C.publish.digest",
        );
      }
      expectRefused(
        await call(kt, "POST", `/namespaces/${ns.name}/audits`, { epoch: next, digest: 7 }),
        400,
        `${PUBLISH} digest a number`,
        "C.publish.digest",
      );
      expectRefused(
        await publish(kt, ns.name, next, sent.rootDigest),
        409,
        `${PUBLISH} the root's digest again`,
        "C.publish.digest",
      );
      expectRefused(
        await publish(kt, ns.name, next, sent.rootDigest.toUpperCase()),
        409,
        `${PUBLISH} the root's digest again, upper case`,
        "C.publish.digest-case",
      );
      expect(
        await lastEpoch(kt, ns.name),
        says("GET /namespaces/{name}/last-verified-epoch", "the root epoch after refusals", "C.publish.digest"),
      ).toBe(sent.rootEpoch);
      const upper = await publishOk(kt, ns.name, next, d2.toUpperCase(), "C.publish.digest-case");
      expect(upper.digest, says(PUBLISH, "digest answered in lower case", "C.publish.digest-case")).toBe(d2);
      expectRefused(
        await publish(kt, ns.name, next + 1, d2),
        409,
        `${PUBLISH} a digest used by the previous epoch`,
        "C.publish.digest",
      );
      const d3 = randomDigest();
      await publishOk(kt, ns.name, next + 1, d3);
      expectRefused(
        await publish(kt, ns.name, next + 2, d2),
        409,
        `${PUBLISH} a digest used two epochs back`,
        "C.publish.digest",
      );
      expect(
        await lastEpoch(kt, ns.name),
        says("GET /namespaces/{name}/last-verified-epoch", "the last accepted epoch", "C.publish.digest"),
      ).toBe(next + 1);
      // Unique within the namespace: another namespace may publish the same digest.
      const other = await registerOk(kt, { root: `${sent.rootEpoch}/${d3}` });
      await publishOk(kt, other.ns.name, sent.rootEpoch, d3, "C.publish.digest");
      await publishOk(kt, other.ns.name, sent.rootEpoch + 1, d2, "C.publish.digest");
    },
  );

  clauseTest(
    ["C.audit.shape", "C.publish.epoch-u64"],
    "GET /namespaces/{name}/audits/{epoch} answers the published audit (epoch read as u64 text), 404 for an unpublished epoch",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt, { signature_version: 2, root: `12/${randomDigest()}` });
      const posted = await publishOk(kt, ns.name, 12, sent.rootDigest);
      const second = await publishOk(kt, ns.name, 13, randomDigest());
      expect(posted.version, says(PUBLISH, "version = the namespace's signature_version", "C.audit.shape")).toBe(2);
      expect(
        posted.ciphersuite,
        says(PUBLISH, "ciphersuite = the namespace's signature_version", "C.audit.shape"),
      ).toBe(2);
      for (const [text, audit] of [
        ["12", posted],
        ["13", second],
        ["+12", posted],
        [`${"0".repeat(45)}13`, second],
        ["0013", second],
      ] as const) {
        const got = await getAudit(kt, ns.name, text);
        expectOk(got, "GET /namespaces/{name}/audits/{epoch}", "C.audit.shape");
        expect(
          checkBody<Audit>(got, schemas.audit, "GET /namespaces/{name}/audits/{epoch}"),
          says(`GET /namespaces/{name}/audits/${text}`, "the audit as published", "C.audit.shape"),
        ).toEqual(audit);
      }
      expectRefused(
        await getAudit(kt, ns.name, 14),
        404,
        "GET /namespaces/{name}/audits/{unpublished}",
        "C.audit.shape",
      );
      expectRefused(
        await getAudit(kt, ns.name, 11),
        404,
        "GET /namespaces/{name}/audits/{before the root}",
        "C.audit.shape",
      );
      for (const text of ["abc", "-1", "12.0", "1e1", "0x0c", "%2012"]) {
        expectRefused(
          await getAudit(kt, ns.name, text),
          400,
          "GET /namespaces/{name}/audits/{not a u64}",
          "C.publish.epoch-u64",
        );
      }
      expectRefused(
        await getAudit(kt, "never-registered.edgeconf.test", 12),
        404,
        "GET /namespaces/{unknown}/audits/{epoch}",
        "C.get.one",
      );
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
      expectOk(res, `${PATCH} Disabled`, "C.disable.any-state");
      const body = checkBody<Namespace>(res, schemas.namespace, PATCH);
      expect(body, says(`${PATCH} Disabled`, "the whole namespace, status Disabled", "C.disable.any-state")).toEqual({
        ...ns,
        status: "Disabled",
      });
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after PATCH", "the namespace, status Disabled", "C.disable.any-state"),
      ).toEqual(body);
    },
  );

  clauseTest(["C.disable.any-state"], "PATCH status Disabled from Online, and again from Disabled", async (ctx) => {
    const { kt } = await ktOf(ctx);
    const { sent, ns } = await registerOk(kt);
    await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
    const online = await currentNamespace(kt, ns.name);
    const first = await disable(kt, ns.name);
    expectOk(first, `${PATCH} Disabled from Online`, "C.disable.any-state");
    const expected = { ...online, status: "Disabled" };
    expect(
      checkBody<Namespace>(first, schemas.namespace, PATCH),
      says(
        `${PATCH} Disabled from Online`,
        "the whole namespace, last_verified_epoch kept, status Disabled",
        "C.disable.any-state",
      ),
    ).toEqual(expected);
    const again = await disable(kt, ns.name);
    expectOk(again, `${PATCH} Disabled from Disabled`, "C.disable.any-state");
    expect(
      checkBody<Namespace>(again, schemas.namespace, PATCH),
      says(`${PATCH} Disabled from Disabled`, "the same namespace", "C.disable.any-state"),
    ).toEqual(expected);
  });

  clauseTest(
    ["C.disable.no-exit", "C.list.order"],
    "a Disabled namespace is read-only (no publication, no other status) and still readable and listed",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { sent, ns } = await registerOk(kt);
      const root = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      const disabled = checkBody<Namespace>(await disable(kt, ns.name), schemas.namespace, PATCH);
      expectDisabledRefusal(
        await publish(kt, ns.name, sent.rootEpoch + 1, randomDigest()),
        `${PUBLISH} to a Disabled namespace`,
      );
      // Read-only before anything else is judged: a body that would be refused anyway gets the same answer.
      expectDisabledRefusal(
        await publish(kt, ns.name, sent.rootEpoch + 5, "not hex"),
        `${PUBLISH} a bad body to a Disabled namespace`,
      );
      for (const status of ["Online", "Initialization", "online"]) {
        expectDisabledRefusal(
          await call(kt, "PATCH", `/namespaces/${ns.name}`, { status }),
          `${PATCH} ${status} on a Disabled namespace`,
        );
      }
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} of a Disabled namespace", "unchanged", "C.disable.no-exit"),
      ).toEqual(disabled);
      expect(
        await lastEpoch(kt, ns.name),
        says(
          "GET /namespaces/{name}/last-verified-epoch of a Disabled namespace",
          "the root epoch",
          "C.disable.no-exit",
        ),
      ).toBe(sent.rootEpoch);
      const got = await getAudit(kt, ns.name, sent.rootEpoch);
      expectOk(got, "GET /namespaces/{name}/audits/{epoch} of a Disabled namespace", "C.disable.no-exit");
      expect(
        checkBody<Audit>(got, schemas.audit, "GET /namespaces/{name}/audits/{epoch}"),
        says(
          "GET /namespaces/{name}/audits/{epoch} of a Disabled namespace",
          "the audit as published",
          "C.disable.no-exit",
        ),
      ).toEqual(root);
      expectListed(await listNamespaces(kt), disabled, "GET /namespaces with a Disabled namespace", "C.list.order");
    },
  );

  clauseTest(
    ["C.disable.any-state", "C.register.content-type", "C.error.status"],
    "PATCH with another status or field (400), a non-JSON body (415) or an unknown name (404) is refused and changes nothing",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const { ns } = await registerOk(kt);
      const path = `/namespaces/${ns.name}`;
      for (const body of [
        { status: "Online" },
        { status: "disabled" },
        { status: "DISABLED" },
        { status: "Disabled " },
        {},
        { state: "Disabled" },
        { status: 2 },
        { status: null },
        [{ status: "Disabled" }],
      ]) {
        const res = await call(kt, "PATCH", path, body);
        expectRefused(res, 400, `${PATCH} a body other than status Disabled`, "C.disable.any-state");
        expect(
          res.text,
          says(
            `${PATCH} a body other than status Disabled`,
            "not refused as Disabled: the namespace is not",
            "C.disable.any-state",
          ),
        ).not.toContain(DISABLED_MESSAGE);
      }
      expectRefused(
        await call(kt, "PATCH", path, '{"status":"Disabled"', "a"),
        400,
        `${PATCH} broken JSON`,
        "C.register.content-type",
      );
      expectRefused(
        await call(kt, "PATCH", path, JSON.stringify({ status: "Disabled" }), "a", "text/plain"),
        415,
        `${PATCH} sent as text/plain`,
        "C.register.content-type",
      );
      expect(
        await currentNamespace(kt, ns.name),
        says("GET /namespaces/{name} after refused PATCHes", "unchanged, Initialization", "C.disable.any-state"),
      ).toEqual(ns);
      expectRefused(
        await disable(kt, "never-registered.edgeconf.test"),
        404,
        `${PATCH} of an unknown name`,
        "C.error.status",
      );
      // The control: PATCH {status: "Disabled"} as JSON, with an unknown field too, is accepted.
      const res = await call(kt, "PATCH", path, { status: "Disabled", comment: "ignored" });
      expectOk(res, `${PATCH} Disabled with an unknown field`, "C.register.unknown-fields");
      expect(
        checkBody<Namespace>(res, schemas.namespace, PATCH),
        says(`${PATCH} Disabled`, "the namespace, status Disabled", "C.disable.any-state"),
      ).toEqual({ ...ns, status: "Disabled" });
    },
  );
});
