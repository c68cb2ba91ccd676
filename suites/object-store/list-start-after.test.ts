/**
 * list's startAfter at the edges a reimplementation gets wrong: at or past the last key, naming a key
 * that does not exist (with limit, and paging on with the cursor), inside a delimited group, beside a
 * prefix, and in UTF-8 order. Each page is compared whole: keys, delimitedPrefixes, truncated, cursor.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { open, putMany } from "./helpers.ts";

type ListOptions = Parameters<ObjectStoreBucket["list"]>[0];

/** What a page shows a caller: its keys, prefixes, truncated, and whether a cursor came with it. */
interface PageView {
  keys: string[];
  delimitedPrefixes: string[];
  truncated: boolean;
  cursor: "a token" | "none" | string;
}

function view(page: Awaited<ReturnType<ObjectStoreBucket["list"]>>): PageView {
  const c = (page as { cursor?: unknown }).cursor;
  return {
    keys: page.objects.map((o) => o.key),
    delimitedPrefixes: page.delimitedPrefixes,
    truncated: page.truncated,
    cursor: c === undefined ? "none" : typeof c === "string" && c.length > 0 ? "a token" : `${typeof c} ${String(c)}`,
  };
}

const done = (keys: string[], delimitedPrefixes: string[] = []): PageView => ({
  keys,
  delimitedPrefixes,
  truncated: false,
  cursor: "none",
});
const more = (keys: string[], delimitedPrefixes: string[] = []): PageView => ({
  keys,
  delimitedPrefixes,
  truncated: true,
  cursor: "a token",
});

const call = (o: ListOptions): string => `list(${JSON.stringify(o)})`;

/** Pages through `options` with the cursor, checking each page against `expected` (one view per page). */
async function expectPages(bucket: ObjectStoreBucket, options: ListOptions, expected: PageView[], rule: string) {
  let cursor: string | undefined;
  for (const [i, want] of expected.entries()) {
    const o = { ...options, ...(cursor !== undefined ? { cursor } : {}) };
    const page = await bucket.list(o);
    expect(
      view(page),
      `${call({ ...options, ...(i > 0 ? { cursor: `<page ${i}>` } : {}) })}: page ${i + 1} ${rule}`,
    ).toEqual(want);
    cursor = (page as { cursor?: string }).cursor;
  }
}

// Keys in two cases, with multi-byte characters, sorted by UTF-8 bytes (U+FF61 sorts before U+1F600 in
// UTF-8, after it in UTF-16).
const KEYS = ["Doc", "apple", "b\u00e9", "b\u00e9t", "doc", "\uFF61", "\u{1F600}"];

