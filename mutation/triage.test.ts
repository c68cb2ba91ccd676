import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { scoreOf } from "./run.ts";
import { type Mutant, originalText, readAreaTriage, triageMatcher } from "./triage.ts";

const mutant = (over: Partial<Mutant>): Mutant => ({
  file: "sim/x.ts",
  line: 1,
  mutator: "EqualityOperator",
  original: "a < b",
  replacement: "a <= b",
  status: "Survived",
  ...over,
});

describe("mutation triage", () => {
  test("a triaged survivor is left out of the score's denominator; others are listed; unused entries are named", () => {
    const mutants = [
      mutant({ status: "Killed", original: "x", replacement: "y" }),
      mutant({ status: "Timeout", original: "p", replacement: "q" }),
      mutant({}),
      mutant({ status: "NoCoverage", original: "c", replacement: "d" }),
    ];
    const triage = [
      { file: "sim/x.ts", mutator: "EqualityOperator", original: "a<b", replacement: "a <=  b", reason: "equivalent" },
      { file: "sim/x.ts", mutator: "EqualityOperator", original: "gone", replacement: "g", reason: "old" },
    ];
    const score = scoreOf("a", mutants, triage, []);
    expect(score.raw, "raw: killed and timeout over all four").toBe(50);
    expect(score.afterTriage, "after triage: 2 of the 3 not explained").toBe(66.66);
    expect(
      score.untriaged.map((m) => m.original),
      "the no-coverage survivor is untriaged",
    ).toEqual(["c"]);
    expect(
      score.unusedTriage.map((t) => t.original),
      "the entry that matched nothing",
    ).toEqual(["gone"]);
  });

  test("originalText takes the report's 1-based columns, over one line or several", () => {
    const source = 'const a = "utf8";\nif (x &&\n  y) go();\n';
    expect(originalText(source, { start: { line: 1, column: 11 }, end: { line: 1, column: 17 } })).toBe('"utf8"');
    expect(originalText(source, { start: { line: 2, column: 5 }, end: { line: 3, column: 4 } })).toBe("x &&\n  y");
  });
});

describe("--mutate globs name the files of this run", () => {
  test("exact paths, * within a name, ** over folders, ! never", async () => {
    const { globMatches } = await import("./run.ts");
    const cases: [string, string, boolean][] = [
      ["sim/x/a.ts", "sim/x/a.ts", true],
      ["sim/x/a.ts", "sim/x/ab.ts", false],
      ["sim/x/*.ts", "sim/x/a.ts", true],
      ["sim/x/*.ts", "sim/x/y/a.ts", false],
      ["sim/**/*.ts", "sim/x/y/a.ts", true],
      ["sim/**/*.ts", "sim/a.ts", true],
      ["!sim/**/*.test.ts", "sim/a.test.ts", false],
    ];
    for (const [glob, file, want] of cases) expect(globMatches(glob, file), `glob ${glob} against ${file}`).toBe(want);
  });
});

describe("an area's triage files", () => {
  test("<area>.json and <area>.<part>.json are read together; another area's files are not", () => {
    const root = mkdtempSync(path.join(tmpdir(), "triage-"));
    mkdirSync(path.join(root, "mutation", "triage"), { recursive: true });
    const entry = (file: string) => ({ file, mutator: "M", original: "a", replacement: "b", reason: "equivalent: x" });
    const write = (name: string, file: string) =>
      writeFileSync(path.join(root, "mutation", "triage", name), JSON.stringify({ entries: [entry(file)] }));
    write("dns-records.json", "sim/one.ts");
    write("dns-records.types.json", "sim/two.ts");
    write("dns-protection.json", "sim/other.ts");
    expect(
      readAreaTriage(root, "dns-records").map((e) => e.file),
      "dns-records' entries: its own two files, not dns-protection's",
    ).toEqual(["sim/one.ts", "sim/two.ts"]);
  });

  test("an entry whose line holds a mutant of its text explains that one only; a moved entry floats", () => {
    const same = { original: "true", replacement: "false", mutator: "BooleanLiteral" };
    const mutants = [mutant({ ...same, line: 10 }), mutant({ ...same, line: 20 }), mutant({ line: 30 })];
    const entry = (line: number, original = "true", replacement = "false") => ({
      file: "sim/x.ts",
      line,
      mutator: original === "true" ? "BooleanLiteral" : "EqualityOperator",
      original,
      replacement,
      reason: "equivalent: t",
    });
    const pinned = triageMatcher([entry(10)], mutants);
    expect(pinned(mutants[0] as Mutant), "line 10's entry explains line 10's mutant").toBeDefined();
    expect(pinned(mutants[1] as Mutant), "line 10's entry does not explain the same text on line 20").toBeUndefined();
    const moved = triageMatcher([entry(12, "a < b", "a <= b")], mutants);
    expect(moved(mutants[2] as Mutant), "an entry of line 12 (the code moved to 30) still explains it").toBeDefined();
    const both = triageMatcher([entry(10), entry(15)], mutants);
    expect(
      both(mutants[1] as Mutant),
      "a floating entry explains the same text where no entry is pinned",
    ).toBeDefined();
  });
});
