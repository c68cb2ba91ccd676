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

/** A checksum option once its type is checked: a primitive string or the bytes of a buffer source. */
export interface ConvertedChecksum {
  algorithm: HashAlgorithm;
  value: string | Uint8Array;
}

/**
 * Type conversion of the checksum options of a put (`BufferSource or NonCoercible<string>`), in the
 * binding's field order; the values are checked later by `checkChecksums`.
 */
export function convertChecksums(options: Partial<Record<HashAlgorithm, unknown>>): ConvertedChecksum[] {
  const out: ConvertedChecksum[] = [];
  for (const algorithm of HASH_ALGORITHMS) {
    const raw = options[algorithm];
    if (raw === undefined) continue;
    if (typeof raw === "string") out.push({ algorithm, value: raw });
    else if (raw instanceof ArrayBuffer) out.push({ algorithm, value: new Uint8Array(raw) });
    else if (ArrayBuffer.isView(raw)) {
      out.push({ algorithm, value: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) });
    } else {
      throw new TypeError(
        `Incorrect type for the '${algorithm}' field on 'PutOptions': the provided value is not of type 'JsBufferSource or string'.`,
      );
    }
  }
  return out;
}

/** Value checks of converted checksums (TypeErrors with the platform's text); the one supplied, if any. */
export function checkChecksums(list: readonly ConvertedChecksum[]): SuppliedChecksum | undefined {
  let found: SuppliedChecksum | undefined;
  for (const { algorithm, value } of list) {
    if (found) throw new TypeError("You cannot specify multiple hashing algorithms.");
    const name = ALGORITHM_NAMES[algorithm];
    const bytes = HASH_BYTES[algorithm];
    let hex: string;
    if (typeof value === "string") {
      if (value.length !== bytes * 2)
        throw new TypeError(`${name} is ${bytes * 2} hex characters, not ${value.length}`);
      if (!isHex(value)) throw new TypeError(`Provided ${name} wasn't a valid hex string`);
      hex = value.toLowerCase();
    } else {
      if (value.byteLength !== bytes) throw new TypeError(`${name} is ${bytes} bytes, not ${value.byteLength}`);
      hex = Buffer.from(value).toString("hex");
    }
    found = { algorithm, hex };
  }
  return found;
}

/** Converts and checks the checksum options in one step. */
export function parseSuppliedChecksum(options: Partial<Record<HashAlgorithm, unknown>>): SuppliedChecksum | undefined {
  return checkChecksums(convertChecksums(options));
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

/**
 * StoreChecksums: ArrayBuffer getters for the stored digests, `toJSON()` with hex strings. Each getter
 * answers the same ArrayBuffer every time (made on first use), as the platform's lazy properties do.
 */
class Checksums {
  readonly #hex: ChecksumsHex;
  #buffers: Partial<Record<HashAlgorithm, ArrayBuffer>> | undefined;
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
    if (h === undefined) return undefined;
    this.#buffers ??= {};
    let b = this.#buffers[a];
    if (b === undefined) {
      b = hexToArrayBuffer(h);
      this.#buffers[a] = b;
    }
    return b;
  }
}

/** The platform names this class Checksums; exported as StoreChecksums. */
export { Checksums as StoreChecksums };
