/**
 * Hashing helpers over node:crypto (pure functions: bytes in, digest out).
 *
 * Gaps / by design: only the algorithms the platform names (md5, sha1, sha256, sha384, sha512).
 */
import { createHash } from "node:crypto";

export type HashAlgorithm = "md5" | "sha1" | "sha256" | "sha384" | "sha512";

export const HASH_ALGORITHMS: readonly HashAlgorithm[] = ["md5", "sha1", "sha256", "sha384", "sha512"];

/** Digest length in bytes per algorithm. */
export const HASH_BYTES: Readonly<Record<HashAlgorithm, number>> = {
  md5: 16,
  sha1: 20,
  sha256: 32,
  sha384: 48,
  sha512: 64,
};

export function digest(algorithm: HashAlgorithm, ...chunks: Uint8Array[]): Uint8Array {
  const h = createHash(algorithm);
  for (const c of chunks) h.update(c);
  return new Uint8Array(h.digest());
}

export function digestHex(algorithm: HashAlgorithm, ...chunks: Uint8Array[]): string {
  const h = createHash(algorithm);
  for (const c of chunks) h.update(c);
  return h.digest("hex");
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

export function fromHex(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  return new Uint8Array(Buffer.from(hex, "hex"));
}
