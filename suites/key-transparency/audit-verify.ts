/**
 * An outside verifier of the auditor's signatures, written from docs/key-transparency.md and the
 * platform's open formats (proto2 SignatureMessage; bincode legacy config), independently of the
 * simulator's code: it rebuilds the signed bytes from an audit's fields and checks the Ed25519
 * signature with node:crypto against a raw public key from GET /info.
 */
import { createPublicKey, verify } from "node:crypto";

function varint(n: number | bigint): Buffer {
  const out: number[] = [];
  let v = BigInt(n);
  do {
    let byte = Number(v % 128n);
    v /= 128n;
    if (v > 0n) byte += 128;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

function field(tag: number, wireType: 0 | 2, payload: Buffer | number | bigint): Buffer {
  const key = varint(tag * 8 + wireType);
  if (wireType === 0) return Buffer.concat([key, varint(payload as number | bigint)]);
  const b = payload as Buffer;
  return Buffer.concat([key, varint(b.length), b]);
}

export interface SignedFields {
  ciphersuite: number;
  namespace: string;
  timestamp: number;
  /** u64: a bigint (or its decimal text) keeps epochs past 2^53 exact. */
  epoch: number | bigint | string;
  digestHex: string;
}

export function protobufMessage(f: SignedFields): Buffer {
  return Buffer.concat([
    field(1, 0, f.ciphersuite),
    field(2, 2, Buffer.from(f.namespace, "utf8")),
    field(3, 0, f.timestamp),
    field(4, 2, field(1, 0, BigInt(f.epoch))),
    field(5, 2, Buffer.from(f.digestHex, "hex")),
  ]);
}

function le(n: number | bigint | string, bytes: 4 | 8): Buffer {
  const b = Buffer.alloc(bytes);
  if (bytes === 4) b.writeUInt32LE(Number(n));
  else b.writeBigUInt64LE(BigInt(n));
  return b;
}

export function bincodeMessage(f: SignedFields): Buffer {
  const ns = Buffer.from(f.namespace, "utf8");
  const digest = Buffer.from(f.digestHex, "hex");
  return Buffer.concat([
    le(f.ciphersuite, 4),
    le(ns.length, 8),
    ns,
    le(f.timestamp, 8),
    le(f.epoch, 8),
    le(digest.length, 8),
    digest,
  ]);
}

export function signedBytes(f: SignedFields): Buffer {
  if (f.ciphersuite === 1) return protobufMessage(f);
  if (f.ciphersuite === 2) return bincodeMessage(f);
  throw new Error(`unknown ciphersuite ${f.ciphersuite}`);
}

/** Ed25519 verification with a raw 32-byte public key given in hex. */
export function verifyEd25519(publicKeyHex: string, message: Buffer, signatureHex: string): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(publicKeyHex, "hex")]),
    format: "der",
    type: "spki",
  });
  return verify(null, message, key, Buffer.from(signatureHex, "hex"));
}

/**
 * The public test vectors of the platform's auditor library, as published (cloudflare/plexi,
 * plexi_core/tests/test-vectors.json).
 */
export const PLEXI_TEST_VECTORS = [
  {
    verifying_key: "606a878700158d92b3a14a0fd37ec82e0f05f92fcf23146abfda2e3a2f10a9bc",
    key_id: 188,
    namespace: "log1.example.com",
    timestamp: 1717084639921,
    epoch: 1,
    digest: "1111111111111111111111111111111111111111111111111111111111111111",
    signature:
      "769d1ae73792dd8da1515793ba29f2f33f2fca84ba7386f9a01d8272e67c4379bdcfd91ea4fa49eafd8f243ac36fe3a7aae90ae92f1729c3c468ddf4e6d2a309",
    ciphersuite: 1,
  },
  {
    verifying_key: "606a878700158d92b3a14a0fd37ec82e0f05f92fcf23146abfda2e3a2f10a9bc",
    key_id: 188,
    namespace: "log2.example.com",
    timestamp: 1717084639921,
    epoch: 1,
    digest: "1111111111111111111111111111111111111111111111111111111111111111",
    signature:
      "a73807da5d7e12f7ed6328c918e2071173793fea3af96d98f0a649a5f498b5bfebbe96ce7b21b027ccc04e69ac8cf40c2ed2d45ee23b0c30c00abca9753f7909",
    ciphersuite: 2,
  },
] as const;

/**
 * Throws unless this verifier rebuilds plexi's published vectors byte for byte (the signature only
 * verifies over exactly the signed bytes). The suites call it before trusting the verifier.
 */
export function assertVerifierReproducesPlexiVectors(): void {
  for (const v of PLEXI_TEST_VECTORS) {
    const bytes = signedBytes({
      ciphersuite: v.ciphersuite,
      namespace: v.namespace,
      timestamp: v.timestamp,
      epoch: v.epoch,
      digestHex: v.digest,
    });
    if (!verifyEd25519(v.verifying_key, bytes, v.signature)) {
      throw new Error(`the audit verifier does not reproduce plexi's test vector ${v.namespace}: fix audit-verify.ts`);
    }
    if (Buffer.from(v.verifying_key, "hex")[31] !== v.key_id) throw new Error(`key id of ${v.namespace}`);
  }
}
