import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { assembleParts, checkPartNumber, multipartEtag, partDigest, type StoredPart } from "./multipart.ts";

function part(partNumber: number, size: number): StoredPart {
  const chunks = [new Uint8Array(size).fill(partNumber)];
  const { md5, etag } = partDigest(chunks);
  return { partNumber, etag, md5, size, chunks };
}

describe("multipart rules", () => {
  test("part numbers 1..10000", () => {
    expect(checkPartNumber(1)).toBe(1);
    expect(() => checkPartNumber(0)).toThrow(
      "Part number must be between 1 and 10000 (inclusive). Actual value was: 0",
    );
    expect(() => checkPartNumber(10001)).toThrow(TypeError);
  });
  test("etags", () => {
    const a = part(1, 10);
    expect(a.etag).toBe(createHash("md5").update(a.chunks[0]!).digest("hex"));
    const b = part(2, 3);
    const expected = createHash("md5").update(a.md5).update(b.md5).digest("hex");
    expect(multipartEtag([a, b])).toBe(`${expected}-2`);
  });
  test("assembly order and size rules", () => {
    const stored = new Map([1, 2, 3].map((n) => [n, part(n, n === 3 ? 2 : 8)] as const));
    const ref = (n: number) => ({ partNumber: n, etag: stored.get(n)!.etag });
    const ok = assembleParts([ref(3), ref(1), ref(2)], stored, 8);
    expect(ok.ok && ok.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(assembleParts([ref(1), ref(1)], stored, 8)).toEqual({ ok: false, error: "internal" });
    expect(assembleParts([{ partNumber: 1, etag: "x" }], stored, 8)).toEqual({ ok: false, error: "invalidPart" });
    expect(assembleParts([ref(1), ref(2)], stored, 9)).toEqual({ ok: false, error: "entityTooSmall" });
    const uneven = new Map([
      [1, part(1, 8)],
      [2, part(2, 9)],
      [3, part(3, 1)],
    ]);
    const uref = (n: number) => ({ partNumber: n, etag: uneven.get(n)!.etag });
    expect(assembleParts([uref(1), uref(2), uref(3)], uneven, 8)).toEqual({ ok: false, error: "badUpload" });
    expect(assembleParts([uref(1), uref(2)], uneven, 8)).toEqual({ ok: false, error: "badUpload" });
  });
});
