/**
 * Area B: the list's bare `name` filter takes values up to 255 characters (the OpenAPI's dns-records_name, maxLength
 * 255): a value of exactly 255 is a valid query that finds nothing (no record name is that long), not a refusal.
 * What a longer value gets is not pinned.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, recordsOf } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: the name filter's length", () => {
  clauseTest(
    ["B.list.filter-params"],
    "name= with 255 characters (and 254) is served: 200, no records",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      for (const n of [254, 255]) {
        // Labels of 63 characters and dots, n characters in all.
        const value =
          `${"a".repeat(63)}.`
            .repeat(4)
            .slice(0, n - 1)
            .replace(/\.$/, "b") + "c";
        expect(value.length, `the name filter's value has ${n} characters`).toBe(n);
        const env = await records.list(`name=${value}`);
        expect(
          env.result,
          `GET dns_records?name=<${n} characters>: no record has such a name [B.list.filter-params]`,
        ).toEqual([]);
      }
    },
  );
});
