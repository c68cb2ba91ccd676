/**
 * SeededRandom: deterministic randomness for ids, versions and upload ids.
 *
 * sfc32 seeded through splitmix32. `fork(label)` derives an independent stream per consumer, so
 * that calls in one area never shift the ids of another: the same seed and the same calls per area
 * give the same bytes.
 *
 * Gaps / by design: not cryptographic. Never use it for secrets that leave the simulator except
 * where the platform's value is itself just an opaque id.
 */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashLabel(label: string): number {
  // FNV-1a, 32-bit.
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const HEX = "0123456789abcdef";
const HEX_CODES: readonly number[] = Array.from(HEX, (c) => c.charCodeAt(0));
/** Scratch space of `hex(32)` (filled whole on every call). */
const ID_CODES: number[] = new Array<number>(32).fill(48);

export class SeededRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  readonly seed: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    this.seed = seed;
    const mix = splitmix32(seed >>> 0);
    this.#a = mix();
    this.#b = mix();
    this.#c = mix();
    this.#d = mix();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** An independent stream for `label`, fixed by (seed, label). */
  fork(label: string): SeededRandom {
    return new SeededRandom((this.seed ^ hashLabel(label)) | 0);
  }

  /** A uniform unsigned 32-bit integer. */
  u32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.u32() / 0x100000000;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    if (!(n > 0)) throw new RangeError(`int(n) needs n > 0, got ${n}`);
    return Math.floor(this.float() * n);
  }

  /** `n` random bytes. */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.u32();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (v >>> (8 * j)) & 0xff;
    }
    return out;
  }

  /** `n` lowercase hex characters. */
  hex(n: number): string {
    if (n > 1024) {
      let s = "";
      while (s.length < n) {
        const v = this.u32();
        for (let j = 0; j < 8 && s.length < n; j++) s += HEX[(v >>> (4 * j)) & 0xf];
      }
      return s;
    }
    if (n === 32) {
      // Ids: the same draws and characters as below, into one reused array (no array per id).
      const c = ID_CODES;
      for (let k = 0; k < 32; k += 8) {
        const v = this.u32();
        for (let j = 0; j < 8; j++) c[k + j] = HEX_CODES[(v >>> (4 * j)) & 0xf]!;
      }
      return String.fromCharCode.apply(null, c);
    }
    // The same characters from the same draws, made as one flat string (ids are map keys).
    const codes: number[] = [];
    while (codes.length < n) {
      const v = this.u32();
      for (let j = 0; j < 8 && codes.length < n; j++) codes.push(HEX_CODES[(v >>> (4 * j)) & 0xf]!);
    }
    return String.fromCharCode.apply(null, codes);
  }

  /** An RFC 4122 version-4 shaped UUID (deterministic). */
  uuid(): string {
    const h = this.hex(32).split("");
    h[12] = "4";
    h[16] = HEX[(Number.parseInt(h[16]!, 16) & 0x3) | 0x8]!;
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** `n` characters from `alphabet`. */
  string(n: number, alphabet: string): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }
}
