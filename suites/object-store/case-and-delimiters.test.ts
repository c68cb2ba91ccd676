/**
 * Values kept as given and delimiters longer than one character: httpMetadata read from Headers keeps each
 * value's case; list groups keys on the whole delimiter (several characters), after the prefix.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { open, putMany } from "./helpers.ts";

describe("case of header values and long delimiters", () => {
  clauseTest(
    ["D.put.http-metadata-headers", "D.http-metadata.fields"],
    "httpMetadata from Headers keeps each value's case",
    async (ctx) => {
      const { bucket, os } = await open(ctx);
      const headers = os.headers({
        "Content-Type": "Text/HTML; Charset=UTF-8",
        "Content-Language": "en-GB",
        "Content-Disposition": 'attachment; filename="Report.TXT"',
        "Content-Encoding": "GZip",
        "Cache-Control": "Max-Age=60, Private",
      });
      const want = {
        contentType: "Text/HTML; Charset=UTF-8",
        contentLanguage: "en-GB",
        contentDisposition: 'attachment; filename="Report.TXT"',
        contentEncoding: "GZip",
        cacheControl: "Max-Age=60, Private",
      };
      const put = await bucket.put("k", "v", { httpMetadata: headers });
      expect(put.httpMetadata, "put(httpMetadata: Headers in mixed case).httpMetadata: values as given").toEqual(want);
      expect((await bucket.head("k"))!.httpMetadata, 'head("k").httpMetadata: values as given').toEqual(want);
    },
  );

  clauseTest(
    ["D.list.delimiter", "D.list.prefix-details"],
    "a delimiter of several characters groups on the whole delimiter, searched after the prefix",
    async (ctx) => {
      const { bucket } = await open(ctx);
      await putMany(bucket, ["a::b::c", "a::b::d", "a::e", "a:x", "a:::y", "b::"]);
      const view = async (o: { prefix?: string; delimiter: string }) => {
        const l = await bucket.list(o);
        return { objects: l.objects.map((x) => x.key), delimitedPrefixes: l.delimitedPrefixes };
      };
      expect(await view({ delimiter: "::" }), 'list({delimiter: "::"}): groups end with the whole "::"').toEqual({
        objects: ["a:x"],
        delimitedPrefixes: ["a::", "b::"],
      });
      expect(
        await view({ prefix: "a::", delimiter: "::" }),
        'list({prefix: "a::", delimiter: "::"}): "::" searched after the prefix',
      ).toEqual({ objects: ["a:::y", "a::e"], delimitedPrefixes: ["a::b::"] });
    },
  );
});
