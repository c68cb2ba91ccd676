import { describe, expect, test } from "vitest";
import { hasRange, rangesToRetest, withoutRange } from "./ranges.ts";
import { type AreaResults, sha256 } from "./results.ts";

const source = "const a = 1;\nif (a === 1) {\n  run();\n}\nconst b = 2;\n";
const m = (line: number, original: string, status: string, mutator = "M") => ({
  line,
  column: 1,
  mutator,
  original,
  replacement: "x",
  status,
});
const results: AreaResults = {
  area: "dns-records",
  files: {
    "sim/a.ts": {
      sha256: sha256(source),
      mutants: [
        m(1, "1", "Killed"),
        m(2, "{\n  run();\n}", "Survived", "BlockStatement"),
        m(2, "a === 1", "NoCoverage"),
        m(5, "2", "Timeout"),
        m(5, "b", "Survived", "Triaged"),
      ],
    },
    "sim/old.ts": { sha256: sha256("before"), mutants: [m(1, "z", "Survived")] },
  },
};
const triage = [{ file: "sim/a.ts", mutator: "Triaged", original: "b", replacement: "x", reason: "equivalent: t" }];
const read = (f: string) => (f === "sim/a.ts" ? source : f === "sim/old.ts" ? "after" : undefined);

describe("--only-untriaged: the lines of the survivors left (ranges.ts)", () => {
  test("untriaged survivors' lines, a multi-line mutant's last line included; kills and triaged left out", () => {
    const got = rangesToRetest(results, triage, ["sim/a.ts"], false, read);
    expect(got.ranges, "ranges: the block (lines 2-4) and the condition (line 2)").toEqual([
      "sim/a.ts:2-4",
      "sim/a.ts:2-2",
    ]);
    expect(got.stale, "no stale file").toEqual([]);
  });

  test("with --retest-timeouts the timed-out mutants' lines too", () => {
    const got = rangesToRetest(results, triage, ["sim/a.ts"], true, read);
    expect(got.ranges, "ranges: survivors and the timeout on line 5").toEqual([
      "sim/a.ts:2-4",
      "sim/a.ts:2-2",
      "sim/a.ts:5-5",
    ]);
  });

  test("a file whose source changed since its run is named, not ranged (its lines moved)", () => {
    const got = rangesToRetest(results, triage, ["sim/old.ts", "sim/a.ts"], false, read);
    expect(got.stale, "stale: sim/old.ts").toEqual(["sim/old.ts"]);
    expect(
      got.ranges.every((r) => r.startsWith("sim/a.ts:")),
      "ranges: only sim/a.ts's",
    ).toBe(true);
  });

  test("a pattern's range is recognised and removed", () => {
    expect(withoutRange("sim/a.ts:2-4"), "withoutRange(sim/a.ts:2-4)").toBe("sim/a.ts");
    expect(withoutRange("sim/a.ts:2:3-4:5"), "withoutRange with columns").toBe("sim/a.ts");
    expect(hasRange("sim/a.ts"), "hasRange(sim/a.ts)").toBe(false);
    expect(hasRange("sim/a.ts:2-4"), "hasRange(sim/a.ts:2-4)").toBe(true);
  });
});
