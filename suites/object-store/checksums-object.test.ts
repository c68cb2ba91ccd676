/**
 * The checksums object as the binding hands it out (workerd r2-bucket.h: lazy read-only instance properties
 * sha512..md5): each an own data property, writable false, enumerable, configurable; assigning one throws;
 * otherwise an ordinary extensible object (new properties, defineProperty, delete, freeze, setPrototypeOf work
 * and keep the values); toJSON() lists only the checksums present and refuses a receiver that is not one.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { caught, open } from "./helpers.ts";

const ILLEGAL_INVOCATION =
  "Illegal invocation: function called with incorrect `this` reference. See https://developers.cloudflare.com/workers/observability/errors/#illegal-invocation-errors for details.";
const SHA1 = "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d";
const MD5 = "5d41402abc4b2a76b9719d911017c592";
const ORDER = ["sha512", "sha384", "sha256", "sha1", "md5"];

const hex = (b: unknown) => (b instanceof ArrayBuffer ? Buffer.from(b).toString("hex") : String(b));

describe("the checksums object", () => {
  clauseTest(
    ["D.object.checksums-stable", "D.checksums.array-buffer", "D.object.read-only"],
    "checksums' five properties are own, read-only, enumerable, configurable data properties; assigning one throws",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      await bucket.put("k", "hello", { sha1: SHA1 });
      const cs = (await bucket.head("k"))!.checksums as unknown as Record<string, unknown>;
      const d = Object.getOwnPropertyDescriptor(cs, "sha1");
      expect(
        [hex(d?.value), d?.writable, d?.enumerable, d?.configurable],
        'head("k").checksums: the descriptor of sha1 (its bytes, writable false, enumerable, configurable)',
      ).toEqual([SHA1, false, true, true]);
      expect(
        Object.getOwnPropertyDescriptor(cs, "toJSON"),
        'head("k").checksums: no own descriptor for toJSON (it is the prototype\'s)',
      ).toBeUndefined();
      const e = await caught(() => {
        cs.md5 = new ArrayBuffer(16);
      }, 'assigning head("k").checksums.md5: throws TypeError (read-only)');
      expect(e.name, 'assigning head("k").checksums.md5: a TypeError (read-only)').toBe("TypeError");
      expect(e.message, 'assigning head("k").checksums.md5: V8\'s read-only message').toMatch(
        /^Cannot assign to read only property 'md5' of object /,
      );
      const json = (cs.toJSON as () => object).call(cs);
      expect(Object.keys(json), 'head("k").checksums.toJSON(): only the checksums stored (md5, sha1) as keys').toEqual([
        "md5",
        "sha1",
      ]);
    },
  );

  clauseTest(
    ["D.object.checksums-stable", "D.checksums.array-buffer"],
    "checksums is an ordinary extensible object: new properties, defineProperty, delete, freeze and setPrototypeOf work and keep the values",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      await bucket.put("k", "hello", { sha1: SHA1 });
      const fresh = async () => (await bucket.head("k"))!.checksums as unknown as Record<string, unknown>;

      const a = await fresh();
      a.extra = 1;
      expect(a.extra, "checksums.extra = 1: a new property is added").toBe(1);
      expect(Object.keys(a), "Object.keys(checksums) after adding extra: the five, then extra").toEqual([
        ...ORDER,
        "extra",
      ]);
      expect([hex(a.md5), hex(a.sha1)], "checksums.md5 and sha1 after adding a property: unchanged").toEqual([
        MD5,
        SHA1,
      ]);
      const d = Object.getOwnPropertyDescriptor(a, "md5");
      expect(
        [d?.writable, d?.enumerable, d?.configurable],
        "checksums.md5's descriptor after adding a property: still writable false, enumerable, configurable",
      ).toEqual([false, true, true]);
      const de = Object.getOwnPropertyDescriptor(a, "extra");
      expect([de?.value, de?.writable], "the descriptor of the property added: value 1, writable").toEqual([1, true]);
      const e = await caught(() => {
        a.sha1 = 2;
      }, "assigning checksums.sha1 after adding a property: throws");
      expect(e.message, "assigning checksums.sha1 after adding a property: V8's read-only message").toMatch(
        /^Cannot assign to read only property 'sha1' of object /,
      );

      const b = await fresh();
      Object.defineProperty(b, "md5", { value: 7 });
      b.other = 1;
      expect(b.md5, "checksums.md5 redefined to 7, then a property added: still 7").toBe(7);
      Object.defineProperty(b, "x", { value: 3, enumerable: true });
      expect(b.x, "Object.defineProperty(checksums, 'x', { value: 3 }): defined").toBe(3);

      const c = await fresh();
      expect(delete c.sha1, "delete checksums.sha1: true (configurable)").toBe(true);
      expect(Object.hasOwn(c, "sha1"), "checksums.sha1 after delete: gone").toBe(false);
      expect(hex(c.md5), "checksums.md5 after deleting sha1: unchanged").toBe(MD5);

      const f = Object.freeze(await fresh());
      expect(Object.isFrozen(f), "Object.freeze(checksums): frozen").toBe(true);
      expect(hex(f.sha1), "checksums.sha1 after freeze: unchanged").toBe(SHA1);

      const p = await fresh();
      Object.setPrototypeOf(p, null);
      expect(Object.getPrototypeOf(p), "Object.setPrototypeOf(checksums, null): no prototype").toBeNull();
      expect(hex(p.md5), "checksums.md5 after setPrototypeOf: unchanged").toBe(MD5);
    },
  );

  clauseTest(
    ["D.object.illegal-invocation"],
    "checksums' toJSON on null or an object that is not a checksums object: TypeError Illegal invocation",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
      const o = await bucket.put("k", "hello");
      const toJSON = Object.getPrototypeOf(o.checksums).toJSON as () => unknown;
      for (const [what, receiver] of [
        ["null", null],
        ["{}", {}],
        ["1", 1],
      ] as const) {
        const e = await caught(() => toJSON.call(receiver), `checksums toJSON.call(${what})`);
        expect([e.name, e.message], `checksums toJSON.call(${what}): TypeError Illegal invocation`).toEqual([
          "TypeError",
          ILLEGAL_INVOCATION,
        ]);
      }
    },
  );
});
