import { describe, expect, test } from "vitest";
import { credentialsFromSeed } from "./context.ts";
import { SeededRandom } from "./random.ts";

describe("SeededRandom", () => {
  test("hex(n): each draw gives 8 characters, low nibble first, for ids (32) as for other lengths", () => {
    const manual = (r: SeededRandom, n: number) => {
      let s = "";
      while (s.length < n) {
        const v = r.u32();
        for (let j = 0; j < 8 && s.length < n; j++) s += "0123456789abcdef"[(v >>> (4 * j)) & 0xf];
      }
      return s;
    };
    for (const n of [32, 31, 33, 8, 1]) {
      const a = new SeededRandom(n);
      const b = new SeededRandom(n);
      for (let i = 0; i < 3; i++) expect(a.hex(n)).toBe(manual(b, n));
    }
  });
  test("the same seed gives the same stream; another seed another", () => {
    const a = new SeededRandom(7);
    const b = new SeededRandom(7);
    const c = new SeededRandom(8);
    const take = (r: SeededRandom) => [r.hex(32), r.uuid(), r.u32(), Array.from(r.bytes(5))];
    const ta = take(a);
    expect(take(b)).toEqual(ta);
    expect(take(c)).not.toEqual(ta);
  });

  test("forks are independent of calls made on the parent or on other forks", () => {
    const root1 = new SeededRandom(3);
    const root2 = new SeededRandom(3);
    root2.hex(100);
    root2.fork("other").hex(100);
    expect(root1.fork("area").hex(40)).toBe(root2.fork("area").hex(40));
    expect(root1.fork("area").hex(40)).not.toBe(root1.fork("area2").hex(40));
  });

  test("uuid has the version-4 shape; int stays in range", () => {
    const r = new SeededRandom(1);
    for (let i = 0; i < 200; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const n = r.int(7);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(7);
    }
  });

  test("credentials derive from the seed and can be overridden", () => {
    const a = credentialsFromSeed(new SeededRandom(5));
    expect(credentialsFromSeed(new SeededRandom(5))).toEqual(a);
    expect(a.account_id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.zone_id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.auth_email).toMatch(/@example\.com$/);
    expect(credentialsFromSeed(new SeededRandom(5), { zone_name: "x.test" }).zone_name).toBe("x.test");
  });
});
