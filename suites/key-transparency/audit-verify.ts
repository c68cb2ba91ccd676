/**
 * An outside verifier of the auditor's signatures, written from docs/key-transparency.md and the
 * platform's open formats (proto2 SignatureMessage; bincode legacy config), independently of the
 * simulator's code: it rebuilds the signed bytes from an audit's fields and checks the Ed25519
 * signature with node:crypto against a raw public key from GET /info.
 */
import { createPublicKey, verify } from "node:crypto";

function varint(n: number): Buffer {
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

function field(tag: number, wireType: 0 | 2, payload: Buffer | number): Buffer {
  const key = varint(tag * 8 + wireType);
  if (wireType === 0) return Buffer.concat([key, varint(payload as number)]);
  const b = payload as Buffer;
  return Buffer.concat([key, varint(b.length), b]);
}

export interface SignedFields {
  ciphersuite: number;
  namespace: string;
  timestamp: number;
  epoch: number;
  digestHex: string;
}

export function protobufMessage(f: SignedFields): Buffer {
  return Buffer.concat([
    field(1, 0, f.ciphersuite),
    field(2, 2, Buffer.from(f.namespace, "utf8")),
    field(3, 0, f.timestamp),
    field(4, 2, field(1, 0, f.epoch)),
    field(5, 2, Buffer.from(f.digestHex, "hex")),
  ]);
}

function le(n: number, bytes: 4 | 8): Buffer {
  const b = Buffer.alloc(bytes);
  if (bytes === 4) b.writeUInt32LE(n);
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
