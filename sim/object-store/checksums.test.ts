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
});
