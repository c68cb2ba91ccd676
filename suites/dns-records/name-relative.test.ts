/**
 * Area B: what makes a sent name relative (the reference: "relative names get the zone appended"): a name is the
 * zone's own only when it is the zone's name or ends with `.` and the zone's name, label by label. A name that
 * ends with the zone's name inside a label (`x<zone>`, `x-<zone>`) is another name, relative: the zone is appended.
 */
import { describe, expect } from "vitest";
import { clauseTest } from "../../harness/clauses/test.ts";
import { cleanupAfterAll, recordsOf, uniqueLabel } from "./helpers.ts";

cleanupAfterAll();

describe("dns records: relative names", () => {
  clauseTest(
    ["B.name.full-lowercase", "B.list.filter-params"],
    "a name ending with the zone's name inside a label is relative: the zone is appended, and name= finds it so",
    async (ctx) => {
      const { records } = await recordsOf(ctx);
      const zone = await records.zoneName();
      for (const [type, content, sep] of [
        ["A", "198.51.100.109", ""],
        ["TXT", '"inside a label"', "-"],
      ] as const) {
        const sent = `${uniqueLabel("nr")}${sep}${zone.toUpperCase()}`;
        const r = await records.create({ type, name: sent, content });
        const full = `${sent.toLowerCase()}.${zone}`;
        expect(
          r.name,
          `POST ${type} name ${sent} (ends with the zone's name inside its first label): name is it with the zone appended, lower case [B.name.full-lowercase]`,
        ).toBe(full);
        const found = (await records.list(`name=${encodeURIComponent(full)}&type=${type}`)).result.map((x) => x.id);
        expect(
          found,
          `GET dns_records?name=${full}&type=${type}: exactly the record made [B.list.filter-params]`,
        ).toEqual([r.id]);
      }
    },
  );
});
