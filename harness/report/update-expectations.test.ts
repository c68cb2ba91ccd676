import { describe, expect, test } from "vitest";
import {
  expectationsName,
  expectationsPath,
  formatExpectations,
  matchKey,
  parseExpectations,
} from "../expectations.ts";
import { buildReport } from "./build.ts";
import { raw, sampleInput } from "./sample.ts";
import { updateExpectations, updateSummary } from "./update-expectations.ts";

describe("updateExpectations", () => {
  const input = sampleInput();
  const fixedKey = "suites/dns-records/ttl.test.ts::fixed [B.ttl.auto]";
  const report = buildReport({
    ...input,
    tests: [...input.tests, raw("suites/dns-records/ttl.test.ts", ["fixed [B.ttl.auto]"], "passed")],
    expectations: new Map([
      ["suites/dns-records/ttl.test.ts::one [B.ttl.one]", "known"],
      [fixedKey, "was broken"],
      ["suites/dns-records/ttl.test.ts::renamed", "stale"],
      ["suites/elsewhere.test.ts::t", "outside this run"],
    ]),
  });
  const current = {
    target: "sim",
    expectations: [
      { test: "suites/dns-records/ttl.test.ts::one [B.ttl.one]", reason: "known" },
      { test: fixedKey, reason: "was broken" },
      { test: "suites/dns-records/ttl.test.ts::renamed", reason: "stale" },
      { test: "suites/elsewhere.test.ts::t", reason: "outside this run" },
    ],
  };
  const update = updateExpectations(report, current);

  test("keeps expected failures and entries outside the run, drops passing and stale entries", () => {
    expect(update.removed).toEqual([fixedKey, "suites/dns-records/ttl.test.ts::renamed"]);
    expect(update.kept).toBe(2);
  });
  test("adds unexpected failures with a reason to edit", () => {
    expect(update.added).toEqual([
      "properties/object-store/get.test.ts::null [D.get.null, D.other.id]",
      "suites/dns-records/ttl.test.ts::auto [B.ttl.auto]",
    ]);
    const entry = update.file.expectations.find((e) => e.test.endsWith("auto [B.ttl.auto]"));
    expect(entry?.reason).toBe(`fails on sim since run ${report.runId}: AssertionError: expected 1 to be 300`);
  });
  test("the result is a valid expectations file, sorted when formatted", () => {
    const text = formatExpectations(update.file);
    const parsed = parseExpectations(text);
    if (typeof parsed === "string") throw new Error(parsed);
    expect(parsed.target).toBe("sim");
    const keys = parsed.expectations.map((e) => e.test);
    expect(keys).toEqual([...keys].sort());
  });
  test("a run with nothing to change keeps the file as it is", () => {
    const clean = buildReport({ ...input, tests: input.tests.filter((t) => t.state !== "failed") });
    const u = updateExpectations(clean, { target: "sim", expectations: [] });
    expect([u.added, u.removed, u.file.expectations]).toEqual([[], [], []]);
  });
});

describe("clause ids in titles", () => {
  test("an entry whose test gained or renamed clause ids still matches, and takes the new key", () => {
    const input = sampleInput();
    const oldKey = "suites/dns-records/ttl.test.ts::one [B.ttl.old-id]";
    const report = buildReport({ ...input, expectations: new Map([[oldKey, "known"]]) });
    const one = report.tests.find((t) => t.title.startsWith("one"));
    expect(one?.status).toBe("expected-fail");
    expect(report.staleExpectations).toEqual([]);
    const u = updateExpectations(report, { target: "sim", expectations: [{ test: oldKey, reason: "known" }] });
    expect(u.file.expectations).toContainEqual({
      test: "suites/dns-records/ttl.test.ts::one [B.ttl.one]",
      reason: "known",
    });
    expect(u.removed).toEqual([]);
  });
  test("matchKey drops only a trailing list of clause ids", () => {
    expect(matchKey("f.ts::d > t [A.x.y, B.z.w]")).toBe("f.ts::d > t");
    expect(matchKey("f.ts::d > t [not ids]")).toBe("f.ts::d > t [not ids]");
    expect(matchKey("f.ts::d > t")).toBe("f.ts::d > t");
  });
});

describe("parseExpectations", () => {
  test("says what is wrong with a file", () => {
    expect(parseExpectations("[")).toMatch(/^not JSON/);
    expect(parseExpectations("[]")).toBe("not an object");
    expect(parseExpectations('{"expectations":[]}')).toMatch(/target/);
    expect(parseExpectations('{"target":"sim"}')).toMatch(/expectations \(array\)/);
    expect(parseExpectations('{"target":"sim","expectations":[{"test":"x","reason":"r"}]}')).toMatch(/<file>::/);
    expect(parseExpectations('{"target":"sim","expectations":[{"test":"f::t","reason":" "}]}')).toMatch(/say why/);
    const dup = {
      target: "sim",
      expectations: [
        { test: "f::t", reason: "r" },
        { test: "f::t", reason: "r" },
      ],
    };
    expect(parseExpectations(JSON.stringify(dup))).toMatch(/twice/);
  });
});

describe("expectations per implementation", () => {
  test("two module files of one project have two expectations files; other targets keep their name", () => {
    const cwd = "/project";
    const a = expectationsPath("module", {}, cwd, "lib/bucket-a.ts");
    const b = expectationsPath("module", {}, cwd, "/project/lib/bucket-b.mjs");
    expect(a, "module lib/bucket-a.ts").toBe("/project/edgeconf/expectations/module-lib-bucket-a.json");
    expect(b, "module lib/bucket-b.mjs").toBe("/project/edgeconf/expectations/module-lib-bucket-b.json");
    expect(expectationsName("module", "../shared/my bucket.ts", cwd), "a module outside the project").toBe(
      "module-up-shared-my-bucket",
    );
    expect(expectationsPath("module", { EDGECONF_MODULE: "lib/bucket-a.ts" }, cwd), "from EDGECONF_MODULE").toBe(a);
    expect(expectationsName("sim", "lib/bucket-a.ts", cwd), "a target other than module").toBe("sim");
  });

  test("the summary counts entries by test file, never one line per entry, within 80 columns", () => {
    const added = Array.from({ length: 40 }, (_, i) => `suites/object-store/f${i % 8}.test.ts::t${i}`);
    const text = updateSummary({ file: { target: "module", expectations: [] }, added, removed: ["a.ts::x"], kept: 0 });
    expect(
      text.split("\n").filter((l) => l.length > 80),
      "lines of the summary over 80 columns",
    ).toEqual([]);
    // Continuation lines are indented by four: joined, one line per kind of change.
    const lines = text
      .trimEnd()
      .replace(/\n {4}/g, " ")
      .split("\n");
    expect(lines, "lines of the summary, continuations joined").toHaveLength(3);
    expect(lines[0], "added, by file").toBe(
      "  + 40 in 8 file(s): suites/object-store/f0.test.ts 5, suites/object-store/f1.test.ts 5, " +
        "suites/object-store/f2.test.ts 5, suites/object-store/f3.test.ts 5, suites/object-store/f4.test.ts 5, " +
        "suites/object-store/f5.test.ts 5, and 2 more file(s)",
    );
    expect(lines[1], "removed, by file").toBe("  - 1 in 1 file(s): a.ts 1");
  });
});
