/**
 * The auditor's signatures: Ed25519 over the serialised signature message of an epoch.
 *
 * The message is (ciphersuite, namespace, timestamp, epoch, digest), serialised per
 * signature_version: 1 = protobuf (proto2 `SignatureMessage`), 2 = bincode (legacy config: fixed-width
 * little-endian integers, u64 length prefixes). The byte layouts are written out in
 * docs/key-transparency.md; `serializeSignatureMessage` is the single place that builds them.
 * The auditor key is derived from the simulator seed, so the same seed gives the same key and
 * (Ed25519 being deterministic) the same signatures.
 *
 * Gaps / by design: one auditor key, never rotated (GET /info lists it with not_before = the
 * simulator's start). Epochs are u64 (bigint); timestamps are the clock's safe-integer milliseconds.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

export type SignatureVersion = 1 | 2;

export const SIGNATURE_VERSIONS: readonly SignatureVersion[] = [1, 2];

export interface SignatureMessage {
  ciphersuite: SignatureVersion;
  namespace: string;
  /** Milliseconds since the Unix epoch. */
  timestamp: number;
  /** u64. */
  epoch: number | bigint;
  /** 32 bytes. */
  digest: Uint8Array;
}

function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number((v & 0x7fn) | 0x80n));
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

function u32le(value: number): number[] {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return [...b];
}

function u64le(value: number | bigint): number[] {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value));
  return [...b];
}

/** Protobuf (version 1): fields 1 varint, 2 bytes, 3 varint, 4 embedded `Epoch { 1: varint }`, 5 bytes. */
export function serializeProtobuf(m: SignatureMessage): Uint8Array {
  const ns = [...Buffer.from(m.namespace, "utf8")];
  const epochMsg = [0x08, ...varint(m.epoch)];
  return new Uint8Array([
    0x08,
    ...varint(m.ciphersuite),
    0x12,
    ...varint(ns.length),
    ...ns,
    0x18,
    ...varint(m.timestamp),
    0x22,
    ...varint(epochMsg.length),
    ...epochMsg,
    0x2a,
    ...varint(m.digest.length),
    ...m.digest,
  ]);
}

/** bincode (version 2), legacy config: u32 LE, u64 LE length + UTF-8, u64 LE, u64 LE, u64 LE length + bytes. */
export function serializeBincode(m: SignatureMessage): Uint8Array {
  const ns = [...Buffer.from(m.namespace, "utf8")];
  return new Uint8Array([
    ...u32le(m.ciphersuite),
    ...u64le(ns.length),
    ...ns,
    ...u64le(m.timestamp),
    ...u64le(m.epoch),
    ...u64le(m.digest.length),
    ...m.digest,
  ]);
}

export function serializeSignatureMessage(m: SignatureMessage): Uint8Array {
  return m.ciphersuite === 1 ? serializeProtobuf(m) : serializeBincode(m);
}

/** PKCS#8 DER prefix of an Ed25519 private key (RFC 8410); the 32 seed bytes follow. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export interface AuditorKey {
  /** node:crypto's KeyObject; opaque in the public types, so they need no Node types (Workers projects). */
  readonly privateKey: object;
  /** The raw 32-byte public key. */
  readonly publicKey: Uint8Array;
  /** Hex of the raw public key, as GET /info prints it. */
  readonly publicKeyHex: string;
  /** The key id the platform derives: the last byte of the public key. */
  readonly keyId: number;
}

/** The Ed25519 key whose secret seed is `seed` (32 bytes). */
export function auditorKeyFromSeed(seed: Uint8Array): AuditorKey {
  if (seed.length !== 32) throw new RangeError(`an Ed25519 seed has 32 bytes, got ${seed.length}`);
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(seed)]),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
  return {
    privateKey,
    publicKey,
    publicKeyHex: Buffer.from(publicKey).toString("hex"),
    keyId: publicKey[31]!,
  };
}

export interface SignedMessage {
  serialized: Uint8Array;
  /** 64 bytes. */
  signature: Uint8Array;
}

export function signMessage(key: AuditorKey, m: SignatureMessage): SignedMessage {
  const serialized = serializeSignatureMessage(m);
  const signature = new Uint8Array(sign(null, serialized, key.privateKey as KeyObject));
  return { serialized, signature };
}

/** Whether `signature` is the key's valid Ed25519 signature of `serialized`. */
export function verifyMessage(key: AuditorKey, serialized: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = createPublicKey(key.privateKey as KeyObject);
  return verify(null, serialized, publicKey, signature);
}
