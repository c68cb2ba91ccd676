/**
 * Errors outside tests name their source: an unhandled rejection is reported with the test file and the
 * test that was running, and stack frames inside edgeconf's own files are kept also when edgeconf is installed
 * under node_modules (only other packages' frames and Node's are dropped).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { RunReport } from "../report/types.ts";
import { errorText, ownFrame, unhandledText } from "./collect.ts";
import { edgeconf } from "./e2e-support.ts";

const tmp = mkdtempSync(path.join(os.tmpdir(), "edgeconf-unhandled-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("errors outside tests", () => {
  test("stack frames: edgeconf's own files are kept when it is installed under node_modules", () => {
    const root = "/home/u/app/node_modules/edgeconf";
    const stack = [
      "TypeError: boom",
      "    at Object.head (/home/u/app/node_modules/vitest/dist/x.js:1:1)",
      "    at helper (/home/u/app/node_modules/edgeconf/node_modules/undici/lib/a.js:2:2)",
      "    at open (/home/u/app/node_modules/edgeconf/suites/object-store/helpers.ts:25:3)",
      "    at file:///home/u/app/node_modules/edgeconf/harness/clauses/test.ts:68:7",
      "    at createBucket (/home/u/app/my-bucket.ts:9:9)",
      "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
    ].join("\n");
    const kept = stack.split("\n").filter((l) => ownFrame(l, root));
    expect(kept, "frames kept").toEqual([stack.split("\n")[3], stack.split("\n")[4], stack.split("\n")[5]]);
    expect(errorText({ name: "TypeError", message: "boom", stack } as never, root), "the error's text").toBe(
      `TypeError: boom\n${kept.join("\n")}`,
    );
  });

  test("an unhandled error is headed by its kind, file and test", () => {
    const error = {
      name: "TypeError",
      message: "x",
      type: "Unhandled Rejection",
      VITEST_TEST_PATH: path.resolve("suites/object-store/get.test.ts"),
      VITEST_TEST_NAME: "t [D.x]",
    };
    const tests = [{ file: "suites/object-store/get.test.ts", names: ["get", "t [D.x]"] }] as never;
    expect(unhandledText(error as never, tests), "with the collected test").toMatch(
      /^Unhandled Rejection in suites\/object-store\/get\.test\.ts, during or after the test "get > t \[D\.x\]": TypeError: x/,
    );
  });

  test("a run reports a test's unhandled rejection with its file and test, and exits 1", async () => {
    const out = path.join(tmp, "r");
    const r = await edgeconf([
      ...["run", "--include", "harness/run/fixtures/unhandled/*.fixture.ts", "--seed", "1", "--out", out],
      "--quiet",
    ]);
    expect(r.code, `exit status (${r.stderr.slice(-500)})`).toBe(1);
    const report = JSON.parse(readFileSync(path.join(out, "latest", "report.json"), "utf8")) as RunReport;
    expect(report.unhandledErrors, "errors outside tests").toHaveLength(1);
    expect(report.unhandledErrors[0], "the error names its source").toMatch(
      /^Unhandled Rejection in harness\/run\/fixtures\/unhandled\/unhandled\.fixture\.ts, during or after the test "leaves a rejection unhandled \[D\.fixture\.unhandled\]": TypeError: head\(k\): detached from its bucket\n {4}at /,
    );
    expect(report.unhandledErrors[0], "a frame of the fixture").toContain("unhandled.fixture.ts:");
  }, 60_000);
});
