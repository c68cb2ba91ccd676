import { describe, expect, test } from "vitest";
import type { Clause } from "../clauses/types.ts";
import { catalogueProblems, coverage, quotedClauseIds } from "./catalogue.ts";

const clause = (id: string, area: Clause["area"], extra: Partial<Clause> = {}): Clause => ({
  id,
  area,
  text: "a rule",
  source: "spec",
  ...extra,
});

describe("catalogueProblems", () => {
  test("accepts well-formed, unique ids with the letter of their area", () => {
    expect(
      catalogueProblems([clause("A.rule.create", "dns-protection"), clause("D.put.precondition-null", "object-store")]),
    ).toEqual([]);
  });
  test("reports malformed ids, wrong letters, duplicates, empty text and empty untestable reasons", () => {
    const problems = catalogueProblems([
      clause("A.rule", "dns-protection"),
      clause("B.name.max-63", "object-store"),
      clause("C.ns.create", "key-transparency"),
      clause("C.ns.create", "key-transparency"),
      clause("D.list.x", "object-store", { text: " " }),
      clause("D.list.y", "object-store", { untestable: "" }),
      clause("E.x.y", "object-store"),
    ]);
    expect(problems).toEqual([
      "A.rule: id is not <A|B|C|D>.<family>.<rule>",
      "B.name.max-63: area object-store needs the letter D",
      "C.ns.create: duplicate id",
      "D.list.x: empty text",
      "D.list.y: untestable needs a reason",
      "E.x.y: id is not <A|B|C|D>.<family>.<rule>",
    ]);
  });
});

describe("coverage", () => {
  const catalogue = [
    clause("A.rule.create", "dns-protection"),
    clause("B.ttl.auto", "dns-records"),
    clause("C.ns.events", "key-transparency", { untestable: "no events are described" }),
    clause("D.get.null", "object-store"),
  ];
  test("finds quoted ids in any quote style", () => {
    expect(quotedClauseIds(`clauseTest(["A.rule.create", 'B.ttl.auto'], \`D.get.null\`) "A.rule" "x.y.z"`)).toEqual([
      "A.rule.create",
      "B.ttl.auto",
      "D.get.null",
    ]);
  });
  test("lists clauses no test names, skipping untestable ones, and ids not in the catalogue", () => {
    const result = coverage(
      catalogue,
      new Map([
        ["suites/a.test.ts", `clauseTest(["A.rule.create"], "t", () => {})`],
        ["properties/d.test.ts", `clauseProperty(["D.get.missing", "C.ns.events"], "p", build)`],
      ]),
    );
    expect(result.uncovered).toEqual(["B.ttl.auto", "D.get.null"]);
    expect(result.unknown).toEqual([{ id: "D.get.missing", file: "properties/d.test.ts" }]);
    expect(result.untestableButNamed).toEqual(["C.ns.events"]);
  });
});
