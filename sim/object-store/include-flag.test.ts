/**
 * The spec's name for the list-include flag (spec, D: `store_list_honor_include`) works as the
 * platform's `r2_list_honor_include` does: before 2022-08-04, list honours `include` only with it.
 * Only the simulator knows the spec's name (workerd knows the platform's), so this is a unit test.
 */
import { describe, expect, test } from "vitest";
import { createSimulator } from "../index.ts";

describe("list include flag, by either name", () => {
  for (const flag of ["store_list_honor_include", "r2_list_honor_include"]) {
    test(`${flag}: include honoured before 2022-08-04; without it, both metadata always listed`, async () => {
      const sim = createSimulator({ seed: 1 });
      const flagged = sim.bucket("flagged", { compatibilityDate: "2022-08-03", compatibilityFlags: [flag] });
      const plain = sim.bucket("plain", { compatibilityDate: "2022-08-03" });
      for (const b of [flagged, plain]) {
        await b.put("k", "v", { httpMetadata: { contentType: "a/b" }, customMetadata: { c: "d" } });
      }
      const f = (await flagged.list({ include: ["customMetadata"] })).objects[0]!;
      expect([f.customMetadata, f.httpMetadata]).toEqual([{ c: "d" }, undefined]);
      const p = (await plain.list({ include: [] })).objects[0]!;
      expect([p.customMetadata, p.httpMetadata]).toEqual([{ c: "d" }, { contentType: "a/b" }]);
    });
  }
});
