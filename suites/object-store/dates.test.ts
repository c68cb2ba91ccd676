/**
 * Dates as the binding converts them (jsg `kj::Date`): onlyIf's uploadedBefore/uploadedAfter and
 * httpMetadata.cacheExpiry take a Date or a number of milliseconds.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

const NOT_VALID = "The value cannot be converted because it is not a valid Date.";
const AFTER = "This API doesn't support dates after 2189.";
const BEFORE = "This API doesn't support dates before 1687.";

describe("dates", () => {
  clauseTest(["D.arg.date", "D.cond.uploaded-before"], "onlyIf dates may be numbers of milliseconds", async (ctx) => {
    const { bucket } = await open(ctx);
    const o = await bucket.put("k", "v");
    const t = o.uploaded.getTime();
    expect(
      await bucket.get("k", { onlyIf: { uploadedBefore: (t + 60_000) as unknown as Date } }),
      'get("k", onlyIf.uploadedBefore = upload + 60 s as a number): met, the object has a body',
    ).toHaveProperty("body");
    expect(
      await bucket.get("k", { onlyIf: { uploadedAfter: (t + 60_000) as unknown as Date } }),
      'get("k", onlyIf.uploadedAfter = upload + 60 s as a number): not met, no body',
    ).not.toHaveProperty("body");
    expect(
      await bucket.get("k", { onlyIf: { uploadedAfter: 0 as unknown as Date } }),
      'get("k", onlyIf.uploadedAfter = 0): met, the object has a body',
    ).toHaveProperty("body");
  });

  clauseTest(["D.arg.date", "D.put.http-metadata"], "cacheExpiry may be a number of milliseconds", async (ctx) => {
    const { bucket } = await open(ctx);
    const at = Date.UTC(2030, 0, 1);
    await bucket.put("k", "v", { httpMetadata: { cacheExpiry: at as unknown as Date } });
    expect(
      (await bucket.head("k"))!.httpMetadata!.cacheExpiry!.getTime(),
      'head("k").httpMetadata.cacheExpiry after put with cacheExpiry as milliseconds: that instant',
    ).toBe(at);
  });

  clauseTest(["D.arg.date"], "an invalid Date and non-finite numbers are refused", async (ctx) => {
    const { bucket } = await open(ctx);
    await bucket.put("k", "v");
    const bad = [new Date(Number.NaN), Number.NaN, Number.POSITIVE_INFINITY] as unknown as Date[];
    for (const d of bad) {
      await expectRejects(bucket.get("k", { onlyIf: { uploadedBefore: d } }), "TypeError", NOT_VALID);
      await expectRejects(bucket.put("k2", "v", { onlyIf: { uploadedAfter: d } }), "TypeError", NOT_VALID);
      await expectRejects(bucket.put("k3", "v", { httpMetadata: { cacheExpiry: d } }), "TypeError", NOT_VALID);
    }
    expect(
      await bucket.head("k2"),
      'head("k2") after puts refused for an invalid date: null (nothing stored)',
    ).toBeNull();
    expect(
      await bucket.head("k3"),
      'head("k3") after puts refused for an invalid date: null (nothing stored)',
    ).toBeNull();
  });

  clauseTest(["D.arg.date"], "strings, null and other types are not dates", async (ctx) => {
    const { bucket } = await open(ctx);
    for (const d of ["2020-01-01", null, true, {}] as unknown as Date[]) {
      await expectRejects(
        bucket.get("k", { onlyIf: { uploadedBefore: d } }),
        "TypeError",
        "Incorrect type for the 'uploadedBefore' field on 'Conditional': the provided value is not of type 'date'.",
      );
      await expectRejects(
        bucket.put("k", "v", { onlyIf: { uploadedAfter: d } }),
        "TypeError",
        "Incorrect type for the 'uploadedAfter' field on 'Conditional': the provided value is not of type 'date'.",
      );
      await expectRejects(
        bucket.put("k", "v", { httpMetadata: { cacheExpiry: d } }),
        "TypeError",
        "Incorrect type for the 'cacheExpiry' field on 'HttpMetadata': the provided value is not of type 'date'.",
      );
    }
    expect(await bucket.head("k"), 'head("k") after puts refused for a date of the wrong type: null').toBeNull();
  });

  clauseTest(
    ["D.arg.date-range"],
    "dates beyond 64-bit nanoseconds are refused with the binding's messages",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await bucket.put("k", "v");
      const late = new Date(Date.UTC(2263, 0, 1));
      const early = new Date(Date.UTC(1600, 0, 1));
      await expectRejects(bucket.get("k", { onlyIf: { uploadedBefore: late } }), "TypeError", AFTER);
      await expectRejects(bucket.get("k", { onlyIf: { uploadedAfter: early } }), "TypeError", BEFORE);
      await expectRejects(bucket.put("k", "w", { httpMetadata: { cacheExpiry: late } }), "TypeError", AFTER);
      await expectRejects(bucket.put("k", "w", { httpMetadata: { cacheExpiry: early } }), "TypeError", BEFORE);
      expect(
        await (await bucket.get("k"))!.text(),
        'get("k").text() after puts refused for dates out of range: "v"',
      ).toBe("v");
      // Inside the range (the messages' years are not the bounds): accepted.
      const far = new Date(Date.UTC(2200, 0, 1));
      await bucket.put("far", "v", { httpMetadata: { cacheExpiry: far } });
      expect(
        (await bucket.head("far"))!.httpMetadata!.cacheExpiry!.getTime(),
        'head("far").httpMetadata.cacheExpiry of 2200-01-01 (inside the range): kept as given',
      ).toBe(far.getTime());
      expect(
        await bucket.get("k", { onlyIf: { uploadedBefore: far } }),
        'get("k", onlyIf.uploadedBefore = 2200-01-01): met, the object has a body',
      ).toHaveProperty("body");
    },
  );

  clauseTest(["D.arg.date-value"], "a Date is read by its own time value, not its methods", async (ctx) => {
    const { bucket, os } = await open(ctx);
    if (os.exoticArgumentsUnsendable) ctx.skip(os.exoticArgumentsUnsendable);
    await bucket.put("k", "v");
    const d = new Date(0);
    d.getTime = () => Date.UTC(2100, 0, 1);
    d.valueOf = () => Date.UTC(2100, 0, 1);
    expect(
      await bucket.get("k", { onlyIf: { uploadedBefore: d } }),
      'get("k", onlyIf.uploadedBefore = a Date of 0 whose getTime/valueOf lie): the time value 0 is used, not met',
    ).not.toHaveProperty("body");
    class Later extends Date {}
    expect(
      await bucket.get("k", { onlyIf: { uploadedAfter: new Later(0) } }),
      'get("k", onlyIf.uploadedAfter = a Date subclass of 0): a date, met',
    ).toHaveProperty("body");
    await expectRejects(
      bucket.put("k", "v", { onlyIf: { uploadedBefore: Object.create(Date.prototype) } }),
      "TypeError",
      "Incorrect type for the 'uploadedBefore' field on 'Conditional': the provided value is not of type 'date'.",
    );
  });
});
