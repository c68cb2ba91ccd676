import { describe, expect } from "vitest";
import { clauseTest, skipUnless } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { expectRejects, expectStoreError, open, putMany } from "./helpers.ts";

async function fill(bucket: ObjectStoreBucket, keys: readonly string[]): Promise<void> {
  for (const k of keys) await bucket.put(k, k);
}

/** A page's cursor, read whatever its truncated says. */
function cursorOf(page: Awaited<ReturnType<ObjectStoreBucket["list"]>>): string | undefined {
  return (page as { cursor?: string }).cursor;
}

/** Every key and prefix of a listing, following cursors while truncated. */
async function listAll(
  bucket: ObjectStoreBucket,
  options: Parameters<ObjectStoreBucket["list"]>[0] = {},
): Promise<{ keys: string[]; prefixes: string[]; pages: number }> {
  const keys: string[] = [];
  const prefixes: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await bucket.list({ ...options, ...(cursor ? { cursor } : {}) });
    pages++;
    keys.push(...page.objects.map((o) => o.key));
    prefixes.push(...page.delimitedPrefixes);
    if (!page.truncated) return { keys, prefixes, pages };
    cursor = page.cursor;
  }
}

describe("list", () => {
  clauseTest(["D.list.order", "D.rule.list-at-most-1000"], "returns keys in lexicographic order", async (ctx) => {
    const { bucket } = await open(ctx);
    await fill(bucket, ["b", "a/2", "a", "c", "a/10", "B", "0"]);
    const l = await bucket.list();
    expect(
      l.objects.map((o) => o.key),
      "list().objects: every key in byte order [D.list.order]",
    ).toEqual(["0", "B", "a", "a/10", "a/2", "b", "c"]);
    expect(l.truncated, "list().truncated: false, all 7 keys fit in one page [D.list.truncated]").toBe(false);
    expect(l.delimitedPrefixes, "list().delimitedPrefixes: [] without a delimiter [D.list.delimiter]").toEqual([]);
  });

  clauseTest(["D.list.utf8-order", "D.list.start-after"], "orders by UTF-8 bytes, not UTF-16 units", async (ctx) => {
    const { bucket } = await open(ctx);
    // U+FF61 is one UTF-16 unit above the surrogates of U+1F600, but below it in UTF-8.
    await fill(bucket, ["\u{1F600}", "\uFF61", "z", "\u00e9"]);
    const l = await bucket.list();
    expect(
      l.objects.map((o) => o.key),
      "list().objects: keys in UTF-8 byte order [D.list.utf8-order]",
    ).toEqual(["z", "\u00e9", "\uFF61", "\u{1F600}"]);
    // After a shared non-ASCII first character, every UTF-8 length against every other: U+D7FB (the last
    // 3-byte letter below the surrogates), U+E000 (the first above them), U+10000 (the first 4-byte one).
    const tails = ["", "a", "undefined", "\u00e9", "\uD7FB", "\uE000", "\uFF61", "\u{10000}", "\u{1F600}"];
    const keys = tails.map((t) => `\uFFFD${t}`);
    // Written in a scrambled order, so that each pair is compared both ways round.
    await fill(
      bucket,
      [4, 5, 1, 8, 3, 7, 0, 6, 2].map((i) => keys[i]!),
    );
    // Written again: the greatest keys are replaced, not listed twice.
    await bucket.put("\uFFFD\u{1F600}", "again");
    await bucket.put("\u{1F600}", "again");
    const all = await bucket.list({ prefix: "\uFFFD" });
    expect(
      all.objects.map((o) => o.key),
      'list({prefix: "\uFFFD"}).objects: each key once, in UTF-8 byte order (1, 2, 3 then 4 bytes) [D.list.utf8-order]',
    ).toEqual(keys);
    expect(all.delimitedPrefixes, 'list({prefix: "\uFFFD"}).delimitedPrefixes: [] without a delimiter').toEqual([]);
    expect(
      (await bucket.list()).objects.map((o) => o.key),
      "list().objects: every key once, in UTF-8 byte order [D.list.utf8-order]",
    ).toEqual(["z", "\u00e9", "\uFF61", ...keys, "\u{1F600}"]);
    // startAfter each key in turn: the keys after it in UTF-8 order.
    for (const [i, startAfter] of keys.entries()) {
      const after = await bucket.list({ prefix: "\uFFFD", startAfter, limit: 3 });
      expect(
        after.objects.map((o) => o.key),
        `list({prefix: "\uFFFD", startAfter: key ${i} of 9, limit: 3}).objects: the next keys in UTF-8 order [D.list.utf8-order]`,
      ).toEqual(keys.slice(i + 1, i + 4));
    }
  });

  clauseTest(["D.list.prefix"], "prefix keeps only keys that start with it", async (ctx) => {
    const { bucket } = await open(ctx);
    await fill(bucket, ["img/a", "img/b", "imgx", "doc/a", "im"]);
    const l = await bucket.list({ prefix: "img/" });
    expect(
      l.objects.map((o) => o.key),
      'list({prefix: "img/"}).objects: only keys starting with it [D.list.prefix]',
    ).toEqual(["img/a", "img/b"]);
  });

  clauseTest(
    ["D.list.delimiter", "D.list.prefix-details"],
    "delimiter groups keys into delimitedPrefixes (spec example)",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await fill(bucket, ["a/b/c", "a/x", "top"]);
      const root = await bucket.list({ delimiter: "/" });
      const rule = "[D.list.delimiter, D.list.prefix-details]";
      expect(root.delimitedPrefixes, `list({delimiter: "/"}).delimitedPrefixes: the first segments ${rule}`).toEqual([
        "a/",
      ]);
      expect(
        root.objects.map((o) => o.key),
        `list({delimiter: "/"}).objects: keys with no "/" ${rule}`,
      ).toEqual(["top"]);
      const inA = await bucket.list({ delimiter: "/", prefix: "a/" });
      expect(inA.delimitedPrefixes, `list({delimiter: "/", prefix: "a/"}).delimitedPrefixes ${rule}`).toEqual(["a/b/"]);
      expect(
        inA.objects.map((o) => o.key),
        `list({delimiter: "/", prefix: "a/"}).objects ${rule}`,
      ).toEqual(["a/x"]);
    },
  );

  clauseTest(
    ["D.list.prefix-details"],
    "a key equal to the prefix is an object, and limit counts prefixes too",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await fill(bucket, ["p/", "p/a/1", "p/a/2", "p/b/1", "p/c"]);
      const l = await bucket.list({ prefix: "p/", delimiter: "/" });
      const call = 'list({prefix: "p/", delimiter: "/"';
      const rule = "[D.list.prefix-details]";
      expect(
        l.objects.map((o) => o.key),
        `${call}}).objects: the key equal to the prefix is an object ${rule}`,
      ).toEqual(["p/", "p/c"]);
      expect(l.delimitedPrefixes, `${call}}).delimitedPrefixes ${rule}`).toEqual(["p/a/", "p/b/"]);
      const { keys, prefixes } = await listAll(bucket, { prefix: "p/", delimiter: "/", limit: 1 });
      expect(keys, `${call}, limit: 1}) paged to the end: the objects ${rule}`).toEqual(["p/", "p/c"]);
      expect(prefixes, `${call}, limit: 1}) paged to the end: the delimitedPrefixes once each ${rule}`).toEqual([
        "p/a/",
        "p/b/",
      ]);
      const first = await bucket.list({ prefix: "p/", delimiter: "/", limit: 2 });
      expect(
        first.objects.length + first.delimitedPrefixes.length,
        `${call}, limit: 2}): objects plus delimitedPrefixes count against limit ${rule}`,
      ).toBe(2);
      expect(first.truncated, `${call}, limit: 2}).truncated: 4 entries remain ${rule}`).toBe(true);
    },
  );

  clauseTest(
    ["D.list.cursor", "D.list.truncated", "D.list.cursor-when-truncated"],
    "limit, truncated and cursor page through every key once",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 7 }, (_, i) => `k${i}`);
      await fill(bucket, keys);
      const first = await bucket.list({ limit: 3 });
      expect(
        first.objects.map((o) => o.key),
        "list({limit: 3}).objects: the first 3 keys [D.list.limit]",
      ).toEqual(["k0", "k1", "k2"]);
      expect(first.truncated, "list({limit: 3}).truncated: 4 keys remain [D.list.truncated]").toBe(true);
      expect(
        typeof cursorOf(first),
        "list({limit: 3}).cursor: a string when truncated [D.list.cursor-when-truncated]",
      ).toBe("string");
      const all = await listAll(bucket, { limit: 3 });
      expect(all.keys, "list({limit: 3}) paged with cursor: every key once, in order [D.list.cursor]").toEqual(keys);
      const last = await bucket.list({ limit: 7 });
      expect(last.truncated, "list({limit: 7}) of 7 keys: truncated false [D.list.truncated]").toBe(false);
      expect(
        (last as { cursor?: string }).cursor,
        "list({limit: 7}) of 7 keys: no cursor when not truncated [D.list.cursor-when-truncated]",
      ).toBeUndefined();
    },
  );

  clauseTest(
    ["D.list.prefix", "D.list.delimiter", "D.list.prefix-details"],
    "prefix matches bytes exactly: case, accents and a prefix that does not end at the delimiter",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await fill(bucket, ["IMG/a", "Img/b", "img", "img/c", "img/d/1", "img\u00e9/e", "imgx/f", "\u00efmg/g"]);
      const keys = async (o: Parameters<ObjectStoreBucket["list"]>[0]) => {
        const l = await bucket.list(o);
        return { objects: l.objects.map((k) => k.key), delimitedPrefixes: l.delimitedPrefixes };
      };
      expect(
        await keys({ prefix: "img/" }),
        'list({prefix: "img/"}): only keys starting with "img/", case-sensitively [D.list.prefix]',
      ).toEqual({ objects: ["img/c", "img/d/1"], delimitedPrefixes: [] });
      expect(
        await keys({ prefix: "img", delimiter: "/" }),
        'list({prefix: "img", delimiter: "/"}): groups end at the first "/" after the prefix [D.list.prefix-details]',
      ).toEqual({ objects: ["img"], delimitedPrefixes: ["img/", "imgx/", "img\u00e9/"] });
      expect(
        await keys({ prefix: "img\u00e9" }),
        'list({prefix: "img\u00e9"}): a multi-byte prefix [D.list.prefix]',
      ).toEqual({ objects: ["img\u00e9/e"], delimitedPrefixes: [] });
      expect(
        await keys({ prefix: "IMG", delimiter: "/" }),
        'list({prefix: "IMG", delimiter: "/"}): upper case only [D.list.prefix]',
      ).toEqual({ objects: [], delimitedPrefixes: ["IMG/"] });
      expect(
        await keys({ prefix: "img/d/1/" }),
        'list({prefix: "img/d/1/"}): a key is not its own prefix plus "/"',
      ).toEqual({ objects: [], delimitedPrefixes: [] });
    },
  );

  clauseTest(
    ["D.list.cursor", "D.list.cursor-after-last"],
    "a cursor continues after the last key it returned, whatever is written or deleted between calls",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await fill(bucket, ["k0", "k1", "k2", "k3", "k4", "k5"]);
      const first = await bucket.list({ limit: 2 });
      expect(
        first.objects.map((o) => o.key),
        "list({limit: 2}).objects [D.list.cursor]",
      ).toEqual(["k0", "k1"]);
      // Between the calls: a key before the cursor is deleted, one before it and one after it are written.
      await bucket.delete("k0");
      await bucket.put("k0a", "");
      await bucket.put("k2a", "");
      const next = await bucket.list({ limit: 3, cursor: cursorOf(first) });
      expect(
        next.objects.map((o) => o.key),
        "list({limit: 3, cursor}) after deleting k0 and writing k0a, k2a: the keys after k1 [D.list.cursor-after-last]",
      ).toEqual(["k2", "k2a", "k3"]);
      await bucket.delete("k3");
      const last = await bucket.list({ limit: 3, cursor: cursorOf(next) });
      expect(
        last.objects.map((o) => o.key),
        "list({limit: 3, cursor}) after deleting k3 (the cursor's own key): the keys after it [D.list.cursor-after-last]",
      ).toEqual(["k4", "k5"]);
      expect(last.truncated, "the last page: truncated false [D.list.truncated]").toBe(false);
    },
  );

  clauseTest(["D.list.start-after"], "startAfter is exclusive", async (ctx) => {
    const { bucket } = await open(ctx);
    await fill(bucket, ["a", "b", "c", "d"]);
    const l = await bucket.list({ startAfter: "b" });
    expect(
      l.objects.map((o) => o.key),
      'list({startAfter: "b"}).objects: the keys after "b" [D.list.start-after]',
    ).toEqual(["c", "d"]);
    const between = await bucket.list({ startAfter: "bb" });
    expect(
      between.objects.map((o) => o.key),
      'list({startAfter: "bb"}).objects: a missing startAfter starts at the next key [D.list.start-after]',
    ).toEqual(["c", "d"]);
  });

  clauseTest(
    [
      "D.list.limit",
      "D.rule.list-at-most-1000",
      "D.list.full-pages",
      "D.list.truncated",
      "D.list.cursor",
      "D.list.cursor-when-truncated",
    ],
    "limit defaults to 1000",
    async (ctx) => {
      const { bucket } = await open(ctx);
      // 1100 keys in two cases (uppercase sorts first), half with a 4-byte character: the default page is full
      // and 100 keys are left over.
      const keys = Array.from(
        { length: 1100 },
        (_, i) => `${i % 2 ? "k" : "K\u{1F600}"}${String(i).padStart(4, "0")}`,
      ).sort();
      await putMany(bucket, keys);
      const rule = "[D.list.limit, D.list.full-pages]";
      for (const o of [{}, { limit: 1000 }, { limit: -1 }]) {
        const l = await bucket.list(o);
        const call = `list(${JSON.stringify(o)}) of 1100 keys`;
        expect(
          l.objects.map((k) => k.key),
          `${call}.objects: the first 1000 keys ${rule}`,
        ).toEqual(keys.slice(0, 1000));
        expect(l.truncated, `${call}.truncated: 100 keys remain [D.list.truncated]`).toBe(true);
        const next = await bucket.list({ ...o, cursor: cursorOf(l) });
        expect(
          next.objects.map((k) => k.key),
          `${call}, then its cursor: the last 100 keys [D.list.cursor]`,
        ).toEqual(keys.slice(1000));
        expect(next.truncated, `${call}, then its cursor: truncated false on the last page [D.list.truncated]`).toBe(
          false,
        );
      }
      const middle = await bucket.list({ startAfter: keys[549]!, limit: 1000 });
      expect(
        middle.objects.map((k) => k.key),
        `list({startAfter: "${keys[549]}", limit: 1000}) of 1100 keys: the 550 after it, not truncated ${rule}`,
      ).toEqual(keys.slice(550));
      expect(middle.truncated, "list({startAfter: <key 550>}).truncated: false [D.list.truncated]").toBe(false);
      const lower = await bucket.list({ prefix: "k", startAfter: "K", limit: 3 });
      expect(
        lower.objects.map((k) => k.key),
        `list({prefix: "k", startAfter: "K", limit: 3}): the first lowercase keys, past 550 uppercase ones ${rule}`,
      ).toEqual(keys.slice(550, 553));
      // 100 keys deleted from all over the bucket (every 11th): 1000 remain.
      const gone = keys.filter((_, i) => i % 11 === 5);
      const kept = keys.filter((_, i) => i % 11 !== 5);
      await bucket.delete(gone);
      const full = await bucket.list();
      expect(
        full.objects.map((k) => k.key),
        `list() of exactly 1000 keys (after deleting every 11th): all of them ${rule}`,
      ).toEqual(kept);
      expect(full.truncated, "list() of exactly 1000 keys: truncated false, nothing remains [D.list.truncated]").toBe(
        false,
      );
      expect(cursorOf(full), "list() of exactly 1000 keys: no cursor [D.list.cursor-when-truncated]").toBeUndefined();
    },
    // 1100 writes: over a bridge on a busy machine they take longer than the default 30 s.
    { timeout: 120_000 },
  );

  clauseTest(["D.list.limit", "D.err.list-limit"], "limit 0 or above 1000 gives 10022", async (ctx) => {
    const { bucket } = await open(ctx);
    const msg = "MaxKeys params must be positive integer <= 1000.";
    await expectStoreError(bucket.list({ limit: 0 }), "list", 10022, msg);
    await expectStoreError(bucket.list({ limit: 1001 }), "list", 10022, msg);
    await expect(
      bucket.list({ limit: 1000 }),
      "list({limit: 1000}): 1000 is allowed [D.list.limit]",
    ).resolves.toBeDefined();
  });

  clauseTest(
    ["D.list.include", "D.list.include-absent"],
    "include decides which metadata listed objects carry",
    async (ctx) => {
      const { bucket, target } = await open(ctx);
      await bucket.put("k", "v", { httpMetadata: { contentType: "text/plain" }, customMetadata: { a: "1" } });
      const both = await bucket.list({ include: ["httpMetadata", "customMetadata"] });
      expect(
        both.objects[0]!.httpMetadata,
        "list({include: both}).objects[0].httpMetadata: as put [D.list.include]",
      ).toEqual({ contentType: "text/plain" });
      expect(
        both.objects[0]!.customMetadata,
        "list({include: both}).objects[0].customMetadata: as put [D.list.include]",
      ).toEqual({ a: "1" });
      const custom = await bucket.list({ include: ["customMetadata"] });
      expect(
        custom.objects[0]!.customMetadata,
        'list({include: ["customMetadata"]}).objects[0].customMetadata: as put [D.list.include]',
      ).toEqual({ a: "1" });
      expect(
        custom.objects[0]!.httpMetadata,
        'list({include: ["customMetadata"]}).objects[0].httpMetadata: undefined, not included [D.list.include-absent]',
      ).toBeUndefined();
      const none = await bucket.list();
      expect(
        none.objects[0]!.httpMetadata,
        "list().objects[0].httpMetadata: undefined without include [D.list.include-absent]",
      ).toBeUndefined();
      expect(
        none.objects[0]!.customMetadata,
        "list().objects[0].customMetadata: undefined without include [D.list.include-absent]",
      ).toBeUndefined();
      void target;
    },
  );

  clauseTest(
    ["D.arg.write-http-metadata", "D.list.include-absent"],
    "writeHttpMetadata of a listed object without httpMetadata throws",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "v");
      const l = await bucket.list();
      const e = (() => {
        try {
          l.objects[0]!.writeHttpMetadata(os.headers());
          return undefined;
        } catch (err) {
          return err as Error;
        }
      })();
      expect(
        e?.message,
        "list().objects[0].writeHttpMetadata(headers): throws the binding's Error [D.arg.write-http-metadata]",
      ).toBe("HTTP metadata unknown for key `k`. Did you forget to add 'httpMetadata' to `include` when listing?");
    },
  );

  clauseTest(["D.arg.include"], "an unknown include value is a RangeError", async (ctx) => {
    const { bucket } = await open(ctx);
    await expectRejects(
      bucket.list({ include: ["bogus" as "httpMetadata"] }),
      "RangeError",
      "Unsupported include value bogus",
    );
  });

  clauseTest(
    ["D.rule.include-truncated"],
    "with include, following truncated and cursor returns every key exactly once",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 250 }, (_, i) => `m${String(i).padStart(3, "0")}`);
      await putMany(
        bucket,
        keys,
        () => "x",
        (k) => ({ customMetadata: { i: k } }),
      );
      const all = await listAll(bucket, { include: ["customMetadata"], limit: 1000 });
      expect(
        all.keys,
        'list({include: ["customMetadata"]}) followed while truncated: every key once, in order [D.rule.include-truncated]',
      ).toEqual(keys);
    },
  );

  clauseTest(
    ["D.rule.include-compat"],
    "before 2022-08-04 without the flag, include is ignored and both kinds are returned",
    async (ctx) => {
      const { target, os } = await open(ctx);
      skipUnless(ctx, target, "compat-date");
      const old = await os.bucket({ compatibilityDate: "2022-08-03" });
      await old.put("k", "v", { httpMetadata: { contentType: "a/b" }, customMetadata: { c: "d" } });
      const l = await old.list({ include: [] });
      expect(
        l.objects[0]!.httpMetadata,
        "list({include: []}) before 2022-08-04: httpMetadata all the same [D.rule.include-compat]",
      ).toEqual({ contentType: "a/b" });
      expect(
        l.objects[0]!.customMetadata,
        "list({include: []}) before 2022-08-04: customMetadata all the same [D.rule.include-compat]",
      ).toEqual({ c: "d" });
      const flagged = await os.bucket({
        compatibilityDate: "2022-08-03",
        compatibilityFlags: ["r2_list_honor_include"],
      });
      await flagged.put("k", "v", { httpMetadata: { contentType: "a/b" }, customMetadata: { c: "d" } });
      const f = await flagged.list({ include: ["customMetadata"] });
      expect(
        f.objects[0]!.customMetadata,
        'list({include: ["customMetadata"]}) with r2_list_honor_include: customMetadata [D.rule.include-compat]',
      ).toEqual({ c: "d" });
      expect(
        f.objects[0]!.httpMetadata,
        'list({include: ["customMetadata"]}) with r2_list_honor_include: no httpMetadata [D.rule.include-compat]',
      ).toBeUndefined();
      const current = await os.bucket({ compatibilityDate: "2022-08-04" });
      await current.put("k", "v", { customMetadata: { c: "d" } });
      expect(
        (await current.list()).objects[0]!.customMetadata,
        "list() from 2022-08-04: no customMetadata without include [D.rule.include-compat]",
      ).toBeUndefined();
    },
  );

  clauseTest(["D.range.reported"], "listed objects carry no range", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "v");
    expect(
      (await bucket.list()).objects[0]!.range,
      "list().objects[0].range: undefined [D.range.reported]",
    ).toBeUndefined();
  });
});
