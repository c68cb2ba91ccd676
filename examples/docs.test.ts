import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { asShown, DOC, README, ROOT, renderDoc } from "./doc-sync.ts";

describe("docs/test-double.md shows the examples exactly", () => {
  const doc = readFileSync(DOC, "utf8");
  const { text, files } = renderDoc(doc);

  test("every example block is its file, verbatim (npx tsx examples/doc-sync.ts rewrites them)", () => {
    expect(text).toBe(doc);
  });

  test("every example is shown in the doc", () => {
    const examples = readdirSync(join(ROOT, "examples"))
      .filter((f) => /\.(test\.ts|toml)$/.test(f) || f === "worker.ts")
      .filter((f) => f !== "docs.test.ts")
      .map((f) => `examples/${f}`);
    expect([...files].sort()).toEqual(examples.sort());
  });

  test("shown code imports the package, never the repository's paths", () => {
    for (const f of files) expect(asShown(readFileSync(join(ROOT, f), "utf8"))).not.toMatch(/from "\.\.\//);
  });
});

describe('README.md\'s "Use it in your tests" shows examples exactly', () => {
  const readme = readFileSync(README, "utf8");
  const { text, files } = renderDoc(readme);

  test("every example block is its file, verbatim (npx tsx examples/doc-sync.ts rewrites them)", () => {
    expect(text).toBe(readme);
  });

  test("one example for each of the package's main exports", () => {
    const shown = files.map((f) => asShown(readFileSync(join(ROOT, f), "utf8"))).join("\n");
    for (const name of ["edgeconf", "edgeconf/undici", "edgeconf/nock", "edgeconf/wrangler"]) {
      expect(shown, name).toContain(`from "${name}"`);
    }
  });
});
