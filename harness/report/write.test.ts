import { createFsFromVolume, Volume } from "memfs";
import { describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { sampleInput } from "./sample.ts";
import { REPORT_FILES, type ReportFs, writeReport } from "./write.ts";

/** A memfs volume without symbolic links (memfs renames a link's target, not the link): the copy mode. */
function memfs(): { fs: ReportFs; vol: Volume } {
  const vol = new Volume();
  const fs = { ...(createFsFromVolume(vol) as unknown as ReportFs), symlinkSync: undefined };
  return { fs, vol };
}

describe("writeReport", () => {
  test("writes the four files and extra files to <out>/<run-id>/ and <out>/latest/", () => {
    const { fs, vol } = memfs();
    const report = buildReport(sampleInput());
    writeReport(report, "/out", fs, { "replays/p.json": "{}" });
    const files = Object.keys(vol.toJSON()).sort();
    const expected = [...REPORT_FILES, "replays/p.json"].flatMap((f) => [
      `/out/${report.runId}/${f}`,
      `/out/latest/${f}`,
    ]);
    expect(files).toEqual(expected.sort());
    expect(JSON.parse(String(vol.readFileSync("/out/latest/report.json", "utf8")))).toEqual(report);
  });

  test("latest/ holds only the newest run", () => {
    const { fs, vol } = memfs();
    writeReport(buildReport(sampleInput()), "/out", fs, { "replays/old.json": "{}" });
    const second = buildReport(sampleInput({ runId: "second" }));
    writeReport(second, "/out", fs);
    expect(vol.existsSync("/out/latest/replays/old.json")).toBe(false);
    expect(JSON.parse(String(vol.readFileSync("/out/latest/report.json", "utf8"))).runId).toBe("second");
  });

  test("a report that does not match the schema is not written", () => {
    const { fs, vol } = memfs();
    const bad = { ...buildReport(sampleInput()), seed: 1.5 };
    expect(() => writeReport(bad, "/out", fs)).toThrow(/does not match its schema[\s\S]*\/seed/);
    expect(Object.keys(vol.toJSON())).toEqual([]);
  });
});
