import { describe, expect, test } from "vitest";
import { classify, testKey } from "./classify.ts";
import { raw } from "./sample.ts";

const f = "suites/x.test.ts";

describe("classify", () => {
  test("a passing test not listed passes", () => {
    expect(classify(raw(f, ["t"], "passed"), undefined)).toEqual({ status: "pass" });
  });
  test("a failing test not listed fails, with its errors", () => {
    expect(classify(raw(f, ["t"], "failed", { errors: ["a", "b"] }), undefined)).toEqual({
      status: "fail",
      error: "a\n\nb",
    });
  });
  test("a skipped test carries the reason given to ctx.skip, or says how it was declared", () => {
    expect(classify(raw(f, ["t"], "skipped", { note: "target sim cannot clock" }), undefined)).toEqual({
      status: "skip",
      skipReason: "target sim cannot clock",
    });
    expect(classify(raw(f, ["t"], "skipped", { mode: "todo" }), undefined).skipReason).toBe("declared todo");
    expect(classify(raw(f, ["t"], "skipped", { mode: "skip" }), undefined).skipReason).toBe("declared skip");
  });
  test("clauseTest's expected failure (a pass with meta) is expected-fail with the failure it hid", () => {
    const r = raw(f, ["t"], "passed", { meta: { expectation: { status: "expected-fail", reason: "r", error: "E" } } });
    expect(classify(r, "r")).toEqual({ status: "expected-fail", expectation: "r", error: "E" });
  });
  test("clauseTest's unexpected pass (a failure with meta) is unexpected-pass", () => {
    const r = raw(f, ["t"], "failed", {
      errors: ["unexpected pass"],
      meta: { expectation: { status: "unexpected-pass", reason: "r" } },
    });
    expect(classify(r, "r")).toEqual({ status: "unexpected-pass", expectation: "r", error: "unexpected pass" });
  });
  test("a listed test that failed outside clauseTest (hook, load error) is still an expected failure", () => {
    expect(classify(raw(f, ["t"], "failed", { errors: ["hook"] }), "r")).toEqual({
      status: "expected-fail",
      expectation: "r",
      error: "hook",
    });
  });
  test("a listed plain test that passed is an unexpected pass", () => {
    expect(classify(raw(f, ["t"], "passed"), "r").status).toBe("unexpected-pass");
  });
  test("a test left pending by a stopped run failed", () => {
    expect(classify(raw(f, ["t"], "pending"), undefined)).toEqual({
      status: "fail",
      error: "did not finish: the run was stopped before this test ended",
    });
  });
  test("a failure without error text still says it failed", () => {
    expect(classify(raw(f, ["t"], "failed"), undefined).error).toBe("failed (no error reported)");
  });
  test("keys join the file and the names as expectations files write them", () => {
    expect(testKey("suites/a.test.ts", ["outer", "inner", "t [A.x.y]"])).toBe(
      "suites/a.test.ts::outer > inner > t [A.x.y]",
    );
  });
});
