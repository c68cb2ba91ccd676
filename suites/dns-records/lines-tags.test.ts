/**
 * Area B: a tag without a value (the `name` form, no colon) under a tag filter that asks for a value: its value
 * is empty, so `tag.contains=<name>:<x>` (x not empty) does not list it, while the same filter lists a tag whose
 * value contains x. Found by the mutation run (a valueless tag read with a value other than "").
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: a tag without a value", () => {
  clauseTest(
    ["B.list.filters", "B.list.filter-params"],
    "tag.contains=<name>:<x> lists a tag whose value contains x, not a tag of that name without a value",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const u = uniqueLabel("tv");
      const bare = await records.create({ type: "TXT", name: `${u}-bare`, content: '"b"', tags: [u] });
      const valued = await records.create({ type: "TXT", name: `${u}-val`, content: '"v"', tags: [`${u}:here`] });
      for (const x of ["e", "s"]) {
        const got = (await records.list(`tag.contains=${encodeURIComponent(`${u}:${x}`)}&per_page=100`)).result;
        expect(
          got.map((r) => r.id).sort(),
          `GET dns_records?tag.contains=${u}:${x}: only the record whose ${u} tag has a value containing "${x}" ` +
            `(${x === "e" ? "the valued one" : "none"}); a tag without a value has the empty value [B.list.filters]`,
        ).toEqual(x === "e" ? [valued.id] : []);
      }
      expect(bare.tags, "the bare record's tags as sent").toEqual([u]);
    },
  );
});
