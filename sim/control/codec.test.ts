import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeState, encodeState, fromJsonTree, SnapshotCodecError, toJsonTree } from "./codec.ts";

/** fast-check parameters: EDGECONF_SEED when given, a fixed seed under CI (CI pins seeds), else random. */
function unitPropertyParameters(numRuns: number): { numRuns: number; seed?: number } {
  const given = process.env.EDGECONF_SEED;
  if (given !== undefined && given !== "" && Number.isFinite(Number(given))) return { numRuns, seed: Number(given) };
  return process.env.CI ? { numRuns, seed: 20260410 } : { numRuns };
}

describe("snapshot codec", () => {
  test("round-trips bytes, dates, maps, sets, undefined, bigint and odd numbers exactly", () => {
    const state = {
      body: new Uint8Array([0, 255, 1, 128]),
      buf: new Uint8Array([9, 8]).buffer,
      at: new Date(Date.UTC(2025, 0, 2)),
      byKey: new Map<string, unknown>([
        ["b", 1],
        ["a", { $weird: true }],
      ]),
      tags: new Set(["x", "y"]),
      missing: undefined,
      big: 12345678901234567890n,
      nums: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1.5],
      ["__proto__"]: { kept: true },
    };
    const back = decodeState(encodeState(state)) as typeof state;
    expect(back).toEqual(state);
    expect(back.body).toBeInstanceOf(Uint8Array);
    expect([...back.body]).toEqual([0, 255, 1, 128]);
    expect(Object.is((back.nums as number[])[3], -0)).toBe(true);
    expect([...back.byKey.keys()]).toEqual(["b", "a"]);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  test("equal states give equal text", () => {
    const a = { x: new Uint8Array([1, 2, 3]), y: [1, "two"] };
    expect(encodeState(a)).toBe(encodeState({ x: new Uint8Array([1, 2, 3]), y: [1, "two"] }));
  });

  test("external blobs go through the caller's hooks", () => {
    const blobs = new Map<string, Uint8Array>();
    const text = encodeState(
      { a: new Uint8Array([7, 7]) },
      {
        onBytes: (b) => {
          blobs.set("r1", b);
          return { $blob: "r1" };
        },
      },
    );
    expect(text).toBe('{"a":{"$blob":"r1"}}');
    expect(decodeState(text, { resolveBlob: (ref) => blobs.get(ref)! })).toEqual({ a: new Uint8Array([7, 7]) });
    expect(() => decodeState(text)).toThrow(/no blob resolver/);
  });

  test("refuses live objects, cycles and malformed input with the path", () => {
    expect(() => toJsonTree({ f: () => 1 })).toThrow(/\$\.f: a function/);
    class Live {}
    expect(() => toJsonTree({ a: [new Live()] })).toThrow(/\$\.a\[0\]: a Live instance/);
    const cyc: Record<string, unknown> = {};
    cyc.self = cyc;
    expect(() => toJsonTree(cyc)).toThrow(SnapshotCodecError);
    expect(() => decodeState("{")).toThrow(/not valid JSON/);
    expect(() => fromJsonTree({ $nope: 1 })).toThrow(/unknown tag/);
    expect(() => fromJsonTree({ $bytes: "!!" })).toThrow(/base64/);
    expect(() => fromJsonTree({ a: 1, $b: 2 })).toThrow(/outside a \$object/);
  });

  test("a tree nested past MAX_SNAPSHOT_DEPTH is refused with a clear message, not a stack overflow", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(() => decodeState(deep)).toThrow(SnapshotCodecError);
    expect(() => decodeState(deep)).toThrow(/^the snapshot is nested too deeply: more than 64 levels at \$\[0\]/);
    // 64 levels decode (the simulator's snapshots nest about 12).
    const ok = `${"[".repeat(64)}${"]".repeat(64)}`;
    expect(encodeState(decodeState(ok))).toBe(ok);
  });

  test("property: any JSON-like state with bytes round-trips", () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.uint8Array({ maxLength: 64 }),
      fc.date({ noInvalidDate: true }),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        leaf,
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        const text = encodeState(value);
        expect(decodeState(text)).toEqual(value);
        expect(encodeState(decodeState(text))).toBe(text);
      }),
      unitPropertyParameters(200),
    );
  });
});
