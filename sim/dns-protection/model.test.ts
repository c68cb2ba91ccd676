import { describe, expect, test } from "vitest";
import { createCore } from "../core/context.ts";
import { DnsProtectionModel, formatStamp } from "./model.ts";

const input = {
  scope: "datacenter",
  name: "lax",
  mode: "enabled",
  profile_sensitivity: "low",
  rate_sensitivity: "low",
  burst_sensitivity: "low",
} as const;

describe("area A model", () => {
  test("timestamps: fractional seconds and +00:00, strictly increasing", () => {
    expect(formatStamp(1696165838762503)).toBe("2023-10-01T13:10:38.762503+00:00");
    const m = new DnsProtectionModel(createCore({ seed: 1 }));
    const r = m.create("acc", input);
    const u = m.update("acc", r.id, { mode: "disabled" })!;
    expect(u.created_on).toBe(r.created_on);
    expect(u.modified_on > r.modified_on).toBe(true);
    expect(u.block_any_queries).toBe(true);
  });
  test("same seed, same calls, same bytes", () => {
    const run = () => {
      const m = new DnsProtectionModel(createCore({ seed: 3 }));
      m.create("a", input);
      m.create("a", { ...input, name: "sjc" });
      return JSON.stringify(m.list("a"));
    };
    expect(run()).toBe(run());
  });
  test("snapshot and restore are deep copies", () => {
    const ACC = "ac".repeat(16);
    const m = new DnsProtectionModel(createCore({ seed: 1 }));
    const r = m.create(ACC, input);
    const snap = m.snapshot();
    m.update(ACC, r.id, { mode: "disabled" });
    m.create(ACC, input);
    m.restore(snap);
    expect(m.list(ACC)).toEqual([r]);
    m.reset();
    expect(m.list(ACC)).toEqual([]);
    expect(m.delete(ACC, r.id)).toBe(false);
  });
});
