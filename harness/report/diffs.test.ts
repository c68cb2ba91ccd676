/**
 * A diff.json in the output folder is input: report.html embeds one only when it matches the diff report's
 * schema, escapes what it shows, and a broken one never stops the report from being written.
 */
import { createFsFromVolume, Volume } from "memfs";
import { describe, expect, test } from "vitest";
import { buildReport } from "./build.ts";
import { findDiffs } from "./diffs.ts";
import { sampleInput } from "./sample.ts";
import { diffReportSchemaErrors } from "./schema.ts";
import { type ReportFs, writeReport } from "./write.ts";

const SCRIPT = "<script>alert(1)</script>";

/** A diff.json as `edgeconf diff` writes one: one divergent step, hostile text in every string field. */
function diff(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const step = {
    op: { op: `create${SCRIPT}`, body: { name: SCRIPT } },
    left: { status: 400, body: { message: SCRIPT } },
    right: { status: 200, body: {} },
    leftNormalised: { status: 400, body: { message: SCRIPT } },
    rightNormalised: { status: 200, body: {} },
    applied: { left: [{ rule: SCRIPT, path: SCRIPT }], right: [] },
    differences: [{ path: `status${SCRIPT}`, field: "status", left: 400, right: SCRIPT }],
    accepted: [],
  };
  return {
    kind: "edgeconf-diff-report",
    runId: "diff-dns-records-2026-01-02T03-04-05-000Z",
    area: "dns-records",
    left: `sim${SCRIPT}`,
    right: `broken${SCRIPT}`,
    seed: 1,
    runs: 10,
    maxSteps: 12,
    sequences: 3,
    runsDone: 2,
    shrinkSteps: 1,
    operationsPerSide: 4,
    elapsedMs: 12.5,
    expectationsUsed: [{ area: "dns-records", op: SCRIPT, field: SCRIPT, reason: SCRIPT }],
    expectationsStale: [],
    rules: [{ name: SCRIPT, keys: [SCRIPT], kind: "role", why: SCRIPT }],
    divergence: { ops: [step.op], steps: [step], divergentAt: 0, seed: 1, numShrinks: 0, originalLength: 1 },
    replayFile: `replays/${SCRIPT}.json`,
    ...overrides,
  };
}

function folderWith(diffs: Record<string, unknown>): { fs: ReportFs; vol: Volume } {
  const vol = new Volume();
  for (const [dir, d] of Object.entries(diffs)) {
    vol.mkdirSync(`/out/${dir}`, { recursive: true });
    vol.writeFileSync(`/out/${dir}/diff.json`, typeof d === "string" ? d : JSON.stringify(d));
  }
  const fs = { ...(createFsFromVolume(vol) as unknown as ReportFs), symlinkSync: undefined };
  return { fs, vol };
}

const html = (vol: Volume) => String(vol.readFileSync("/out/latest/report.html", "utf8"));

describe("diff.json files in the output folder", () => {
  test("a valid one is embedded with every field escaped: no markup of the file reaches the page", () => {
    expect(diffReportSchemaErrors(diff()), "the sample diff.json matches the schema").toEqual([]);
    const { fs, vol } = folderWith({ "diff-dns-records-2026-01-02T03-04-05-000Z": diff() });
    writeReport(buildReport(sampleInput()), "/out", fs);
    const page = html(vol);
    expect(page, "the diff's section").toContain("Diffs in this folder (edgeconf diff)");
    expect(page, "its text, escaped").toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page, "markup of the file").not.toContain(SCRIPT);
  });

  test("fields of the wrong type (seed, runs, maxSteps, a rule's kind) or missing leave the diff out", () => {
    const bad = {
      seed: diff({ seed: SCRIPT }),
      runs: diff({ runs: SCRIPT }),
      maxSteps: diff({ maxSteps: SCRIPT }),
      ruleKind: diff({ rules: [{ name: "r", keys: ["id"], kind: SCRIPT, why: "w" }] }),
      noRules: diff({ rules: undefined }),
      noSteps: diff({ divergence: { ops: [], divergentAt: 0, seed: 1, numShrinks: 0, originalLength: 1 } }),
      stepMissing: diff({
        divergence: { ...(diff().divergence as object), divergentAt: 3 },
      }),
      notJson: "{",
      nullJson: "null",
    };
    for (const [what, d] of Object.entries(bad)) {
      const { fs, vol } = folderWith({ "diff-dns-records-2026-01-02T03-04-05-000Z": d });
      expect(findDiffs("/out", fs as never), `${what}: diffs found`).toEqual([]);
      // The report is written all the same, without the diff's section.
      writeReport(buildReport(sampleInput()), "/out", fs);
      expect(html(vol), `${what}: report.html without a diff section`).not.toContain("Diffs in this folder");
      expect(html(vol), `${what}: no markup of the file`).not.toContain(SCRIPT);
    }
  });

  test("an invalid newer diff does not hide a valid older one of the same area", () => {
    const { fs, vol } = folderWith({
      "diff-dns-records-2026-01-02T03-04-05-000Z": diff({ left: "older-left" }),
      "diff-dns-records-2026-02-02T03-04-05-000Z": diff({ runs: "many" }),
    });
    writeReport(buildReport(sampleInput()), "/out", fs);
    expect(html(vol), "the valid diff's section").toContain("older-left");
  });
});
