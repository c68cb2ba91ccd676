/**
 * Area B: a zone before anything is written in it. An unknown record id is 404 with 81044 (reference) on every
 * one-record route, also when it is the first request the zone sees: an implementation that keeps a zone's
 * records only once a record is written must still answer GET, PATCH, PUT and DELETE of an unknown id with a
 * 404, never a 5xx. This file's first test writes nothing before those requests (each file has a target of its
 * own on the simulator and `serve`); on a real zone it checks the same rule with records present.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf } from "./helpers.ts";

cleanupAfterAll();

const UNKNOWN_ID = "5f0c3e2a9b7d41e6a8c2f1d0b3e4a5c6";

describe("dns records: a zone before its first write", () => {
  clauseTest(
    ["B.record.not-found", "B.get.one", "B.validation.no-change"],
    "GET, PATCH, PUT and DELETE of an unknown id as the zone's first requests: 404 with 81044, nothing written",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const before = await records.state();
      expectFailure(await records.get(UNKNOWN_ID), 404, 81044);
      expectFailure(await records.patch(UNKNOWN_ID, { ttl: 600 }), 404, 81044);
      expectFailure(await records.put(UNKNOWN_ID, { type: "A", name: "fresh", content: "198.51.100.170" }), 404, 81044);
      expectFailure(await records.delete(UNKNOWN_ID), 404, 81044);
      expectFailure(await records.get(UNKNOWN_ID), 404, 81044);
      expect(
        await records.state(),
        "the zone after GET, PATCH, PUT and DELETE of an unknown id: unchanged [B.validation.no-change]",
      ).toBe(before);
    },
  );
});
