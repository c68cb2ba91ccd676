/**
 * Area B: a TTL is a whole number of seconds (shared/reference: "TTL: 1 means automatic; otherwise 60..86400"; the
 * SDK's `ttl`: "Time To Live (TTL) of the DNS record in seconds"). A fraction inside the range is refused as one
 * outside it is, on create and on PATCH, and changes nothing. The code is not pinned: the platform publishes none
 * for it.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: TTL fractions", () => {
  clauseTest(
    ["B.ttl.range", "B.validation.no-change"],
    "a fractional TTL inside 60..86400 (120.5, 3600.25) is refused (400) on create and PATCH, and changes nothing",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const r = await records.create({ type: "A", name: uniqueLabel("tf"), content: "198.51.100.93", ttl: 300 });
      for (const ttl of [120.5, 3600.25]) {
        const label = uniqueLabel("tf");
        expectFailure(await records.post({ type: "A", name: label, content: "198.51.100.94", ttl }), 400);
        expect(
          await records.at(await records.fqdn(label)),
          `POST A with ttl ${ttl} was refused: no record named ${label} [B.validation.no-change]`,
        ).toEqual([]);
        expectFailure(await records.patch(r.id, { ttl }), 400);
      }
      expect(
        records.ok(await records.get(r.id)).ttl,
        "GET after the refused PATCHes {ttl: 120.5}, {ttl: 3600.25}: ttl still 300 [B.validation.no-change]",
      ).toBe(300);
    },
  );
});
