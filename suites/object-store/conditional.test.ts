import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import type { ObjectStoreBucket } from "../../harness/targets/object-store.ts";
import { caught, expectRejects, open } from "./helpers.ts";

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
  expect(g).not.toBeNull();
  return (g as { body?: unknown }).body !== undefined;
}

describe("conditionals on get", () => {
  clauseTest(
    ["D.cond.etag-matches", "D.get.precondition-failed", "D.rule.conditionals"],
    "etagMatches",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const { etag } = await seed(bucket);
      expect(await getProceeds(bucket, { onlyIf: { etagMatches: etag } })).toBe(true);
      const failed = await bucket.get("k", { onlyIf: { etagMatches: "0123" } });
      expect(failed).not.toBeNull();
      expect((failed as { body?: unknown }).body).toBeUndefined();
      expect(failed!.etag).toBe(etag);
      expect(failed!.size).toBe(5);
    },
  );

  clauseTest(["D.cond.etag-does-not-match", "D.rule.conditionals"], "etagDoesNotMatch", async (ctx) => {
    const { bucket } = await open(ctx);
    const { etag } = await seed(bucket);
    expect(await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: etag } })).toBe(false);
    expect(await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "other" } })).toBe(true);
  });

  clauseTest(["D.cond.wildcard"], "'*' matches any existing object", async (ctx) => {
    const { bucket } = await open(ctx);
    await seed(bucket);
    expect(await getProceeds(bucket, { onlyIf: { etagMatches: "*" } })).toBe(true);
    expect(await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "*" } })).toBe(false);
  });

  clauseTest(
    ["D.cond.uploaded-before", "D.cond.uploaded-after", "D.cond.strict-dates", "D.rule.conditionals"],
    "uploadedBefore and uploadedAfter compare strictly",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const { at } = await seed(bucket);
      expect(await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at + 1000) } })).toBe(true);
      expect(await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at - 1000) } })).toBe(false);
      expect(await getProceeds(bucket, { onlyIf: { uploadedBefore: new Date(at) } })).toBe(false);
      expect(await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at - 1000) } })).toBe(true);
      expect(await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at + 1000) } })).toBe(false);
      expect(await getProceeds(bucket, { onlyIf: { uploadedAfter: new Date(at) } })).toBe(false);
    },
  );

  clauseTest(["D.cond.precedence"], "a passing etag condition overrides the matching date condition", async (ctx) => {
    const { bucket } = await open(ctx);
    const { etag, at } = await seed(bucket);
    const past = new Date(at - 10_000);
    const future = new Date(at + 10_000);
    expect(await getProceeds(bucket, { onlyIf: { etagMatches: etag, uploadedBefore: past } })).toBe(true);
    expect(await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "x", uploadedAfter: future } })).toBe(true);
    expect(await getProceeds(bucket, { onlyIf: { etagMatches: etag, uploadedAfter: future } })).toBe(false);
    expect(await getProceeds(bucket, { onlyIf: { etagDoesNotMatch: "x", uploadedBefore: past } })).toBe(false);
  });

  clauseTest(
    ["D.cond.headers", "D.cond.header-mapping"],
    "If-Match and If-None-Match headers (strong and weak)",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const { etag } = await seed(bucket);
      const h = (init: Record<string, string>) => ({ onlyIf: os.headers(init) });
      expect(await getProceeds(bucket, h({ "if-match": `"${etag}"` }))).toBe(true);
      expect(await getProceeds(bucket, h({ "if-match": `"nope", "${etag}"` }))).toBe(true);
      expect(await getProceeds(bucket, h({ "if-match": `W/"${etag}"` }))).toBe(false);
      expect(await getProceeds(bucket, h({ "if-match": "*" }))).toBe(true);
      expect(await getProceeds(bucket, h({ "if-none-match": `"${etag}"` }))).toBe(false);
      expect(await getProceeds(bucket, h({ "if-none-match": `W/"${etag}"` }))).toBe(false);
      expect(await getProceeds(bucket, h({ "if-none-match": `"other"` }))).toBe(true);
    },
  );

  clauseTest(
    ["D.cond.headers", "D.cond.header-mapping"],
    "If-Modified-Since and If-Unmodified-Since compare whole seconds",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const { at } = await seed(bucket);
      const http = (ms: number) => new Date(ms).toUTCString();
      const h = (init: Record<string, string>) => ({ onlyIf: os.headers(init) });
      expect(await getProceeds(bucket, h({ "if-modified-since": http(at - 2000) }))).toBe(true);
      expect(await getProceeds(bucket, h({ "if-modified-since": http(at) }))).toBe(false);
      expect(await getProceeds(bucket, h({ "if-unmodified-since": http(at + 2000) }))).toBe(true);
      expect(await getProceeds(bucket, h({ "if-unmodified-since": http(at) }))).toBe(false);
    },
  );

  clauseTest(["D.cond.headers"], "If-Range is ignored", async (ctx) => {
    const { bucket, os } = await open(ctx);
    await seed(bucket);
    expect(await getProceeds(bucket, { onlyIf: os.headers({ "if-range": '"nothing-matches"' }) })).toBe(true);
  });

  clauseTest(
    ["D.cond.missing-object", "D.get.missing"],
    "a missing key gives null whatever the conditions",
    async (ctx) => {
      const { bucket } = await open(ctx);
      // The control: a key that exists is found under the same conditions (a body, or metadata only).
      await bucket.put("present", "x");
      expect(await bucket.get("present", { onlyIf: { etagMatches: "x" } })).not.toBeNull();
      expect(await bucket.get("present", { onlyIf: { etagDoesNotMatch: "x" } })).not.toBeNull();
      expect(await bucket.get("absent", { onlyIf: { etagMatches: "x" } })).toBeNull();
      expect(await bucket.get("absent", { onlyIf: { etagDoesNotMatch: "x" } })).toBeNull();
    },
  );

  clauseTest(["D.cond.before-range"], "a failed condition wins over an unsatisfiable range", async (ctx) => {
    const { bucket } = await open(ctx);
    await seed(bucket);
    const g = await bucket.get("k", { onlyIf: { etagMatches: "nope" }, range: { offset: 100 } });
    expect(g).not.toBeNull();
    expect((g as { body?: unknown }).body).toBeUndefined();
  });

  clauseTest(["D.arg.quoted-etag"], "an etag wrapped in quotes is a TypeError", async (ctx) => {
    const { bucket } = await open(ctx);
    await seed(bucket);
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
    const { bucket, os } = await open(ctx);
    await seed(bucket);
    const e = await caught(() => bucket.get("k", { onlyIf: os.headers({ "if-match": "abc" }) }));
    expect(e.message).toBe("Invalid ETag in if-match header");
    const f = await caught(() => bucket.get("k", { onlyIf: os.headers({ "if-none-match": "abc" }) }));
    expect(f.message).toBe("Invalid ETag in if-none-match header");
  });
});

