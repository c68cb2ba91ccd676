/**
 * Checksums: the put options md5/sha1/sha256/sha384/sha512 (format checks, comparison), and the
 * StoreChecksums value objects carry (ArrayBuffer getters, `toJSON()` with hex strings).
 *
 * Gaps / by design: hashing is done once per write over the stored chunks, for md5 (the etag) and the
 * one algorithm supplied; other algorithms are never computed. Multipart objects carry no checksum.
 */
import { createHash } from "node:crypto";
import { HASH_ALGORITHMS, HASH_BYTES, type HashAlgorithm } from "../core/hash.ts";

export const ALGORITHM_NAMES: Readonly<Record<HashAlgorithm, string>> = {
  md5: "MD5",
  sha1: "SHA-1",
  sha256: "SHA-256",
  sha384: "SHA-384",
  sha512: "SHA-512",
};

/** Hex digests stored with an object (lowercase). */
export type ChecksumsHex = Partial<Record<HashAlgorithm, string>>;

/** The supplied checksum of a put, once checked: algorithm and lowercase hex. */
export interface SuppliedChecksum {
  algorithm: HashAlgorithm;
  hex: string;
}

function isHex(s: string): boolean {
  return /^[0-9a-fA-F]*$/.test(s);
}

/**
 * Checks the checksum options of a put (TypeErrors with the platform's text) and returns the one
 * supplied, if any.
 */
export function parseSuppliedChecksum(options: Partial<Record<HashAlgorithm, unknown>>): SuppliedChecksum | undefined {
  let found: SuppliedChecksum | undefined;
  for (const algorithm of HASH_ALGORITHMS) {
    const raw = options[algorithm];
    if (raw === undefined) continue;
    if (found) throw new TypeError("You cannot specify multiple hashing algorithms.");
    const name = ALGORITHM_NAMES[algorithm];
    const bytes = HASH_BYTES[algorithm];
    let hex: string;
    if (typeof raw === "string") {
      if (raw.length !== bytes * 2) throw new TypeError(`${name} is ${bytes * 2} hex characters, not ${raw.length}`);
      if (!isHex(raw)) throw new TypeError(`Provided ${name} wasn't a valid hex string`);
      hex = raw.toLowerCase();
    } else if (raw instanceof ArrayBuffer || ArrayBuffer.isView(raw)) {
      const view =
        raw instanceof ArrayBuffer ? new Uint8Array(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
      if (view.byteLength !== bytes) throw new TypeError(`${name} is ${bytes} bytes, not ${view.byteLength}`);
      hex = Buffer.from(view).toString("hex");
    } else {
      throw new TypeError(
        `Incorrect type for the '${algorithm}' field on 'R2PutOptions': the provided value is not of type 'ArrayBuffer or ArrayBufferView or string'.`,
      );
    }
    found = { algorithm, hex };
  }
  return found;
}

/** md5 (always) and `extra` (if given) of the chunks, in one pass. */
export function hashChunks(chunks: readonly Uint8Array[], extra?: HashAlgorithm): ChecksumsHex {
  const md5 = createHash("md5");
  const other = extra && extra !== "md5" ? createHash(extra) : undefined;
  for (const c of chunks) {
    md5.update(c);
    other?.update(c);
  }
  const out: ChecksumsHex = { md5: md5.digest("hex") };
  if (other && extra) out[extra] = other.digest("hex");
  return out;
}

function hexToArrayBuffer(hex: string): ArrayBuffer {
  const buf = Buffer.from(hex, "hex");
  const out = new ArrayBuffer(buf.byteLength);
  new Uint8Array(out).set(buf);
  return out;
}

/** StoreChecksums: ArrayBuffer getters for the stored digests, `toJSON()` with hex strings. */
export class StoreChecksums {
  readonly #hex: ChecksumsHex;
  /** `hex` is stored by reference: callers pass immutable records. */
  constructor(hex: ChecksumsHex) {
    this.#hex = hex;
  }
  get md5(): ArrayBuffer | undefined {
    return this.#get("md5");
  }
  get sha1(): ArrayBuffer | undefined {
    return this.#get("sha1");
  }
  get sha256(): ArrayBuffer | undefined {
    return this.#get("sha256");
  }
  get sha384(): ArrayBuffer | undefined {
    return this.#get("sha384");
  }
  get sha512(): ArrayBuffer | undefined {
    return this.#get("sha512");
  }
  toJSON(): ChecksumsHex {
    const out: ChecksumsHex = {};
    for (const a of HASH_ALGORITHMS) {
      const h = this.#hex[a];
      if (h !== undefined) out[a] = h;
    }
    return out;
  }
  #get(a: HashAlgorithm): ArrayBuffer | undefined {
    const h = this.#hex[a];
    return h === undefined ? undefined : hexToArrayBuffer(h);
  }
}
