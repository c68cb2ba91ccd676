import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { MutationReport } from "./accumulate.ts";
import {
  formatResults,
  mutantsOfResults,
  readResults,
  resultsOf,
  resultsPath,
  sha256,
  staleInResults,
} from "./results.ts";

const source = "const a = 1;\nif (a < b) go();\n";
const report: MutationReport = {
  files: {
    "sim/x.ts": {
      source,
      mutants: [
        {
          id: "2",
          mutatorName: "EqualityOperator",
          replacement: "a <= b",
          status: "Survived",
          location: { start: { line: 2, column: 5 }, end: { line: 2, column: 10 } },
        },
        {
          id: "1",
          mutatorName: "NumericLiteral",
          replacement: "0",
          status: "Killed",
          location: { start: { line: 1, column: 11 }, end: { line: 1, column: 12 } },
        },
      ],
    },
    "sim/snapshot.ts": { source: "x", mutants: [] },
  },
};

describe("committed mutation results (results.ts)", () => {
  test("a report's mutants are kept with their original text, in position order, without the files left out", () => {
    const results = resultsOf("dns-records", report, (f) => f !== "sim/snapshot.ts");
    expect(Object.keys(results.files), "files kept: only those `keep` accepts").toEqual(["sim/x.ts"]);
    expect(results.files["sim/x.ts"]?.sha256, "the hash of the source run on").toBe(sha256(source));
    expect(mutantsOfResults(results), "mutants: position order, original text cut from the source").toEqual([
      { file: "sim/x.ts", line: 1, mutator: "NumericLiteral", original: "1", replacement: "0", status: "Killed" },
      {
        file: "sim/x.ts",
        line: 2,
        mutator: "EqualityOperator",
        original: "a < b",
        replacement: "a <= b",
        status: "Survived",
      },
    ]);
  });

  test("written and read back unchanged, one mutant per line; a changed or missing source is stale", () => {
    const root = mkdtempSync(path.join(tmpdir(), "results-"));
    mkdirSync(path.join(root, "mutation", "results"), { recursive: true });
    const results = resultsOf("dns-records", report, () => true);
    writeFileSync(resultsPath(root, "dns-records"), formatResults(results));
    expect(readResults(root, "dns-records"), "read back: what was written").toEqual(results);
    const text = readFileSync(resultsPath(root, "dns-records"), "utf8");
    expect(text.split("\n").filter((l) => l.includes('"mutator"')).length, "one line per mutant").toBe(2);
    const now: Record<string, string> = { "sim/x.ts": `${source}// edited\n` };
    expect(
      staleInResults(results, (f) => now[f]),
      "stale: the edited file and the missing one",
    ).toEqual(["sim/snapshot.ts", "sim/x.ts"]);
    expect(readResults(root, "key-transparency"), "no results file: undefined").toBeUndefined();
  });

  test("a results file that is not results is an error naming the file and what is wrong", () => {
    const root = mkdtempSync(path.join(tmpdir(), "results-"));
    mkdirSync(path.join(root, "mutation", "results"), { recursive: true });
    const file = resultsPath(root, "object-store");
    const cases: [string, RegExp][] = [
      ["{", /not JSON/],
      ['{"area":"dns-records","files":{}}', /expected "area": "object-store"/],
      ['{"area":"object-store","files":{"f":{"sha256":"x","mutants":[{"line":1}]}}}', /mutant 0 needs a string/],
      [
        '{"area":"object-store","files":{"f":{"sha256":"x","mutants":[{"line":1,"column":1,"mutator":"M",' +
          '"original":"a","replacement":"b","status":"Fine"}]}}}',
        /unknown status "Fine"/,
      ],
    ];
    for (const [text, problem] of cases) {
      writeFileSync(file, text);
      expect(() => readResults(root, "object-store"), `readResults of ${text.slice(0, 40)}: an error`).toThrow(problem);
      expect(() => readResults(root, "object-store"), "the error names the file").toThrow(file);
    }
  });
});
