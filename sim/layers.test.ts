/**
 * The house's layering, read from the sources' import lines: the shared HTTP transport (sim/http) reaches
 * no area and not the simulator's entry (sim/index.ts composes areas A and B on it), and no two modules of
 * sim/ or harness/targets/ import each other (a circle: neither can be read, or loaded, first).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every non-test .ts file under `dir` (relative to the repository), recursively. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !/\.(test|test-support|typecheck)\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

/** The repository-relative files a source imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms)) {
    out.push(path.join(path.dirname(file), m[1]!));
  }
  return out;
}

describe("layers of the simulator and the targets", () => {
  test("sim/http imports no area module and not sim/index.ts", () => {
    const upward = sources("sim/http").flatMap((file) =>
      importsOf(file)
        .filter((dep) =>
          /^sim\/(dns-protection|dns-records|key-transparency|object-store)\/|^sim\/index\.ts$/.test(dep),
        )
        .map((dep) => `${file} -> ${dep}`),
    );
    expect(upward, "imports from sim/http (the shared transport) up into an area or the entry").toEqual([]);
  });

  test("no two modules of sim/ or harness/targets/ import each other", () => {
    const files = [...sources("sim"), ...sources("harness/targets")];
    const graph = new Map(files.map((f) => [f, new Set(importsOf(f))]));
    const circles: string[] = [];
    for (const [a, deps] of graph) {
      for (const b of deps) if (a < b && graph.get(b)?.has(a)) circles.push(`${a} <-> ${b}`);
    }
    expect(circles, "pairs of modules that import each other").toEqual([]);
  });
});
