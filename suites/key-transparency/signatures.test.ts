/** Area C: the auditor's signatures, checked by an outside verifier against GET /info's key. */
import { beforeAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { assertVerifierReproducesPlexiVectors, signedBytes, verifyEd25519 } from "./audit-verify.ts";
import {
  type Audit,
  call,
  checkBody,
  expectOk,
  freshName,
  ktOf,
  moveClock,
  publish,
  publishOk,
  randomDigest,
  registerOk,
  says,
  schemas,
} from "./support.ts";

interface Info {
  keys: { public_key: string; not_before?: number }[];
}

async function auditorKeys(kt: Awaited<ReturnType<typeof ktOf>>["kt"]): Promise<string[]> {
  const res = await call(kt, "GET", "/info", undefined, "none");
  expectOk(res, "GET /info", "C.info.auditor-key");
  return checkBody<Info>(res, schemas.info, "GET /info", "C.info.auditor-key").keys.map((k) => k.public_key);
}

function checkAudit(audit: Audit, keys: string[], rule: "C.signature.v1-protobuf" | "C.signature.v2-bincode"): void {
  const what = "audit";
  const bytes = signedBytes({
    ciphersuite: audit.ciphersuite,
    namespace: audit.namespace,
    timestamp: audit.timestamp,
    epoch: audit.epoch,
    digestHex: audit.digest,
  });
  if (audit.serialized_message !== null && audit.serialized_message !== undefined) {
    expect(audit.serialized_message, says(what, "serialized_message = the signed bytes in lower-case hex", rule)).toBe(
      bytes.toString("hex"),
    );
  }
  const signer = keys.find((k) => verifyEd25519(k, bytes, audit.signature));
  expect(signer, says(what, "signature verifies with a key of GET /info", rule)).toBeDefined();
  expect(audit.signature, says(what, "signature in lower-case hex", "C.audit.shape")).toBe(
    audit.signature.toLowerCase(),
  );
  // key_id is the verifying key's last byte: plexi picks the /info key by it (the schema requires it).
  expect(audit.key_id, says(what, "key_id = the last byte of the verifying key", "C.audit.shape")).toBe(
    Buffer.from(signer!, "hex")[31],
  );
  // The check is not vacuous: any change of the signed fields breaks it.
  const tampered = signedBytes({
    ciphersuite: audit.ciphersuite,
    namespace: audit.namespace,
    timestamp: audit.timestamp + 1,
    epoch: audit.epoch,
    digestHex: audit.digest,
  });
  expect(
    verifyEd25519(signer!, tampered, audit.signature),
    says(what, "signature does not verify another timestamp", rule),
  ).toBe(false);
}

// The verifier is the harness's own: it must reproduce plexi's published vectors before it judges a target.
beforeAll(() => assertVerifierReproducesPlexiVectors());

describe("signatures", () => {
  clauseTest(
    ["C.info.auditor-key"],
    "GET /info gives at least one Ed25519 public key, without a certificate",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      expect(keys.length, says("GET /info", "at least one key", "C.info.auditor-key")).toBeGreaterThan(0);
      expect(new Set(keys).size, says("GET /info", "no key twice", "C.info.auditor-key")).toBe(keys.length);
    },
  );

  clauseTest(
    ["C.signature.v1-protobuf", "C.info.auditor-key", "C.audit.shape"],
    "signature_version 1: protobuf message, Ed25519 signature that verifies against /info",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      // A name over 127 bytes and an epoch past 2^32: lengths and varints of more than one byte must be right.
      const name = `${"a".repeat(60)}.${"b-".repeat(30)}c.${freshName("long")}`;
      const { sent, ns } = await registerOk(kt, { name, signature_version: 1, root: `4294967301/${randomDigest()}` });
      await moveClock(target, 211);
      const first = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      expect(
        [first.version, first.ciphersuite],
        says("POST /namespaces/{name}/audits", "version and ciphersuite 1", "C.signature.v1-protobuf"),
      ).toEqual([1, 1]);
      checkAudit(first, keys, "C.signature.v1-protobuf");
      await moveClock(target, 1);
      const second = await publishOk(kt, ns.name, sent.rootEpoch + 1, randomDigest());
      checkAudit(second, keys, "C.signature.v1-protobuf");
      expect(
        second.timestamp,
        says("POST /namespaces/{name}/audits", "a later epoch is not signed earlier", "C.audit.timestamp-ms"),
      ).toBeGreaterThanOrEqual(first.timestamp);
    },
  );

  clauseTest(
    ["C.signature.v2-bincode", "C.info.auditor-key", "C.audit.shape"],
    "signature_version 2: bincode message, Ed25519 signature that verifies against /info",
    async (ctx) => {
      const { target, kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      const { sent, ns } = await registerOk(kt, { signature_version: 2, root: `4294967299/${randomDigest()}` });
      await moveClock(target, 89);
      const audit = await publishOk(kt, ns.name, sent.rootEpoch, sent.rootDigest);
      expect(
        [audit.version, audit.ciphersuite],
        says("POST /namespaces/{name}/audits", "version and ciphersuite 2", "C.signature.v2-bincode"),
      ).toEqual([2, 2]);
      checkAudit(audit, keys, "C.signature.v2-bincode");
      const stored = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/${sent.rootEpoch}`, undefined, "none");
      expectOk(stored, "GET /namespaces/{name}/audits/{epoch}", "C.audit.shape");
      const again = checkBody<Audit>(stored, schemas.audit, "GET /namespaces/{name}/audits/{epoch}");
      checkAudit(again, keys, "C.signature.v2-bincode");
      expect(again, says("GET /namespaces/{name}/audits/{epoch}", "the audit as published", "C.audit.shape")).toEqual(
        audit,
      );
    },
  );

  clauseTest(
    ["C.signature.v1-protobuf", "C.signature.v2-bincode", "C.audit.shape"],
    "epochs 127, 128 and 129 (a varint's one-byte bound) are signed over exactly the epoch, digest and name sent",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      // A name of exactly 128 bytes: its protobuf length prefix is the two-byte varint 80 01.
      const tail = freshName("v");
      const name = `${"n".repeat(63)}.${"m".repeat(128 - 64 - 1 - tail.length)}.${tail}`;
      expect(name.length, "the test's own name: 128 bytes").toBe(128);
      for (const version of [1, 2] as const) {
        const rule = version === 1 ? "C.signature.v1-protobuf" : "C.signature.v2-bincode";
        const { sent, ns } = await registerOk(kt, {
          ...(version === 1 ? { name } : {}),
          signature_version: version,
          root: `127/${randomDigest()}`,
        });
        const digests = [sent.rootDigest, randomDigest(), randomDigest()];
        for (const [i, digest] of digests.entries()) {
          const epoch = 127 + i;
          const what = `POST /namespaces/{name}/audits epoch ${epoch} (signature_version ${version})`;
          const audit = await publishOk(kt, ns.name, epoch, digest);
          expect(
            [audit.version, audit.ciphersuite, audit.namespace, audit.epoch, audit.digest],
            says(what, "version, ciphersuite, namespace, epoch and digest as registered and sent", "C.audit.shape"),
          ).toEqual([version, version, ns.name, epoch, digest]);
          checkAudit(audit, keys, rule);
        }
      }
    },
  );

  clauseTest(
    ["C.signature.v1-protobuf", "C.signature.v2-bincode", "C.publish.epoch-u64"],
    "epochs past 2^53 (2^53+1, 2^64-2, 2^64-1) are signed over their exact value, in both formats",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      const cases: [number, bigint[]][] = [
        [1, [9_007_199_254_740_993n, 9_007_199_254_740_994n]],
        [2, [9_007_199_254_740_993n, 9_007_199_254_740_994n]],
        [1, [18_446_744_073_709_551_614n, 18_446_744_073_709_551_615n]],
        [2, [18_446_744_073_709_551_614n, 18_446_744_073_709_551_615n]],
      ];
      for (const [version, epochs] of cases) {
        const rule = version === 1 ? "C.signature.v1-protobuf" : "C.signature.v2-bincode";
        const { sent, ns } = await registerOk(kt, {
          signature_version: version,
          root: `${epochs[0]}/${randomDigest()}`,
        });
        for (const [i, epoch] of epochs.entries()) {
          const what = `POST /namespaces/{name}/audits epoch ${epoch} (signature_version ${version})`;
          const digest = i === 0 ? sent.rootDigest : randomDigest();
          const res = await publish(kt, ns.name, epoch, digest);
          expectOk(res, what, "C.publish.epoch-u64");
          const audit = checkBody<Audit>(res, schemas.audit, what, "C.audit.shape");
          // JSON.parse rounds past 2^53: the epoch is read from the body's text.
          const exact = /"epoch"\s*:\s*([0-9]+)/.exec(res.text)?.[1];
          expect(exact, says(what, "epoch written exactly", "C.publish.epoch-u64")).toBe(String(epoch));
          const bytes = signedBytes({
            ciphersuite: audit.ciphersuite,
            namespace: audit.namespace,
            timestamp: audit.timestamp,
            epoch: String(epoch),
            digestHex: audit.digest,
          });
          expect(
            keys.some((k) => verifyEd25519(k, bytes, audit.signature)),
            says(what, "signature verifies over the exact epoch with a key of GET /info", rule),
          ).toBe(true);
        }
      }
    },
  );
});
