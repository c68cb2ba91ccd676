/**
 * The Headers form of onlyIf and httpMetadata, parsed as workerd's binding parses it: the If-Match /
 * If-None-Match grammar and its errors, and header dates read with V8's parser.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { expectRejects, open } from "./helpers.ts";

const COMMA_QUOTE =
  "Comma was expected to separate etags. Encountered a double quote character '\"' instead. This would otherwise indicate the start of a new strong etag.";
const COMMA_WEAK =
  "Comma was expected to separate etags. Encountered a weak quotation character 'W' instead. This would otherwise indicate the start of a new weak etag.";
const COMMA_STAR = "Comma was expected to separate etags. Encountered a wildcard character '*' instead.";
const WEAK = "Weak etags must start with W/ and their value must be quoted";
const UNCLOSED = "Unclosed double quote for Etag";

describe("If-Match / If-None-Match grammar", () => {
  clauseTest(
    ["D.cond.etag-grammar", "D.cond.headers"],
    "commas inside quotes belong to the etag; parsing stops at an unexpected character",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const { etag } = await bucket.put("k", "hello");
      const proceeds = async (name: string, value: string) =>
        "body" in ((await bucket.get("k", { onlyIf: os.headers({ [name]: value }) })) ?? {});
      expect(
        await proceeds("if-match", `"a,b", "${etag}"`),
        `proceeds("if-match", \`"a,b", "\${etag}"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-match", `"${etag},x"`),
        `proceeds("if-match", \`"\${etag},x"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(false);
      expect(
        await proceeds("if-none-match", `"${etag},x"`),
        `proceeds("if-none-match", \`"\${etag},x"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-match", ` \t"${etag}"  `),
        `proceeds("if-match", \` \\t"\${etag}" \`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      // Inside the list (Headers trims only the ends), a tab is whitespace between etags too.
      expect(
        await proceeds("if-match", `"a",\t"${etag}"`),
        `proceeds("if-match", \`"a",\\t"\${etag}"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-none-match", `"a",\t\tW/"${etag}"`),
        `proceeds("if-none-match", \`"a",\\t\\tW/"\${etag}"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(false);
      expect(
        await proceeds("if-match", `,, "${etag}"`),
        `proceeds("if-match", \`,, "\${etag}"\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-match", `"${etag}", junk`),
        `proceeds("if-match", \`"\${etag}", junk\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-match", `"a", *`),
        `proceeds("if-match", \`"a", *\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(true);
      expect(
        await proceeds("if-none-match", `"a", *`),
        `proceeds("if-none-match", \`"a", *\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(false);
      expect(
        await proceeds("if-match", `""`),
        `proceeds("if-match", \`""\`) [D.cond.etag-grammar, D.cond.headers]`,
      ).toBe(false);
    },
  );

  clauseTest(
    ["D.cond.etag-grammar", "D.arg.if-match"],
    "no etag before an unexpected character: invalid",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "hello");
      for (const value of ["junk", `junk, "a"`, "", ",,"]) {
        await expectRejects(
          bucket.get("k", { onlyIf: os.headers({ "if-match": value }) }),
          "Error",
          "Invalid ETag in if-match header",
        );
        await expectRejects(
          bucket.get("k", { onlyIf: os.headers({ "if-none-match": value }) }),
          "Error",
          "Invalid ETag in if-none-match header",
        );
      }
    },
  );

  clauseTest(["D.cond.etag-grammar"], "missing commas, bad weak etags and unclosed quotes", async (ctx) => {
    const { bucket, os } = await open(ctx);
    await bucket.put("k", "hello");
    const cases: [string, string][] = [
      [`"a" "b"`, COMMA_QUOTE],
      [`"a" W/"b"`, COMMA_WEAK],
      [`W/"a"W/"b"`, COMMA_WEAK],
      [`"a" *`, COMMA_STAR],
      [`W"a"`, WEAK],
      ["W/", WEAK],
      [`Wa"b"`, WEAK],
      [`W/abc"`, WEAK],
      [`"abc`, UNCLOSED],
      [`W/"abc`, UNCLOSED],
    ];
    for (const [value, message] of cases) {
      await expectRejects(bucket.get("k", { onlyIf: os.headers({ "if-match": value }) }), "Error", message);
      await expectRejects(bucket.put("k", "x", { onlyIf: os.headers({ "if-none-match": value }) }), "Error", message);
    }
    expect(await (await bucket.get("k"))!.text(), `(get("k")).text() [D.cond.etag-grammar]`).toBe("hello");
  });
});

describe("header dates", () => {
  clauseTest(
    ["D.cond.header-dates", "D.cond.header-mapping"],
    "a date V8 cannot parse reads as the epoch in If-(Un)Modified-Since",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "hello");
      const proceeds = async (h: Record<string, string>) =>
        "body" in ((await bucket.get("k", { onlyIf: os.headers(h) })) ?? {});
      expect(
        await proceeds({ "if-modified-since": "garbage" }),
        `proceeds({"if-modified-since": "garbage"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await proceeds({ "if-unmodified-since": "garbage" }),
        `proceeds({"if-unmodified-since": "garbage"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await proceeds({ "if-modified-since": "" }),
        `proceeds({"if-modified-since": ""}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await proceeds({ "if-unmodified-since": "Fri, 01 Jan 2100 00:00:00 GMT" }),
        `proceeds({"if-unmodified-since": "Fri, 01 Jan 2100 00:00:00 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(true);
      expect(
        await proceeds({ "if-modified-since": "2100-01-01T00:00:00Z" }),
        `proceeds({"if-modified-since": "2100-01-01T00:00:00Z"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(false);
    },
  );

  clauseTest(
    ["D.cond.header-dates", "D.put.http-metadata-headers"],
    "Expires is read with V8's parser; an unparseable one is the epoch",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const expiry = async (value: string) => {
        await bucket.put("k", "v", { httpMetadata: os.headers({ expires: value }) });
        return (await bucket.head("k"))!.httpMetadata!.cacheExpiry?.getTime();
      };
      expect(await expiry("garbage"), `expiry("garbage") [D.cond.header-dates, D.put.http-metadata-headers]`).toBe(0);
      expect(await expiry(""), `expiry("") [D.cond.header-dates, D.put.http-metadata-headers]`).toBe(0);
      expect(
        await expiry("Sat, 01 Jan 2000 00:00:00 GMT"),
        `expiry("Sat, 01 Jan 2000 00:00:00 GMT") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe(Date.UTC(2000, 0, 1));
      expect(
        await expiry("2000-01-01T00:00:00Z"),
        `expiry("2000-01-01T00:00:00Z") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe(Date.UTC(2000, 0, 1));
    },
  );

  clauseTest(
    ["D.cond.header-dates", "D.put.http-metadata-headers"],
    "an Expires outside 1677-09-21..2262-04-11 wraps as the binding's int64 nanoseconds",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const expiry = async (value: string) => {
        await bucket.put("k", "v", { httpMetadata: os.headers({ expires: value }) });
        return (await bucket.head("k"))!.httpMetadata!.cacheExpiry?.toISOString();
      };
      // ms * 10^6 wraps past 2^63 ns; back to ms truncating toward zero.
      expect(
        await expiry("Sat, 01 Jan 1600 00:00:00 GMT"),
        `expiry("Sat, 01 Jan 1600 00:00:00 GMT") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe("2184-07-20T23:34:33.709Z");
      expect(
        await expiry("Tue, 21 Sep 1677 00:12:43 GMT"),
        `expiry("Tue, 21 Sep 1677 00:12:43 GMT") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe("2262-04-11T23:47:16.709Z");
      expect(
        await expiry("Fri, 11 Apr 2262 23:47:16 GMT"),
        `expiry("Fri, 11 Apr 2262 23:47:16 GMT") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe("2262-04-11T23:47:16.000Z");
      // A wrap to before 1970 is sent as UInt64 (2^64 - 8032952072192 here, a multiple of 2048, so
      // storage that holds it as a double keeps it exactly).
      expect(
        await expiry("2300-01-01T00:00:01.517Z"),
        `expiry("2300-01-01T00:00:01.517Z") [D.cond.header-dates, D.put.http-metadata-headers]`,
      ).toBe("1715-06-13T00:25:27.808Z");
    },
  );

  clauseTest(
    ["D.cond.header-dates", "D.cond.header-mapping"],
    "If-(Un)Modified-Since outside 1677-09-21..2262-04-11 wraps as the binding's int64 nanoseconds",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      await bucket.put("k", "hello");
      const proceeds = async (h: Record<string, string>) =>
        "body" in ((await bucket.get("k", { onlyIf: os.headers(h) })) ?? {});
      // 1600 reads as 2184: nothing was modified since, everything was unmodified since.
      expect(
        await proceeds({ "if-modified-since": "Sat, 01 Jan 1600 00:00:00 GMT" }),
        `proceeds({"if-modified-since": "Sat, 01 Jan 1600 00:00:00 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await proceeds({ "if-unmodified-since": "Sat, 01 Jan 1600 00:00:00 GMT" }),
        `proceeds({"if-unmodified-since": "Sat, 01 Jan 1600 00:00:00 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(true);
      // 2300 reads as 1715 and 2262-04-12 as 1677: the object was not unmodified since.
      expect(
        await proceeds({ "if-unmodified-since": "Mon, 01 Jan 2300 00:00:00 GMT" }),
        `proceeds({"if-unmodified-since": "Mon, 01 Jan 2300 00:00:00 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await proceeds({ "if-unmodified-since": "Sat, 12 Apr 2262 00:00:00 GMT" }),
        `proceeds({"if-unmodified-since": "Sat, 12 Apr 2262 00:00:00 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(false);
      expect(
        await proceeds({ "if-unmodified-since": "Fri, 11 Apr 2262 23:47:16 GMT" }),
        `proceeds({"if-unmodified-since": "Fri, 11 Apr 2262 23:47:16 GMT"}) [D.cond.header-dates, D.cond.header-mapping]`,
      ).toBe(true);
    },
  );
});
