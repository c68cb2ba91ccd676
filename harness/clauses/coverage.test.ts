/**
 * The clause catalogue against the tests: ids well-formed and unique, every clause named by at least
 * one test in suites/ or properties/ (or marked untestable with a reason), every id a test names
 * present in the catalogue.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";
import { catalogueProblems, coverage } from "../report/catalogue.ts";
import { clauses } from "./index.ts";

function testSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const top of ["suites", "properties"]) {
    const dir = path.join(PROJECT_ROOT, top);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { recursive: true }) as string[];
    } catch {
      continue;
    }
    for (const rel of entries) {
      if (!/\.(ts|mts|js|mjs)$/.test(rel)) continue;
      const file = path.join(top, rel).split(path.sep).join("/");
      sources.set(file, readFileSync(path.join(PROJECT_ROOT, file), "utf8"));
    }
  }
  return sources;
}

describe("clause catalogue", () => {
  test("ids are well-formed (<A|B|C|D>.<family>.<rule>, letter of the area), unique, with text and source", () => {
    expect(catalogueProblems(clauses), "catalogue problems").toEqual([]);
  });

  const result = coverage(clauses, testSources());

  test("every testable clause is named by at least one test in suites/ or properties/", () => {
    expect(
      result.uncovered,
      `clauses no test names (name them in a test, or mark them untestable with a reason)`,
    ).toEqual([]);
  });

  test("every clause id a test names is in the catalogue", () => {
    expect(
      result.unknown.map((u) => `${u.id} (${u.file})`),
      "ids named in tests but missing from the catalogue",
    ).toEqual([]);
  });
});
