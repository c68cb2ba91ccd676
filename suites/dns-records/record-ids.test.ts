/**
 * Area B: malformed record ids (shared/reference: "Unknown route or malformed id: 400, code 7003"). A record id is
 * 32 hex digits; one with a character more before or after it is malformed, not an unknown record (404 / 81044),
 * on every one-record route, and changes nothing.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, expectFailure, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: record ids", () => {
  clauseTest(
    ["B.record.malformed-id", "B.validation.no-change"],
    "an id with a character before or after 32 hex digits, or of 31, is 400 / 7003 on GET, PATCH, PUT and DELETE",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const name = uniqueLabel("id");
      const r = await records.create({ type: "A", name, content: "198.51.100.90" });
      const before = await records.state();
      const body = { type: "A", name, content: "198.51.100.91" };
      for (const id of [`${r.id}z`, `z${r.id}`, `${r.id}0`, r.id.slice(1)]) {
        const path = `${records.path}/${id}`;
        for (const [method, b] of [
          ["GET", undefined],
          ["PATCH", { content: "198.51.100.92" }],
          ["PUT", body],
          ["DELETE", undefined],
        ] as const) {
          const env = expectFailure(await records.api.request(method, path, b), 400, 7003);
          expect(
            env.result ?? null,
            `${method} ${path} (malformed id): result null [B.record.malformed-id]`,
          ).toBeNull();
        }
      }
      expect(
        await records.state(),
        "after the calls with malformed ids: the zone is unchanged [B.validation.no-change]",
      ).toBe(before);
    },
  );
});
