import fc from "fast-check";
import { describe, expect } from "vitest";
import { clauseProperty } from "../../harness/clauses/property.ts";
import { skipUnless } from "../../harness/clauses/test.ts";
import { getTarget } from "../../harness/targets/index.ts";
import { expectedHeadersProceed, type HeaderEtag, headerEtagList } from "./reference-model.ts";

const target = await getTarget();

describe("conditional headers against an RFC 7232 oracle", () => {
  clauseProperty(
    ["D.cond.headers", "D.cond.header-mapping", "D.cond.precedence", "D.cond.strict-dates", "D.rule.conditionals"],
    "get proceeds exactly when If-Match, If-None-Match, If-(Un)Modified-Since say so",
    (ctx) => {
      skipUnless(ctx, target, "object-store");
      const entry = fc.oneof(
        fc.record({
          kind: fc.constantFrom("strong" as const, "weak" as const),
          value: fc.constantFrom("SAME", "other"),
        }),
        fc.constant({ kind: "any" as const }),
      );
      const list = fc.array(entry, { minLength: 1, maxLength: 3 });
      const seconds = fc.integer({ min: -3, max: 3 });
      const cond = fc.record(
        { ifMatch: list, ifNoneMatch: list, ifUnmodifiedSince: seconds, ifModifiedSince: seconds },
        { requiredKeys: [] },
      );
      return fc.asyncProperty(cond, async (c) => {
        const bucket = await target.objectStore!.bucket();
        const stored = await bucket.put("k", "value");
        const at = stored.uploaded.getTime();
        const base = Math.floor(at / 1000) * 1000;
        const fill = (l: HeaderEtag[] | undefined) =>
          l?.map((e) => (e.kind === "any" ? e : { ...e, value: e.value === "SAME" ? stored.etag : "other" }));
        const ifMatch = fill(c.ifMatch);
        const ifNoneMatch = fill(c.ifNoneMatch);
        const unmodified = c.ifUnmodifiedSince === undefined ? undefined : base + c.ifUnmodifiedSince * 1000;
        const modified = c.ifModifiedSince === undefined ? undefined : base + c.ifModifiedSince * 1000;
        const init: Record<string, string> = {};
        if (ifMatch) init["if-match"] = headerEtagList(ifMatch);
        if (ifNoneMatch) init["if-none-match"] = headerEtagList(ifNoneMatch);
        if (unmodified !== undefined) init["if-unmodified-since"] = new Date(unmodified).toUTCString();
        if (modified !== undefined) init["if-modified-since"] = new Date(modified).toUTCString();
        const want = expectedHeadersProceed(
          { etag: stored.etag, uploaded: at },
          {
            ...(ifMatch ? { ifMatch } : {}),
            ...(ifNoneMatch ? { ifNoneMatch } : {}),
            ...(unmodified !== undefined ? { ifUnmodifiedSince: unmodified } : {}),
            ...(modified !== undefined ? { ifModifiedSince: modified } : {}),
          },
        );
        const g = await bucket.get("k", { onlyIf: target.objectStore!.headers(init) });
        expect(
          g,
          `get("k", {onlyIf: Headers ${JSON.stringify(init)}}): an object (with or without a body), never null`,
        ).not.toBeNull();
        expect((g as { body?: unknown }).body !== undefined, JSON.stringify(init)).toBe(want);
      });
    },
    { numRuns: 60 },
  );
});
