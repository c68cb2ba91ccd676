import { describe, expect, test } from "vitest";
import { buildReport } from "../report/build.ts";
import { sampleInput } from "../report/sample.ts";
import { parseReplayFile, replayFileName, replayFileOf } from "./replay-file.ts";

const report = buildReport(sampleInput());
const prop = report.tests.find((t) => t.property);

describe("replay files", () => {
  test("a failing property becomes a replay file with seed, path, counterexample, file, names and target", () => {
    if (!prop) throw new Error("sample has a property failure");
    const file = replayFileOf(report, prop);
    expect(file).toMatchObject({
      kind: "edgeconf-replay",
      version: 1,
      target: { name: "sim" },
      file: "properties/object-store/get.test.ts",
      names: ["null [D.get.null, D.other.id]"],
      seed: 42,
      path: "0:1",
      counterexample: '["k"]',
      runId: report.runId,
    });
    expect(parseReplayFile(JSON.stringify(file))).toEqual(file);
  });
  test("tests without a property failure have none", () => {
    const plain = report.tests.find((t) => !t.property);
    if (!plain) throw new Error("sample has plain tests");
    expect(replayFileOf(report, plain)).toBeUndefined();
  });
  test("names are a slug of the title plus a hash of the key", () => {
    if (!prop) throw new Error("sample has a property failure");
    expect(replayFileName(prop)).toMatch(/^null-[0-9a-f]{8}\.json$/);
  });
  test("parse errors say what is wrong", () => {
    expect(parseReplayFile("{")).toMatch(/^not JSON/);
    expect(parseReplayFile("{}")).toMatch(/not an edgeconf replay file/);
    const good = {
      kind: "edgeconf-replay",
      version: 1,
      target: { name: "sim" },
      file: "suites/x.test.ts",
      names: ["t"],
      seed: 1,
    };
    // Replay files, value checks: a value of the wrong kind is named as such, not as missing.
    expect(parseReplayFile(JSON.stringify({ ...good, seed: "1" }))).toBe('seed must be an integer, got "1"');
    expect(parseReplayFile(JSON.stringify({ ...good, seed: 1.5 }))).toBe("seed must be an integer, got 1.5");
    expect(parseReplayFile(JSON.stringify({ ...good, seed: undefined }))).toBe("seed is missing");
    expect(parseReplayFile(JSON.stringify({ ...good, file: 5 }))).toBe(
      "file must be a test file path (a string), got 5",
    );
    expect(parseReplayFile(JSON.stringify({ ...good, file: undefined }))).toBe("file is missing");
    expect(parseReplayFile(JSON.stringify({ ...good, target: "sim" }))).toMatch(/^target must be an object .*"sim"$/);
    expect(parseReplayFile(JSON.stringify({ ...good, path: "a:b" }))).toMatch(/path must look like/);
    expect(parseReplayFile(JSON.stringify({ ...good, names: [] }))).toMatch(/^names must be a non-empty list/);
    expect(typeof parseReplayFile(JSON.stringify(good))).toBe("object");
    expect(parseReplayFile(JSON.stringify({ ...good, file: "../x.test.ts" }))).toMatch(/^refused: the test file/);
    expect(parseReplayFile(JSON.stringify({ ...good, target: { name: "http", baseUrl: 5 } }))).toMatch(/baseUrl/);
    expect(parseReplayFile(JSON.stringify({ ...good, target: { name: "worker", workerUrl: "file:///x" } }))).toMatch(
      /workerUrl/,
    );
    expect(parseReplayFile(JSON.stringify({ ...good, target: { name: "module", module: "" } }))).toMatch(/module/);
    expect(parseReplayFile(JSON.stringify({ ...good, replayPath: "AB:C" }))).toMatchObject({ replayPath: "AB:C" });
    expect(parseReplayFile(JSON.stringify({ ...good, replayPath: '"; rm -rf /' }))).toMatch(/replayPath must be/);
  });
  test("a model-based property's replay path and the target's module go into the file", () => {
    if (!prop?.property) throw new Error("sample has a property failure");
    const withModule = { ...report, target: { name: "module", module: "mods/bucket.ts" } };
    const file = replayFileOf(withModule, { ...prop, property: { ...prop.property, replayPath: "/LW/6:b" } });
    expect(file).toMatchObject({ target: { name: "module", module: "mods/bucket.ts" }, replayPath: "/LW/6:b" });
    expect(parseReplayFile(JSON.stringify(file))).toEqual(file);
  });
});
