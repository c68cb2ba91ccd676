/**
 * Edges of bodies and of the checks around them that the other object-store suites leave open: a body's
 * `tee` is an ordinary method a program may wrap (by assignment or `Object.defineProperty`), and a
 * string `ssecKey` must be lowercase hex from its first character to its last.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

const BAD_FORMAT = "SSE-C Key has invalid format";

describe("a body's tee can be wrapped", () => {
  clauseTest(
    ["D.body.used-stream", "D.body.byte-stream"],
    "assigning or defining the body's tee wraps it, and the wrapped tee still uses the body",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "hello");
      for (const how of ["assignment", "Object.defineProperty"] as const) {
        const got = (await bucket.get("k"))!;
        const body = got.body as unknown as ReadableStream<Uint8Array>;
        const tee = body.tee;
        let calls = 0;
        const wrapper = function (this: ReadableStream<Uint8Array>) {
          calls++;
          return tee.call(this);
        };
        if (how === "assignment") body.tee = wrapper;
        else Object.defineProperty(body, "tee", { value: wrapper, writable: true, configurable: true });
        expect(body.tee, `body.tee after its ${how}: the program's function [D.body.byte-stream]`).toBe(wrapper);
        const [left, right] = body.tee();
        expect(calls, `body.tee() after its ${how}: the program's function ran once`).toBe(1);
        expect(got.bodyUsed, `bodyUsed after the wrapped body.tee() (${how}): true [D.body.used-stream]`).toBe(true);
        const texts = await Promise.all([new Response(left).text(), new Response(right).text()]);
        expect(texts, `both branches of the wrapped body.tee() (${how}): the object's bytes`).toEqual([
          "hello",
          "hello",
        ]);
      }
    },
  );
});

describe("ssecKey strings are hex throughout", () => {
  clauseTest(
    ["D.ssec.key-format"],
    "a 64-character key with one character that is not lowercase hex, first, last or inside, is refused",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const hex = "0123456789abcdef".repeat(4);
      const cases: [string, string][] = [
        ["first", `g${hex.slice(1)}`],
        ["last", `${hex.slice(0, 63)}G`],
        ["inside", `${hex.slice(0, 31)}-${hex.slice(32)}`],
        ["an uppercase digit inside", `${hex.slice(0, 10)}A${hex.slice(11)}`],
      ];
      for (const [where, ssecKey] of cases) {
        expect(ssecKey.length, `the key with a bad character ${where}: 64 characters long`).toBe(64);
        await expectRejects(bucket.put("k", "v", { ssecKey }), "Error", BAD_FORMAT);
        await expectRejects(bucket.get("k", { ssecKey }), "Error", BAD_FORMAT);
      }
      expect(await bucket.head("k"), 'head("k") after puts refused for a key not all lowercase hex: null').toBeNull();
    },
  );
});
