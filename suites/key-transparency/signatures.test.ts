/** Area C: the auditor's signatures, checked by an outside verifier against GET /info's key. */
import { beforeAll, describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { assertVerifierReproducesPlexiVectors, signedBytes, verifyEd25519 } from "./audit-verify.ts";
import { type Audit, call, checkBody, expectOk, ktOf, publish, randomDigest, registerOk, schemas } from "./support.ts";

interface Info {
  keys: { public_key: string; not_before?: number }[];
}

async function auditorKeys(kt: Awaited<ReturnType<typeof ktOf>>["kt"]): Promise<string[]> {
  const res = await call(kt, "GET", "/info", undefined, "none");
  expectOk(res);
  return checkBody<Info>(res, schemas.info).keys.map((k) => k.public_key);
}

function checkAudit(audit: Audit, keys: string[]): void {
  const bytes = signedBytes({
    ciphersuite: audit.ciphersuite,
    namespace: audit.namespace,
    timestamp: audit.timestamp,
    epoch: audit.epoch,
    digestHex: audit.digest,
  });
  if (audit.serialized_message) expect(audit.serialized_message.toLowerCase()).toBe(bytes.toString("hex"));
  const signer = keys.find((k) => verifyEd25519(k, bytes, audit.signature));
  expect(signer, "the signature verifies with a key of GET /info").toBeDefined();
  // key_id is the verifying key's last byte: plexi picks the /info key by it (the schema requires it).
  expect(audit.key_id).toBe(Buffer.from(signer!, "hex")[31]);
  // The check is not vacuous: any change of the signed fields breaks it.
  const tampered = signedBytes({
    ciphersuite: audit.ciphersuite,
    namespace: audit.namespace,
    timestamp: audit.timestamp + 1,
    epoch: audit.epoch,
    digestHex: audit.digest,
  });
  expect(verifyEd25519(signer!, tampered, audit.signature)).toBe(false);
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
      expect(keys.length).toBeGreaterThan(0);
    },
  );

  clauseTest(
    ["C.signature.v1-protobuf", "C.info.auditor-key", "C.audit.shape"],
    "signature_version 1: protobuf message, Ed25519 signature that verifies against /info",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      const { sent, ns } = await registerOk(kt, { signature_version: 1 });
      const first = checkBody<Audit>(await publish(kt, ns.name, 1, sent.rootDigest), schemas.audit);
      expect(first.ciphersuite).toBe(1);
      checkAudit(first, keys);
      const second = checkBody<Audit>(await publish(kt, ns.name, 2, randomDigest()), schemas.audit);
      checkAudit(second, keys);
      expect(second.timestamp).toBeGreaterThanOrEqual(first.timestamp);
    },
  );

  clauseTest(
    ["C.signature.v2-bincode", "C.info.auditor-key", "C.audit.shape"],
    "signature_version 2: bincode message, Ed25519 signature that verifies against /info",
    async (ctx) => {
      const { kt } = await ktOf(ctx);
      const keys = await auditorKeys(kt);
      const { sent, ns } = await registerOk(kt, { signature_version: 2 });
      const audit = checkBody<Audit>(await publish(kt, ns.name, 1, sent.rootDigest), schemas.audit);
      expect(audit.ciphersuite).toBe(2);
      checkAudit(audit, keys);
      const stored = await call<Audit>(kt, "GET", `/namespaces/${ns.name}/audits/1`, undefined, "none");
      checkAudit(checkBody<Audit>(stored, schemas.audit), keys);
    },
  );
});
