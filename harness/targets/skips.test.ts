/**
 * Skip reasons follow from what a target offers: a module target runs every test the module makes
 * possible (it runs in the test process, so arguments reach its bucket as given), and a test it cannot run
 * names the export or capability the module lacks, never another target's limitation.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import { missingCapability } from "../clauses/test.ts";
import { PROJECT_ROOT } from "../expectations.ts";
import { createModuleTarget, MODULE_UNAVAILABLE } from "./module.ts";
import { type ObjectStoreFeature, whyLacking } from "./object-store.ts";
import { createSimTarget } from "./sim.ts";

const moduleFile = (name: string) => path.join(PROJECT_ROOT, "fixtures", "modules", name);
const FEATURES: ObjectStoreFeature[] = [
  "knownLengthStream",
  "declaredLengthStream",
  "fixedLengthStream",
  "replica",
  "argumentsAsGiven",
];

describe("skip reasons true to the target", () => {
  test("a module exporting every helper lacks only a replica; arguments reach it as given", async () => {
    const target = await createModuleTarget({ EDGECONF_MODULE: moduleFile("sim-bucket.ts") });
    const os = target.objectStore!;
    const lacking = FEATURES.filter((f) => whyLacking(os, f) !== undefined);
    expect(lacking, "features the full module lacks").toEqual(["replica"]);
    expect(whyLacking(os, "replica"), "the reason names the module contract").toBe(MODULE_UNAVAILABLE.replica);
    for (const c of ["clock", "min-part-size", "compat-date"] as const) {
      expect(target.capabilities.has(c), `declared capability ${c}`).toBe(true);
    }
    await target.close();
  });

  test("a bare module's skips name the exports and capabilities it lacks", async () => {
    const target = await createModuleTarget({ EDGECONF_MODULE: moduleFile("bare-bucket.ts") });
    const os = target.objectStore!;
    expect(whyLacking(os, "argumentsAsGiven"), "argumentsAsGiven of a module").toBeUndefined();
    expect(whyLacking(os, "knownLengthStream"), "reason without knownLengthStream").toMatch(
      /^The module does not export knownLengthStream\(bytes\)/,
    );
    expect(whyLacking(os, "declaredLengthStream"), "reason without declaredLengthStream").toMatch(
      /^The module does not export declaredLengthStream\(length\)/,
    );
    expect(whyLacking(os, "fixedLengthStream"), "reason without fixedLengthStream").toMatch(
      /^The module does not export fixedLengthStream\(length\)/,
    );
    expect(missingCapability(target, "clock"), "reason without the clock capability").toMatch(
      /^The module does not declare the "clock" capability/,
    );
    expect(missingCapability(target, "min-part-size"), "reason without min-part-size").toMatch(
      /^The module does not declare "min-part-size"/,
    );
    expect(missingCapability(target, "api"), "reason without areas A and B").not.toMatch(/--base-url/);
    await target.close();
  });

  test("the simulator lacks nothing a test needs", async () => {
    const target = createSimTarget();
    expect(
      FEATURES.filter((f) => whyLacking(target.objectStore!, f) !== undefined),
      "features the sim target lacks",
    ).toEqual([]);
    await target.close();
  });
});