describe("list startAfter", () => {
  clauseTest(
    ["D.list.start-after", "D.list.truncated", "D.list.cursor-when-truncated"],
    "startAfter the last key, or past it, gives an empty page: truncated false, no cursor",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await putMany(bucket, KEYS);
      const rule = "is empty, not truncated, with no cursor: nothing remains after startAfter";
      for (const startAfter of ["\u{1F600}", "\u{1F600}\u0000", "\u{1F601}", "\u{10FFFF}"]) {
        for (const limit of [undefined, 1, 1000]) {
          const o = { startAfter, ...(limit !== undefined ? { limit } : {}) };
          expect(view(await bucket.list(o)), `${call(o)} ${rule} [D.list.start-after]`).toEqual(done([]));
        }
      }
      const o = { startAfter: "\u{1F600}", delimiter: "/", prefix: "" };
      expect(view(await bucket.list(o)), `${call(o)} ${rule} [D.list.start-after]`).toEqual(done([]));
    },
  );

  clauseTest(
    ["D.list.start-after", "D.list.utf8-order", "D.list.truncated", "D.list.full-pages"],
    "startAfter compares by UTF-8 bytes, and a last page that fills limit exactly is not truncated",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await putMany(bucket, KEYS);
      // U+FF61 is below U+1F600 in UTF-8: the emoji key follows it.
      await expectPages(
        bucket,
        { startAfter: "\uFF61" },
        [done(["\u{1F600}"])],
        "holds the one later key [D.list.utf8-order]",
      );
      await expectPages(
        bucket,
        { startAfter: "\uFF61", limit: 1 },
        [done(["\u{1F600}"])],
        "holds the one remaining key and is not truncated: nothing remains [D.list.truncated]",
      );
      await expectPages(
        bucket,
        { startAfter: "doc", limit: 2 },
        [done(["\uFF61", "\u{1F600}"])],
        "holds the two remaining keys and is not truncated [D.list.truncated]",
      );
      // "D" < "a" < "b" < "d": the uppercase key is first, and startAfter "Doc" keeps "doc".
      await expectPages(
        bucket,
        { startAfter: "Doc", limit: 3 },
        [more(["apple", "b\u00e9", "b\u00e9t"]), done(["doc", "\uFF61", "\u{1F600}"])],
        "continues after startAfter, case-sensitively [D.list.start-after]",
      );
      // "b\u00e9" is a proper prefix of "b\u00e9t": startAfter it keeps the longer key.
      await expectPages(
        bucket,
        { startAfter: "b\u00e9", limit: 1 },
        [more(["b\u00e9t"]), more(["doc"]), more(["\uFF61"]), done(["\u{1F600}"])],
        "pages one key at a time to the end [D.list.start-after]",
      );
    },
  );

  clauseTest(
    ["D.list.start-after", "D.list.cursor", "D.list.truncated", "D.list.cursor-when-truncated", "D.list.full-pages"],
    "startAfter naming a missing key, with limit: pages start after it and the cursor pages on to the end",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
      await putMany(bucket, keys);
      const rule = "startAfter a missing key starts at the next key [D.list.start-after]";
      await expectPages(
        bucket,
        { startAfter: "k3x", limit: 3 },
        [more(["k4", "k5", "k6"]), done(["k7", "k8", "k9"])],
        rule,
      );
      await expectPages(
        bucket,
        { startAfter: "k3x", limit: 4 },
        [more(["k4", "k5", "k6", "k7"]), done(["k8", "k9"])],
        rule,
      );
      await expectPages(bucket, { startAfter: "k3x", limit: 6 }, [done(["k4", "k5", "k6", "k7", "k8", "k9"])], rule);
      await expectPages(bucket, { startAfter: "k3x", limit: 1000 }, [done(keys.slice(4))], rule);
      await expectPages(
        bucket,
        { startAfter: "k7!", limit: 1 },
        [more(["k8"]), done(["k9"])],
        `${rule}; limit 1 gives one key a page`,
      );
      // Before every key: the whole listing.
      await expectPages(bucket, { startAfter: "a", limit: 5 }, [more(keys.slice(0, 5)), done(keys.slice(5))], rule);
      await expectPages(bucket, { startAfter: "", limit: 10 }, [done(keys)], "startAfter '' skips nothing");
      await expectPages(bucket, { startAfter: "k9x", limit: 1 }, [done([])], "startAfter past every key is empty");
    },
  );

  clauseTest(
    ["D.list.start-after", "D.list.cursor", "D.list.full-pages"],
    "startAfter and a cursor together: the listing starts after the later of the two",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
      await putMany(bucket, keys);
      const first = await bucket.list({ limit: 2 });
      const cursor = (first as { cursor?: string }).cursor;
      expect(view(first), "list({limit: 2}): page 1 [D.list.cursor]").toEqual(more(["k0", "k1"]));
      const later = await bucket.list({ limit: 2, cursor, startAfter: "k4x" });
      expect(
        view(later),
        'list({limit: 2, cursor: <after k1>, startAfter: "k4x"}): starts after startAfter, the later [D.list.start-after]',
      ).toEqual(more(["k5", "k6"]));
      const earlier = await bucket.list({ limit: 2, cursor, startAfter: "a" });
      expect(
        view(earlier),
        'list({limit: 2, cursor: <after k1>, startAfter: "a"}): starts after the cursor, the later [D.list.cursor]',
      ).toEqual(more(["k2", "k3"]));
    },
  );

  clauseTest(
    ["D.list.start-after", "D.list.prefix", "D.list.truncated", "D.list.full-pages"],
    "startAfter with prefix: before the prefix it changes nothing, inside it skips, past it empties",
    async (ctx) => {
      const { bucket } = await open(ctx);
      // "b" lies between startAfter "a" and the prefix: the page still starts at the prefix.
      await putMany(bucket, ["a", "b", "p/1", "p/2", "p/3", "p\u00e9", "q"]);
      const rule = "lists the prefix's keys after startAfter [D.list.start-after, D.list.prefix]";
      await expectPages(
        bucket,
        { prefix: "p/", startAfter: "a", limit: 2 },
        [more(["p/1", "p/2"]), done(["p/3"])],
        rule,
      );
      await expectPages(bucket, { prefix: "p/", startAfter: "p/1", limit: 2 }, [done(["p/2", "p/3"])], rule);
      await expectPages(bucket, { prefix: "p/", startAfter: "p/3", limit: 1 }, [done([])], rule);
      await expectPages(bucket, { prefix: "p/", startAfter: "p\u00e9", limit: 1 }, [done([])], rule);
      await expectPages(bucket, { prefix: "p/", startAfter: "p/2x" }, [done(["p/3"])], rule);
    },
  );

  clauseTest(
    ["D.list.start-after", "D.list.delimiter", "D.list.prefix-details", "D.list.truncated", "D.list.full-pages"],
    "startAfter with a delimiter: inside a group the group is listed again, after its last key it is not",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await putMany(bucket, ["a/1", "a/2", "a/3", "b", "c/\u00e9/1", "c/\u00e9/2", "d"]);
      const rule = "groups the keys after startAfter [D.list.start-after, D.list.delimiter]";
      await expectPages(
        bucket,
        { delimiter: "/", startAfter: "a/1" },
        [done(["b", "d"], ["a/", "c/"])],
        `${rule}: a/2 and a/3 remain under a/`,
      );
      await expectPages(
        bucket,
        { delimiter: "/", startAfter: "a/3", limit: 2 },
        [more(["b"], ["c/"]), done(["d"])],
        `${rule}: nothing remains under a/`,
      );
      await expectPages(
        bucket,
        { delimiter: "/", prefix: "c/", startAfter: "c/\u00e9/2" },
        [done([])],
        `${rule}: nothing remains under c/\u00e9/`,
      );
      await expectPages(
        bucket,
        { delimiter: "/", prefix: "c/", startAfter: "c/\u00e9/1", limit: 1 },
        [done([], ["c/\u00e9/"])],
        `${rule}: c/\u00e9/2 remains under c/\u00e9/`,
      );
      await expectPages(bucket, { delimiter: "/", startAfter: "c0", limit: 1 }, [done(["d"])], rule);
    },
  );
});
