import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { caught, expectRejects, openOffTheSecond } from "./helpers.ts";

async function seed(bucket: ObjectStoreBucket) {
  const o = await bucket.put("k", "value");
  return { etag: o.etag, at: o.uploaded.getTime() };
}

/** Whether get proceeds (a body) or not (metadata without body). */
async function getProceeds(
  bucket: ObjectStoreBucket,
  onlyIf: Parameters<ObjectStoreBucket["get"]>[1],
): Promise<boolean> {
  const g = await bucket.get("k", onlyIf);
  expect(
    g,
    `get("k", onlyIf) of an existing key: an object (a body or not), never null [D.get.precondition-failed]`,
  ).not.toBeNull();
  return (g as { body?: unknown }).body !== undefined;
}

describe("conditionals on get", () => {
  clauseTest(
    ["D.cond.etag-matches", "D.get.precondition-failed", "D.rule.conditionals"],
    "etagMatches",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      const { etag } = await seed(bucket);
      expect(
        await getProceeds(bucket, { onlyIf: { etagMatches: etag } }),
        `get("k", {onlyIf: {etagMatches: etag}}) proceeds [D.cond.etag-matches, D.get.precondition-failed, D.rule.conditionals]`,
      ).toBe(true);
      const failed = await bucket.get("k", { onlyIf: { etagMatches: "0123" } });
      expect(
        failed,
        `get("k", {onlyIf: {etagMatches: "0123"}}): the object without its body, not null [D.cond.etag-matches, D.get.precondition-failed, D.rule.conditionals]`,
      ).not.toBeNull();
      expect(
        (failed as { body?: unknown }).body,
        `get("k", {onlyIf: {etagMatches: "0123"}}).body: undefined, the condition failed [D.cond.etag-matches, D.get.precondition-failed, D.rule.conditionals]`,
      ).toBeUndefined();
      expect(
        failed!.etag,
        `get("k", {onlyIf: {etagMatches: "0123"}}).etag: the stored etag [D.cond.etag-matches, D.get.precondition-failed, D.rule.conditionals]`,
      ).toBe(etag);
      expect(
        failed!.size,
        `get("k", {onlyIf: {etagMatches: "0123"}}).size: the stored size [D.cond.etag-matches, D.get.precondition-failed, D.rule.conditionals]`,
      ).toBe(5);
    },
  );

  clauseTest(["D.cond.etag-does-not-match", "D.rule.conditionals"], "etagDoesNotMatch", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    const { etag } = await seed(bucket);
    expect(
      await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: etag } }),
      `get("k", {onlyIf: {etagDoesNotMatch: etag}}) proceeds [D.cond.etag-does-not-match, D.rule.conditionals]`,
    ).toBe(false);
    expect(
      await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "other" } }),
      `get("k", {onlyIf: {etagDoesNotMatch: "other"}}) proceeds [D.cond.etag-does-not-match, D.rule.conditionals]`,
    ).toBe(true);
  });

  clauseTest(["D.cond.wildcard"], "'*' matches any existing object", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    await seed(bucket);
    expect(
      await getProceeds(bucket, { onlyIf: { etagMatches: "*" } }),
      `get("k", {onlyIf: {etagMatches: "*"}}) proceeds [D.cond.wildcard]`,
    ).toBe(true);
    expect(
      await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "*" } }),
      `get("k", {onlyIf: {etagDoesNotMatch: "*"}}) proceeds [D.cond.wildcard]`,
    ).toBe(false);
  });

  clauseTest(
    ["D.cond.uploaded-before", "D.cond.uploaded-after", "D.cond.strict-dates", "D.rule.conditionals"],
    "uploadedBefore and uploadedAfter compare strictly",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      const { at } = await seed(bucket);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at + 1000) } }),
        `get("k", {onlyIf: {uploadedBefore: new Date(at + 1000)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at - 1000) } }),
        `get("k", {onlyIf: {uploadedBefore: new Date(at - 1000)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at) } }),
        `get("k", {onlyIf: {uploadedBefore: new Date(at)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at - 1000) } }),
        `get("k", {onlyIf: {uploadedAfter: new Date(at - 1000)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at + 1000) } }),
        `get("k", {onlyIf: {uploadedAfter: new Date(at + 1000)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at) } }),
        `get("k", {onlyIf: {uploadedAfter: new Date(at)}}) proceeds [D.cond.uploaded-before, D.cond.uploaded-after, D.cond.strict-dates, D.rule.conditionals]`,
      ).toBe(false);
    },
  );

  clauseTest(["D.cond.precedence"], "a passing etag condition overrides the matching date condition", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    const { etag, at } = await seed(bucket);
    const past = new Date(at - 10_000);
    const future = new Date(at + 10_000);
    expect(
      await getProceeds(bucket, { onlyIf: { etagMatches: etag, uploadedBefore: past } }),
      `get("k", {onlyIf: {etagMatches: etag, uploadedBefore: past}}) proceeds [D.cond.precedence]`,
    ).toBe(true);
    expect(
      await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "x", uploadedAfter: future } }),
      `get("k", {onlyIf: {etagDoesNotMatch: "x", uploadedAfter: future}}) proceeds [D.cond.precedence]`,
    ).toBe(true);
    expect(
      await getProceeds(bucket, { onlyIf: { etagMatches: etag, uploadedAfter: future } }),
      `get("k", {onlyIf: {etagMatches: etag, uploadedAfter: future}}) proceeds [D.cond.precedence]`,
    ).toBe(false);
    expect(
      await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "x", uploadedBefore: past } }),
      `get("k", {onlyIf: {etagDoesNotMatch: "x", uploadedBefore: past}}) proceeds [D.cond.precedence]`,
    ).toBe(false);
  });

  clauseTest(
    ["D.cond.headers", "D.cond.header-mapping"],
    "If-Match and If-None-Match headers (strong and weak)",
    async (ctx) => {
      const { bucket, os } = await openOffTheSecond(ctx);
      const { etag } = await seed(bucket);
      const h = (init: Record<string, string>) => ({ onlyIf: os.headers(init) });
      expect(
        await getProceeds(bucket, h({ "if-match": `"${etag}"` })),
        `get("k", h({"if-match": \`"\${etag}"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, h({ "if-match": `"nope", "${etag}"` })),
        `get("k", h({"if-match": \`"nope", "\${etag}"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, h({ "if-match": `W/"${etag}"` })),
        `get("k", h({"if-match": \`W/"\${etag}"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, h({ "if-match": "*" })),
        `get("k", h({"if-match": "*"})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, h({ "if-none-match": `"${etag}"` })),
        `get("k", h({"if-none-match": \`"\${etag}"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, h({ "if-none-match": `W/"${etag}"` })),
        `get("k", h({"if-none-match": \`W/"\${etag}"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, h({ "if-none-match": `"other"` })),
        `get("k", h({"if-none-match": \`"other"\`})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
    },
  );

  clauseTest(
    ["D.cond.headers", "D.cond.header-mapping"],
    "If-Modified-Since and If-Unmodified-Since compare whole seconds",
    async (ctx) => {
      const { bucket, os } = await openOffTheSecond(ctx);
      const { at } = await seed(bucket);
      const http = (ms: number) => new Date(ms).toUTCString();
      const h = (init: Record<string, string>) => ({ onlyIf: os.headers(init) });
      expect(
        await getProceeds(bucket, h({ "if-modified-since": http(at - 2000) })),
        `get("k", h({"if-modified-since": http(at - 2000)})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, h({ "if-modified-since": http(at) })),
        `get("k", h({"if-modified-since": http(at)})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await getProceeds(bucket, h({ "if-unmodified-since": http(at + 2000) })),
        `get("k", h({"if-unmodified-since": http(at + 2000)})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await getProceeds(bucket, h({ "if-unmodified-since": http(at) })),
        `get("k", h({"if-unmodified-since": http(at)})) proceeds [D.cond.headers, D.cond.header-mapping]`,
      ).toBe(false);
    },
  );

  clauseTest(["D.cond.headers"], "If-Range is ignored", async (ctx) => {
    const { bucket, os } = await openOffTheSecond(ctx);
    await seed(bucket);
    expect(
      await getProceeds(bucket, { onlyIf: os.headers({ "if-range": '"nothing-matches"' }) }),
      `get("k", {onlyIf: os.headers({"if-range": '"nothing-matches"'})}) proceeds [D.cond.headers]`,
    ).toBe(true);
  });

  clauseTest(
    ["D.cond.missing-object", "D.get.missing"],
    "a missing key gives null whatever the conditions",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      // The control: a key that exists is found under the same conditions (a body, or metadata only).
      await bucket.put("present", "x");
      expect(
        await bucket.get("present", { onlyIf: { etagMatches: "x" } }),
        `get("present", {onlyIf: {etagMatches: "x"}}) (not) [D.cond.missing-object, D.get.missing]`,
      ).not.toBeNull();
      expect(
        await bucket.get("present", { onlyIf: { etagDoesNotMatch: "x" } }),
        `get("present", {onlyIf: {etagDoesNotMatch: "x"}}) (not) [D.cond.missing-object, D.get.missing]`,
      ).not.toBeNull();
      expect(
        await bucket.get("absent", { onlyIf: { etagMatches: "x" } }),
        `get("absent", {onlyIf: {etagMatches: "x"}}) [D.cond.missing-object, D.get.missing]`,
      ).toBeNull();
      expect(
        await bucket.get("absent", { onlyIf: { etagDoesNotMatch: "x" } }),
        `get("absent", {onlyIf: {etagDoesNotMatch: "x"}}) [D.cond.missing-object, D.get.missing]`,
      ).toBeNull();
    },
  );

  clauseTest(["D.cond.before-range"], "a failed condition wins over an unsatisfiable range", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    await seed(bucket);
    const g = await bucket.get("k", { onlyIf: { etagMatches: "nope" }, range: { offset: 100 } });
    expect(
      g,
      `get("k", {onlyIf: {etagMatches: "nope"}, range: {offset: 100}}): the object, not null [D.cond.before-range]`,
    ).not.toBeNull();
    expect(
      (g as { body?: unknown }).body,
      `get("k", {onlyIf: {etagMatches: "nope"}, range: {offset: 100}}).body: undefined, the failed condition wins over the range (no 10039) [D.cond.before-range]`,
    ).toBeUndefined();
  });

  clauseTest(["D.arg.quoted-etag"], "an etag wrapped in quotes is a TypeError", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    await seed(bucket);
    // Only a value that both starts and ends with a quote is refused: a quote on one side is part of the etag.
    for (const etag of ['"abc', 'abc"']) {
      const got = await bucket.get("k", { onlyIf: { etagMatches: etag } });
      expect(
        got && "body" in got,
        `get("k", {onlyIf: {etagMatches: '${etag}'}}): no TypeError, the object without a body (no match) [D.arg.quoted-etag]`,
      ).toBe(false);
      expect(
        await bucket.put("k", "value", { onlyIf: { etagDoesNotMatch: etag } }),
        `put("k", v, {onlyIf: {etagDoesNotMatch: '${etag}'}}): no TypeError, written (no match) [D.arg.quoted-etag]`,
      ).not.toBeNull();
    }
    await expectRejects(
      bucket.get("k", { onlyIf: { etagMatches: '"abc"' } }),
      "TypeError",
      'Conditional ETag should not be wrapped in quotes ("abc").',
    );
    await expectRejects(
      bucket.put("k", "v", { onlyIf: { etagDoesNotMatch: '"abc"' } }),
      "TypeError",
      'Conditional ETag should not be wrapped in quotes ("abc").',
    );
  });

  clauseTest(["D.arg.if-match"], "If-Match / If-None-Match without a valid etag is an Error", async (ctx) => {
    const { bucket, os } = await openOffTheSecond(ctx);
    await seed(bucket);
    const e = await caught(
      () => bucket.get("k", { onlyIf: os.headers({ "if-match": "abc" }) }),
      `get("k", {onlyIf: Headers {if-match: abc}}): throws Error, abc is no etag [D.arg.if-match]`,
    );
    expect(e.message, `get("k", {onlyIf: Headers {if-match: abc}}) throws Error, its message [D.arg.if-match]`).toBe(
      "Invalid ETag in if-match header",
    );
    const f = await caught(
      () => bucket.get("k", { onlyIf: os.headers({ "if-none-match": "abc" }) }),
      `get("k", {onlyIf: Headers {if-none-match: abc}}): throws Error, abc is no etag [D.arg.if-match]`,
    );
    expect(
      f.message,
      `get("k", {onlyIf: Headers {if-none-match: abc}}) throws Error, its message [D.arg.if-match]`,
    ).toBe("Invalid ETag in if-none-match header");
  });
});

describe("conditionals on put", () => {
  clauseTest(
    ["D.put.precondition-failed", "D.cond.etag-matches", "D.rule.conditionals"],
    "a failed etagMatches returns null and stores nothing",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      const { etag } = await seed(bucket);
      expect(
        await bucket.put("k", "new", { onlyIf: { etagMatches: "different" } }),
        `put("k", "new", {onlyIf: {etagMatches: "different"}}) [D.put.precondition-failed, D.cond.etag-matches, D.rule.conditionals]`,
      ).toBeNull();
      expect(
        await (await bucket.get("k"))!.text(),
        `(get("k")).text() [D.put.precondition-failed, D.cond.etag-matches, D.rule.conditionals]`,
      ).toBe("value");
      const ok = await bucket.put("k", "new", { onlyIf: { etagMatches: etag } });
      expect(
        ok,
        `put("k", "new", {onlyIf: {etagMatches: etag}}): the new object, not null [D.put.precondition-failed, D.cond.etag-matches, D.rule.conditionals]`,
      ).not.toBeNull();
      expect(
        await (await bucket.get("k"))!.text(),
        `(get("k")).text() [D.put.precondition-failed, D.cond.etag-matches, D.rule.conditionals]`,
      ).toBe("new");
    },
  );

  clauseTest(
    ["D.put.precondition-failed", "D.cond.etag-does-not-match", "D.cond.wildcard"],
    "etagDoesNotMatch '*' writes only when the key is absent",
    async (ctx) => {
      const { bucket } = await openOffTheSecond(ctx);
      expect(
        await bucket.put("k", "first", { onlyIf: { etagDoesNotMatch: "*" } }),
        `put("k", "first", {onlyIf: {etagDoesNotMatch: "*"}}) (not) [D.put.precondition-failed, D.cond.etag-does-not-match, D.cond.wildcard]`,
      ).not.toBeNull();
      expect(
        await bucket.put("k", "second", { onlyIf: { etagDoesNotMatch: "*" } }),
        `put("k", "second", {onlyIf: {etagDoesNotMatch: "*"}}) [D.put.precondition-failed, D.cond.etag-does-not-match, D.cond.wildcard]`,
      ).toBeNull();
      expect(
        await (await bucket.get("k"))!.text(),
        `(get("k")).text() [D.put.precondition-failed, D.cond.etag-does-not-match, D.cond.wildcard]`,
      ).toBe("first");
    },
  );

  clauseTest(
    ["D.cond.missing-object", "D.put.precondition-failed"],
    "on a missing key, etagMatches and uploadedAfter store nothing; the other two store",
    async (ctx) => {
      const { bucket, os } = await openOffTheSecond(ctx);
      const now = await os.now();
      expect(
        await bucket.put("a", "v", { onlyIf: { etagMatches: "*" } }),
        `put("a", "v", {onlyIf: {etagMatches: "*"}}) [D.cond.missing-object, D.put.precondition-failed]`,
      ).toBeNull();
      expect(
        await bucket.put("b", "v", { onlyIf: { uploadedAfter: new Date(now - 1000) } }),
        `put("b", "v", {onlyIf: {uploadedAfter: new Date(now - 1000)}}) [D.cond.missing-object, D.put.precondition-failed]`,
      ).toBeNull();
      expect(await bucket.head("a"), `head("a") [D.cond.missing-object, D.put.precondition-failed]`).toBeNull();
      expect(await bucket.head("b"), `head("b") [D.cond.missing-object, D.put.precondition-failed]`).toBeNull();
      expect(
        await bucket.put("c", "v", { onlyIf: { etagDoesNotMatch: "x" } }),
        `put("c", "v", {onlyIf: {etagDoesNotMatch: "x"}}) (not) [D.cond.missing-object, D.put.precondition-failed]`,
      ).not.toBeNull();
      expect(
        await bucket.put("d", "v", { onlyIf: { uploadedBefore: new Date(now + 1000) } }),
        `put("d", "v", {onlyIf: {uploadedBefore: new Date(now + 1000)}}) (not) [D.cond.missing-object, D.put.precondition-failed]`,
      ).not.toBeNull();
    },
  );

  clauseTest(["D.cond.uploaded-before", "D.put.precondition-failed"], "uploadedBefore on put", async (ctx) => {
    const { bucket } = await openOffTheSecond(ctx);
    const { at } = await seed(bucket);
    expect(
      await bucket.put("k", "x", { onlyIf: { uploadedBefore: new Date(at) } }),
      `put("k", "x", {onlyIf: {uploadedBefore: new Date(at)}}) [D.cond.uploaded-before, D.put.precondition-failed]`,
    ).toBeNull();
    expect(
      await bucket.put("k", "y", { onlyIf: { uploadedBefore: new Date(at + 1000) } }),
      `put("k", "y", {onlyIf: {uploadedBefore: new Date(at + 1000)}}) (not) [D.cond.uploaded-before, D.put.precondition-failed]`,
    ).not.toBeNull();
    expect(
      await (await bucket.get("k"))!.text(),
      `(get("k")).text() [D.cond.uploaded-before, D.put.precondition-failed]`,
    ).toBe("y");
  });

  clauseTest(["D.cond.headers", "D.put.precondition-failed"], "Headers form on put", async (ctx) => {
    const { bucket, os } = await openOffTheSecond(ctx);
    const { etag } = await seed(bucket);
    expect(
      await bucket.put("k", "x", { onlyIf: os.headers({ "if-match": '"zzz"' }) }),
      `put("k", "x", {onlyIf: os.headers({"if-match": '"zzz"'})}) [D.cond.headers, D.put.precondition-failed]`,
    ).toBeNull();
    expect(
      await bucket.put("k", "y", { onlyIf: os.headers({ "if-match": `"${etag}"` }) }),
      `put("k", "y", {onlyIf: os.headers({"if-match": \`"\${etag}"\`})}) (not) [D.cond.headers, D.put.precondition-failed]`,
    ).not.toBeNull();
    expect(
      await bucket.put("k", "z", { onlyIf: os.headers({ "if-none-match": "*" }) }),
      `put("k", "z", {onlyIf: os.headers({"if-none-match": "*"})}) [D.cond.headers, D.put.precondition-failed]`,
    ).toBeNull();
    // On a missing key, a Headers onlyIf without If-Modified-Since sets no date condition: the put writes.
    expect(
      await bucket.put("new", "n", { onlyIf: os.headers({ "if-none-match": "*" }) }),
      'put("new", v, {onlyIf: Headers {if-none-match: *}}) of a missing key: written, not null [D.cond.missing-object, D.cond.headers]',
    ).not.toBeNull();
    expect(
      await bucket.put("new2", "n", {
        onlyIf: os.headers({ "if-unmodified-since": new Date(Date.UTC(2100, 0, 1)).toUTCString() }),
      }),
      'put("new2", v, {onlyIf: Headers {if-unmodified-since: 2100}}) of a missing key: written [D.cond.missing-object, D.cond.headers]',
    ).not.toBeNull();
    expect(await (await bucket.get("k"))!.text(), `(get("k")).text() [D.cond.headers, D.put.precondition-failed]`).toBe(
      "y",
    );
  });
});
