/**
 * Checksums: the put options md5/sha1/sha256/sha384/sha512 (format checks, comparison), and the
 * StoreChecksums value objects carry (own ArrayBuffer properties, `toJSON()` with hex strings).
 *
 * Gaps / by design: hashing is done once per write over the stored chunks, for md5 (the etag) and the
 * one algorithm supplied; other algorithms are never computed. Multipart objects carry no checksum.
 * StoreChecksums are handed out as a Proxy (lazy ArrayBuffers behind own data properties).
 */
import { createHash } from "node:crypto";
import { types } from "node:util";
import { HASH_ALGORITHMS, HASH_BYTES, type HashAlgorithm } from "../core/hash.ts";
import { bufferBytes, platformMembers } from "./convert.ts";

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
    else if (types.isArrayBuffer(raw) || ArrayBuffer.isView(raw)) out.push({ algorithm, value: bufferBytes(raw) });
    else {
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

/** Reads the checksums a proxy stands for (module-private key: only the handler answers it). */
const TARGET = Symbol("checksums");

function isAlgorithm(k: string | symbol): k is HashAlgorithm {
  return k === "md5" || k === "sha1" || k === "sha256" || k === "sha384" || k === "sha512";
}

let targetOf: (o: unknown) => Checksums | undefined;
let lazy: (t: Checksums, a: HashAlgorithm) => ArrayBuffer | undefined;

/**
 * StoreChecksums: own, read-only md5..sha512 properties (an ArrayBuffer, or undefined when not stored),
 * listed in the platform's order sha512..md5 (workerd r2-bucket.h:144-148: lazy instance properties,
 * which V8 lists in reverse), and `toJSON()` with the hex strings present. Each property is one
 * ArrayBuffer, the same on every read, made on first read as the platform's lazy properties are.
 *
 * Laziness needs a Proxy (handed out instead of the instance): making an ArrayBuffer for every object a
 * head or list hands out would make them two to four times slower, and JS has no lazy data property.
 * The proxy reports the five as data properties (writable false, configurable true, as jsg's); an
 * assignment to one throws V8's read-only TypeError. Otherwise it is an ordinary extensible object, as
 * on the platform: Object.freeze, delete, defineProperty and new properties work (the first of them
 * writes the five values onto the instance; see materialize).
 */
class Checksums {
  static {
    targetOf = (o) => {
      if (typeof o !== "object" || o === null) return undefined;
      const t = (o as { [TARGET]?: unknown })[TARGET];
      return typeof t === "object" && t !== null && #hex in t ? (t as Checksums) : undefined;
    };
    lazy = (t, a) => {
      const h = t.#hex[a];
      if (h === undefined) return undefined;
      t.#buffers ??= {};
      let b = t.#buffers[a];
      if (b === undefined) {
        b = hexToArrayBuffer(h);
        t.#buffers[a] = b;
      }
      return b;
    };
  }
  declare readonly sha512: ArrayBuffer | undefined;
  declare readonly sha384: ArrayBuffer | undefined;
  declare readonly sha256: ArrayBuffer | undefined;
  declare readonly sha1: ArrayBuffer | undefined;
  declare readonly md5: ArrayBuffer | undefined;
  readonly #hex: ChecksumsHex;
  #buffers: Partial<Record<HashAlgorithm, ArrayBuffer>> | undefined;
  /** `hex` is stored by reference: callers pass immutable records. */
  constructor(hex: ChecksumsHex) {
    this.#hex = hex;
    // The own keys, in the platform's order; their values are read through the proxy.
    const self = this as unknown as Record<HashAlgorithm, undefined>;
    self.sha512 = undefined;
    self.sha384 = undefined;
    self.sha256 = undefined;
    self.sha1 = undefined;
    self.md5 = undefined;
    // biome-ignore lint/correctness/noConstructorReturn: the lazy properties need the proxy (see above).
    return new Proxy(this, HANDLER);
  }
  toJSON(): ChecksumsHex {
    const hex = targetOf(this)!.#hex;
    const out: ChecksumsHex = {};
    for (const a of HASH_ALGORITHMS) {
      const h = hex[a];
      if (h !== undefined) out[a] = h;
    }
    return out;
  }
}
platformMembers(Checksums.prototype, ["toJSON"], (o) => targetOf(o) !== undefined);

/** How util.inspect shows it (Node may inspect a proxy's target, bypassing the handler): with the values. */
const Shown = { Checksums: class {} }.Checksums;
Object.defineProperty(Checksums.prototype, Symbol.for("nodejs.util.inspect.custom"), {
  value(this: Checksums) {
    const t = targetOf(this) ?? this;
    const shown = new Shown() as Record<string, unknown>;
    for (const a of ["sha512", "sha384", "sha256", "sha1", "md5"] as const) shown[a] = lazy(t, a);
    return shown;
  },
});

/**
 * Instances whose five properties hold their values on the instance itself: the first change to the
 * object's shape (defineProperty, delete, freeze/preventExtensions, a new property, setPrototypeOf)
 * writes them there, and from then on the proxy only forwards. Until then the values are lazy.
 */
const MATERIALIZED = new WeakSet<Checksums>();

/** Writes the five properties' values onto `t` (read-only, configurable, as jsg's), once. */
function materialize(t: Checksums): void {
  if (MATERIALIZED.has(t)) return;
  MATERIALIZED.add(t);
  for (const a of ["sha512", "sha384", "sha256", "sha1", "md5"] as const) {
    if (Object.hasOwn(t, a)) {
      Object.defineProperty(t, a, { value: lazy(t, a), writable: false, enumerable: true, configurable: true });
    }
  }
}

function isLazy(t: Checksums, k: string | symbol): k is HashAlgorithm {
  return isAlgorithm(k) && !MATERIALIZED.has(t);
}

/**
 * Reads answer the lazy values; anything that changes the object's shape first materializes it, then
 * acts on the instance as on any object (workerd's checksums are ordinary extensible objects whose five
 * properties are read-only and configurable: they can be frozen, deleted, redefined, added to).
 */
const HANDLER: ProxyHandler<Checksums> = {
  get(t, k, receiver) {
    if (isLazy(t, k)) return lazy(t, k);
    if (k === TARGET) return t;
    return Reflect.get(t, k, receiver);
  },
  getOwnPropertyDescriptor(t, k) {
    if (isLazy(t, k) && Object.hasOwn(t, k)) {
      return { value: lazy(t, k), writable: false, enumerable: true, configurable: true };
    }
    return Reflect.getOwnPropertyDescriptor(t, k);
  },
  set(t, k, value, receiver) {
    const readOnly = isLazy(t, k) ? Object.hasOwn(t, k) : Reflect.getOwnPropertyDescriptor(t, k)?.writable === false;
    // V8's own message for an assignment to a read-only property (what strict code sees on the platform).
    if (readOnly) throw new TypeError(`Cannot assign to read only property '${String(k)}' of object '#<Checksums>'`);
    materialize(t);
    return Reflect.set(t, k, value, receiver);
  },
  defineProperty(t, k, d) {
    materialize(t);
    return Reflect.defineProperty(t, k, d);
  },
  deleteProperty(t, k) {
    materialize(t);
    return Reflect.deleteProperty(t, k);
  },
  preventExtensions(t) {
    materialize(t);
    return Reflect.preventExtensions(t);
  },
  setPrototypeOf(t, proto) {
    materialize(t);
    return Reflect.setPrototypeOf(t, proto);
  },
};

/** The platform names this class Checksums; exported as StoreChecksums. */
export { Checksums as StoreChecksums };
