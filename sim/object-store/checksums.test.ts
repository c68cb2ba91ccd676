import { describe, expect, test } from "vitest";
import { hashChunks, parseSuppliedChecksum, StoreChecksums } from "./checksums.ts";

describe("checksums", () => {
  test("supplied checksum checks", () => {
    expect(parseSuppliedChecksum({ sha1: "A".repeat(40) })).toEqual({ algorithm: "sha1", hex: "a".repeat(40) });
    expect(() => parseSuppliedChecksum({ md5: "0".repeat(32), sha1: "0".repeat(40) })).toThrow(
      "You cannot specify multiple hashing algorithms.",
    );
    expect(() => parseSuppliedChecksum({ sha384: "00" })).toThrow("SHA-384 is 96 hex characters, not 2");
    expect(() => parseSuppliedChecksum({ md5: new Uint8Array(2) })).toThrow("MD5 is 16 bytes, not 2");
    expect(parseSuppliedChecksum({})).toBeUndefined();
  });
  test("one pass hashing and the value object", () => {
    const h = hashChunks([new TextEncoder().encode("ab"), new TextEncoder().encode("c")], "sha256");
    expect(h.md5).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(h.sha256).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const c = new StoreChecksums(h);
    expect(Buffer.from(c.md5!).toString("hex")).toBe(h.md5);
    expect(c.sha1).toBeUndefined();
    expect(c.toJSON()).toEqual({ md5: h.md5, sha256: h.sha256 });
  });
  test("an ordinary extensible object, as workerd's: freeze, delete, defineProperty and new properties work", () => {
    const h = hashChunks([new TextEncoder().encode("abc")], "sha256");
    const fresh = () => new StoreChecksums(h) as unknown as Record<string, unknown>;
    const frozen = Object.freeze(fresh());
    expect([Object.isFrozen(frozen), Buffer.from(frozen.md5 as ArrayBuffer).toString("hex")]).toEqual([true, h.md5]);
    expect((frozen as unknown as { toJSON(): unknown }).toJSON()).toEqual({ md5: h.md5, sha256: h.sha256 });
    const c = fresh();
    const md5 = c.md5;
    c.extra = 1;
    Object.defineProperty(c, "x", { value: 2, enumerable: true });
    expect([c.extra, c.x, c.md5 === md5]).toEqual([1, 2, true]);
    expect(delete c.sha1).toBe(true);
    expect(Object.keys(c)).toEqual(["sha512", "sha384", "sha256", "md5", "extra", "x"]);
    // The five stay read-only: an assignment throws V8's TypeError (module code is strict).
    expect(() => {
      c.md5 = new ArrayBuffer(16);
    }).toThrow("Cannot assign to read only property 'md5' of object '#<Checksums>'");
    expect(() => {
      fresh().sha256 = null;
    }).toThrow("Cannot assign to read only property 'sha256'");
    expect(Object.getOwnPropertyDescriptor(fresh(), "md5")).toEqual({
      value: expect.any(ArrayBuffer),
      writable: false,
      enumerable: true,
      configurable: true,
    });
  });
});
