/**
 * Keys are exact byte strings: keys that differ only in case or in an accent are different objects for
 * put, head, get, delete and list, and every result carries the key as written.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { md5Hex, open } from "./helpers.ts";

const KEYS = ["Key", "key", "KEY", "caf\u00e9", "cafe", "CAF\u00c9", "\u{1F600}/K\u00e9y"];
const value = (k: string) => `value of ${k} (${k.length})`;

describe("keys", () => {
  clauseTest(
    ["D.object.key", "D.put.stores", "D.head.metadata", "D.get.body", "D.delete.keys", "D.list.order"],
    "keys differing only in case or accent are different objects, on every operation",
    async (ctx) => {
      const { bucket } = await open(ctx);
      for (const k of KEYS) {
        const put = await bucket.put(k, value(k), { customMetadata: { of: k } });
        expect(put.key, `put("${k}").key: the key as written [D.object.key]`).toBe(k);
      }
      for (const k of KEYS) {
        const head = await bucket.head(k);
        expect(
          head && { key: head.key, etag: head.etag, size: head.size, of: head.customMetadata?.of },
          `head("${k}"): its own object (key, etag, size, customMetadata) [D.head.metadata]`,
        ).toEqual({
          key: k,
          etag: md5Hex(new TextEncoder().encode(value(k))),
          size: new TextEncoder().encode(value(k)).length,
          of: k,
        });
        expect(await (await bucket.get(k))?.text(), `get("${k}").text(): its own value [D.get.body]`).toBe(value(k));
      }
      const sorted = [...KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect(
        (await bucket.list()).objects.map((o) => o.key),
        "list().objects: all seven keys, by bytes [D.list.order]",
      ).toEqual(sorted);
      await bucket.delete("key");
      await bucket.delete(["CAF\u00c9", "cafe"]);
      const left = KEYS.filter((k) => !["key", "CAF\u00c9", "cafe"].includes(k));
      for (const k of KEYS) {
        expect(
          (await bucket.head(k))?.key ?? null,
          `head("${k}") after delete("key") and delete(["CAF\u00c9", "cafe"]): ${left.includes(k) ? "still there" : "gone"} [D.delete.keys]`,
        ).toBe(left.includes(k) ? k : null);
      }
      expect(
        (await bucket.list()).objects.map((o) => o.key),
        "list().objects after the deletes: the other keys only [D.delete.keys]",
      ).toEqual(sorted.filter((k) => left.includes(k)));
    },
  );
});