describe("conditionals on put", () => {
  clauseTest(
    ["D.put.precondition-failed", "D.cond.etag-matches", "D.rule.conditionals"],
    "a failed etagMatches returns null and stores nothing",
    async (ctx) => {
      const { bucket } = await open(ctx);
      const { etag } = await seed(bucket);
      expect(await bucket.put("k", "new", { onlyIf: { etagMatches: "different" } })).toBeNull();
      expect(await (await bucket.get("k"))!.text()).toBe("value");
      const ok = await bucket.put("k", "new", { onlyIf: { etagMatches: etag } });
      expect(ok).not.toBeNull();
      expect(await (await bucket.get("k"))!.text()).toBe("new");
    },
  );

  clauseTest(
    ["D.put.precondition-failed", "D.cond.etag-does-not-match", "D.cond.wildcard"],
    "etagDoesNotMatch '*' writes only when the key is absent",
    async (ctx) => {
      const { bucket } = await open(ctx);
      expect(await bucket.put("k", "first", { onlyIf: { etagDoesNotMatch: "*" } })).not.toBeNull();
      expect(await bucket.put("k", "second", { onlyIf: { etagDoesNotMatch: "*" } })).toBeNull();
      expect(await (await bucket.get("k"))!.text()).toBe("first");
    },
  );

  clauseTest(
    ["D.cond.missing-object", "D.put.precondition-failed"],
    "on a missing key, etagMatches and uploadedAfter store nothing; the other two store",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const now = await os.now();
      expect(await bucket.put("a", "v", { onlyIf: { etagMatches: "*" } })).toBeNull();
      expect(await bucket.put("b", "v", { onlyIf: { uploadedAfter: new Date(now - 1000) } })).toBeNull();
      expect(await bucket.head("a")).toBeNull();
      expect(await bucket.head("b")).toBeNull();
      expect(await bucket.put("c", "v", { onlyIf: { etagDoesNotMatch: "x" } })).not.toBeNull();
      expect(await bucket.put("d", "v", { onlyIf: { uploadedBefore: new Date(now + 1000) } })).not.toBeNull();
    },
  );

  clauseTest(["D.cond.uploaded-before", "D.put.precondition-failed"], "uploadedBefore on put", async (ctx) => {
    const { bucket } = await open(ctx);
    const { at } = await seed(bucket);
    expect(await bucket.put("k", "x", { onlyIf: { uploadedBefore: new Date(at) } })).toBeNull();
    expect(await bucket.put("k", "y", { onlyIf: { uploadedBefore: new Date(at + 1000) } })).not.toBeNull();
    expect(await (await bucket.get("k"))!.text()).toBe("y");
  });

  clauseTest(["D.cond.headers", "D.put.precondition-failed"], "Headers form on put", async (ctx) => {
    const { bucket, os } = await open(ctx);
    const { etag } = await seed(bucket);
    expect(await bucket.put("k", "x", { onlyIf: os.headers({ "if-match": '"zzz"' }) })).toBeNull();
    expect(await bucket.put("k", "y", { onlyIf: os.headers({ "if-match": `"${etag}"` }) })).not.toBeNull();
    expect(await bucket.put("k", "z", { onlyIf: os.headers({ "if-none-match": "*" }) })).toBeNull();
    expect(await (await bucket.get("k"))!.text()).toBe("y");
  });
});
