/**
 * A string value is stored as the bytes V8 hands the binding: UTF-8 for 1-, 2-, 3- and 4-byte characters
 * (a surrogate pair is one 4-byte character), and a lone surrogate as its three WTF-8 bytes.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { open } from "./helpers.ts";

const hexOf = (b: ArrayBuffer) => Buffer.from(b).toString("hex");

describe("string values", () => {
  clauseTest(
    ["D.put.value-types", "D.put.stores"],
    "a string put is stored as UTF-8, surrogate pairs as 4 bytes, lone surrogates as their WTF-8 bytes",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const cases: [string, string, string][] = [
        ["ASCII, é, €, 😀 (a pair)", "a\u00e9\u20ac\ud83d\ude00", "61c3a9e282acf09f9880"],
        ["the same, then a lone surrogate", "a\u00e9\u20ac\ud83d\ude00\ud800", "61c3a9e282acf09f9880eda080"],
        [
          "U+007F, U+0080, U+07FF, U+0800, U+FFFF, a lone surrogate",
          "\u007f\u0080\u07ff\u0800\uffff\udfff",
          "7fc280dfbfe0a080efbfbfedbfbf",
        ],
        ["a lone high surrogate between letters", "x\ud800y", "78eda080" + "79"],
        ["a lone low surrogate, then a pair", "\udc00\udbff\udfff", "edb080f48fbfbf"],
        ["é, then a lone low surrogate", "\u00e9\udc00", "c3a9edb080"],
        ["a high surrogate before U+E000 (not a pair)", "\ud800\ue000", "eda080ee8080"],
        ["a high surrogate last", "\u00e9\udbff", "c3a9edafbf"],
        ["a high surrogate before a high one and a pair", "\ud800\ud800\udc00", "eda080f0908080"],
      ];
      for (const [what, value, hex] of cases) {
        const put = await bucket.put("k", value);
        expect(put.size, `put("k", ${what}).size: its UTF-8/WTF-8 byte count`).toBe(hex.length / 2);
        const got = (await bucket.get("k"))!;
        expect(hexOf(await got.arrayBuffer()), `get("k") after put of ${what}: the bytes`).toBe(hex);
      }
    },
  );
});
