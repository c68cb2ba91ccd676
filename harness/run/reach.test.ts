/**
 * Suites and properties reach only the target they are counted for: none of them may build a
 * simulator or a server of its own (that would check edgeconf, not the target, in the target's name).
 * An exception would have to run only on the simulator targets and skip elsewhere with a reason, and
 * be listed here with that reason; there is none (the SDK suites reach the target too).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../expectations.ts";

/** Files allowed to start edgeconf itself, and how they keep it off other targets (none). */
const ALLOWED: Record<string, RegExp> = {};

/** What reaches edgeconf's own simulator or servers instead of the target. */
const SELF = [
  /from\s+["'][./]*sim\//,
  /from\s+["'][./]*harness\/serve\/(?:index|kt-server)(?:\.ts)?["']/,
  /\bcreateSimulator\s*\(/,
  /\bstart(?:Serve|KtServer)\s*\(/,
  /\bcreateSimTarget\s*\(/,
];

function sources(): [string, string][] {
  const out: [string, string][] = [];
  for (const top of ["suites", "properties"]) {
    for (const rel of readdirSync(path.join(PROJECT_ROOT, top), { recursive: true }) as string[]) {
      if (!/\.(ts|mts|js|mjs)$/.test(rel)) continue;
      const file = path.join(top, rel).split(path.sep).join("/");
      out.push([file, readFileSync(path.join(PROJECT_ROOT, file), "utf8")]);
    }
  }
  return out;
}

describe("suites reach only the target", () => {
  const files = sources();

  test("the audit sees the suites of every area", () => {
    for (const area of ["dns-protection", "dns-records", "key-transparency", "object-store"]) {
      expect(
        files.some(([f]) => f.startsWith(`suites/${area}/`)),
        area,
      ).toBe(true);
    }
  });

  test("no suite or property starts a simulator or server of its own (listed exceptions skip elsewhere)", () => {
    const offenders = files
      .filter(([file, text]) => SELF.some((re) => re.test(text)) && !ALLOWED[file]?.test(text))
      .map(([file]) => file);
    expect(offenders, "these files check edgeconf itself while counted for the target").toEqual([]);
  });

  test("the check is not vacuous: the old mtls suite, which started its own server, is caught", () => {
    const old =
      'import { createSimulator } from "../../sim/index.ts";\nawait startKtServer(createSimulator({ seed: 7 }), {});';
    expect(SELF.some((re) => re.test(old))).toBe(true);
  });
});
